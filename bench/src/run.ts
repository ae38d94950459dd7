/**
 * `pnpm bench`: in one run, on PostgreSQL (database `tally_bench`, recreated) and on embedded PGlite,
 *   full — authenticated `GET /api/v1/admin/organizations/{id}` through the real server process
 *          (key lookup, rate limit, monthly quota, tenant transaction, input/output validation);
 *   bare — a bare Hono route doing the same single-row read with the same driver, no auth.
 * On PostgreSQL only, the storefront's two hot routes (storefront.ts), at BENCH_STOREFRONT_CONNECTIONS=50:
 *   list-full/list-bare — `GET /api/v1/creator/{slug}/products?limit=20` (one page of 50 published
 *          products, 4 variants each: BENCH_STOREFRONT_PRODUCTS) and its bare twin;
 *   one-full/one-bare — `GET /api/v1/creator/{slug}/product/{productSlug}`, rotating over the products.
 *   The bare twins (bare-server.ts) must answer the full routes' exact bytes: checked before measuring.
 * Servers run as real processes on free 127.0.0.1 ports, pinned to core 1 (`taskset -c 1`); the load
 * generator (autocannon) runs pinned to core 0. Each scenario: warm-up, then a fixed duration with a
 * fixed connection count; the 1-minute load average is recorded before each one (and we wait a while
 * for a quiet machine first). Everything is stopped at the end, and the whole run is bounded in time.
 *
 * Settings (environment): BENCH_DBS=postgres,pglite  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432
 * BENCH_CONNECTIONS=10 (BENCH_STOREFRONT_CONNECTIONS=50 for the storefront's)  BENCH_DURATION=10  BENCH_WARMUP=3  BENCH_KEYS=50  BENCH_ROUNDS=1
 * BENCH_SCENARIOS=full,bare,bare-tenant,full-baseline,list-full,list-bare,one-full,one-bare  BENCH_MAX_LOAD=1.0 (wait up to BENCH_QUIET_WAIT=60 s for a lower 1-minute load average)
 * BENCH_CPU_PROF=<dir> (run every server with --cpu-prof into that directory, one folder per server).
 * BENCH_BASELINE_TREE=<dir>: another installed checkout of the repository (e.g. the commit before a
 * change); its API server is measured in the same run, interleaved, as `full-baseline`, on its own
 * database, so before/after numbers share the same machine load.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@tally/db";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { postgresCpuMs, postgresCpuSpentMs, processCpuMs, runLoad, waitForQuiet } from "./measure.ts";
import {
  api,
  killAll,
  loaderFlags,
  log,
  machine,
  type Server,
  scratchDirs,
  startServer,
  stopProcess,
  uptime,
} from "./processes.ts";
import { type DatabaseResult, type LimiterEvidence, report, type ScenarioRun } from "./report.ts";
import {
  bareOf,
  bareStorefrontScenarios,
  connectionsOf,
  type DbKind,
  type ScenarioName,
  settings,
  storefrontScenarios,
} from "./settings.ts";
import { barePaths, fullPaths, seedStorefront, verifySameBytes } from "./storefront.ts";

const here = dirname(fileURLToPath(import.meta.url));
const benchDir = resolve(here, "..");
const repoDir = resolve(benchDir, "..");

// ---------------------------------------------------------------------------------------------
// Setup through the API, as an integrator would

interface Organization {
  id: string;
  name: string;
  domain: string | null;
  subscriptionTierId: string;
  createdAt: string;
  updatedAt: string;
}

/** An OPERATOR creates a PRO-tier organization and BENCH_KEYS ADMIN keys in it. */
const seed = async (base: string, operatorKey: string) => {
  const organization = await api<Organization>(base, operatorKey, "POST", "/admin/organizations", {
    name: "Bench Pro",
    subscriptionTierId: "pro",
  });
  const keys: string[] = [];
  for (let i = 0; i < settings.keys; i++) {
    const created = await api<{ key: string }>(base, operatorKey, "POST", "/admin/api-keys", {
      organizationId: organization.id,
      role: "ADMIN",
      name: `bench ${i + 1}`,
    });
    keys.push(created.key);
  }
  const check = await api<Organization>(base, keys[0]!, "GET", `/admin/organizations/${organization.id}`);
  if (check.id !== organization.id) throw new Error("seeded organization does not read back");
  return { organization, keys };
};

