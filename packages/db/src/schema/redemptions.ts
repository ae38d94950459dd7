/** Tables owned by @tally/rewards's redemptions. */
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
import { rewardTypes } from "./rewards.ts";

/** A redemption's states: claimed (effect running or interrupted), done, or refused by its effect. */
export const nftRedemptionStatuses = ["PROCESSING", "REDEEMED", "FAILED"] as const;
export type NftRedemptionStatus = (typeof nftRedemptionStatuses)[number];

/**
 * One redemption of one reward token (spec 02 "NftRedemption"), unique per (chain, contract, token): the claim
 * inserts it PROCESSING together with the point cost's NFT_REDEMPTION debit; the effect's outcome moves it to
 * REDEEMED (`rewardDetails`) or FAILED (`message`, cost refunded; the token may be redeemed again).
 */
export const nftRedemptions = pgTable(
  "nft_redemptions",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    rewardId: text("reward_id").notNull(),
    creatorId: text("creator_id").notNull(),
    userId: text("user_id").notNull(),
    rewardType: text("reward_type", { enum: rewardTypes }).notNull(),
    chainId: integer("chain_id").notNull(),
    /** Lowercase 0x address of the programme's clone. */
    contractAddress: text("contract_address").notNull(),
    /** Decimal uint256. */
    tokenId: text("token_id").notNull(),
    /** The user's wallet that held the token when it was claimed (lowercase). */
    walletAddress: text("wallet_address").notNull(),
    status: text("status", { enum: nftRedemptionStatuses }).notNull().default("PROCESSING"),
    /** Points deducted by the claim (the reward's cost then). */
    pointCost: integer("point_cost").notNull().default(0),
    rewardDetails: jsonb("reward_details").$type<Record<string, unknown>>(),
    /** Why the effect failed (FAILED), or why the last attempt was interrupted (PROCESSING). */
    message: text("message"),
    /** When the current claim was taken: a PROCESSING claim older than its lease may be taken over. */
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }).notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true, mode: "date" }),
    /** EVENT_PASS: the pass's first check-in; set once, by a conditional update, so one pass admits once. */
    checkedInAt: timestamp("checked_in_at", { withTimezone: true, mode: "date" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("nft_redemptions_token").on(t.organizationId, t.chainId, t.contractAddress, t.tokenId),
    index("nft_redemptions_user").on(t.organizationId, t.userId, t.createdAt),
    index("nft_redemptions_creator").on(t.organizationId, t.creatorId, t.createdAt),
    check("nft_redemptions_point_cost_non_negative", sql`${t.pointCost} >= 0`),
  ],
);
