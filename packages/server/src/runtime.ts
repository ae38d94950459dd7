import { join } from "node:path";
import {
  chainTestHelperPaths,
  DEV_WALLETPROVIDER_WEBHOOK_SECRET,
  mountChainTestHelpers,
  mountStorefrontWebhook,
  mountWalletProviderWebhook,
  registerCommerceHandlers,
  startSendReconciler,
  storefrontWebhookPaths,
  walletProviderWebhookPaths,
} from "@tally/commerce";
import type { Config } from "@tally/config";
import { type Clock, createLogger, type Logger, systemClock } from "@tally/core";
import { type Database, migrateDatabase, openDatabase } from "@tally/db";
import { createApiKeyChangedHandler, EventBus } from "@tally/events";
import { registerLoyaltyHandlers } from "@tally/loyalty";
import {
  cardprocTestHelperPaths,
  cardprocTestHelpersEnabled,
  cardprocWebhookPaths,
  createOrderPaymentsPort,
  cryptoCommerceTestHelperPaths,
  mountCardprocTestHelpers,
  mountCardprocWebhooks,
  mountCryptoCommerceTestHelpers,
  mountX402Routes,
  registerPaymentsHandlers,
  startCryptoCommercePoller,
  startX402Retrier,
  x402Paths,
} from "@tally/payments";
import { API_KEY_CHANGED_CHANNEL, createPlatformServices, ensureOperatorKey } from "@tally/platform";
import { createChainProviders, createProviders, type LocalChain, startLocalChain } from "@tally/providers";
import { appRouter } from "@tally/router";
import type { AppDeps } from "@tally/trpc";
import { sql } from "drizzle-orm";
import { createApp, type TallyApp } from "./app.ts";
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
  /** pg-boss schema (tests on a shared PostgreSQL give each file its own, so no file consumes another's jobs). */
  queueSchema?: string;
  /** Base retry delay of the queues, in seconds (tests use 1). */
  retryDelaySeconds?: number;
  /** A local chain already running (tests share one per file); else one is started when BASE_RPC_URL is unset. */
  localChain?: LocalChain;
}

export interface Runtime extends TallyApp {
  deps: AppDeps;
  stop(): Promise<void>;
}