// ---------------------------------------------------------------------------------------------
// One database

const prepareDatabase = async (kind: DbKind, names: string[]) => {
  if (kind === "postgres") {
    const admin = postgres(`${settings.pgUrl}/postgres`, { max: 1, onnotice: () => {} });
    try {
      const [{ server_version: version } = { server_version: "?" }] = await admin<
        { server_version: string }[]
      >`show server_version`;
      const urls: Record<string, string> = {};
      for (const name of names) {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.unsafe(`create database ${name}`);
        urls[name] = `${settings.pgUrl}/${name}`;
      }
      return { urls, version: `PostgreSQL ${version}` };
    } finally {
      await admin.end({ timeout: 5 });
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "tally-bench-"));
  scratchDirs.add(dir);
  return { dir, version: "PGlite 0.5.14 (in-process)" };
};

const limiterEvidence = async (
  database: { url?: string | undefined; dataDir?: string | undefined },
  organizationId: string,
  keys: number,
  throttled429: number,
): Promise<LimiterEvidence> => {
  const opened = await openDatabase({ url: database.url, dataDir: database.dataDir });
  try {
    const rows = (result: unknown) =>
      (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
    const buckets = rows(
      await opened.db.execute(
        sql`select count(*)::int as n from rate_limit_buckets where organization_id = ${organizationId}`,
      ),
    );
    const quota = rows(
      await opened.db.execute(
        sql`select coalesce(sum(calls), 0)::int as n from usage_counters where organization_id = ${organizationId}`,
      ),
    );
    return {
      keysWithBucket: Number(buckets[0]?.n ?? 0),
      keys,
      quotaCallsCounted: Number(quota[0]?.n ?? 0),
      throttled429,
    };
  } finally {
    await opened.close();
  }
};

interface Target {
  scenario: ScenarioName;
  server: Server;
  url: string;
  /** Paths rotated over on `url`'s server (the storefront's product scenarios); `url` alone when absent. */
  paths?: string[] | undefined;
  keys: string[];
  organizationId: string;
  database: { url?: string | undefined; dataDir?: string | undefined };
}

const benchDatabase = async (kind: DbKind, runs: ScenarioRun[]): Promise<DatabaseResult> => {
  log(`${kind}: preparing the database`);
  const wanted = settings.scenarios.filter(
    (name) =>
      (name !== "full-baseline" || settings.baselineTree) &&
      (kind === "postgres" || !bareStorefrontScenarios.includes(name)),
  );
  const wantsStorefront = wanted.some((name) => storefrontScenarios.includes(name));
  const databaseNames: Record<ScenarioName, string> = {
    full: settings.pgDatabase,
    bare: settings.pgDatabase,
    "bare-tenant": settings.pgDatabase,
    "full-baseline": `${settings.pgDatabase}_baseline`,
    "list-full": settings.pgDatabase,
    "list-bare": settings.pgDatabase,
    "one-full": settings.pgDatabase,
    "one-bare": settings.pgDatabase,
  };
  const prepared = await prepareDatabase(kind, [...new Set(wanted.map((name) => databaseNames[name]))]);
  const databaseOf = (scenario: ScenarioName) =>
    prepared.urls
      ? { url: prepared.urls[databaseNames[scenario]] }
      : { dataDir: join(prepared.dir!, scenario) };
  const databaseEnv = (scenario: ScenarioName): Record<string, string> => {
    const database = databaseOf(scenario);
    return database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir!, DATABASE_URL: "" };
  };
  const servers: Server[] = [];
  const targets: Target[] = [];
  const throttled = new Map<ScenarioName, number>();
  try {
    if (settings.cpuProfDir) mkdirSync(settings.cpuProfDir, { recursive: true });
    const profileFlags = (name: string) =>
      settings.cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${join(settings.cpuProfDir, name)}`] : [];
    const startFull = async (scenario: ScenarioName, tree: string) => {
      const operatorKey = `svc_test_${randomBytes(24).toString("hex")}`;
      const server = await startServer({
        name: `${scenario} server (${kind})`,
        cwd: join(tree, "apps", "api"),
        script: ["src/cli.ts", "start"],
        env: {
          ...databaseEnv(scenario),
          RUN_WORKER: "off",
          LOG_LEVEL: "warn",
          DEPLOYMENT_ENV: "test",
          BOOTSTRAP_OPERATOR_KEY: operatorKey,
          SEED_DEMO: "false",
        },
        nodeFlags: [...loaderFlags(tree), ...profileFlags(`${kind}-${scenario}`)],
      });
      servers.push(server);
      const { organization, keys } = await seed(server.base, operatorKey);
      const storefront =
        scenario === "full" && wantsStorefront
          ? await seedStorefront(server.base, operatorKey, {
              keys: settings.keys,
              products: settings.storefrontProducts,
            })
          : undefined;
      log(`${kind} ${scenario}: PRO organization ${organization.id} with ${keys.length} ADMIN keys`);
      targets.push({
        scenario,
        server,
        url: `${server.base}/api/v1/admin/organizations/${organization.id}`,
        keys,
        organizationId: organization.id,
        database: databaseOf(scenario),
      });
      if (storefront) {
        log(
          `${kind} storefront: organization ${storefront.organizationId}, ${storefront.keys.length} MEMBER keys, creator ${storefront.creatorSlug} with ${storefront.productSlugs.length} products`,
        );
        const paths = fullPaths(storefront);
        for (const [name, list] of [
          ["list-full", paths.list],
          ["one-full", paths.one],
        ] as const) {
          targets.push({
            scenario: name,
            server,
            url: server.base,
            paths: list,
            keys: storefront.keys,
            organizationId: storefront.organizationId,
            // The server's own database (on PGlite a data directory per server).
            database: databaseOf(scenario),
          });
        }
      }
      return { organization, keys, server, storefront };
    };
    const main = await startFull("full", repoDir);
    if (wanted.includes("full-baseline")) await startFull("full-baseline", settings.baselineTree!);
    if (wanted.some((name) => bareOf[name] === name) || wanted.includes("bare-tenant")) {
      const bare = await startServer({
        name: `bare server (${kind})`,
        cwd: benchDir,
        script: [join(here, "bare-server.ts")],
        nodeFlags: profileFlags(`${kind}-bare`),
        env: { ...databaseEnv("bare"), BARE_SEED_ORGANIZATION: JSON.stringify(main.organization) },
      });
      servers.push(bare);
      const url = `${bare.base}/bare/organizations/${main.organization.id}`;
      const check = await fetch(url);
      if (!check.ok) throw new Error(`bare route answered ${check.status}`);
      // Same requests as the full route (same keys in the Authorization header, ignored here).
      for (const [scenario, path] of [
        ["bare", "bare"],
        ["bare-tenant", "bare-tenant"],
      ] as const) {
        targets.push({
          scenario,
          server: bare,
          url: `${bare.base}/${path}/organizations/${main.organization.id}`,
          keys: main.keys,
          organizationId: main.organization.id,
          database: {},
        });
      }
      if (main.storefront && kind === "postgres") {
        const full = { base: main.server.base, paths: fullPaths(main.storefront) };
        const bareSide = { base: bare.base, paths: barePaths(main.storefront) };
        await verifySameBytes(full, bareSide, main.storefront.keys[0]!, {
          total: main.storefront.productSlugs.length,
          pageSize: Math.min(20, main.storefront.productSlugs.length),
        });
        log(
          `${kind} storefront: bare and full answer the same bytes on all ${full.paths.list.length + full.paths.one.length} paths`,
        );
        for (const [name, list] of [
          ["list-bare", bareSide.paths.list],
          ["one-bare", bareSide.paths.one],
        ] as const) {
          targets.push({
            scenario: name,
            server: bare,
            url: bare.base,
            paths: list,
            keys: main.storefront.keys,
            organizationId: main.storefront.organizationId,
            database: {},
          });
        }
      }
    }
    const measured = targets.filter((target) => wanted.includes(target.scenario));

    for (let round = 1; round <= settings.rounds; round++) {
      // Rotate the order each round so a drifting machine load does not favour one scenario.
      const shift = (round - 1) % measured.length;
      const order = [...measured.slice(shift), ...measured.slice(0, shift)];
      for (const target of order) {
        const { scenario, server } = target;
        const load = {
          url: target.url,
          paths: target.paths,
          keys: target.keys,
          connections: connectionsOf(scenario),
        };
        const quiet = await waitForQuiet();
        const uptimeBefore = uptime();
        log(`${kind} ${scenario} round ${round}: ${uptimeBefore}`);
        if (settings.warmupSeconds > 0) await runLoad({ ...load, durationSeconds: settings.warmupSeconds });
        const serverCpuBefore = processCpuMs(server.process.pid);
        const postgresCpuBefore = kind === "postgres" ? postgresCpuMs() : new Map<number, number>();
        const result = await runLoad({ ...load, durationSeconds: settings.durationSeconds });
        const serverCpuUsPerRequest = Math.round(
          ((processCpuMs(server.process.pid) - serverCpuBefore) * 1000) / Math.max(1, result.requests),
        );
        const postgresCpuUsPerRequest =
          kind === "postgres"
            ? Math.round(
                (postgresCpuSpentMs(postgresCpuBefore, postgresCpuMs()) * 1000) /
                  Math.max(1, result.requests),
              )
            : undefined;
        throttled.set(scenario, (throttled.get(scenario) ?? 0) + (result.statusCodes["429"] ?? 0));
        log(
          `${kind} ${scenario} round ${round}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, non-2xx ${result.non2xx}, errors ${result.errors}, server CPU ${serverCpuUsPerRequest} us/req${postgresCpuUsPerRequest === undefined ? "" : `, postgres CPU ${postgresCpuUsPerRequest} us/req`}`,
        );
        runs.push({
          db: kind,
          scenario,
          round,
          uptimeBefore,
          load1Before: Number(quiet.load1.toFixed(2)),
          waitedSeconds: quiet.waitedSeconds,
          serverCpuUsPerRequest,
          postgresCpuUsPerRequest,
          result,
        });
      }
    }
    for (const server of servers.splice(0).reverse()) await stopProcess(server.process);
    // One line per organization: the storefront's two full scenarios share theirs (and its counters).
    const evidence: Record<string, LimiterEvidence> = {};
    const full = targets.filter(
      (target) => target.scenario !== "bare-tenant" && bareOf[target.scenario] !== target.scenario,
    );
    for (const organizationId of new Set(full.map((target) => target.organizationId))) {
      const sharing = full.filter((target) => target.organizationId === organizationId);
      evidence[sharing.map((target) => target.scenario).join(" + ")] = await limiterEvidence(
        sharing[0]!.database,
        organizationId,
        sharing[0]!.keys.length,
        sharing.reduce((n, target) => n + (throttled.get(target.scenario) ?? 0), 0),
      );
    }
    return { version: prepared.version, evidence };
  } finally {
    for (const server of servers) await stopProcess(server.process);
    if (prepared.dir) {
      rmSync(prepared.dir, { recursive: true, force: true });
      scratchDirs.delete(prepared.dir);
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Report

const main = async (): Promise<void> => {
  if (!process.version.startsWith("v24."))
    throw new Error(`Node 24 expected, got ${process.version}: run it through pnpm`);
  const budgetSeconds =
    settings.dbs.length *
      (120 +
        settings.rounds *
          settings.scenarios.length *
          (settings.warmupSeconds + settings.durationSeconds + settings.quietWaitSeconds + 15)) +
    60;
  const watchdog = setTimeout(() => {
    log(`run exceeded its ${budgetSeconds} s budget: stopping`);
    killAll();
    process.exit(2);
  }, budgetSeconds * 1000);
  watchdog.unref();
  const info = machine();
  log(`${info.nproc} cores, ${info.cpuModel}, Node ${info.node}`);
  const runs: ScenarioRun[] = [];
  const databases: Partial<Record<DbKind, DatabaseResult>> = {};
  for (const kind of settings.dbs) databases[kind] = await benchDatabase(kind, runs);
  const markdown = report(info, runs, databases);
  const resultsDir = join(benchDir, "results");
  mkdirSync(resultsDir, { recursive: true });
  const stamp = info.date.replace(/[:.]/g, "-");
  writeFileSync(
    join(resultsDir, `${stamp}.json`),
    `${JSON.stringify({ machine: info, settings, databases, runs }, null, 2)}\n`,
  );
  writeFileSync(join(resultsDir, "latest.md"), `${markdown}\n`);
  process.stdout.write(`${markdown}\n`);
  clearTimeout(watchdog);
};

const abort = (signal: NodeJS.Signals) => {
  killAll();
  process.exit(signal === "SIGINT" ? 130 : 143);
};
process.on("SIGINT", abort);
process.on("SIGTERM", abort);

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  killAll();
  process.exit(1);
});
