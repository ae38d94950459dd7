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
  cronDeadLetterName,
  cronJobNames,
  cronJobs,
  cronQueue,
  DEAD_LETTER_QUEUE,
  type EventName,
  type EventPayload,
  eventNames,
  eventPayloads,
  eventQueue,
  isCronJobName,
  isEventName,
} from "./catalogue.ts";
import { DEFAULT_QUEUE_SCHEMA, grantQueueAccess } from "./grants.ts";

/** Retry policy of a queue: `limit` retries after the first attempt, exponential backoff with jitter. */
export interface RetryPolicy {
  /** Retries after the first attempt (spec: 3). */
  limit: number;
  /** Base delay in whole seconds (pg-boss: delay = base * (2^n/2 + 2^n/2 * random()), base >= 1). */
  delaySeconds: number;
  /** Cap on one delay in whole seconds; null = no cap. */
  maxDelaySeconds: number | null;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { limit: 3, delaySeconds: 5, maxDelaySeconds: 3600 };

export interface JobContext {
  /** The pg-boss job id (stable across retries of one delivery). */
  jobId: string;
  /** 1 for the first try, 2 for the first retry, ... */
  attempt: number;
}

export interface CronContext extends JobContext {
  /** The occurrence this run is for: the `tick` of a webhook call, or the scheduled job's creation time. */
  tick: string;
}

export type EventHandler<E extends EventName> = (
  payload: EventPayload<E>,
  context: JobContext,
) => Promise<void>;
export type CronHandler = (context: CronContext) => Promise<void>;

export interface EventBusOptions {
  database: Database;
  /** pg-boss schema. */
  schema?: string;
  /** Default retry policy of every event and cron queue. */
  retry?: Partial<RetryPolicy>;
  /** Per-queue overrides ("configurable per queue"). */
  retryOverrides?: Partial<Record<EventName | `cron:${CronJobName}`, Partial<RetryPolicy>>>;
  /** Consume queues in this process (worker role). An api-only process sets false. Default true. */
  work?: boolean;
  /** Run pg-boss's cron pass (turns schedules into jobs). Default = `work`. */
  cron?: boolean;
  /** Worker polling interval in seconds (>= 0.5). Default 0.5. */
  pollingIntervalSeconds?: number;
  /** Concurrent jobs per queue in this process. Default 4. */
  concurrency?: number;
  /** PostgreSQL only: size of pg-boss's own pool. Default 4. */
  poolSize?: number;
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
};

/**
 * A running job's worker refreshes its heartbeat every half of this; a job whose heartbeat is older
 * (its worker was killed) is failed into a retry by the next supervisor pass. Without it a killed
 * worker's jobs stay `active` until pg-boss's 15-minute expiry.
 */
const JOB_HEARTBEAT_SECONDS = 30;

export class EventBus {
  readonly database: Database;
  readonly schema: string;
  readonly #boss: PgBoss;
  readonly #options: EventBusOptions;
  readonly #retry: RetryPolicy;
  readonly #handlers = new Map<EventName, EventHandler<EventName>>();
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
      migrate: true,
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

