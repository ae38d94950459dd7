import { setTimeout as delay } from "node:timers/promises";
import { AppError, type Logger, newId, parseWith } from "@tally/core";
import { type Database, deadLetters, type Executor, type Tx, webhookDeliveries } from "@tally/db";
import { sql } from "drizzle-orm";
import {
  type Db as BossDb,
  type ConstructorOptions,
  fromDrizzle,
  fromPglite,
  type Job,
  type JobWithMetadata,
  PgBoss,
} from "pg-boss";
import { z } from "zod";
import {
  type CronJobName,
  cronJobNames,
  cronJobs,
  cronQueue,
  DEAD_LETTER_QUEUE,
  type EventName,
  type EventPayload,
  eventNames,
  eventPayloads,
  isCronJobName,
  isEventName,
  legacyEventQueue,
  sourceOfQueue,
} from "./catalogue.ts";
import { DEFAULT_QUEUE_SCHEMA, grantQueueAccess } from "./grants.ts";
import {
  type BatchEventHandler,
  createSubscription,
  DEFAULT_RETRY_POLICY,
  type EventHandler,
  type JobContext,
  type RetryPolicy,
  runBatch,
  type SubscriberOptions,
  type Subscription,
} from "./subscriptions.ts";

export interface CronContext extends JobContext {
  /** The occurrence this run is for: the `tick` of a webhook call, or the scheduled job's creation time. */
  tick: string;
}

export type CronHandler = (context: CronContext) => Promise<void>;

/** What a subscription looks like from outside: the events page lists these. */
export interface SubscriptionSummary {
  event: EventName;
  subscriber: string;
  queue: string;
  retry: RetryPolicy;
  /** `batch`: one handler call works the whole fetched batch. */
  handler: "each" | "batch";
  batchSize: number;
  workers: number;
}

export interface EventBusOptions {
  database: Database;
  /** pg-boss schema. */
  schema?: string;
  /** Default retry policy of every event and cron queue. */
  retry?: Partial<RetryPolicy>;
  /** Per-queue overrides of cron jobs ("configurable per queue"); a subscriber passes its own at `subscribe`. */
  retryOverrides?: Partial<Record<`cron:${CronJobName}`, Partial<RetryPolicy>>>;
  /** Consume queues in this process (worker role). An api-only process sets false. Default true. */
  work?: boolean;
  /** Run pg-boss's cron pass (turns schedules into jobs). Default = `work`. */
  cron?: boolean;
  /**
   * Poll in seconds (>= 0.5). A new job wakes its workers at once through LISTEN/NOTIFY (sent when the
   * publishing transaction commits); the poll picks up retries coming due. Default: the base retry
   * delay, between 0.5 and 5.
   */
  pollingIntervalSeconds?: number;
  /**
   * Jobs one worker fetches and runs side by side, unless its subscriber says otherwise. Default 16.
   * A batch subscriber (`subscribeBatch`) gets its whole batch in one call: default 100.
   */
  batchSize?: number;
  /** Workers per queue in this process, unless its subscriber says otherwise. Default 1. */
  workers?: number;
  /** PostgreSQL only: size of pg-boss's own pool. Default 4. */
  poolSize?: number;
  /**
   * A running job's worker refreshes its heartbeat every half of this; a job whose heartbeat is older
   * (its worker was killed) is failed into a retry by the next queue check. Integer >= 10 (pg-boss's
   * floor). Default 30. Without it a killed worker's jobs would stay `active` until pg-boss's
   * 15-minute expiry.
   */
  heartbeatSeconds?: number;
  /**
   * How often a working process checks the queues (lapsed heartbeats, expired jobs, queue stats):
   * a killed worker's job is retried at most this long after its heartbeat lapses. Default 60.
   */
  monitorIntervalSeconds?: number;
  /** Graceful stop waits at most this long for running handlers. Default 10 000 ms. */
  stopTimeoutMs?: number;
  logger?: Pick<Logger, "error" | "warn" | "info">;
}

