import { randomBytes } from "node:crypto";
import { newId, type OffsetPagination } from "@tally/core";
import { rewardWebhookDeliveries, rewardWebhookSecrets, type Tx, withTenant } from "@tally/db";
import type { EventBus, EventPayload, JobContext } from "@tally/events";
import { signEventRequest } from "@tally/events";
import type { AppDeps } from "@tally/trpc";
import { and, count, desc, eq } from "drizzle-orm";
import {
  type DeliveryAttemptRecord,
  isAttemptable,
  newDeliveryRow,
  recordDeliveryAttempt,
} from "./delivery-state.ts";
import type { RewardWebhookDelivery } from "./schemas.ts";

export const REWARD_WEBHOOK_EVENT = "reward-webhook-delivery";
/** Names the delivery on every attempt, so a receiver acts on it once. */
export const DELIVERY_ID_HEADER = "X-Delivery-Id";

type DeliveryRow = typeof rewardWebhookDeliveries.$inferSelect;

export interface RewardRef {
  organizationId: string;
  rewardId: string;
}

/** The reward's signing secret, made (random, 32 bytes hex) the first time it is needed. */
export const ensureWebhookSecret = async (
  tx: Tx,
  { organizationId, rewardId }: RewardRef,
): Promise<string> => {
  await tx
    .insert(rewardWebhookSecrets)
    .values({ organizationId, rewardId, secret: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ secret: rewardWebhookSecrets.secret })
    .from(rewardWebhookSecrets)
    .where(
      and(
        eq(rewardWebhookSecrets.organizationId, organizationId),
        eq(rewardWebhookSecrets.rewardId, rewardId),
      ),
    );
  if (!row) throw new Error(`the webhook secret of reward ${rewardId} was not stored`);
  return row.secret;
};

