/** Reward programmes and their queued mints (owned by @tally/rewards). */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

export const rewardTypes = [
  "POINTS",
  "FREE_PRODUCT",
  "DISCOUNT_CODE",
  "EVENT_PASS",
  "CUSTOM_REWARD",
  "EXCLUSIVE_ACCESS",
] as const;
export const rewardStatuses = ["DRAFT", "PUBLISHED", "DISABLED"] as const;
export const rewardConditionTypes = ["FANS", "GROUP", "POINTS_AT_LEAST"] as const;

/** One stored eligibility condition of a programme; `parameters` per type (docs/rewards.md). */
export interface StoredRewardCondition {
  type: (typeof rewardConditionTypes)[number];
  parameters: string[];
}

/**
 * A reward programme (spec 02 "Reward record") and its ERC-721 contract, one row: the contract is
 * the programme's, deployed once at publish (a clone at the address its salt fixes). `details` is
 * the detail record of the row's type; chain fields stay null until publish records them.
 */
export const nftRewards = pgTable(
  "nft_rewards",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    /** The spec's integer contract id. */
    contractId: serial("contract_id").notNull(),
    creatorId: text("creator_id").notNull(),
    type: text("type", { enum: rewardTypes }).notNull(),
    status: text("status", { enum: rewardStatuses }).notNull().default("DRAFT"),
    source: text("source"),
    airdropId: text("airdrop_id"),
    conditions: jsonb("conditions").$type<StoredRewardCondition[]>().notNull().default([]),
    details: jsonb("details").$type<Record<string, unknown>>(),
    name: text("name"),
    symbol: text("symbol"),
    description: text("description"),
    externalUrl: text("external_url"),
    imageUrl: text("image_url"),
    animationUrl: text("animation_url"),
    metadataIpfsHash: text("metadata_ipfs_hash"),
    /** Points it costs to redeem a token; 0 = free. */
    points: integer("points").notNull().default(0),
    /** 0 = unlimited. */
    maxSupply: integer("max_supply").notNull().default(0),
    transferable: boolean("transferable").notNull().default(true),
    chainId: integer("chain_id"),
    implementationAddress: text("implementation_address"),
    proxyAddress: text("proxy_address"),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    /** When the contract-monitor job last read the deployed contract. */
    contractCheckedAt: timestamp("contract_checked_at", { withTimezone: true, mode: "date" }),
    /** What the contract-monitor job found wrong with the deployed contract; null = as deployed. */
    contractDrift: text("contract_drift"),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("nft_rewards_creator").on(t.organizationId, t.creatorId, t.createdAt),
    check("nft_rewards_points_non_negative", sql`${t.points} >= 0`),
    check("nft_rewards_max_supply_non_negative", sql`${t.maxSupply} >= 0`),
  ],
);

/** A queued mint's states (spec 02 "Queued mint"): the one list every reader and writer uses. */
export const rewardMintStatuses = ["PENDING", "PROCESSING", "COMPLETED", "ERROR"] as const;
export type RewardMintStatus = (typeof rewardMintStatuses)[number];

/**
 * A queued mint: one token of a programme for one wallet, unique per (reward, wallet) as the contract's
 * one-token-per-wallet rule is. PENDING -> PROCESSING (claimed; `txHash` once broadcast) -> COMPLETED
 * (`tokenId` from the Transfer log) or ERROR (`error` kept; retried from `retryAt`, `attempts` counted).
 */
export const rewardMints = pgTable(
  "reward_mints",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    rewardId: text("reward_id").notNull(),
    userId: text("user_id").notNull(),
    /** Lowercase 0x address. */
    walletAddress: text("wallet_address").notNull(),
    status: text("status", { enum: rewardMintStatuses }).notNull().default("PENDING"),
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash"),
    /** Decimal uint256. */
    tokenId: text("token_id"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** When an ERROR mint may be claimed again (backoff). */
    retryAt: timestamp("retry_at", { withTimezone: true, mode: "date" }),
    /** When it last became PROCESSING: a claim this old whose record never came is reconciled. */
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("reward_mints_wallet").on(t.organizationId, t.rewardId, t.walletAddress),
    index("reward_mints_status").on(t.organizationId, t.status, t.rewardId),
    check("reward_mints_attempts_non_negative", sql`${t.attempts} >= 0`),
  ],
);
