import { AppError } from "@tally/core";
import { type Database, deadLetters, withTenant } from "@tally/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventBus } from "./bus.ts";
import { cronJobNames, cronJobs, cronQueue, legacyEventQueue, subscriberQueue } from "./catalogue.ts";
import { listDeadLetters, replayDeadLetter } from "./dead-letters.ts";
import { openTestDatabase, uniqueId, waitFor } from "./test-support.ts";

let database: Database;
let bus: EventBus;
let cleanup: () => Promise<void>;

const processed: Array<{ organizationId: string; orderId: string; attempt: number }> = [];
/** The second subscriber of purchase-processed: fails for the orders listed in `failNotices`. */
const noticed: Array<{ orderId: string; attempt: number }> = [];
const failNotices = new Set<string>();
const confirmationAttempts = new Map<string, number[]>();
let failConfirmations = true;
const cronTicks: string[] = [];
/** The batch subscriber of points-received: every call's transaction ids, and the ids it worked. */
const pointBatches: string[][] = [];
const pointsWorked: Array<{ pointTransactionId: string; attempt: number }> = [];

const sorted = (values: readonly string[]): string[] => [...values].sort();

const expectAppError = async (promise: Promise<unknown>, code: string): Promise<void> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
};

beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  cleanup = opened.cleanup;
  bus = new EventBus({
    database,
    schema: opened.queueSchema,
    // Tests: every retry waits 1 s (base 1 s, capped at 1 s); the policy shape is the production one.
    retry: { limit: 3, delaySeconds: 1, maxDelaySeconds: 1 },
    retryOverrides: { "cron:contract-monitor": { limit: 0 } },
    heartbeatSeconds: 12,
    stopTimeoutMs: 2_000,
  });
  bus.subscribe("purchase-processed", "points", async (payload, context) => {
    processed.push({ ...payload, attempt: context.attempt });
  });
  bus.subscribe(
    "purchase-processed",
    "notices",
    async ({ orderId }, context) => {
      noticed.push({ orderId, attempt: context.attempt });
      if (failNotices.has(orderId)) throw new Error(`notices down for ${orderId}`);
    },
    { retry: { limit: 1 } },
  );
  bus.subscribe("order-confirmation", "commerce", async (payload, context) => {
    const attempts = confirmationAttempts.get(payload.orderId) ?? [];
    attempts.push(context.attempt);
    confirmationAttempts.set(payload.orderId, attempts);
    if (failConfirmations) throw new Error(`mail server down for ${payload.orderId}`);
  });
  bus.subscribeBatch(
    "points-received",
    "ledger",
    async (jobs) => {
      pointBatches.push(jobs.map((job) => job.payload.pointTransactionId));
      if (jobs.some((job) => job.payload.pointTransactionId.startsWith("bad")))
        throw new Error("ledger refuses a bad transaction");
      for (const { payload, context } of jobs)
        pointsWorked.push({ pointTransactionId: payload.pointTransactionId, attempt: context.attempt });
    },
    { retry: { limit: 1 } },
  );
  bus.registerCron("airdrop-monitor", async ({ tick }) => {
    cronTicks.push(tick);
  });
  await bus.start();
});

afterAll(async () => {
  await bus?.stop();
  await cleanup?.();
});

const jobsFor = async (subscriber: "points" | "notices", organizationId: string) =>
  bus.boss.findJobs(subscriberQueue("purchase-processed", subscriber), { data: { organizationId } });

