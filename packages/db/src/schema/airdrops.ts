/** Airdrop tables, owned by @tally/rewards's airdrops feature. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

/** Spec 02 "Airdrop": PENDING (scheduled) -> PROCESSING (mints queued) -> COMPLETED | FAILED. */
export const airdropStatuses = ["PENDING", "PROCESSING", "COMPLETED", "FAILED"] as const;
export type AirdropStatus = (typeof airdropStatuses)[number];
/** Who an airdrop is for: the reward's conditions, a creator group's members, or a list of users. */
export const airdropSources = ["CONDITIONS", "GROUP", "LIST"] as const;
/** A recipient's mint was queued, or the recipient was skipped (`reason` says why). */
export const airdropRecipientStatuses = ["QUEUED", "SKIPPED"] as const;

/**
 * One airdrop of a published programme. `claimedAt` is when a monitor took it PENDING -> PROCESSING;
 * `resolvedAt` when every recipient was recorded and their mints queued (a claim left unresolved for
 * long is taken again). Counts are settled when it ends: minted + failed + skipped = eligible.
 */
export const airdrops = pgTable(
  "airdrops",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    rewardId: text("reward_id").notNull(),
    creatorId: text("creator_id").notNull(),
    status: text("status", { enum: airdropStatuses }).notNull().default("PENDING"),
    source: text("source", { enum: airdropSources }).notNull(),
    /** GROUP: the creator group whose members receive it. */
    groupId: text("group_id"),
    /** LIST: the users named at creation. */
    userIds: jsonb("user_ids").$type<string[]>(),
    airdropDate: timestamp("airdrop_date", { withTimezone: true, mode: "date" }).notNull(),
    /** Users the airdrop is for: counted at creation, fixed when the recipients are resolved. */
    eligible: integer("eligible").notNull().default(0),
    minted: integer("minted").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    /** Why it FAILED as a whole (the reward no longer published), when it did. */
    error: text("error"),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("airdrops_creator").on(t.organizationId, t.creatorId, t.createdAt),
    index("airdrops_due").on(t.status, t.airdropDate),
    check(
      "airdrops_counts_non_negative",
      sql`${t.eligible} >= 0 and ${t.minted} >= 0 and ${t.failed} >= 0 and ${t.skipped} >= 0`,
    ),
  ],
);

/** One user of an airdrop, once (primary key): the wallet and queued mint, or why they were skipped. */
export const airdropRecipients = pgTable(
  "airdrop_recipients",
  {
    organizationId: text("organization_id").notNull(),
    airdropId: text("airdrop_id").notNull(),
    userId: text("user_id").notNull(),
    /** Lowercase 0x address; null when skipped for want of a wallet. */
    walletAddress: text("wallet_address"),
    /** The reward_mints row minting the user's token (shared with a grant of the same wallet). */
    mintId: text("mint_id"),
    status: text("status", { enum: airdropRecipientStatuses }).notNull(),
    reason: text("reason"),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.airdropId, t.userId] }),
    index("airdrop_recipients_mint").on(t.organizationId, t.mintId),
    check("airdrop_recipients_queued_has_mint", sql`(${t.status} = 'QUEUED') = (${t.mintId} is not null)`),
  ],
);