/** A drizzle transaction (or the database) as pg-boss's `db`: statements run through it, so they commit with it. */
export const bossDbFor = (tx: Executor): BossDb =>
  fromDrizzle(
    tx as unknown as Parameters<typeof fromDrizzle>[0],
    sql as unknown as Parameters<typeof fromDrizzle>[1],
  );

const cronDataSchema = z.object({ tick: z.string().min(1).max(200) }).partial();

type QueueOptionsLike = {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  retryDelayMax?: number;
  deadLetter?: string;
  heartbeatSeconds: number;
  notify: boolean;
};

const DEFAULT_HEARTBEAT_SECONDS = 30;
const DEFAULT_MONITOR_INTERVAL_SECONDS = 60;

/**
 * Jobs a batch handler gets per call by default: its statements cost about the same for 100 rows as
 * for one, and a fetch of 100 costs about a fetch of 16 (bench:events-drain).
 */
const BATCH_HANDLER_SIZE = 100;

/**
 * How long a batch subscriber's worker waits, after a batch that did not fill, before it completes
 * the batch and fetches again. Under a steady stream each job would otherwise be fetched, worked in
 * a transaction of its own and completed alone, as soon as its NOTIFY arrives; after the wait, one
 * fetch, one transaction and one completion serve what arrived meanwhile. The first job after a
 * quiet spell still runs at once.
 */
const BATCH_GATHER_MS = 250;

export class EventBus {
  readonly database: Database;
  readonly schema: string;
  readonly #boss: PgBoss;
  readonly #options: EventBusOptions;
  readonly #retry: RetryPolicy;
  /** Subscriptions by event, each with its own queue. */
  readonly #subscriptions = new Map<EventName, Subscription[]>();
  readonly #cronHandlers = new Map<CronJobName, CronHandler>();
  readonly #working = new Set<string>();
  #state: "new" | "starting" | "started" | "stopping" | "stopped" = "new";
  #cronWorkers = false;