describe("EventBus", () => {
  it("creates a queue per subscription with its retry policy, the 8 cron queues and the dead-letter queue", async () => {
    const queues = await bus.boss.getQueues();
    const byName = new Map(queues.map((q) => [q.name, q]));
    expect(bus.subscriptions().map((s) => s.queue)).toEqual([
      "event.order-confirmation.commerce",
      "event.points-received.ledger",
      "event.purchase-processed.notices",
      "event.purchase-processed.points",
    ]);
    for (const { queue: name, retry } of bus.subscriptions()) {
      const queue = byName.get(name);
      expect(queue, name).toBeDefined();
      expect(queue?.retryLimit).toBe(retry.limit);
      expect(queue?.retryBackoff).toBe(true);
      expect(queue?.deadLetter).toBe("tally.dead-letter");
      expect(queue?.notify).toBe(true);
      expect(queue?.heartbeatSeconds).toBe(12);
    }
    expect(byName.get("event.purchase-processed.notices")?.retryLimit).toBe(1);
    expect(byName.get("event.purchase-processed.points")?.retryLimit).toBe(3);
    expect(byName.has(legacyEventQueue("purchase-processed"))).toBe(false);
    for (const job of cronJobNames) expect(byName.has(cronQueue(job)), job).toBe(true);
    expect(byName.has("tally.dead-letter")).toBe(true);
  });

  it("refuses a second subscription of one subscriber to one event, and a malformed subscriber name", () => {
    expect(() => bus.subscribe("purchase-processed", "points", async () => {})).toThrow(/already subscribes/);
    expect(() => bus.subscribe("follow", "Not A Name", async () => {})).toThrow(/invalid subscriber/);
  });

  it("rejects invalid payloads before touching the queue", async () => {
    await database.db.transaction(async (tx) => {
      await expectAppError(
        // @ts-expect-error orderId is missing
        bus.publish(tx, "purchase-processed", { organizationId: "org1" }),
        "validation_failed",
      );
      await expectAppError(
        bus.publish(tx, "api-key-changed", {
          organizationId: "org1",
          keyId: "k1",
          // @ts-expect-error not a change kind
          change: "exploded",
        }),
        "validation_failed",
      );
    });
    await expectAppError(bus.dispatch("purchase-processed", { orderId: 1 }), "validation_failed");
    await expectAppError(bus.dispatch("no-such-event", {}), "not_found");
  });

  it("enqueues nothing when the publishing transaction rolls back", async () => {
    const organizationId = uniqueId();
    await expect(
      database.db.transaction(async (tx) => {
        await bus.publish(tx, "purchase-processed", { organizationId, orderId: "o1" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await jobsFor("points", organizationId)).toHaveLength(0);
    expect(await jobsFor("notices", organizationId)).toHaveLength(0);
    expect(processed.filter((p) => p.organizationId === organizationId)).toHaveLength(0);
  });

  it("publishes inside withTenant (role tally_app) and each subscriber receives the payload once", async () => {
    const organizationId = uniqueId();
    const jobIds = await withTenant(database.db, organizationId, async (tx) => {
      const result = await tx.execute(sql`select current_user as role`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
        role: string;
      }>;
      expect(rows[0]?.role).toBe("tally_app");
      return bus.publish(tx, "purchase-processed", { organizationId, orderId: "o2" });
    });
    expect(jobIds).toHaveLength(2);
    for (const id of jobIds) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => processed.some((p) => p.organizationId === organizationId), { message: "handler" });
    await waitFor(() => noticed.some((n) => n.orderId === "o2"), { message: "second subscriber" });
    // Give a duplicate delivery the chance to show up.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(processed.filter((p) => p.organizationId === organizationId)).toEqual([
      { organizationId, orderId: "o2", attempt: 1 },
    ]);
    expect(noticed.filter((n) => n.orderId === "o2")).toEqual([{ orderId: "o2", attempt: 1 }]);
  });

  it("a failing subscriber retries and dead-letters alone; the other runs once; a replay reaches only the failed one", async () => {
    const organizationId = uniqueId();
    const orderId = uniqueId();
    failNotices.add(orderId);
    await database.db.transaction((tx) => bus.publish(tx, "purchase-processed", { organizationId, orderId }));
    const rowsFor = () =>
      database.db.select().from(deadLetters).where(eq(deadLetters.organizationId, organizationId));
    await waitFor(async () => (await rowsFor()).length > 0, { timeoutMs: 20_000, message: "dead letter" });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(noticed.filter((n) => n.orderId === orderId).map((n) => n.attempt)).toEqual([1, 2]);
    expect(processed.filter((p) => p.orderId === orderId).map((p) => p.attempt)).toEqual([1]);
    const [letter, ...others] = await rowsFor();
    expect(others).toEqual([]);
    expect(letter).toMatchObject({ event: "purchase-processed", subscriber: "notices", attempts: 2 });

    failNotices.delete(orderId);
    await replayDeadLetter({ db: database.db, bus, now: new Date() }, letter!.id);
    await waitFor(() => noticed.filter((n) => n.orderId === orderId).length === 3, { message: "replay" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(processed.filter((p) => p.orderId === orderId)).toHaveLength(1);
  });

  it("publishMany enqueues many payloads in one insert per subscriber", async () => {
    const organizationId = uniqueId();
    const ids = await database.db.transaction((tx) =>
      bus.publishMany(tx, "purchase-processed", [
        { organizationId, orderId: "m1" },
        { organizationId, orderId: "m2" },
        { organizationId, orderId: "m3" },
      ]),
    );
    expect(ids).toHaveLength(6);
    await waitFor(() => processed.filter((p) => p.organizationId === organizationId).length === 3, {
      message: "three jobs",
    });
    expect(
      processed
        .filter((p) => p.organizationId === organizationId)
        .map((p) => p.orderId)
        .sort(),
    ).toEqual(["m1", "m2", "m3"]);
  });

  it("a batch subscriber gets many jobs in one call and completes each", async () => {
    const organizationId = uniqueId();
    const ids = ["p1", "p2", "p3", "p4", "p5"].map((id) => `${organizationId}-${id}`);
    await database.db.transaction((tx) =>
      bus.publishMany(
        tx,
        "points-received",
        ids.map((pointTransactionId) => ({ organizationId, userId: "u1", pointTransactionId })),
      ),
    );
    const worked = () => pointsWorked.filter((p) => ids.includes(p.pointTransactionId));
    await waitFor(() => worked().length === ids.length, { message: "batch handled" });
    // Fetch order among jobs of one insert is pg-boss's, not the publish order.
    expect(pointBatches.filter((batch) => batch.some((id) => ids.includes(id))).map(sorted)).toEqual([ids]);
    expect(worked().map((p) => p.attempt)).toEqual([1, 1, 1, 1, 1]);
    const jobs = () =>
      bus.boss.findJobs(subscriberQueue("points-received", "ledger"), { data: { organizationId } });
    await waitFor(async () => (await jobs()).every((job) => job.state === "completed"), {
      message: "jobs completed",
    });
    expect(await jobs()).toHaveLength(ids.length);
    expect(bus.subscriptions().find((s) => s.subscriber === "ledger")).toMatchObject({
      handler: "batch",
      batchSize: 100,
    });
  });

  it("a batch subscriber works the first job at once and gathers the jobs that follow it into one batch", async () => {
    const organizationId = uniqueId();
    const publish = (pointTransactionId: string) =>
      database.db.transaction((tx) =>
        bus.publish(tx, "points-received", { organizationId, userId: "u1", pointTransactionId }),
      );
    const batchesOf = (ids: string[]) => pointBatches.filter((batch) => batch.some((id) => ids.includes(id)));
    const first = `${organizationId}-first`;
    await publish(first);
    await waitFor(() => batchesOf([first]).length === 1, { message: "first job worked" });
    // Each in a transaction of its own, so each commit wakes the worker: without the gathering wait
    // after the first batch, the next fetch would take the first of them alone.
    const following = ["f1", "f2", "f3", "f4"].map((id) => `${organizationId}-${id}`);
    for (const id of following) await publish(id);
    await waitFor(() => pointsWorked.filter((p) => following.includes(p.pointTransactionId)).length === 4, {
      message: "following jobs worked",
    });
    expect(batchesOf([first])).toEqual([[first]]);
    expect(batchesOf(following).map(sorted)).toEqual([following]);
  });

  it("one failing job in a batch fails alone: the others complete once, it retries and dead-letters", async () => {
    const organizationId = uniqueId();
    const good = ["g1", "g2", "g3"].map((id) => `${organizationId}-${id}`);
    const bad = `bad-${organizationId}`;
    await database.db.transaction((tx) =>
      bus.publishMany(
        tx,
        "points-received",
        [good[0]!, bad, good[1]!, good[2]!].map((pointTransactionId) => ({
          organizationId,
          userId: "u1",
          pointTransactionId,
        })),
      ),
    );
    const rowsFor = () =>
      database.db.select().from(deadLetters).where(eq(deadLetters.organizationId, organizationId));
    await waitFor(async () => (await rowsFor()).length > 0, { timeoutMs: 20_000, message: "dead letter" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ours = (id: string) => id === bad || good.includes(id);
    // The whole batch once, then each job alone; the bad one again on its retry.
    const [whole, ...alone] = pointBatches.filter((batch) => batch.some(ours));
    expect(sorted(whole!)).toEqual(sorted([...good, bad]));
    expect(sorted(alone.slice(0, 4).map((batch) => batch.join(",")))).toEqual(sorted([...good, bad]));
    expect(alone.slice(4)).toEqual([[bad]]);
    expect(
      sorted(
        pointsWorked
          .filter((p) => ours(p.pointTransactionId))
          .map(({ pointTransactionId, attempt }) => `${pointTransactionId}@${attempt}`),
      ),
    ).toEqual(good.map((id) => `${id}@1`));
    const [letter, ...others] = await rowsFor();
    expect(others).toEqual([]);
    expect(letter).toMatchObject({
      event: "points-received",
      subscriber: "ledger",
      attempts: 2,
      payload: { pointTransactionId: bad },
    });
    expect(letter?.error).toContain("ledger refuses a bad transaction");
  });

  it("dispatch() deduplicates by delivery key", async () => {
    const organizationId = uniqueId();
    const first = await bus.dispatch(
      "purchase-processed",
      { organizationId, orderId: "o3" },
      { deliveryKey: organizationId },
    );
    const second = await bus.dispatch(
      "purchase-processed",
      { organizationId, orderId: "o3" },
      { deliveryKey: organizationId },
    );
    expect(first.duplicate).toBe(false);
    expect(first.jobIds).toHaveLength(2);
    expect(second).toEqual({ jobIds: [], duplicate: true });
    await waitFor(() => processed.some((p) => p.organizationId === organizationId), { message: "handler" });
  });

  it("tries a failing handler exactly 4 times, dead-letters it once, and replays it once", async () => {
    const organizationId = uniqueId();
    const orderId = uniqueId();
    const started = Date.now();
    const [jobId] = await database.db.transaction((tx) =>
      bus.publish(tx, "order-confirmation", { organizationId, orderId }),
    );
    const rowsFor = () =>
      database.db.select().from(deadLetters).where(eq(deadLetters.organizationId, organizationId));
    await waitFor(async () => (await rowsFor()).length > 0, { timeoutMs: 25_000, message: "dead letter" });
    const elapsed = Date.now() - started;
    // Give a (wrong) fifth attempt or a second dead-letter copy the chance to show up.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(confirmationAttempts.get(orderId)).toEqual([1, 2, 3, 4]);
    const rows = await rowsFor();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      event: "order-confirmation",
      subscriber: "commerce",
      jobId,
      attempts: 4,
      payload: { organizationId, orderId },
      replayedAt: null,
    });
    expect(row?.error).toContain(`mail server down for ${orderId}`);
    // Backoff: three retries of at least 1 s each.
    expect(elapsed).toBeGreaterThanOrEqual(3_000);

    const listed = await listDeadLetters(database.db, { limit: 100, organizationId });
    expect(listed.total).toBe(1);
    expect(listed.items[0]?.id).toBe(row?.id);

    failConfirmations = false;
    const replay = await replayDeadLetter({ db: database.db, bus, now: new Date() }, row!.id);
    expect(replay.jobId).not.toBe(jobId);
    expect(replay.deadLetter.replayedAt).toBeInstanceOf(Date);
    await waitFor(() => (confirmationAttempts.get(orderId)?.length ?? 0) === 5, { message: "replayed run" });
    expect(confirmationAttempts.get(orderId)?.at(-1)).toBe(1);
    await expectAppError(
      replayDeadLetter({ db: database.db, bus, now: new Date() }, row!.id),
      "invalid_state",
    );
    await expectAppError(
      replayDeadLetter({ db: database.db, bus, now: new Date() }, "nosuchid"),
      "not_found",
    );
    expect((await listDeadLetters(database.db, { organizationId, pendingOnly: true })).total).toBe(0);
  });

  it("schedules only jobs with a handler; cron runs are deduplicated per tick; a job without a handler is refused", async () => {
    await bus.schedule();
    const schedules = await bus.boss.getSchedules();
    const ours = new Map(schedules.map((s) => [s.name, s.cron]));
    for (const job of cronJobNames) {
      expect(ours.get(cronQueue(job)), job).toBe(
        bus.hasCronHandler(job) ? cronJobs[job].schedule : undefined,
      );
    }
    expect(ours.get(cronQueue("airdrop-monitor"))).toBe(cronJobs["airdrop-monitor"].schedule);

    const tick = new Date().toISOString();
    const first = await bus.runCron("airdrop-monitor", { tick });
    const again = await bus.runCron("airdrop-monitor", { tick });
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    await waitFor(() => cronTicks.includes(tick), { message: "cron handler" });
    expect(cronTicks.filter((t) => t === tick)).toHaveLength(1);

    await expectAppError(bus.runCron("mint-queue", { tick }), "not_implemented");
    await expectAppError(bus.runCron("no-such-job", { tick }), "not_found");
  });

  it("moves what an older deployment left in a per-event queue to today's subscribers at start", async () => {
    const organizationId = uniqueId();
    await bus.boss.createQueue(legacyEventQueue("follow"));
    await bus.boss.send(legacyEventQueue("follow"), { organizationId, userId: "u1", creatorId: "c1" });
    const later = new Date(Date.now() + 3_600_000);
    await bus.boss.send(
      legacyEventQueue("follow"),
      { organizationId, userId: "u2", creatorId: "c1" },
      { startAfter: later },
    );
    const follows: string[] = [];
    const next = new EventBus({ database, schema: bus.schema, cron: false, stopTimeoutMs: 2_000 });
    next.subscribe("follow", "commerce", async ({ userId }) => {
      follows.push(userId);
    });
    try {
      await next.start();
      await waitFor(() => follows.includes("u1"), { message: "drained follow" });
      const waiting = await next.boss.findJobs(subscriberQueue("follow", "commerce"), {
        data: { userId: "u2" },
      });
      expect(waiting.map((job) => [job.state, job.startAfter.getTime()])).toEqual([
        ["created", later.getTime()],
      ]);
      const left = await next.boss.findJobs(legacyEventQueue("follow"), { queued: true });
      expect(left).toEqual([]);
    } finally {
      await next.stop();
    }
  });

  it("refuses to dispatch an event nobody handles", async () => {
    await expectAppError(
      bus.dispatch("campaign-vote", { organizationId: uniqueId(), campaignId: "c1" }),
      "not_implemented",
    );
  });
});
