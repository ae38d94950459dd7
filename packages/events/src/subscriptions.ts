import type { Job, JobResult } from "pg-boss";
import { type EventName, type EventPayload, eventPayloads, subscriberQueue } from "./catalogue.ts";

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
  /** No retry follows a failure of this attempt (it goes to the dead letters). */
  lastAttempt: boolean;
}

export type EventHandler<E extends EventName> = (
  payload: EventPayload<E>,
  context: JobContext,
) => Promise<void>;

/** One job of a batch handed to a batch handler. */
export interface BatchJob<E extends EventName> {
  payload: EventPayload<E>;
  context: JobContext;
}

/**
 * Works many jobs at once (one statement for many rows). Resolving completes every job; throwing
 * makes the bus run each job again on its own (a batch of one), so one bad job fails alone.
 */
export type BatchEventHandler<E extends EventName> = (jobs: BatchJob<E>[]) => Promise<void>;

/**
 * A batch's payloads by organization, each tenant's in arrival order: a batch handler works each
 * tenant under its own row-level security.
 */
export const payloadsByTenant = <P extends { organizationId: string }>(
  payloads: readonly P[],
): Map<string, P[]> => {
  const byTenant = new Map<string, P[]>();
  for (const payload of payloads) {
    const payloads = byTenant.get(payload.organizationId);
    if (payloads) payloads.push(payload);
    else byTenant.set(payload.organizationId, [payload]);
  }
  return byTenant;
};

/** How one subscriber's queue is worked. */
export interface SubscriberOptions {
  /** Overrides the bus's retry policy for this subscriber's queue. */
  retry?: Partial<RetryPolicy>;
  /**
   * Jobs fetched at once by one worker and run side by side; each completes or fails on its own.
   * A subscriber whose handler holds a scarce resource (one outside call at a time) lowers it.
   */
  batchSize?: number;
  /** Workers polling this queue in one process. */
  workers?: number;
}

/** One domain's subscription to an event: its own queue, retries and dead letters. */
export interface Subscription<E extends EventName = EventName> {
  event: E;
  /** Who subscribes, e.g. the domain's name: `[a-z][a-z0-9-]*`, unique per event. */
  subscriber: string;
  queue: string;
  handler: { kind: "each"; run: EventHandler<E> } | { kind: "batch"; run: BatchEventHandler<E> };
  options: SubscriberOptions;
}

const SUBSCRIBER_NAME = /^[a-z][a-z0-9-]{0,62}$/;

export const createSubscription = <E extends EventName>(
  event: E,
  subscriber: string,
  handler: Subscription<E>["handler"],
  options: SubscriberOptions,
): Subscription<E> => {
  if (!SUBSCRIBER_NAME.test(subscriber)) throw new Error(`invalid subscriber name: ${subscriber}`);
  return { event, subscriber, queue: subscriberQueue(event, subscriber), handler, options };
};

const errorOutput = (error: unknown) =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { message: String(error) };

const contextOf = (job: Job<unknown>, retry: RetryPolicy): JobContext => ({
  jobId: job.id,
  attempt: job.retryCount + 1,
  lastAttempt: job.retryCount >= retry.limit,
});

/** Settles one unit of work: completed when it resolves, failed (retried on its own) when it throws. */
const settle = async (id: string, work: () => Promise<void>): Promise<JobResult> => {
  try {
    await work();
    return { id, status: "completed" };
  } catch (error) {
    return { id, status: "failed", output: errorOutput(error) };
  }
};

/**
 * Runs one fetched batch, each job settled on its own (a failure retries that job alone). A per-job
 * handler runs every job side by side; a batch handler gets them all at once and, if it throws,
 * each job again alone. A payload that no longer parses can never succeed, so it goes straight to
 * the dead letters. `onBatchFailed` hears of a batch handler's failure before the per-job retry.
 */
export const runBatch = async <E extends EventName>(
  subscription: Subscription<E>,
  retry: RetryPolicy,
  jobs: Job<unknown>[],
  onBatchFailed?: (error: unknown, jobs: number) => void,
): Promise<JobResult[]> => {
  const results: JobResult[] = [];
  const valid: Array<{ id: string; batchJob: BatchJob<E> }> = [];
  for (const job of jobs) {
    const parsed = eventPayloads[subscription.event].safeParse(job.data);
    if (!parsed.success)
      results.push({ id: job.id, status: "deadletter", output: errorOutput(parsed.error) });
    else
      valid.push({
        id: job.id,
        batchJob: { payload: parsed.data as EventPayload<E>, context: contextOf(job, retry) },
      });
  }
  const { handler } = subscription;
  if (handler.kind === "each") {
    const settled = await Promise.all(
      valid.map(({ id, batchJob }) => settle(id, () => handler.run(batchJob.payload, batchJob.context))),
    );
    return [...results, ...settled];
  }
  if (valid.length === 0) return results;
  try {
    await handler.run(valid.map(({ batchJob }) => batchJob));
    return [...results, ...valid.map(({ id }): JobResult => ({ id, status: "completed" }))];
  } catch (error) {
    if (valid.length === 1)
      return [...results, { id: valid[0]!.id, status: "failed", output: errorOutput(error) }];
    onBatchFailed?.(error, valid.length);
  }
  const pending = [...valid];
  const lane = async (): Promise<void> => {
    for (let next = pending.shift(); next; next = pending.shift()) {
      const { id, batchJob } = next;
      results.push(await settle(id, () => handler.run([batchJob])));
    }
  };
  await Promise.all(Array.from({ length: Math.min(FALLBACK_LANES, valid.length) }, lane));
  return results;
};

/** Jobs of a failed batch run alone this many at a time: as a per-job queue's default batch (outside calls). */
const FALLBACK_LANES = 16;