/**
 * The composition root: opens the database, migrates it, builds the providers, the event bus and
 * the platform services, and the HTTP app. Nothing below it reads the environment.
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
      dataDir: config.DATABASE_URL ? undefined : join(config.DATA_DIR),
    }));
  // The local chain lives as long as this runtime unless the caller brought one (ARCHITECTURE §6).
  const ownedChain =
    options.localChain || config.BASE_RPC_URL || config.DEPLOYMENT_ENV === "live"
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
      ...(options.queueSchema ? { schema: options.queueSchema } : {}),
      ...(options.retryDelaySeconds ? { retry: { delaySeconds: options.retryDelaySeconds } } : {}),
    });
    const platform = createPlatformServices({
      config,
      database,
      clock,
      logger,
      publishKeyChanged: async (tx, change) => {
        await events.publish(tx, "api-key-changed", change);
      },
    });
    // The event reaches one worker; NOTIFY fans it out so every api instance drops its cache.
    events.register(
      "api-key-changed",
      createApiKeyChangedHandler(async (payload) => {
        await database.db.execute(sql`select pg_notify(${API_KEY_CHANGED_CHANNEL}, ${payload.keyId})`);
      }),
    );
    const chainProviders = createChainProviders({
      baseRpcUrl: config.BASE_RPC_URL,
      localChain,
      x402FacilitatorUrl: config.X402_FACILITATOR_URL,
      walletEncryptionKey: config.WALLET_ENCRYPTION_KEY,
      refuseLocal: config.DEPLOYMENT_ENV === "live",
      logger,
    });
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
          refuseLocal: config.DEPLOYMENT_ENV === "live",
        },
        shipping: {
          apiUrl: config.SHIPPING_API_URL,
          apiKey: config.SHIPPING_API_KEY,
          fromAddressJson: config.SHIPPING_FROM_ADDRESS,
        },
        cardProcessor: {
          secretKey: config.CARDPROC_SECRET_KEY,
          webhookSecret: config.CARDPROC_WEBHOOK_SECRET,
          publicBaseUrl: config.PUBLIC_BASE_URL ?? `http://127.0.0.1:${config.PORT}`,
          refuseSandbox: config.DEPLOYMENT_ENV === "live",
        },
      },
      db: database.db,
      logger,
      clock,
    });
    const providers = { ...offChainProviders, ...chainProviders };
    const handlerDeps = { database, providers, clock, logger };
    registerCommerceHandlers(events, handlerDeps);
    registerLoyaltyHandlers(events, handlerDeps);
    registerPaymentsHandlers(events, handlerDeps);
    const orderPayments = createOrderPaymentsPort({ providers, clock });
    const deps: AppDeps = {
      config,
      database,
      clock,
      logger,
      events,
      providers,
      services: { platform, orderPayments },
    };
    const cardprocSandbox = cardprocTestHelpersEnabled(providers.cardProcessor, config.DEPLOYMENT_ENV)
      ? providers.cardProcessor
      : undefined;
    await events.start();
    if (options.schedule ?? work) await events.schedule();
    await platform.authenticator.start();
    if (config.BOOTSTRAP_OPERATOR_KEY) {
      await database.db.transaction((tx) =>
        ensureOperatorKey(tx, config.BOOTSTRAP_OPERATOR_KEY!, config.DEPLOYMENT_ENV),
      );
    }
    // Chain test helpers: a test deployment on the local chain only (never live, never on Base).
    const chainHelpers = config.DEPLOYMENT_ENV === "test" && !config.BASE_RPC_URL ? localChain : undefined;
    const walletProviderSecret =
      config.WALLETPROVIDER_WEBHOOK_SECRET ??
      (config.DEPLOYMENT_ENV === "test" && !config.BASE_RPC_URL
        ? DEV_WALLETPROVIDER_WEBHOOK_SECRET
        : undefined);
    const { app, openApiDocument } = createApp({
      deps,
      router: appRouter,
      plainRoutes: (api) => {
        mountWebhookRoutes(api, deps);
        mountStorefrontWebhook(api, deps);
        mountCryptoCommerceTestHelpers(api, deps);
        mountCardprocWebhooks(api, deps);
        mountX402Routes(api, { ...deps, publicBaseUrl: config.PUBLIC_BASE_URL });
        mountWalletProviderWebhook(api, {
          ...deps,
          secret: walletProviderSecret,
          chainId: providers.chain.chainId,
        });
        if (chainHelpers) mountChainTestHelpers(api, chainHelpers);
        if (cardprocSandbox) mountCardprocTestHelpers(api, cardprocSandbox);
      },
      plainPaths: {
        ...webhookPaths,
        ...storefrontWebhookPaths,
        ...cryptoCommerceTestHelperPaths(deps),
        ...cardprocWebhookPaths,
        ...x402Paths,
        ...walletProviderWebhookPaths,
        ...(chainHelpers ? chainTestHelperPaths : {}),
        ...(cardprocSandbox ? cardprocTestHelperPaths : {}),
      },
      readiness: async () => {
        if (!events.started) throw new Error("event bus not started");
      },
    });
    // The sandbox delivers its signed webhooks to this app in-process (no port needed).
    cardprocSandbox?.setDeliver(async (path, init) => {
      const response = await app.request(path, { method: "POST", body: init.body, headers: init.headers });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: response.status, body };
    });
    // Crypto-commerce payments PENDING -> COMPLETED: polled, as no cron slot exists for it.
    const cryptoPoller = (options.schedule ?? work) ? startCryptoCommercePoller(deps) : undefined;
    // x402 payments a facilitator timeout left unsettled: retried by lease, also without a cron slot.
    const x402Retrier = (options.schedule ?? work) ? startX402Retrier(deps) : undefined;
    // Server-wallet sends still PENDING: settled from the chain if the provider's webhook never comes.
    const sendReconciler = (options.schedule ?? work) ? startSendReconciler(deps) : undefined;
    return {
      app,
      openApiDocument,
      deps,
      async stop() {
        await cryptoPoller?.stop();
        await x402Retrier?.stop();
        await sendReconciler?.stop();
        await platform.authenticator.stop();
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
