import { newId } from "@tally/core";
import {
  type ApiProcess,
  createOrder,
  createUser,
  eventually,
  openShop,
  setPointsAccepted,
  startApiProcess,
  startWorkerProcess,
  testDatabaseUrl,
  useHarness,
  type WorkerProcess,
} from "@tally/testing";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { type Buyer, driveBuyers, emptyTally, reportAgain } from "./crash-buyers.ts";
import { activeEventJobs, eventJobHeartbeats, jobCounts, paymentCounts } from "./crash-counts.ts";
import { printFigures } from "./figures.ts";

/**
 * Crash recovery (issue 14 B): an api process (RUN_WORKER=off) and a worker process on one
 * PostgreSQL, under card-checkout load; the worker is killed (-9) while it holds a job, then the api
 * while requests are in flight; both restart and every buyer is driven to completion through the
 * public surface only (checkout retried under its Idempotency-Key, the sandbox confirmation retried,
 * an undelivered processor event delivered again), and every accepted payment is then reported once
 * more (at-least-once delivery). Then every accepted payment has paid its order once, with one
 * payout and one points award, and every event job ran or was dead-lettered.
 */

const BUYERS = 32;
const CONCURRENCY = 4;
const PRICE = 2500;
const POINTS_PER_DOLLAR = 4;

const h = useHarness();
// The processes' own queue schema: no other test file's worker consumes their jobs, nor theirs ours.
const queueSchema = `pgboss_crash_${newId().slice(0, 10).toLowerCase()}`;
const running: (ApiProcess | WorkerProcess)[] = [];

