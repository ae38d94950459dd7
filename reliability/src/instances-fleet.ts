import { newId } from "@tally/core";
import {
  type ApiProcess,
  type AppProcess,
  startApiProcess,
  startWorkerProcess,
  type TestHarness,
  testDatabaseUrl,
  throughProcess,
  type WorkerProcess,
} from "@tally/testing";
import { sql } from "drizzle-orm";

/** Two api and two worker processes, as a deployment runs them, on the harness's PostgreSQL and chain. */
export interface Fleet {
  apis: [ApiProcess, ApiProcess];
  workers: [WorkerProcess, WorkerProcess];
  /** The pg-boss schema of these processes only (QUEUE_SCHEMA), so other test files' workers never take their jobs. */
  queueSchema: string;
  /** The harness with its requests sent over HTTP to api process `index`, so every fixture runs against it. */
  via(index: number): TestHarness;
  stop(): Promise<void>;
}

/**
 * The auth cache is kept for a minute (the longest allowed), so a key change that reaches another
 * process within a second can only have come from its NOTIFY, not from the entry expiring.
 */
const AUTH_CACHE_TTL_MS = "60000";

export const startFleet = async (h: TestHarness): Promise<Fleet> => {
  const queueSchema = `pgboss_fleet_${newId().slice(0, 10)}`;
  const env = {
    DATABASE_URL: testDatabaseUrl(),
    // At most 2 x 4 + 5 connections a process: four processes stay well under a default
    // max_connections (100) that other test files share.
    DATABASE_POOL_SIZE: "4",
    QUEUE_SCHEMA: queueSchema,
    BASE_RPC_URL: h.chain.rpcUrl,
    // Required with BASE_RPC_URL (server wallets on a configured chain); any key of this run will do.
    WALLET_ENCRYPTION_KEY: `fleet-wallet-encryption-${newId()}`,
    // Also required with BASE_RPC_URL; no x402 payment is made here, so it points nowhere.
    X402_FACILITATOR_URL: "http://127.0.0.1:9",
    DEPLOYMENT_ENV: "test",
    SEED_DEMO: "false",
    BOOTSTRAP_OPERATOR_KEY: "",
    // info: the worker says it has started at that level.
    LOG_LEVEL: "info",
    EVENTS_SIGNING_KEY: h.config.EVENTS_SIGNING_KEY,
    EVENTS_SIGNING_KEY_NEXT: "",
    AUTH_CACHE_TTL_MS,
  };
  const started: AppProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((app) => app.kill()));
    // Under the migration lock: catalogue changes racing other files' grants fail as "concurrently updated".
    await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7243051)`);
      await tx.execute(sql.raw(`drop schema if exists "${queueSchema}" cascade`));
    });
  };
  const start = async <P extends AppProcess>(starting: Promise<P>): Promise<P> => {
    const app = await starting;
    started.push(app);
    return app;
  };
  try {
    // The first boot creates the queue schema; the others then start side by side.
    const first = await start(startWorkerProcess(env));
    // Settled, not raced: a boot that fails must not leave a sibling booting unseen (stop() kills all).
    const [second, apiA, apiB] = await Promise.allSettled([
      start(startWorkerProcess(env)),
      start(startApiProcess({ ...env, RUN_WORKER: "off" })),
      start(startApiProcess({ ...env, RUN_WORKER: "off" })),
    ]).then(([worker, a, b]) => [booted(worker), booted(a), booted(b)] as const);
    const apis: [ApiProcess, ApiProcess] = [apiA, apiB];
    return {
      apis,
      workers: [first, second],
      queueSchema,
      via: (index) => throughProcess(h, apis[index % apis.length]!),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

const booted = <P>(result: PromiseSettledResult<P>): P => {
  if (result.status === "rejected") throw result.reason;
  return result.value;
};
