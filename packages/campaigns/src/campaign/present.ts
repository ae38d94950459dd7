import {
  campaignAttributeOptions,
  campaignAttributes,
  campaignQuestions,
  campaignSwipeItems,
  type Tx,
} from "@tally/db";
import { and, asc, eq } from "drizzle-orm";
import type { CampaignRow } from "./record.ts";
import type { Campaign, CampaignSummary } from "./schemas.ts";

/** The spec's Campaign fields of a row, without its configuration lists. */
export const toCampaignSummary = (row: CampaignRow): CampaignSummary => ({
  id: row.id,
  organizationId: row.organizationId,
  creatorId: row.creatorId,
  type: row.type,
  status: row.status,
  archived: row.archivedAt !== null,
  archivedAt: row.archivedAt,
  title: row.title,
  description: row.description,
  hero: row.hero,
  logo: row.logo,
  video: row.video,
  startDate: row.startDate,
  endDate: row.endDate,
  maxParticipants: row.maxParticipants,
  participantCount: row.participantCount,
  showInstructions: row.showInstructions,
  showLeaderboard: row.showLeaderboard,
  rateLimit: row.rateLimit,
  reward: {
    points: row.rewardPoints,
    maxSupply: row.rewardMaxSupply,
    awarded: row.rewardedCount,
    rewardId: row.rewardId,
  },
  requiresReview: row.requiresReview,
  rejectionReason: row.rejectionReason,
  reviewedAt: row.reviewedAt,
  submittedAt: row.submittedAt,
  publishedAt: row.publishedAt,
  endedAt: row.endedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The whole campaign: its attributes with their options (ids and voteCount), questions and swipe items, in order. */
export const readCampaign = async (tx: Tx, row: CampaignRow): Promise<Campaign> => {
  const key = [row.organizationId, row.id] as const;
  // One query after another: a transaction is one session.
  const attributes = await tx
    .select()
    .from(campaignAttributes)
    .where(and(eq(campaignAttributes.organizationId, key[0]), eq(campaignAttributes.campaignId, key[1])))
    .orderBy(asc(campaignAttributes.position));
  const options = await tx
    .select()
    .from(campaignAttributeOptions)
    .where(
      and(
        eq(campaignAttributeOptions.organizationId, key[0]),
        eq(campaignAttributeOptions.campaignId, key[1]),
      ),
    )
    .orderBy(asc(campaignAttributeOptions.position));
  const questions = await tx
    .select()
    .from(campaignQuestions)
    .where(and(eq(campaignQuestions.organizationId, key[0]), eq(campaignQuestions.campaignId, key[1])))
    .orderBy(asc(campaignQuestions.position));
  const swipeItems = await tx
    .select()
    .from(campaignSwipeItems)
    .where(and(eq(campaignSwipeItems.organizationId, key[0]), eq(campaignSwipeItems.campaignId, key[1])))
    .orderBy(asc(campaignSwipeItems.position));
  return {
    ...toCampaignSummary(row),
    attributes: attributes.map((attribute) => ({
      id: attribute.id,
      title: attribute.title,
      hasImages: attribute.hasImages,
      options: options
        .filter((option) => option.attributeId === attribute.id)
        .map((option) => ({
          id: option.id,
          value: option.value,
          imageUrl: option.imageUrl,
          voteCount: option.voteCount,
        })),
    })),
    questions: questions.map((question) => ({
      id: question.id,
      type: question.type,
      title: question.title,
      options: question.options,
      ratingMax: question.ratingMax,
      required: question.required,
    })),
    swipeItems: swipeItems.map((item) => ({
      id: item.id,
      productId: item.productId,
      title: item.title,
      imageUrl: item.imageUrl,
    })),
  };
};
