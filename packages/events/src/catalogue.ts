import { z } from "zod";

/**
 * The 26 asynchronous events of spec 01 and their payloads. Every payload names its organization
 * and carries ids only: a handler re-reads current state (handlers must be idempotent, and the
 * row may have moved on since the event was published).
 */
const id = z.string().min(1).max(128);
const organizationId = id;
const base = { organizationId };

const specEventPayloads = {
  "purchase-processed": z.object({ ...base, orderId: id }),
  "order-confirmation": z.object({ ...base, orderId: id }),
  "creator-order-confirmation": z.object({ ...base, orderId: id, creatorId: id }),
  "storefront-order-push": z.object({ ...base, orderId: id }),
  "campaign-published": z.object({ ...base, campaignId: id }),
  "campaign-ended": z.object({ ...base, campaignId: id }),
  "campaign-reviewed": z.object({
    ...base,
    campaignId: id,
    decision: z.enum(["approved", "rejected"]),
    /** The review this event announces: a late delivery names its own review, not the campaign's latest. */
    reviewedAt: z.iso.datetime(),
    reason: z.string().max(2000).nullable(),
  }),
  "campaign-vote": z.object({ ...base, campaignId: id, voteId: id, userId: id }),
  "nft-received": z.object({ ...base, userId: id, rewardId: id, mintId: id }),
  "nft-redeemed": z.object({ ...base, userId: id, rewardId: id, redemptionId: id }),
  "nft-reward-published": z.object({ ...base, rewardId: id }),
  "points-received": z.object({ ...base, userId: id, pointTransactionId: id }),
  airdrop: z.object({ ...base, airdropId: id }),
  "user-created": z.object({ ...base, userId: id }),
  follow: z.object({ ...base, userId: id, creatorId: id }),
  "product-published": z.object({ ...base, productId: id }),
  "storefront-products-sync": z.object({ ...base, storeConnectionId: id }),
  "api-key-changed": z.object({
    ...base,
    keyId: id,
    change: z.enum(["created", "rotated", "revoked", "updated", "deleted"]),
  }),
  "cardproc-onboarding-reminder": z.object({ ...base, creatorId: id }),
  "presale-purchase-processed": z.object({ ...base, presaleId: id, purchaseId: id }),
  "task-pool-deployed": z.object({ ...base, taskPoolId: id }),
  "task-created": z.object({ ...base, taskId: id }),
  "task-verification-requested": z.object({ ...base, taskId: id, submissionId: id }),
  "enrichment-crawl": z.object({ ...base, ingestionId: id }),
  "enrichment-extract": z.object({ ...base, ingestionId: id }),
  "enrichment-baseline": z.object({ ...base, ingestionId: id }),
} as const satisfies Record<string, z.ZodType<{ organizationId: string }>>;

/** Work a request hands to the worker (not in spec 01): an outside call that must not run inside the request's transaction. */
const internalEventPayloads = {
  /** An order's amount due changed while a card intent may be live: the intent follows it at the processor. */
  "card-intent-amount-changed": z.object({ ...base, orderId: id }),
  /** A CUSTOM_REWARD redemption's webhook is due: one delivery attempt (retried with backoff, then dead-lettered). */
  "reward-webhook-delivery": z.object({ ...base, deliveryId: id }),
  /** Mints of a programme were queued: a mint run for that programme starts now, not at the next mint-queue tick. */
  "reward-mints-queued": z.object({ ...base, rewardId: id }),
  /** A task's claim lease ends (published with the claim, to run at the lease's end): Open again unless submitted. */
  "task-claim-lease-ended": z.object({ ...base, taskId: id }),
  /** A task's deadline (deadline + grace once submitted) is reached (published to run then): it expires, refunded. */
  "task-deadline-reached": z.object({ ...base, taskId: id }),
} as const satisfies Record<string, z.ZodType<{ organizationId: string }>>;

export const eventPayloads = { ...specEventPayloads, ...internalEventPayloads };

export const specEventNames = Object.keys(specEventPayloads) as (keyof typeof specEventPayloads)[];

export type EventName = keyof typeof eventPayloads;
export type EventPayload<E extends EventName> = z.infer<(typeof eventPayloads)[E]>;

export const eventNames = Object.keys(eventPayloads) as EventName[];

export const isEventName = (value: string): value is EventName => Object.hasOwn(eventPayloads, value);

/** The 8 scheduled jobs of spec 01, as 5-field cron expressions evaluated in UTC. */
export const cronJobs = {
  "airdrop-monitor": { schedule: "*/5 * * * *", description: "processes PENDING airdrops, queues mints" },
  "campaign-monitor": { schedule: "*/15 * * * *", description: "ends campaigns past their deadline" },
  "contract-monitor": { schedule: "*/10 * * * *", description: "verifies reward contract deployments" },
  "enrichment-baseline-recompute": { schedule: "0 */6 * * *", description: "recomputes stale baselines" },
  "mint-queue": { schedule: "* * * * *", description: "batches and executes PENDING queued mints" },
  "payouts-sweep": { schedule: "*/30 * * * *", description: "transfers ELIGIBLE creator payouts" },
  "cardproc-onboarding-reminder": {
    schedule: "0 9 * * *",
    description: "reminds creators to finish onboarding",
  },
  "token-presale-monitor": {
    schedule: "*/15 * * * *",
    description: "checks presale deadlines and distribution",
  },
} as const satisfies Record<string, { schedule: string; description: string }>;

export type CronJobName = keyof typeof cronJobs;

export const cronJobNames = Object.keys(cronJobs) as CronJobName[];

export const isCronJobName = (value: string): value is CronJobName => Object.hasOwn(cronJobs, value);

/**
 * pg-boss queue names. Prefixed: `cardproc-onboarding-reminder` is both an event and a cron job.
 * Each subscriber of an event has its own queue (its own retries and dead letters).
 */
export const subscriberQueue = (event: EventName, subscriber: string): string =>
  `event.${event}.${subscriber}`;
export const cronQueue = (job: CronJobName): string => `cron.${job}`;
export const DEAD_LETTER_QUEUE = "tally.dead-letter";

/**
 * The queue every event had before events had subscribers. A worker drains what is still queued there
 * into the subscribers' queues at start (jobs published by an older deployment).
 */
export const legacyEventQueue = (event: EventName): string => `event.${event}`;

/** What a dead letter's source queue was: an event's subscriber (or the legacy event queue), or a cron job. */
export const sourceOfQueue = (queue: string): { name: string; subscriber: string | null } => {
  if (queue.startsWith("event.")) {
    const rest = queue.slice("event.".length);
    const dot = rest.indexOf(".");
    return dot === -1
      ? { name: rest, subscriber: null }
      : { name: rest.slice(0, dot), subscriber: rest.slice(dot + 1) };
  }
  if (queue.startsWith("cron."))
    return { name: cronDeadLetterName(queue.slice("cron.".length) as CronJobName), subscriber: null };
  return { name: queue, subscriber: null };
};

/** The `event` column of a dead letter: the event name, or `cron:<job>` for a scheduled job. */
export const cronDeadLetterName = (job: CronJobName): string => `cron:${job}`;