afterAll(async () => {
  for (const child of running) await child.kill();
  if (!testDatabaseUrl()) return;
  // Under the migration lock, as the harness drops its own schema.
  await h.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7243051)`);
    await tx.execute(sql.raw(`drop schema if exists "${queueSchema}" cascade`));
  });
});

const processEnv = (): Record<string, string | undefined> => ({
  DATABASE_URL: testDatabaseUrl(),
  TEST_DATABASE_URL: undefined,
  QUEUE_SCHEMA: queueSchema,
  DEPLOYMENT_ENV: "test",
  LOG_LEVEL: "warn",
  SEED_DEMO: "false",
  BOOTSTRAP_OPERATOR_KEY: "",
  CARDPROC_SECRET_KEY: "",
  CARDPROC_WEBHOOK_SECRET: "",
  // One chain for both processes: the harness's anvil (a killed process would leave its own behind).
  BASE_RPC_URL: h.chain.rpcUrl,
  WALLET_ENCRYPTION_KEY: "crash-recovery-gate-wallet-key-0123456789",
  // Required with BASE_RPC_URL; no x402 payment is made here.
  X402_FACILITATOR_URL: "http://127.0.0.1:9",
  // The killed worker's job is retried 10-12 s after its last heartbeat instead of 30-90 s: the gate
  // proves it is recovered, not how long a deployment's settings make that take.
  QUEUE_HEARTBEAT_SECONDS: "10",
  QUEUE_MONITOR_SECONDS: "2",
});

const startApi = async () => {
  const api = await startApiProcess({ ...processEnv(), RUN_WORKER: "off" });
  running.push(api);
  return api;
};
const startWorker = async () => {
  // Its ready line ("worker started") is logged at info.
  const worker = await startWorkerProcess({ ...processEnv(), LOG_LEVEL: "info" });
  running.push(worker);
  return worker;
};

const deliveredCount = (buyers: Buyer[]) => buyers.filter((buyer) => buyer.delivered).length;
const untilDelivered = (buyers: Buyer[], count: number) =>
  eventually(async () => (deliveredCount(buyers) >= count ? true : undefined), 120_000);

/**
 * The event jobs once none is created, retrying or running, or as they are after `timeoutMs` (a
 * killed worker's job left `active` shows up in the figures and fails the gate, not a time-out).
 */
const settledJobs = async (timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await jobCounts(h.database, queueSchema);
    if (counts.unfinished === 0 || Date.now() > deadline) return counts;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

it.skipIf(!testDatabaseUrl())(
  "crash recovery (PostgreSQL only: the api and worker processes share one database, which PGlite's single process cannot)",
  async () => {
    const shop = await openShop(h, { price: PRICE, stock: BUYERS * 2, pointEligible: true });
    await setPointsAccepted(h, shop.tenant, shop.creator.id, "SELF", POINTS_PER_DOLLAR);
    const buyers: Buyer[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const user = await createUser(h, shop.tenant);
      const order = await createOrder(h, shop.tenant, user.id, { productId: shop.product.id });
      buyers.push({
        userId: user.id,
        orderId: order.id,
        idempotencyKey: `checkout-${order.id}`,
        intentId: null,
        delivered: false,
      });
    }
    const key = shop.tenant.adminKey;
    const tally = emptyTally();
    let [api, worker] = await Promise.all([startApi(), startWorker()]);

    let apiDown = false;
    const load = driveBuyers(h, { base: api.base, key }, buyers, tally, {
      concurrency: CONCURRENCY,
      stopped: () => apiDown,
    });
    await untilDelivered(buyers, BUYERS / 4);
    // The worker dies holding a job: poll closely for one it is running, then kill -9.
    const watchUntil = Date.now() + 30_000;
    while ((await activeEventJobs(h.database, queueSchema)) === 0 && Date.now() < watchUntil) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await worker.crash();
    const jobsOrphaned = await activeEventJobs(h.database, queueSchema);
    const deliveredAtWorkerCrash = deliveredCount(buyers);

    // The api goes on without a worker (its jobs queue up), then dies with requests in flight.
    await untilDelivered(buyers, (BUYERS * 3) / 4);
    const interruptedBefore = tally.interrupted;
    await api.crash();
    apiDown = true;
    await load;
    const requestsCutOff = tally.interrupted - interruptedBefore;
    const deliveredAtApiCrash = deliveredCount(buyers);

    [api, worker] = await Promise.all([startApi(), startWorker()]);
    await driveBuyers(h, { base: api.base, key }, buyers, tally, { concurrency: CONCURRENCY });
    await reportAgain(h, { base: api.base, key }, buyers, tally);
    // Every queued job runs, or fails for good and is dead-lettered, once the new worker has them.
    const jobs = await settledJobs(120_000);
    const payments = await paymentCounts(h.database, shop.tenant.organizationId, queueSchema);
    const heartbeats = await eventJobHeartbeats(h.database, queueSchema);

    printFigures("crash-recovery", {
      buyers: BUYERS,
      requests: tally.requests,
      deliveredAtWorkerCrash,
      jobsOrphaned,
      deliveredAtApiCrash,
      requestsCutOff,
      keysInProgress: tally.keysInProgress,
      redeliveries: tally.redeliveries,
      duplicates: tally.duplicates,
      acceptedPayments: payments.acceptedPayments,
      paidOrders: payments.paidOrders,
      payouts: payments.payouts,
      pointAwards: payments.pointAwards,
      jobsQueued: jobs.queued,
      jobsCompleted: jobs.completed,
      jobsFailed: jobs.failed,
      jobsDeadLettered: jobs.deadLettered,
      jobsUnfinished: jobs.unfinished,
    });

    expect(tally.unexpected).toEqual([]);
    expect(buyers.filter((buyer) => !buyer.delivered)).toEqual([]);
    // The crashes hit work in flight: a job the worker held and requests the api was serving.
    expect(jobsOrphaned).toBeGreaterThan(0);
    expect(requestsCutOff).toBeGreaterThan(0);
    // Every accepted payment pays its order exactly once...
    expect(payments.acceptedPayments).toBe(BUYERS);
    expect(payments.doublyCharged).toBe(0);
    expect(payments.acceptedNotPaid).toBe(0);
    expect(payments.paidOrders).toBe(BUYERS);
    expect(payments.paymentExceptions).toBe(0);
    expect(payments.ordersNotSettledOnce).toBe(0);
    // ...with one payout and one points award each, and the points credited once.
    expect(payments.payouts).toBe(BUYERS);
    expect(payments.ordersWithoutOnePayout).toBe(0);
    expect(payments.pointAwards).toBe(BUYERS);
    expect(payments.ordersWithoutOneAward).toBe(0);
    expect(payments.pointsAwarded).toBe(BUYERS * (PRICE / 100) * POINTS_PER_DOLLAR);
    expect(payments.pointsBalance).toBe(payments.pointsAwarded);
    // Every queued job ran or landed in the dead-letter table.
    expect(jobs.unfinished).toBe(0);
    expect(jobs.completed + jobs.failed).toBe(jobs.queued);
    expect(jobs.deadLettered).toBe(jobs.failed);
    // The jobs carried the processes' QUEUE_HEARTBEAT_SECONDS, which bounds a killed worker's job.
    expect(heartbeats).toEqual([10]);
  },
  300_000,
);