export const presentDelivery = (row: DeliveryRow): RewardWebhookDelivery => ({
  id: row.id,
  rewardId: row.rewardId,
  redemptionId: row.redemptionId,
  url: row.url,
  status: row.status,
  attempts: row.attempts,
  lastResponseStatus: row.lastResponseStatus,
  lastError: row.lastError,
  lastAttemptAt: row.lastAttemptAt,
  deliveredAt: row.deliveredAt,
  payload: row.payload,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export interface QueueWebhookInput {
  redemptionId: string;
  url: string;
  payload: Record<string, unknown>;
}

const deliveryOfRedemption = async (tx: Tx, organizationId: string, redemptionId: string) => {
  const [row] = await tx
    .select()
    .from(rewardWebhookDeliveries)
    .where(
      and(
        eq(rewardWebhookDeliveries.organizationId, organizationId),
        eq(rewardWebhookDeliveries.redemptionId, redemptionId),
      ),
    );
  return row;
};

/**
 * Records the redemption's webhook (QUEUED, its body fixed) and enqueues its first attempt in the same
 * transaction. Idempotent per redemption: a second call answers the delivery the first recorded.
 */
export const queueRewardWebhook = async (
  { tx, events, now }: { tx: Tx; events: Pick<EventBus, "publish">; now: Date },
  reward: RewardRef,
  input: QueueWebhookInput,
): Promise<DeliveryRow> => {
  const { organizationId } = reward;
  const existing = await deliveryOfRedemption(tx, organizationId, input.redemptionId);
  if (existing) return existing;
  await ensureWebhookSecret(tx, reward);
  const [row] = await tx
    .insert(rewardWebhookDeliveries)
    .values(
      newDeliveryRow({
        organizationId,
        id: newId(),
        redemptionId: input.redemptionId,
        rewardId: reward.rewardId,
        url: input.url,
        payload: input.payload,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const made = await deliveryOfRedemption(tx, organizationId, input.redemptionId);
    if (!made) throw new Error(`the webhook of redemption ${input.redemptionId} conflicted but is not there`);
    return made;
  }
  await events.publish(tx, REWARD_WEBHOOK_EVENT, { organizationId, deliveryId: row.id });
  return row;
};

export type DeliverWebhookDeps = Pick<AppDeps, "database" | "clock" | "providers">;

/** What one attempt found: the caller throws on `retry`, so the queue retries it (then dead-letters it). */
export interface DeliveryAttempt {
  outcome: "delivered" | "refused" | "retry" | "skipped";
  /** Why it was not delivered. */
  error: string | null;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * One attempt of the `reward-webhook-delivery` job (claim, call, record): reads the delivery and the
 * reward's secret, POSTs the stored body signed afresh (outside any transaction), then records the
 * outcome. A 2xx is DELIVERED; a refused address is REFUSED for good; anything else stays QUEUED to be
 * retried, and on the last attempt becomes FAILED (the job then lands in dead_letters, where an
 * operator's replay runs it again). A delivery already DELIVERED or REFUSED is not sent again.
 */
export const attemptRewardWebhook = async (
  deps: DeliverWebhookDeps,
  { organizationId, deliveryId }: EventPayload<typeof REWARD_WEBHOOK_EVENT>,
  { lastAttempt }: { lastAttempt: boolean },
): Promise<DeliveryAttempt> => {
  const where = and(
    eq(rewardWebhookDeliveries.organizationId, organizationId),
    eq(rewardWebhookDeliveries.id, deliveryId),
  );
  const claimed = await withTenant(deps.database.db, organizationId, async (tx) => {
    const [row] = await tx.select().from(rewardWebhookDeliveries).where(where);
    if (!row || !isAttemptable(row)) return undefined;
    return { row, secret: await ensureWebhookSecret(tx, { organizationId, rewardId: row.rewardId }) };
  });
  if (!claimed) return { outcome: "skipped", error: null };
  const body = JSON.stringify(claimed.row.payload);
  const result = await deps.providers.outboundWebhooks.post({
    url: claimed.row.url,
    body,
    headers: {
      ...signEventRequest(claimed.secret, body, deps.clock.now()),
      [DELIVERY_ID_HEADER]: claimed.row.id,
    },
  });
  const outcome: DeliveryAttemptRecord["outcome"] =
    result.outcome === "answered" && isSuccess(result.status)
      ? "delivered"
      : result.outcome === "refused"
        ? "refused"
        : "retry";
  const error =
    result.outcome === "answered"
      ? isSuccess(result.status)
        ? null
        : `The receiver answered ${result.status}`
      : result.message;
  await withTenant(deps.database.db, organizationId, (tx) =>
    recordDeliveryAttempt({ tx, now: deps.clock.now() }, claimed.row, {
      outcome,
      lastAttempt,
      lastResponseStatus: result.outcome === "answered" ? result.status : null,
      lastError: error,
    }),
  );
  return { outcome, error };
};

/** The `reward-webhook-delivery` handler: one attempt; a retryable failure throws so the queue retries it. */
export const registerRewardWebhookHandler = (bus: EventBus, deps: DeliverWebhookDeps): void => {
  bus.subscribe(REWARD_WEBHOOK_EVENT, "rewards", async (payload, context: JobContext) => {
    const attempt = await attemptRewardWebhook(deps, payload, { lastAttempt: context.lastAttempt });
    if (attempt.outcome === "retry")
      throw new Error(`reward webhook ${payload.deliveryId}, attempt ${context.attempt}: ${attempt.error}`);
  });
};

/** The reward's deliveries, newest first. */
export const listRewardWebhookDeliveries = async (tx: Tx, reward: RewardRef, page: OffsetPagination) => {
  const where = and(
    eq(rewardWebhookDeliveries.organizationId, reward.organizationId),
    eq(rewardWebhookDeliveries.rewardId, reward.rewardId),
  );
  const rows = await tx
    .select()
    .from(rewardWebhookDeliveries)
    .where(where)
    .orderBy(desc(rewardWebhookDeliveries.createdAt), desc(rewardWebhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(rewardWebhookDeliveries).where(where);
  return { items: rows.map(presentDelivery), total: total?.value ?? 0 };
};
