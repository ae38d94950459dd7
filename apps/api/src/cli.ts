import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { type Config, ConfigError } from "@tally/config";
import { AppError, createLogger } from "@tally/core";
import { type ApiKeyRole, apiKeyRoles, migrateDatabase, openDatabase } from "@tally/db";
import { createOrganization, generateKeyValue, insertApiKey } from "@tally/platform";
import { createRuntime, loadAppConfig } from "@tally/server";

import { httpServerOptions } from "./http-server-options.ts";
import { seedDemo } from "./seed.ts";

const usage = `Usage: tally <command>

  start                                   migrate, then serve the API (and the worker unless RUN_WORKER=off)
  migrate                                 apply database migrations
  orgs create --name <name> [--domain <d>] [--tier builder|growth|pro]
  keys create --org <organizationId> [--role MEMBER|ADMIN|OPERATOR] [--name <label>]
`;

const withDatabase = async <T>(
  config: Config,
  fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) => {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
  });
  try {
    await migrateDatabase(database);
    return await fn(database);
  } finally {
    await database.close();
  }
};

const start = async (config: Config): Promise<void> => {
  // Checked before anything starts: a bad combination of timeouts refuses to boot.
  const serverOptions = httpServerOptions(config);
  const logger = createLogger({ level: config.LOG_LEVEL });
  const runtime = await createRuntime({ config, logger });
  const demo =
    config.DEPLOYMENT_ENV === "test" && (config.SEED_DEMO ?? !config.DATABASE_URL)
      ? await seedDemo(runtime.deps.database.db, config)
      : undefined;
  const listen = { fetch: runtime.app.fetch, port: config.PORT, hostname: config.HOST, serverOptions };
  const server = serve(listen, (info) => {
    const base = `http://${config.HOST}:${info.port}`;
    const lines = [
      `Tally API listening on ${base}/api/v1  (${runtime.deps.database.kind}, ${config.DEPLOYMENT_ENV} deployment)`,
      `API reference: ${base}/api/v1/docs   OpenAPI: ${base}/api/v1/openapi.json`,
    ];
    lines.push(runtime.adapterSummary);
    const { chain } = runtime.deps.providers;
    lines.push(
      chain.adapter === "local"
        ? `Local chain (8453):   ${chain.rpcUrl}  USDC ${chain.usdcAddress}  (funded wallets: GET ${base}/api/v1/test-helpers/chain)`
        : `Chain: Base via BASE_RPC_URL, USDC ${chain.usdcAddress}`,
    );
    if (demo) {
      lines.push(
        `Operator key:         ${demo.operatorKey}`,
        `Demo organization:    ${demo.demoOrganizationId}`,
        `Demo admin key:       ${demo.demoAdminKey}`,
        `Try: curl -H "Authorization: Bearer ${demo.demoAdminKey}" ${base}/api/v1/admin/organizations/${demo.demoOrganizationId}`,
      );
    } else if (config.BOOTSTRAP_OPERATOR_KEY) {
      lines.push("Operator key: the BOOTSTRAP_OPERATOR_KEY you configured");
    }
    process.stdout.write(`${lines.join("\n")}\n`);
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    server.close();
    await runtime.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
};

const main = async (): Promise<void> => {
  const [command, subcommand, ...rest] = process.argv.slice(2);
  const config = loadAppConfig();
  switch (`${command ?? ""} ${command === "orgs" || command === "keys" ? (subcommand ?? "") : ""}`.trim()) {
    case "start":
      return start(config);
    case "migrate":
      await withDatabase(config, async () => {});
      process.stdout.write("Migrations applied\n");
      return;
    case "orgs create": {
      const { values } = parseArgs({
        args: rest,
        options: { name: { type: "string" }, domain: { type: "string" }, tier: { type: "string" } },
      });
      if (!values.name) throw new UsageError("--name is required");
      const organization = await withDatabase(config, ({ db }) =>
        db.transaction((tx) =>
          createOrganization(tx, {
            name: values.name!,
            domain: values.domain ?? null,
            subscriptionTierId: values.tier ?? "builder",
          }),
        ),
      );
      process.stdout.write(`${JSON.stringify(organization, null, 2)}\n`);
      return;
    }
    case "keys create": {
      const { values } = parseArgs({
        args: rest,
        options: { org: { type: "string" }, role: { type: "string" }, name: { type: "string" } },
      });
      if (!values.org) throw new UsageError("--org is required");
      const role = (values.role ?? "MEMBER").toUpperCase() as ApiKeyRole;
      if (!apiKeyRoles.includes(role))
        throw new UsageError(`--role must be one of ${apiKeyRoles.join(", ")}`);
      const value = generateKeyValue(config.DEPLOYMENT_ENV);
      const key = await withDatabase(config, ({ db }) =>
        db.transaction((tx) =>
          insertApiKey(tx, {
            organizationId: values.org!,
            role,
            name: values.name ?? null,
            value,
            environment: config.DEPLOYMENT_ENV,
          }),
        ),
      );
      process.stdout.write(
        `Created ${role} key ${key.id} for organization ${key.organizationId}\n${value}\nStore it now: it is not shown again.\n`,
      );
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command} ${subcommand ?? ""}` : "No command given");
  }
};

class UsageError extends Error {}

/** The stack and every cause below it (a failed query's cause is what PostgreSQL said). */
const describeFailure = (error: unknown): string =>
  error instanceof Error
    ? [
        error.stack ?? error.message,
        ...(error.cause ? [`Caused by: ${describeFailure(error.cause)}`] : []),
      ].join("\n")
    : String(error);

main().catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else if (error instanceof AppError) process.stderr.write(`${error.message}\n`);
  else if (error instanceof UsageError) process.stderr.write(`${error.message}\n\n${usage}`);
  else process.stderr.write(`${describeFailure(error)}\n`);
  process.exit(1);
});
