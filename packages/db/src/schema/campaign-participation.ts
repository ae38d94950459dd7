/** Tables owned by @tally/campaigns' participation feature: journeys and what users submit. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  campaignAttributeOptions,
  campaignAttributes,
  campaignQuestions,
  campaignSwipeItems,
  campaigns,
} from "./campaigns.ts";
import { createdAt, updatedAt } from "./columns.ts";

/**
 * Where a completed journey's linked reward token stands: QUEUED (a mint is queued, `mintId`),
 * WALLET_REQUIRED (the user had no wallet) or DEFERRED (the programme could not be granted yet, `grantNote`
 * says why). The last two are retried when the campaign ends.
 */
export const campaignGrantStatuses = ["QUEUED", "WALLET_REQUIRED", "DEFERRED"] as const;
export type CampaignGrantStatus = (typeof campaignGrantStatuses)[number];
export const campaignSwipeDirections = ["LEFT", "RIGHT"] as const;
export const campaignUgcMediaTypes = ["IMAGE", "VIDEO", "AUDIO", "TEXT"] as const;
/**
 * A UGC post's moderation: PENDING until the creator decides, APPROVED (shown to fans) or HIDDEN. The moves
 * between them live in campaigns' participation/ugc-state.ts.
 */
export const campaignUgcStatuses = ["PENDING", "APPROVED", "HIDDEN"] as const;
export type CampaignUgcStatus = (typeof campaignUgcStatuses)[number];

const campaignFk = (t: { organizationId: AnyPgColumn; campaignId: AnyPgColumn }) =>
  foreignKey({
    columns: [t.organizationId, t.campaignId],
    foreignColumns: [campaigns.organizationId, campaigns.id],
  }).onDelete("cascade");

/**
 * A user's pass through a campaign: one per (campaign, user). `participations` counts the user's accepted
 * submissions (votes, survey responses, swipes or UGC posts, one per request) against the campaign's
 * `rateLimit`; it moves only by a conditional increment. `completedAt` is set once; the CAMPAIGN point
 * transaction that paid it is `pointTransactionId` (unique per journey in the ledger too).
 */
export const campaignJourneys = pgTable(
  "campaign_journeys",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    campaignId: text("campaign_id").notNull(),
    userId: text("user_id").notNull(),
    participations: integer("participations").notNull().default(0),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    pointsAwarded: integer("points_awarded").notNull().default(0),
    pointTransactionId: integer("point_transaction_id"),
    grantStatus: text("grant_status", { enum: campaignGrantStatuses }),
    grantNote: text("grant_note"),
    mintId: text("mint_id"),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("campaign_journeys_user").on(t.organizationId, t.campaignId, t.userId),
    index("campaign_journeys_campaign").on(t.organizationId, t.campaignId, t.createdAt),
    campaignFk(t),
    check("campaign_journeys_participations_non_negative", sql`${t.participations} >= 0`),
    check("campaign_journeys_points_non_negative", sql`${t.pointsAwarded} >= 0`),
  ],
);

const journeyFk = (t: { organizationId: AnyPgColumn; journeyId: AnyPgColumn }) =>
  foreignKey({
    columns: [t.organizationId, t.journeyId],
    foreignColumns: [campaignJourneys.organizationId, campaignJourneys.id],
  }).onDelete("cascade");

/** One chosen option of a MULTIVARIANT vote (an array of options is one row each). */
export const campaignVotes = pgTable(
  "campaign_votes",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    campaignId: text("campaign_id").notNull(),
    journeyId: text("journey_id").notNull(),
    userId: text("user_id").notNull(),
    attributeId: integer("attribute_id").notNull(),
    optionId: integer("option_id").notNull(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("campaign_votes_campaign").on(t.organizationId, t.campaignId, t.createdAt),
    index("campaign_votes_journey").on(t.organizationId, t.journeyId, t.attributeId),
    campaignFk(t),
    journeyFk(t),
    foreignKey({
      columns: [t.organizationId, t.attributeId],
      foreignColumns: [campaignAttributes.organizationId, campaignAttributes.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.optionId],
      foreignColumns: [campaignAttributeOptions.organizationId, campaignAttributeOptions.id],
    }).onDelete("cascade"),
  ],
);

/**
 * A SURVEY answer: `answers` holds the chosen options (one for SINGLE_CHOICE), the text, or the rating,
 * always as a list. `signal` marks it as preference data the user declared.
 */
export const campaignResponses = pgTable(
  "campaign_responses",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    campaignId: text("campaign_id").notNull(),
    journeyId: text("journey_id").notNull(),
    userId: text("user_id").notNull(),
    questionId: integer("question_id").notNull(),
    answers: text("answers").array().notNull(),
    signal: text("signal", { enum: ["USER_DECLARED"] })
      .notNull()
      .default("USER_DECLARED"),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("campaign_responses_campaign").on(t.organizationId, t.campaignId, t.createdAt),
    index("campaign_responses_journey").on(t.organizationId, t.journeyId, t.questionId),
    campaignFk(t),
    journeyFk(t),
    foreignKey({
      columns: [t.organizationId, t.questionId],
      foreignColumns: [campaignQuestions.organizationId, campaignQuestions.id],
    }).onDelete("cascade"),
  ],
);

/** A SWIPE on one item: RIGHT is a like, LEFT a pass. One per (journey, item). */
export const campaignSwipes = pgTable(
  "campaign_swipes",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    campaignId: text("campaign_id").notNull(),
    journeyId: text("journey_id").notNull(),
    userId: text("user_id").notNull(),
    itemId: integer("item_id").notNull(),
    direction: text("direction", { enum: campaignSwipeDirections }).notNull(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("campaign_swipes_item").on(t.organizationId, t.journeyId, t.itemId),
    index("campaign_swipes_campaign").on(t.organizationId, t.campaignId, t.createdAt),
    campaignFk(t),
    journeyFk(t),
    foreignKey({
      columns: [t.organizationId, t.itemId],
      foreignColumns: [campaignSwipeItems.organizationId, campaignSwipeItems.id],
    }).onDelete("cascade"),
  ],
);

/**
 * A UGC submission: a content URL or text (or both) with its media type. `productId`, when given, is the
 * creator's product the content features: the implicit preference the submission carries. `status` is its
 * moderation (fans see APPROVED posts only); `moderatedAt` the creator's last decision.
 */
export const campaignUgc = pgTable(
  "campaign_ugc",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    campaignId: text("campaign_id").notNull(),
    journeyId: text("journey_id").notNull(),
    userId: text("user_id").notNull(),
    mediaType: text("media_type", { enum: campaignUgcMediaTypes }).notNull(),
    contentUrl: text("content_url"),
    text: text("text"),
    productId: text("product_id"),
    signal: text("signal", { enum: ["IMPLICIT"] })
      .notNull()
      .default("IMPLICIT"),
    status: text("status", { enum: campaignUgcStatuses }).notNull().default("PENDING"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true, mode: "date" }),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("campaign_ugc_campaign").on(t.organizationId, t.campaignId, t.createdAt),
    index("campaign_ugc_campaign_status").on(t.organizationId, t.campaignId, t.status, t.createdAt),
    campaignFk(t),
    journeyFk(t),
    check("campaign_ugc_has_content", sql`${t.contentUrl} IS NOT NULL OR ${t.text} IS NOT NULL`),
    check("campaign_ugc_status", sql`${t.status} in ('PENDING', 'APPROVED', 'HIDDEN')`),
  ],
);
