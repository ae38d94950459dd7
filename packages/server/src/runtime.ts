import { join } from "node:path";
import type { Config } from "@tally/config";
import { type Clock, createLogger, type IntervalJob, type Logger, systemClock } from "@tally/core";
import { type Database, migrateDatabase, openDatabase } from "@tally/db";
import { EventBus } from "@tally/events";
import { ensureOperatorKey } from "@tally/platform";
import {
  createChainProviders,
  createProviders,
  describeProviders,
  type LocalChain,
  SandboxCardProcessor,
  startLocalChain,
} from "@tally/providers";
import { appRouter, domains } from "@tally/router";
import type { AppDeps, AppServices } from "@tally/trpc";
import { createApp, type TallyApp } from "./app.ts";
import { deploymentFacts, deploymentRules, describeAdapters } from "./deployment.ts";
import { mountWebhookRoutes, webhookPaths } from "./webhooks/routes.ts";

export interface RuntimeOptions {
  config: Config;
  /** Tests pass an already migrated database (a PGlite clone or a PostgreSQL pool). */
  database?: Database;
  clock?: Clock;
  logger?: Logger;
  /** Consume queues in this process (the embedded default); an api-only process sets false. */
  work?: boolean;
  /** Register the 8 cron schedules (default: when working; tests drive jobs by hand). */
  schedule?: boolean;
  /** pg-boss schema, over QUEUE_SCHEMA (tests on a shared PostgreSQL give each file its own, so no file consumes another's jobs). */
  queueSchema?: string;
  /** Base retry delay of the queues, in seconds (tests use 1). */
  retryDelaySeconds?: number;
  /** A local chain already running (tests share one per file); else one is started when BASE_RPC_URL is unset. */
  localChain?: LocalChain;
  /**
   * Addresses or CIDR ranges the guarded outbound client may reach although not public (a test's
   * local webhook receiver). Tests only: nothing in the environment sets it.
   */
  outboundAllowAddresses?: readonly string[];
}

export interface Runtime extends TallyApp {
  deps: AppDeps;
  /** For the boot message: which adapters are real and which local (`describeAdapters`). */
  adapterSummary: string;
  stop(): Promise<void>;
}

/**
 * The composition root: config -> database -> providers -> event bus -> the domains' services,
 * handlers, plain routes and loops (the list in `@tally/router`) -> HTTP. What the deployment
 * allows is decided by `deploymentRules`; nothing below this reads the environment.
 */