  retryPolicy(name: EventName | `cron:${CronJobName}`): RetryPolicy {
    return { ...this.#retry, ...this.#options.retryOverrides?.[name] };
  }

  /**
   * Installs or migrates pg-boss's schema, creates the queues (26 events, 8 cron jobs, the dead-letter
   * queue) with the retry policy, grants the tenant role, and starts the workers of registered handlers.
   */
  async start(): Promise<void> {
    if (this.#state !== "new") throw new Error(`EventBus.start(): bus is ${this.#state}`);
    this.#state = "starting";
    try {
      await this.#boss.start();
      await this.#ensureQueues();
      await grantQueueAccess(this.database, this.schema);
      this.#state = "started";
      if (this.#works) await this.#workDeadLetters();
      for (const event of this.#handlers.keys()) await this.#workEvent(event);
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

  /** One handler per event in a process. Registered before or after start(). */
  register<E extends EventName>(event: E, handler: EventHandler<E>): void {
    if (!isEventName(event)) throw new Error(`unknown event: ${String(event)}`);
    if (this.#handlers.has(event)) throw new Error(`a handler for ${event} is already registered`);
    this.#handlers.set(event, handler as unknown as EventHandler<EventName>);
    if (this.#state === "started") void this.#workEvent(event).catch((error) => this.#logError(error, event));
  }

  /** Registers the handler of a cron job. Runs once per occurrence (pg-boss schedule or `runCron`). */
  registerCron(job: CronJobName, handler: CronHandler): void {
    if (!isCronJobName(job)) throw new Error(`unknown cron job: ${String(job)}`);
    if (this.#cronHandlers.has(job)) throw new Error(`a handler for cron job ${job} is already registered`);
    this.#cronHandlers.set(job, handler);
  }

  hasHandler(event: EventName): boolean {
    return this.#handlers.has(event);
  }

  hasCronHandler(job: CronJobName): boolean {
    return this.#cronHandlers.has(job);
  }

  /**
   * Validates the payload and enqueues the event inside the caller's transaction: the job exists if and
   * only if the transaction commits. Works inside `withTenant` (role tally_app) after start().
   * Passing the outer database instead of a transaction enqueues immediately. Returns the job id.
   * `options.startAfter`: the job runs at that instant, not before (e.g. an airdrop's date).
   */
  async publish<E extends EventName>(
    tx: Executor,
    event: E,
    payload: EventPayload<E>,
    options: { startAfter?: Date } = {},
  ): Promise<string> {
    const data = this.#validate(event, payload);
    this.#assertStarted("publish");
    const id = await this.#boss.send(eventQueue(event), data, { ...options, db: bossDbFor(tx) });
    if (!id) throw new Error(`pg-boss did not enqueue ${event}`);
    return id;
  }

  /**
   * `/webhooks/events/{event}`: validates and enqueues the event in its own transaction. With a
   * `deliveryKey`, a delivery seen before is not enqueued again (`duplicate: true`).
   */
  async dispatch(
    event: string,
    payload: unknown,
    options: { deliveryKey?: string } = {},
  ): Promise<{ jobId: string | null; duplicate: boolean }> {
    if (!isEventName(event)) throw new AppError("not_found", `Unknown event: ${event}`);
    // Accepting an event no one consumes would be a fake success.
    if (!this.#handlers.has(event)) {
      throw new AppError("not_implemented", `No handler is registered for event ${event}`);
    }
    const data = this.#validate(event, payload);
    this.#assertStarted("dispatch");
    return this.database.db.transaction(async (tx) => {
      if (options.deliveryKey && !(await claimDelivery(tx, `event:${event}:${options.deliveryKey}`))) {
        return { jobId: null, duplicate: true };
      }
      const jobId = await this.#boss.send(eventQueue(event), data, { db: bossDbFor(tx) });
      return { jobId, duplicate: false };
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

  /** Re-enqueues a dead letter's payload into its original queue, inside `tx`. */
  async enqueueReplay(tx: Tx, name: string, payload: unknown): Promise<string> {
    this.#assertStarted("replay");
    if (name.startsWith("cron:")) {
      const job = name.slice("cron:".length);
      if (!isCronJobName(job)) throw new AppError("invalid_state", `Unknown cron job in dead letter: ${job}`);
      const data = cronDataSchema.parse(payload ?? {});
      const id = await this.#boss.send(cronQueue(job), data, { db: bossDbFor(tx) });
      if (!id) throw new Error(`pg-boss did not enqueue ${name}`);
      return id;
    }
    if (!isEventName(name)) throw new AppError("invalid_state", `Unknown event in dead letter: ${name}`);
    return this.publish(tx, name, payload as EventPayload<typeof name>);
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

  #queueOptions(policy: RetryPolicy): QueueOptionsLike {
    return {
      retryLimit: policy.limit,
      retryDelay: Math.max(1, Math.round(policy.delaySeconds)),
      retryBackoff: true,
      heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
      ...(policy.maxDelaySeconds === null
        ? {}
        : { retryDelayMax: Math.max(0, Math.round(policy.maxDelaySeconds)) }),
    };
  }

  async #ensureQueues(): Promise<void> {
    const existing = new Map((await this.#boss.getQueues()).map((queue) => [queue.name, queue]));
    const wanted: Array<[string, QueueOptionsLike]> = [
      // The dead-letter consumer only inserts a row: retry it harder, never dead-letter it.
      [DEAD_LETTER_QUEUE, this.#queueOptions({ limit: 10, delaySeconds: 1, maxDelaySeconds: 300 })],
      ...eventNames.map((event): [string, QueueOptionsLike] => [
        eventQueue(event),
        { ...this.#queueOptions(this.retryPolicy(event)), deadLetter: DEAD_LETTER_QUEUE },
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
        (queue.heartbeatSeconds ?? null) !== options.heartbeatSeconds
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

  #context(job: Job<unknown>): JobContext {
    return { jobId: job.id, attempt: job.retryCount + 1 };
  }

  #workOptions() {
    return {
      // One job per fetch keeps retries per job; several workers per queue keep a backlog moving.
      batchSize: 1,
      pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? 0.5,
      localConcurrency: this.#options.concurrency ?? 4,
    };
  }

  async #workEvent(event: EventName): Promise<void> {
    const queue = eventQueue(event);
    if (!this.#works || this.#working.has(queue)) return;
    this.#working.add(queue);
    await this.#boss.work<unknown>(queue, this.#workOptions(), async (jobs) => {
      for (const job of jobs) {
        const handler = this.#handlers.get(event);
        if (!handler) throw new Error(`no handler registered for event ${event}`);
        const payload = eventPayloads[event].parse(job.data);
        await handler(payload, this.#context(job));
      }
    });
  }

  async #workCron(job: CronJobName): Promise<void> {
    const queue = cronQueue(job);
    if (this.#working.has(queue)) return;
    this.#working.add(queue);
    await this.#boss.work(
      queue,
      { ...this.#workOptions(), includeMetadata: true as const },
      async (jobs: JobWithMetadata<unknown>[]) => {
        for (const run of jobs) {
          const handler = this.#cronHandlers.get(job);
          if (!handler) throw new Error(`cron job ${job} has no registered handler`);
          const data = cronDataSchema.parse(run.data ?? {});
          await handler({ ...this.#context(run), tick: data.tick ?? run.createdOn.toISOString() });
        }
      },
    );
  }

  async #workDeadLetters(): Promise<void> {
    if (this.#working.has(DEAD_LETTER_QUEUE)) return;
    this.#working.add(DEAD_LETTER_QUEUE);
    await this.#boss.work(
      DEAD_LETTER_QUEUE,
      { ...this.#workOptions(), includeMetadata: true as const },
      async (jobs: JobWithMetadata<unknown>[]) => {
        for (const job of jobs) {
          const data = (job.data ?? {}) as Record<string, unknown>;
          const sourceName = job.sourceName ?? "unknown";
          const name = sourceName.startsWith("event.")
            ? sourceName.slice("event.".length)
            : sourceName.startsWith("cron.")
              ? cronDeadLetterName(sourceName.slice("cron.".length) as CronJobName)
              : sourceName;
          await this.database.db
            .insert(deadLetters)
            .values({
              id: newId(),
              organizationId: typeof data.organizationId === "string" ? data.organizationId : null,
              event: name,
              jobId: job.sourceId ?? job.id,
              payload: data,
              error: errorText(job.sourceOutput),
              attempts: (job.sourceRetryCount ?? 0) + 1,
            })
            .onConflictDoNothing({ target: deadLetters.jobId });
          this.#options.logger?.warn({ event: name, jobId: job.sourceId }, "event dead-lettered");
        }
      },
    );
  }

  #logError(error: unknown, event: string): void {
    this.#options.logger?.error({ err: error, event }, "failed to start worker");
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
