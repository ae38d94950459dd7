/** CUSTOM_REWARD webhook tables, owned by @tally/rewards's webhooks feature. */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

/**
 * QUEUED (waiting for an attempt or a retry) -> DELIVERED (a 2xx answer) | FAILED (every attempt failed,
 * the job is in dead_letters; a replay puts it back to QUEUED) | REFUSED (the URL may not be reached:
 * scheme or private/loopback/metadata address; never retried).
 */
export const rewardWebhookStatuses = ["QUEUED", "DELIVERED", "FAILED", "REFUSED"] as const;
export type RewardWebhookStatus = (typeof rewardWebhookStatuses)[number];

/** The key a reward's webhooks are signed with (HMAC-SHA256); made when first needed. */
export const rewardWebhookSecrets = pgTable(
  "reward_webhook_secrets",
  {
    organizationId: text("organization_id").notNull(),
    rewardId: text("reward_id").notNull(),
    secret: text("secret").notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.rewardId] })],
);

/**
 * One webhook per redemption (unique): the body is fixed when it is queued, so every attempt sends the
 * same bytes (only the signature's timestamp changes).
 */
export const rewardWebhookDeliveries = pgTable(
  "reward_webhook_deliveries",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    redemptionId: text("redemption_id").notNull(),
    rewardId: text("reward_id").notNull(),
    url: text("url").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: rewardWebhookStatuses }).notNull().default("QUEUED"),
    attempts: integer("attempts").notNull().default(0),
    /** The HTTP status of the last answer, when there was one. */
    lastResponseStatus: integer("last_response_status"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("reward_webhook_deliveries_redemption").on(t.organizationId, t.redemptionId),
    index("reward_webhook_deliveries_reward").on(t.organizationId, t.rewardId, t.createdAt),
    check("reward_webhook_deliveries_attempts", sql`${t.attempts} >= 0`),
  ],
);