export const createRuntime = async (options: RuntimeOptions): Promise<Runtime> => {
  const { config } = options;
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL });
  const clock = options.clock ?? systemClock;
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
      dataDir: config.DATABASE_URL ? undefined : join(config.DATA_DIR),
    }));
  // The local chain lives as long as this runtime unless the caller brought one (ARCHITECTURE §6).
  const rules = deploymentRules(config);
  const ownedChain =
    options.localChain || !rules.startsLocalChain
      ? undefined
      : await startLocalChain({ stateDir: join(config.DATA_DIR, "chain"), logger });
  const localChain = options.localChain ?? ownedChain;
  try {
    if (ownsDatabase) await migrateDatabase(database);
    const work = options.work ?? config.RUN_WORKER === "embedded";
    const events = new EventBus({
      database,
      work,
      logger,
      schema: options.queueSchema ?? config.QUEUE_SCHEMA,
      heartbeatSeconds: config.QUEUE_HEARTBEAT_SECONDS,
      monitorIntervalSeconds: config.QUEUE_MONITOR_SECONDS,
      ...(options.retryDelaySeconds ? { retry: { delaySeconds: options.retryDelaySeconds } } : {}),
    });
    const chainProviders = createChainProviders({
      baseRpcUrl: config.BASE_RPC_URL,
      localChain,
      x402FacilitatorUrl: config.X402_FACILITATOR_URL,
      walletEncryptionKey: config.WALLET_ENCRYPTION_KEY,
      rewards: {
        operatorPrivateKey: config.REWARD_OPERATOR_PRIVATE_KEY,
        factoryAddress: config.REWARD_FACTORY_ADDRESS,
        implementationAddress: config.REWARD_IMPLEMENTATION_ADDRESS,
      },
      taskEscrow: {
        escrowAddress: config.TASK_ESCROW_ADDRESS,
        operatorPrivateKey: config.TASK_OPERATOR_PRIVATE_KEY,
        attesterPrivateKey: config.TASK_ATTESTER_PRIVATE_KEY,
        evaluatorPrivateKey: config.TASK_EVALUATOR_PRIVATE_KEY,
        oracleAddress: config.TASK_ORACLE_ADDRESS,
      },
      refuseLocal: rules.refusesLocalAdapters,
      logger,
    });
    if (rules.refusesLocalAdapters && options.outboundAllowAddresses?.length)
      throw new Error("outboundAllowAddresses is for tests: a live deployment reaches public addresses only");
    const offChainProviders = createProviders({
      config: {
        smtpUrl: config.SMTP_URL,
        emailFrom: config.EMAIL_FROM,
        chatApiUrl: config.CHAT_API_URL,
        chatApiKey: config.CHAT_API_KEY,
        storefront: {
          adapter: config.STOREFRONT_ADAPTER,
          apiVersion: config.STOREFRONT_API_VERSION,
          accessTokenHeader: config.STOREFRONT_ACCESS_TOKEN_HEADER,
        },
        cryptoCommerce: {
          apiUrl: config.CRYPTO_COMMERCE_API_URL,
          apiKey: config.CRYPTO_COMMERCE_API_KEY,
          refuseLocal: rules.refusesLocalAdapters,
        },
        shipping: {
          apiUrl: config.SHIPPING_API_URL,
          apiKey: config.SHIPPING_API_KEY,
          fromAddressJson: config.SHIPPING_FROM_ADDRESS,
        },
        llm: {
          baseUrl: config.LLM_BASE_URL,
          apiKey: config.LLM_API_KEY,
          model: config.LLM_MODEL,
          timeoutMs: config.LLM_TIMEOUT_MS,
        },
        cardProcessor: {
          secretKey: config.CARDPROC_SECRET_KEY,
          webhookSecret: config.CARDPROC_WEBHOOK_SECRET,
          publicBaseUrl: config.PUBLIC_BASE_URL ?? `http://127.0.0.1:${config.PORT}`,
          refuseSandbox: rules.refusesLocalAdapters,
        },
        outbound: { allowAddresses: options.outboundAllowAddresses },
      },
      db: database.db,
      logger,
      clock,
    });
    const providers = { ...offChainProviders, ...chainProviders };
    const adapters = describeProviders(providers);
    rules.assertAdaptersAllowed(adapters);
    const base = { config, database, clock, logger, events, providers };
    // Each domain adds the services it offers the others; together they make AppServices.
    const services = Object.assign(
      {},
      ...domains.map((domain) => domain.services?.(base) ?? {}),
    ) as AppServices;
    const deps: AppDeps = { ...base, services };
    const context = { deps, deployment: deploymentFacts(config, localChain) };
    for (const domain of domains) domain.handlers?.(events, context);
    const routes = domains.flatMap((domain) => domain.plainRoutes?.(context) ?? []).filter(rules.mounts);
    await events.start();
    if (options.schedule ?? work) await events.schedule();
    await services.platform.authenticator.start();
    if (config.BOOTSTRAP_OPERATOR_KEY) {
      await database.db.transaction((tx) =>
        ensureOperatorKey(tx, config.BOOTSTRAP_OPERATOR_KEY!, config.DEPLOYMENT_ENV),
      );
    }
    const { app, openApiDocument } = createApp({
      deps,
      router: appRouter,
      plainRoutes: (api) => {
        mountWebhookRoutes(api, deps);
        for (const route of routes) route.mount(api);
      },
      plainPaths: Object.assign({}, webhookPaths, ...routes.map((route) => route.paths)),
      readiness: async () => {
        if (!events.started) throw new Error("event bus not started");
      },
    });
    // The sandbox delivers its signed webhooks to this app in-process (no port needed).
    const sandbox =
      providers.cardProcessor instanceof SandboxCardProcessor ? providers.cardProcessor : undefined;
    sandbox?.setDeliver(async (path, init) => {
      const response = await app.request(path, { method: "POST", body: init.body, headers: init.headers });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: response.status, body };
    });
    const loops: IntervalJob[] =
      (options.schedule ?? work)
        ? domains.flatMap((domain) => domain.loops?.(context) ?? []).map((loop) => loop.start())
        : [];
    return {
      app,
      openApiDocument,
      deps,
      adapterSummary: describeAdapters(config, adapters),
      async stop() {
        for (const loop of loops) await loop.stop();
        await services.platform.authenticator.stop();
        await events.stop();
        if (ownsDatabase) await database.close();
        await ownedChain?.stop();
      },
    };
  } catch (error) {
    if (ownsDatabase) await database.close();
    await ownedChain?.stop();
    throw error;
  }
};
