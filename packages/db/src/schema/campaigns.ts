/** Tables owned by @tally/campaigns (spec 02 "Campaign"). */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
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

export const campaignTypes = ["SWIPE", "MULTIVARIANT", "SURVEY", "UGC"] as const;
export type CampaignType = (typeof campaignTypes)[number];
/** The stored statuses; the moves between them live in campaigns' campaign/states.ts. */
export const campaignStatuses = ["DRAFT", "SUBMITTED", "APPROVED", "PUBLISHED", "ENDED"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const campaignQuestionTypes = ["SINGLE_CHOICE", "MULTIPLE_CHOICE", "TEXT", "RATING"] as const;
export type CampaignQuestionType = (typeof campaignQuestionTypes)[number];

/** One hero media asset. */
export interface CampaignMediaAsset {
  url: string;
  type: string;
}

/**
 * A campaign. `archivedAt` is the diagram's DELETED: archiving keeps `status` and sets it, restore
 * clears it, purge deletes the row (its configuration and participation rows cascade).
 * `participantCount` counts joined users; it only moves through a conditional increment that
 * keeps it within `maxParticipants` (null = unlimited), which the CHECK also holds.
 * `rewardedCount` counts completions paid `rewardPoints`, within `rewardMaxSupply` (0 = unlimited).
 */
export const campaigns = pgTable(
  "campaigns",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    creatorId: text("creator_id").notNull(),
    type: text("type", { enum: campaignTypes }).notNull(),
    status: text("status", { enum: campaignStatuses }).notNull().default("DRAFT"),
    title: text("title"),
    description: text("description"),
    hero: jsonb("hero").$type<CampaignMediaAsset[]>().notNull().default([]),
    logo: text("logo"),
    video: text("video"),
    startDate: timestamp("start_date", { withTimezone: true, mode: "date" }),
    endDate: timestamp("end_date", { withTimezone: true, mode: "date" }),
    /** Null = unlimited. */
    maxParticipants: integer("max_participants"),
    participantCount: integer("participant_count").notNull().default(0),
    showInstructions: boolean("show_instructions").notNull().default(true),
    showLeaderboard: boolean("show_leaderboard").notNull().default(false),
    /** Participations per user; 0 = unlimited. */
    rateLimit: integer("rate_limit").notNull().default(0),
    /** Points per completed journey. */
    rewardPoints: integer("reward_points").notNull().default(0),
    /** Completions that earn the points; 0 = unlimited. */
    rewardMaxSupply: integer("reward_max_supply").notNull().default(0),
    rewardedCount: integer("rewarded_count").notNull().default(0),
    /** The linked reward programme (PUT /campaign/{id}/nft). */
    rewardId: text("reward_id"),
    /** What the last publish asked: false skipped the review. */
    requiresReview: boolean("requires_review").notNull().default(true),
    /** The last rejection's reason, kept until the next review decision. */
    rejectionReason: text("rejection_reason"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date" }),
    /** The reviewing API key's id. */
    reviewedBy: text("reviewed_by"),
    submittedAt: timestamp("submitted_at", { withTimezone: true, mode: "date" }),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
    archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("campaigns_creator").on(t.organizationId, t.creatorId, t.createdAt),
    index("campaigns_status").on(t.organizationId, t.status, t.createdAt),
    index("campaigns_running_until").on(t.endDate).where(sql`${t.status} = 'PUBLISHED'`),
    check("campaigns_participant_count_non_negative", sql`${t.participantCount} >= 0`),
    check(
      "campaigns_participants_within_max",
      sql`${t.maxParticipants} IS NULL OR ${t.participantCount} <= ${t.maxParticipants}`,
    ),
    check(
      "campaigns_max_participants_positive",
      sql`${t.maxParticipants} IS NULL OR ${t.maxParticipants} > 0`,
    ),
    check("campaigns_rate_limit_non_negative", sql`${t.rateLimit} >= 0`),
    check("campaigns_reward_points_non_negative", sql`${t.rewardPoints} >= 0`),
    check("campaigns_reward_max_supply_non_negative", sql`${t.rewardMaxSupply} >= 0`),
    check(
      "campaigns_rewarded_within_supply",
      sql`${t.rewardedCount} >= 0 AND (${t.rewardMaxSupply} = 0 OR ${t.rewardedCount} <= ${t.rewardMaxSupply})`,
    ),
  ],
);

/** A MULTIVARIANT attribute; its integer id is the spec's attributeId. */
export const campaignAttributes = pgTable(
  "campaign_attributes",
  {
    organizationId: text("organization_id").notNull(),
    id: serial("id").notNull(),
    campaignId: text("campaign_id").notNull(),
    title: text("title").notNull(),
    hasImages: boolean("has_images").notNull().default(false),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("campaign_attributes_position").on(t.organizationId, t.campaignId, t.position),
    foreignKey({
      columns: [t.organizationId, t.campaignId],
      foreignColumns: [campaigns.organizationId, campaigns.id],
    }).onDelete("cascade"),
  ],
);

/** An option of an attribute; `voteCount` moves only through campaigns' atomic vote increment. */
export const campaignAttributeOptions = pgTable(
  "campaign_attribute_options",
  {
    organizationId: text("organization_id").notNull(),
    id: serial("id").notNull(),
    campaignId: text("campaign_id").notNull(),
    attributeId: integer("attribute_id").notNull(),
    value: text("value").notNull(),
    imageUrl: text("image_url"),
    position: integer("position").notNull(),
    voteCount: integer("vote_count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("campaign_attribute_options_position").on(t.organizationId, t.attributeId, t.position),
    index("campaign_attribute_options_campaign").on(t.organizationId, t.campaignId),
    foreignKey({
      columns: [t.organizationId, t.attributeId],
      foreignColumns: [campaignAttributes.organizationId, campaignAttributes.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.campaignId],
      foreignColumns: [campaigns.organizationId, campaigns.id],
    }).onDelete("cascade"),
    check("campaign_attribute_options_vote_count_non_negative", sql`${t.voteCount} >= 0`),
  ],
);

/**
 * A SURVEY question. SINGLE_CHOICE and MULTIPLE_CHOICE answer from `options`; TEXT is free text;
 * RATING answers an integer from 1 to `ratingMax`.
 */
export const campaignQuestions = pgTable(
  "campaign_questions",
  {
    organizationId: text("organization_id").notNull(),
    id: serial("id").notNull(),
    campaignId: text("campaign_id").notNull(),
    type: text("type", { enum: campaignQuestionTypes }).notNull(),
    title: text("title").notNull(),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    ratingMax: integer("rating_max"),
    required: boolean("required").notNull().default(true),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("campaign_questions_position").on(t.organizationId, t.campaignId, t.position),
    foreignKey({
      columns: [t.organizationId, t.campaignId],
      foreignColumns: [campaigns.organizationId, campaigns.id],
    }).onDelete("cascade"),
    check("campaign_questions_rating_max", sql`${t.ratingMax} IS NULL OR ${t.ratingMax} >= 2`),
  ],
);

/**
 * A SWIPE item: one of the creator's products (`productId`) or a free card (`title`, `imageUrl`).
 * Its integer id is what a swipe names.
 */
export const campaignSwipeItems = pgTable(
  "campaign_swipe_items",
  {
    organizationId: text("organization_id").notNull(),
    id: serial("id").notNull(),
    campaignId: text("campaign_id").notNull(),
    productId: text("product_id"),
    title: text("title"),
    imageUrl: text("image_url"),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("campaign_swipe_items_position").on(t.organizationId, t.campaignId, t.position),
    foreignKey({
      columns: [t.organizationId, t.campaignId],
      foreignColumns: [campaigns.organizationId, campaigns.id],
    }).onDelete("cascade"),
    check("campaign_swipe_items_named", sql`${t.productId} IS NOT NULL OR ${t.title} IS NOT NULL`),
  ],
);
