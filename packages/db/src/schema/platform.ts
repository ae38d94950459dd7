/** Tables owned by @tally/platform. */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

/** Global reference table: the subscription tiers (seeded). */
export const subscriptionTiers = pgTable("subscription_tiers", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  price: integer("price").notNull(),
  monthlyApiCalls: integer("monthly_api_calls").notNull(),
  maxApiKeys: integer("max_api_keys").notNull(),
  maxCreators: integer("max_creators").notNull(),
  /** Per-key sustained request rate; the bucket holds twice this for bursts. */
  requestsPerSecond: integer("requests_per_second").notNull(),
  features: text("features").array().notNull(),
});

export const organizations = pgTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  domain: text("domain"),
  subscriptionTierId: text("subscription_tier_id")
    .notNull()
    .references(() => subscriptionTiers.id),
  createdAt,
  updatedAt,
});

export const organizationSettings = pgTable("organization_settings", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  x402Enabled: boolean("x402_enabled").notNull().default(false),
  x402WalletAddress: text("x402_wallet_address"),
  defaultChainId: integer("default_chain_id").notNull().default(8453),
  rewardMode: text("reward_mode").notNull().default("QUEUE"),
  enrichmentEnabled: boolean("enrichment_enabled").notNull().default(false),
  autoPublishProducts: boolean("auto_publish_products").notNull().default(false),
  pointValueCents: integer("point_value_cents").notNull().default(1),
  applicationFeeBps: integer("application_fee_bps").notNull().default(500),
  payoutHoldDays: integer("payout_hold_days").notNull().default(7),
  updatedAt: updatedAt,
});

export const apiKeyRoles = ["MEMBER", "ADMIN", "OPERATOR"] as const;
export type ApiKeyRole = (typeof apiKeyRoles)[number];

export const apiKeys = pgTable(
  "api_keys",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    name: text("name"),
    role: text("role", { enum: apiKeyRoles }).notNull().default("MEMBER"),
    environment: text("environment", { enum: ["test", "live"] }).notNull(),
    keyPrefix: text("key_prefix").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    previousKeyId: text("previous_key_id"),
    rotatedAt: timestamp("rotated_at", { withTimezone: true, mode: "date" }),
    createdAt,
    updatedAt,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

/**
 * Global registry: sha256(key) -> key. The hash is unique across all tenants, so it lives in a small
 * registry keyed by that fact (ARCHITECTURE §5); the key value itself is never stored.
 */
export const apiKeyHashes = pgTable("api_key_hashes", {
  keyHash: text("key_hash").primaryKey(),
  keyId: text("key_id").notNull().unique(),
  organizationId: text("organization_id").notNull(),
});

/** Global singleton (id = 1): platform-wide configuration. */
export const appConfig = pgTable("app_config", {
  id: integer("id").primaryKey().default(1),
  network: text("network", { enum: ["base", "base-sepolia"] })
    .notNull()
    .default("base"),
  rewardMode: text("reward_mode", { enum: ["QUEUE", "IMMEDIATE"] })
    .notNull()
    .default("QUEUE"),
  updatedAt: updatedAt,
});

/** Token buckets, one per API key; processes lease tokens in small batches (see platform/rate-limit). */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    organizationId: text("organization_id").notNull(),
    keyId: text("key_id").notNull(),
    tokens: bigint("tokens_milli", { mode: "number" }).notNull(),
    refilledAt: timestamp("refilled_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.keyId] })],
);

/** Monthly API call counters per organization; `month` is 'YYYY-MM' in UTC. */
export const usageCounters = pgTable(
  "usage_counters",
  {
    organizationId: text("organization_id").notNull(),
    month: text("month").notNull(),
    calls: integer("calls").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month] })],
);

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    organizationId: text("organization_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["running", "done"] }).notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    createdAt: createdAt,
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.key] }),
    index("idempotency_keys_expires").on(t.expiresAt),
  ],
);
