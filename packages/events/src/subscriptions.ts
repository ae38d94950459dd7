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
  handler: EventHandler<E>;
  options: SubscriberOptions;
}

const SUBSCRIBER_NAME = /^[a-z][a-z0-9-]{0,62}$/;

export const createSubscription = <E extends EventName>(
  event: E,
  subscriber: string,
  handler: EventHandler<E>,
  options: SubscriberOptions,
): Subscription<E> => {
  if (!SUBSCRIBER_NAME.test(subscriber)) throw new Error(`invalid subscriber name: ${subscriber}`);
  return { event, subscriber, queue: subscriberQueue(event, subscriber), handler, options };
};

const errorOutput = (error: unknown) =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { message: String(error) };

/**
 * Runs one fetched batch: every job's handler side by side, each settled on its own (a failure
 * retries that job alone). A payload that no longer parses can never succeed, so it goes straight
 * to the dead letters.
 */
export const runBatch = async <E extends EventName>(
  subscription: Subscription<E>,
  retry: RetryPolicy,
  jobs: Job<unknown>[],
): Promise<JobResult[]> =>
  Promise.all(
    jobs.map(async (job): Promise<JobResult> => {
      const parsed = eventPayloads[subscription.event].safeParse(job.data);
      if (!parsed.success) return { id: job.id, status: "deadletter", output: errorOutput(parsed.error) };
      try {
        await subscription.handler(parsed.data as EventPayload<E>, {
          jobId: job.id,
          attempt: job.retryCount + 1,
          lastAttempt: job.retryCount >= retry.limit,
        });
        return { id: job.id, status: "completed" };
      } catch (error) {
        return { id: job.id, status: "failed", output: errorOutput(error) };
      }
    }),
  );