  constructor(options: EventBusOptions) {
    this.#options = options;
    this.database = options.database;
    this.schema = options.schema ?? DEFAULT_QUEUE_SCHEMA;
    this.#retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    const work = options.work ?? true;
    const common: ConstructorOptions = {
      schema: this.schema,
      schedule: options.cron ?? work,
      supervise: work,
      superviseIntervalSeconds: options.monitorIntervalSeconds ?? DEFAULT_MONITOR_INTERVAL_SECONDS,
      // A supervisor pass checks a queue only once its monitor interval is up: the two move together.
      monitorIntervalSeconds: options.monitorIntervalSeconds ?? DEFAULT_MONITOR_INTERVAL_SECONDS,
      migrate: true,
      // Workers wake on a committed job's NOTIFY instead of waiting for their poll.
      useListenNotify: work,
    };
    const { database } = options;
    if (database.kind === "pglite") {
      if (!database.pglite) throw new Error("EventBus: the PGlite database has no instance to share");
      // One PGlite instance, one session: pg-boss's statements queue behind drizzle's.
      this.#boss = new PgBoss({ ...common, db: fromPglite(database.pglite), backend: "pglite" });
    } else {
      if (!database.url) throw new Error("EventBus: the PostgreSQL database has no connection string");
      this.#boss = new PgBoss({
        ...common,
        connectionString: database.url,
        max: options.poolSize ?? 4,
        application_name: "tally-events",
      });
    }
    // An EventEmitter 'error' with no listener throws: always listen.
    this.#boss.on("error", (error) => this.#options.logger?.error({ err: error }, "pg-boss error"));
    this.#boss.on("warning", (warning) => this.#options.logger?.warn({ warning }, "pg-boss warning"));
  }

  get started(): boolean {
    return this.#state === "started";
  }

  /** The pg-boss instance, for wiring that needs it (dashboards, tests). */
  get boss(): PgBoss {
    return this.#boss;
  }

  retryPolicy(name: `cron:${CronJobName}`): RetryPolicy {
    return { ...this.#retry, ...this.#options.retryOverrides?.[name] };
  }

  #subscriptionRetry(subscription: Subscription): RetryPolicy {
    return { ...this.#retry, ...subscription.options.retry };
  }

  /** Every subscription, by event then subscriber. */
  subscriptions(): SubscriptionSummary[] {
    return [...this.#subscriptions.values()]
      .flat()
      .map((subscription) => ({
        event: subscription.event,
        subscriber: subscription.subscriber,
        queue: subscription.queue,
        retry: this.#subscriptionRetry(subscription),
        handler: subscription.handler.kind,
        batchSize: this.#batchSize(subscription),
        workers: this.#workers(subscription),
      }))
      .sort((a, b) => a.queue.localeCompare(b.queue));
  }

  /**
   * Installs or migrates pg-boss's schema, creates the queues (one per subscription, 8 cron jobs, the
   * dead-letter queue) with their retry policies, grants the tenant role, starts the subscribers'
   * workers and moves what an older deployment left in the per-event queues to the subscribers.
   */
  async start(): Promise<void> {
    if (this.#state !== "new") throw new Error(`EventBus.start(): bus is ${this.#state}`);
    this.#state = "starting";
    try {
      await this.#boss.start();
      await this.#ensureQueues();
      await grantQueueAccess(this.database, this.schema);
      this.#state = "started";
      if (this.#works) {
        await this.#workDeadLetters();
        for (const subscription of this.#allSubscriptions()) await this.#workSubscription(subscription);
        await this.#drainLegacyQueues();
      }
    } catch (error) {
      this.#state = "stopping";
      await this.#boss.stop({ graceful: false, close: true }).catch(() => {});
      this.#state = "stopped";
      throw error;
    }
  }

  /** Stops polling, waits (bounded) for running handlers, closes pg-boss's own pool. Never closes the database. */
  async stop(): Promise<void> {
    if (this.#state === "stopped" || this.#state === "stopping") return;
    if (this.#state === "new") {
      this.#state = "stopped";
      return;
    }
    this.#state = "stopping";
    try {
      await this.#boss.stop({ graceful: true, close: true, timeout: this.#options.stopTimeoutMs ?? 10_000 });
    } finally {
      this.#state = "stopped";
    }
  }

  /**
   * Subscribes `subscriber` to `event`: its own queue, retried and dead-lettered on its own, so any
   * number of domains react to one event independently. Declared in the domain's definition, before
   * or after start().
   */
  subscribe<E extends EventName>(
    event: E,
    subscriber: string,
    handler: EventHandler<E>,
    options: SubscriberOptions = {},
  ): void {
    this.#addSubscription(event, subscriber, { kind: "each", run: handler }, options);
  }

  /**
   * `subscribe` with a handler that works a whole fetched batch at once (one statement for many
   * rows). Each job still completes, retries and dead-letters on its own: when the batch handler
   * throws, every job of the batch runs again alone.
   */
  subscribeBatch<E extends EventName>(
    event: E,
    subscriber: string,
    handler: BatchEventHandler<E>,
    options: SubscriberOptions = {},
  ): void {
    this.#addSubscription(event, subscriber, { kind: "batch", run: handler }, options);
  }

  #addSubscription<E extends EventName>(
    event: E,
    subscriber: string,
    handler: Subscription<E>["handler"],
    options: SubscriberOptions,
  ): void {
    if (!isEventName(event)) throw new Error(`unknown event: ${String(event)}`);
    const existing = this.#subscriptions.get(event) ?? [];
    if (existing.some((subscription) => subscription.subscriber === subscriber))
      throw new Error(`${subscriber} already subscribes to ${event}`);
    const subscription = createSubscription(event, subscriber, handler, options) as unknown as Subscription;
    this.#subscriptions.set(event, [...existing, subscription]);
    if (this.#state === "started")
      void this.#startSubscription(subscription).catch((error) => this.#logError(error, subscription.queue));
  }

  /** Registers the handler of a cron job. Runs once per occurrence (pg-boss schedule or `runCron`). */
  registerCron(job: CronJobName, handler: CronHandler): void {
    if (!isCronJobName(job)) throw new Error(`unknown cron job: ${String(job)}`);
    if (this.#cronHandlers.has(job)) throw new Error(`a handler for cron job ${job} is already registered`);
    this.#cronHandlers.set(job, handler);
  }

  hasSubscribers(event: EventName): boolean {
    return (this.#subscriptions.get(event)?.length ?? 0) > 0;
  }

  hasCronHandler(job: CronJobName): boolean {
    return this.#cronHandlers.has(job);
  }

  /**
   * Validates the payload and enqueues one job per subscriber inside the caller's transaction: the jobs
   * exist if and only if the transaction commits, and their workers wake when it does. Works inside
   * `withTenant` (role tally_app) after start(). Passing the outer database instead of a transaction
   * enqueues immediately. Returns the job ids, one per subscriber (none when nobody subscribes).
   * `options.startAfter`: the jobs run at that instant, not before (e.g. an airdrop's date).
   */
  async publish<E extends EventName>(
    tx: Executor,
    event: E,
    payload: EventPayload<E>,
    options: { startAfter?: Date } = {},
  ): Promise<string[]> {
    return this.publishMany(tx, event, [payload], options);
  }

  /** `publish` for many payloads of one event: one insert per subscriber, whatever the count. */
  async publishMany<E extends EventName>(
    tx: Executor,
    event: E,
    payloads: readonly EventPayload<E>[],
    options: { startAfter?: Date } = {},
  ): Promise<string[]> {
    const jobs = payloads.map((payload) => ({
      data: this.#validate(event, payload),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    }));
    this.#assertStarted("publish");
    if (jobs.length === 0) return [];
    // Sent together: on PostgreSQL the subscribers' inserts share one round trip.
    const inserted = await Promise.all(
      (this.#subscriptions.get(event) ?? []).map(async (subscription) => {
        const ids = await this.#boss.insert(subscription.queue, jobs, { db: bossDbFor(tx), returnId: true });
        if (!ids || ids.length !== jobs.length)
          throw new Error(`pg-boss did not enqueue ${event} for ${subscription.subscriber}`);
        return ids;
      }),
    );
    return inserted.flat();
  }

  /**
   * `/webhooks/events/{event}`: validates and enqueues the event (one job per subscriber) in its own
   * transaction. With a `deliveryKey`, a delivery seen before is not enqueued again (`duplicate: true`).
   */
  async dispatch(
    event: string,
    payload: unknown,
    options: { deliveryKey?: string } = {},
  ): Promise<{ jobIds: string[]; duplicate: boolean }> {
    if (!isEventName(event)) throw new AppError("not_found", `Unknown event: ${event}`);
    // Accepting an event no one consumes would be a fake success.
    if (!this.hasSubscribers(event)) {
      throw new AppError("not_implemented", `No domain subscribes to event ${event}`);
    }
    const data = this.#validate(event, payload);
    this.#assertStarted("dispatch");
    return this.database.db.transaction(async (tx) => {
      if (options.deliveryKey && !(await claimDelivery(tx, `event:${event}:${options.deliveryKey}`))) {
        return { jobIds: [], duplicate: true };
      }
      return { jobIds: await this.publish(tx, event, data), duplicate: false };
    });
  }

  /**
   * `/webhooks/cron/{job}`: enqueues one run of the job for `tick` (deduplicated per job and tick), so it
   * gets the same retry and dead-letter policy as a scheduled run. A job with no registered handler is
   * refused (501) instead of being acknowledged and never run.
   */
  async runCron(
    job: string,
    options: { tick: string },
  ): Promise<{ jobId: string | null; duplicate: boolean }> {
    if (!isCronJobName(job)) throw new AppError("not_found", `Unknown cron job: ${job}`);
    if (!this.#cronHandlers.has(job)) {
      throw new AppError("not_implemented", `No handler is registered for cron job ${job}`);
    }
    const { tick } = cronDataSchema.required().parse({ tick: options.tick });
    this.#assertStarted("runCron");
    return this.database.db.transaction(async (tx) => {
      if (!(await claimDelivery(tx, `cron:${job}:${tick}`))) return { jobId: null, duplicate: true };
      const jobId = await this.#boss.send(cronQueue(job), { tick }, { db: bossDbFor(tx) });
      return { jobId, duplicate: false };
    });
  }

  /**
   * Registers the 8 pg-boss schedules (idempotent, UTC) and, in a worker process, consumes the cron
   * queues. A cron job whose handler is not registered fails its run with a clear error (and, after
   * the retries, lands in dead_letters) rather than completing silently.
   */
  async schedule(): Promise<void> {
    this.#assertStarted("schedule");
    // Only jobs whose domain has registered a handler are scheduled: the others would only fail
    // and fill the dead-letter table. A schedule left by an older deployment is removed.
    const handled = cronJobNames.filter((job) => this.#cronHandlers.has(job));
    for (const job of cronJobNames) {
      if (handled.includes(job))
        await this.#boss.schedule(cronQueue(job), cronJobs[job].schedule, null, { tz: "UTC" });
      else await this.#boss.unschedule(cronQueue(job));
    }
    if (this.#works && !this.#cronWorkers) {
      this.#cronWorkers = true;
      for (const job of handled) await this.#workCron(job);
    }
  }

  /** Removes the 8 schedules (e.g. when an outside scheduler drives `/webhooks/cron`). */
  async unschedule(): Promise<void> {
    this.#assertStarted("unschedule");
    for (const job of cronJobNames) await this.#boss.unschedule(cronQueue(job));
  }

  /**
   * Re-enqueues a dead letter's payload inside `tx`: into its subscriber's queue alone (the other
   * subscribers of the event succeeded), or to every subscriber for a letter of the per-event queues.
   */
  async enqueueReplay(
    tx: Tx,
    letter: { name: string; subscriber: string | null; payload: unknown },
  ): Promise<string[]> {
    this.#assertStarted("replay");
    const { name, subscriber, payload } = letter;
    if (name.startsWith("cron:")) {
      const job = name.slice("cron:".length);
      if (!isCronJobName(job)) throw new AppError("invalid_state", `Unknown cron job in dead letter: ${job}`);
      const data = cronDataSchema.parse(payload ?? {});
      const id = await this.#boss.send(cronQueue(job), data, { db: bossDbFor(tx) });
      if (!id) throw new Error(`pg-boss did not enqueue ${name}`);
      return [id];
    }
    if (!isEventName(name)) throw new AppError("invalid_state", `Unknown event in dead letter: ${name}`);
    const data = this.#validate(name, payload);
    if (subscriber === null) return this.publish(tx, name, data);
    const subscription = this.#subscriptions.get(name)?.find((s) => s.subscriber === subscriber);
    if (!subscription)
      throw new AppError(
        "invalid_state",
        `${subscriber} no longer subscribes to ${name}: nothing to replay into`,
      );
    const id = await this.#boss.send(subscription.queue, data, { db: bossDbFor(tx) });
    if (!id) throw new Error(`pg-boss did not enqueue ${name} for ${subscriber}`);
    return [id];
  }

  get #works(): boolean {
    return this.#options.work ?? true;
  }

  #assertStarted(operation: string): void {
    if (this.#state !== "started") {
      throw new AppError("service_unavailable", `Event bus is not started (${operation})`);
    }
  }

  #validate<E extends EventName>(event: E, payload: unknown): EventPayload<E> {
    return parseWith(eventPayloads[event], payload, {
      message: `Invalid payload for event ${event}`,
      whole: "(root)",
    }) as EventPayload<E>;
  }

  #allSubscriptions(): Subscription[] {
    return [...this.#subscriptions.values()].flat();
  }

  #batchSize(subscription: Subscription): number {
    if (subscription.options.batchSize !== undefined) return subscription.options.batchSize;
    return subscription.handler.kind === "batch" ? BATCH_HANDLER_SIZE : (this.#options.batchSize ?? 16);
  }

  #workers(subscription: Subscription): number {
    return subscription.options.workers ?? this.#options.workers ?? 1;
  }

  #queueOptions(policy: RetryPolicy): QueueOptionsLike {
    return {
      notify: true,
      retryLimit: policy.limit,
      retryDelay: Math.max(1, Math.round(policy.delaySeconds)),
      retryBackoff: true,
      heartbeatSeconds: this.#options.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS,
      ...(policy.maxDelaySeconds === null
        ? {}
        : { retryDelayMax: Math.max(0, Math.round(policy.maxDelaySeconds)) }),
    };
  }

  async #ensureQueues(subscriptions: readonly Subscription[] = this.#allSubscriptions()): Promise<void> {
    const existing = new Map((await this.#boss.getQueues()).map((queue) => [queue.name, queue]));
    const wanted: Array<[string, QueueOptionsLike]> = [
      // The dead-letter consumer only inserts a row: retry it harder, never dead-letter it.
      [DEAD_LETTER_QUEUE, this.#queueOptions({ limit: 10, delaySeconds: 1, maxDelaySeconds: 300 })],
      ...subscriptions.map((subscription): [string, QueueOptionsLike] => [
        subscription.queue,
        { ...this.#queueOptions(this.#subscriptionRetry(subscription)), deadLetter: DEAD_LETTER_QUEUE },
      ]),
      ...cronJobNames.map((job): [string, QueueOptionsLike] => [
        cronQueue(job),
        { ...this.#queueOptions(this.retryPolicy(`cron:${job}`)), deadLetter: DEAD_LETTER_QUEUE },
      ]),
    ];
    for (const [name, options] of wanted) {
      const queue = existing.get(name);
      if (!queue) {
        await this.#boss.createQueue(name, options);
      } else if (
        queue.retryLimit !== options.retryLimit ||
        queue.retryDelay !== options.retryDelay ||
        queue.retryBackoff !== options.retryBackoff ||
        (queue.retryDelayMax ?? null) !== (options.retryDelayMax ?? null) ||
        (queue.deadLetter ?? null) !== (options.deadLetter ?? null) ||
        (queue.heartbeatSeconds ?? null) !== options.heartbeatSeconds ||
        (queue.notify ?? false) !== options.notify
      ) {
        await this.#boss.updateQueue(name, { ...options, retryDelayMax: options.retryDelayMax ?? null });
      }
    }
    // createQueue/updateQueue evict pg-boss's queue cache, and a cache miss reads through pg-boss's own
    // connection. Inside a caller's PGlite transaction that read would wait for the transaction to end:
    // a deadlock. Warm the cache now, outside any transaction.
    const nil = "00000000-0000-0000-0000-000000000000";
    for (const [name] of wanted) await this.#boss.findJobs(name, { id: nil });
  }

  #context(job: Job<unknown>, retry: RetryPolicy): JobContext {
    return { jobId: job.id, attempt: job.retryCount + 1, lastAttempt: job.retryCount >= retry.limit };
  }

  /**
   * A new job wakes its workers by NOTIFY; a retry coming due and a dead letter do not (no insert
   * commits then), so the poll runs about as often as the base retry delay, where it costs little.
   */
  #pollingOptions() {
    const seconds =
      this.#options.pollingIntervalSeconds ?? Math.min(Math.max(this.#retry.delaySeconds, 0.5), 5);
    return { pollingIntervalSeconds: seconds, notifyPollingIntervalSeconds: seconds };
  }

  /** A queue created after start() (a late subscription) needs its queue before its workers. */
  async #startSubscription(subscription: Subscription): Promise<void> {
    await this.#ensureQueues([subscription]);
    await this.#workSubscription(subscription);
  }

  async #workSubscription(subscription: Subscription): Promise<void> {
    if (!this.#works || this.#working.has(subscription.queue)) return;
    this.#working.add(subscription.queue);
    const batchSize = this.#batchSize(subscription);
    await this.#boss.work<unknown>(
      subscription.queue,
      {
        ...this.#pollingOptions(),
        batchSize,
        localConcurrency: this.#workers(subscription),
        // A full batch means a backlog: fetch again at once rather than after the poll.
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      async (jobs) => {
        const results = await runBatch(
          subscription,
          this.#subscriptionRetry(subscription),
          jobs,
          (error, count) =>
            this.#options.logger?.warn(
              { err: error, queue: subscription.queue, jobs: count },
              "batch handler failed: running its jobs one by one",
            ),
        );
        if (subscription.handler.kind === "batch" && jobs.length < batchSize) await delay(BATCH_GATHER_MS);
        return results;
      },
    );
  }

  /**
   * Jobs an older deployment published to the per-event queue (`event.<name>`) go to today's
   * subscribers, keeping their start time. At least once: a crash between the publish and the
   * completion re-publishes them, which the handlers' idempotency absorbs.
   */
  async #drainLegacyQueues(): Promise<void> {
    const queues = new Set((await this.#boss.getQueues()).map((queue) => queue.name));
    for (const event of eventNames) {
      const legacy = legacyEventQueue(event);
      if (!queues.has(legacy) || !this.hasSubscribers(event)) continue;
      for (;;) {
        const jobs = await this.#boss.fetch<unknown>(legacy, {
          batchSize: 100,
          ignoreStartAfter: true,
          includeMetadata: true,
        });
        if (jobs.length === 0) break;
        await this.database.db.transaction(async (tx) => {
          for (const job of jobs) {
            const parsed = eventPayloads[event].safeParse(job.data);
            if (!parsed.success) continue;
            await this.publish(tx, event, parsed.data, { startAfter: job.startAfter });
          }
          await this.#boss.complete(
            legacy,
            jobs.map((job) => job.id),
            null,
            { db: bossDbFor(tx) },
          );
        });
      }
    }
  }

  async #workCron(job: CronJobName): Promise<void> {
    const queue = cronQueue(job);
    if (this.#working.has(queue)) return;
    this.#working.add(queue);
    await this.#boss.work(
      queue,
      { ...this.#pollingOptions(), includeMetadata: true as const },
      async (jobs: JobWithMetadata<unknown>[]) => {
        for (const run of jobs) {
          const handler = this.#cronHandlers.get(job);
          if (!handler) throw new Error(`cron job ${job} has no registered handler`);
          const data = cronDataSchema.parse(run.data ?? {});
          const context = this.#context(run, this.retryPolicy(`cron:${job}`));
          await handler({ ...context, tick: data.tick ?? run.createdOn.toISOString() });
        }
      },
    );
  }

  async #workDeadLetters(): Promise<void> {
    if (this.#working.has(DEAD_LETTER_QUEUE)) return;
    this.#working.add(DEAD_LETTER_QUEUE);
    await this.#boss.work(
      DEAD_LETTER_QUEUE,
      { ...this.#pollingOptions(), includeMetadata: true as const },
      async (jobs: JobWithMetadata<unknown>[]) => {
        for (const job of jobs) {
          const data = (job.data ?? {}) as Record<string, unknown>;
          const { name, subscriber } = sourceOfQueue(job.sourceName ?? "unknown");
          await this.database.db
            .insert(deadLetters)
            .values({
              id: newId(),
              organizationId: typeof data.organizationId === "string" ? data.organizationId : null,
              event: name,
              subscriber,
              jobId: job.sourceId ?? job.id,
              payload: data,
              error: errorText(job.sourceOutput),
              attempts: (job.sourceRetryCount ?? 0) + 1,
            })
            .onConflictDoNothing({ target: deadLetters.jobId });
          this.#options.logger?.warn({ event: name, subscriber, jobId: job.sourceId }, "event dead-lettered");
        }
      },
    );
  }

  #logError(error: unknown, queue: string): void {
    this.#options.logger?.error({ err: error, queue }, "failed to start worker");
  }
}

/** Inserts the delivery key; false when it was seen before. */
const claimDelivery = async (tx: Tx, deliveryKey: string): Promise<boolean> => {
  const rows = await tx
    .insert(webhookDeliveries)
    .values({ deliveryKey })
    .onConflictDoNothing()
    .returning({ deliveryKey: webhookDeliveries.deliveryKey });
  return rows.length === 1;
};

const errorText = (output: unknown): string | null => {
  if (output === null || output === undefined) return null;
  if (typeof output === "object" && "message" in output && typeof output.message === "string") {
    return output.message;
  }
  return JSON.stringify(output).slice(0, 4000);
};
