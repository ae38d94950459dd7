import { dateTimeInput, idPattern, offsetPaginationInput, pagePaginationInput } from "@tally/core";
import { campaignQuestionTypes, campaignStatuses, campaignTypes } from "@tally/db";
import { rewardSchema, updateRewardNftInput } from "@tally/rewards";
import { z } from "zod";

const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");
const httpUrl = z.url({ protocol: /^https?$/, error: "an http(s) URL" }).max(2048);
const text = (max: number) => z.string().trim().min(1).max(max);
/** Far from the int4 limit. */
const MAX_COUNT = 1_000_000_000;
const MAX_POINTS = 100_000_000;

export const campaignIdParam = z.strictObject({ id });

export const createCampaignInput = z.strictObject({
  creatorId: id,
  type: z.enum(campaignTypes),
});

const mediaAsset = z.strictObject({
  url: httpUrl,
  type: z.string().trim().min(1).max(32).describe('The asset kind, e.g. "image" or "video"'),
});

const attributeInput = z.strictObject({
  title: text(200),
  hasImages: z.boolean().default(false),
  options: z
    .array(z.strictObject({ value: text(200), imageUrl: httpUrl.optional() }))
    .min(1)
    .max(50)
    .describe("Each option gets an integer id (answered with its voteCount)"),
});

const questionInput = z.strictObject({
  type: z.enum(campaignQuestionTypes),
  title: text(500),
  options: z
    .array(text(200))
    .max(50)
    .optional()
    .describe("SINGLE_CHOICE and MULTIPLE_CHOICE: the choices (at least two); other types: none"),
  ratingMax: z
    .number()
    .int()
    .min(2)
    .max(10)
    .optional()
    .describe("RATING: the top of the 1..ratingMax scale (default 5)"),
  required: z.boolean().default(true),
});

const swipeItemInput = z
  .strictObject({
    productId: id.optional().describe("One of the creator's products"),
    title: text(200).optional().describe("A free card's title (when no productId)"),
    imageUrl: httpUrl.optional(),
  })
  .refine((item) => item.productId !== undefined || item.title !== undefined, {
    message: "a productId or a title",
  });

/** A campaign date, within years PostgreSQL stores (JavaScript's reach beyond them answered 500). */
const campaignDate = dateTimeInput({ min: "2000-01-01T00:00:00Z", max: "2100-01-01T00:00:00Z" });

/** The configuration fields of spec 02's Campaign: every one optional, a named one is set, a named list replaced. */
export const configurationFields = {
  title: text(200).optional(),
  description: z.string().trim().max(5000).optional(),
  hero: z.array(mediaAsset).max(10).optional(),
  logo: httpUrl.nullable().optional(),
  video: httpUrl.nullable().optional(),
  startDate: campaignDate.nullable().optional(),
  endDate: campaignDate.nullable().optional(),
  maxParticipants: z.number().int().min(1).max(MAX_COUNT).nullable().optional().describe("null = unlimited"),
  showInstructions: z.boolean().optional(),
  showLeaderboard: z.boolean().optional(),
  rateLimit: z
    .number()
    .int()
    .min(0)
    .max(MAX_COUNT)
    .optional()
    .describe("Participations per user; 0 = unlimited"),
  reward: z
    .strictObject({
      points: z.number().int().min(0).max(MAX_POINTS).describe("Points per completed journey"),
      maxSupply: z
        .number()
        .int()
        .min(0)
        .max(MAX_COUNT)
        .default(0)
        .describe("Completions that earn the points; 0 = unlimited"),
    })
    .optional(),
  attributes: z
    .array(attributeInput)
    .max(20)
    .optional()
    .describe("MULTIVARIANT only; replaces the attributes"),
  questions: z.array(questionInput).max(50).optional().describe("SURVEY only; replaces the questions"),
  swipeItems: z.array(swipeItemInput).max(100).optional().describe("SWIPE only; replaces the items"),
};

export const configureCampaignInput = z.strictObject({ id, ...configurationFields });
export type ConfigureCampaignInput = z.output<typeof configureCampaignInput>;

/** The fields a campaign past DRAFT still takes (spec 02: after publish). */
export const EDITABLE_AFTER_DRAFT = [
  "title",
  "description",
  "hero",
  "showInstructions",
  "showLeaderboard",
  "status",
] as const;

export const patchCampaignInput = z.strictObject({
  id,
  ...configurationFields,
  status: z
    .enum(campaignStatuses)
    .optional()
    .describe("Only ENDED: ends a PUBLISHED campaign by hand (the other moves have their own routes)"),
});
export type PatchCampaignInput = z.output<typeof patchCampaignInput>;

export const publishCampaignInput = z.strictObject({
  id,
  requiresReview: z
    .boolean()
    .default(true)
    .describe("false publishes a DRAFT or SUBMITTED campaign without review; true (default) needs APPROVED"),
});

export const reviewCampaignInput = z.strictObject({
  id,
  status: z
    .enum(["APPROVED", "REJECTED", "DRAFT"])
    .describe("APPROVED, or REJECTED (DRAFT, the spec's spelling, is the same rejection): back to DRAFT"),
  reason: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .optional()
    .describe("Optional reason of a rejection, shown to the creator; ignored on approval"),
});

export const adminCampaignsInput = z.strictObject({
  status: z.enum(campaignStatuses).optional(),
  archived: z.boolean().optional().describe("true: archived only; false: not archived; absent: both"),
  ...pagePaginationInput.shape,
});

export const creatorCampaignsInput = z.strictObject({
  creatorId: id,
  status: z.enum(campaignStatuses).optional(),
  archived: z.boolean().default(false).describe("true lists the archived campaigns instead"),
  ...offsetPaginationInput.shape,
});

export const creatorIdParam = z.strictObject({ creatorId: id });
export const joinableCampaignsInput = z.strictObject({
  slug: z.string().min(1).max(200).describe("The creator's slug (case-insensitive)"),
  ...offsetPaginationInput.shape,
});
export const creatorCampaignParam = z.strictObject({ creatorId: id, id });

/** The collectible's NFT metadata, as `PUT /nft-reward/{id}/nft` takes it; the name defaults to the campaign's. */
export const campaignNftInput = updateRewardNftInput.extend({
  name: updateRewardNftInput.shape.name.describe(
    "The token's name; default: the name already set, else the campaign's title",
  ),
});

const optionSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  imageUrl: z.string().nullable(),
  voteCount: z.number().int(),
});

const attributeSchema = z
  .object({
    id: z.number().int().describe("The attributeId a vote names"),
    title: z.string(),
    hasImages: z.boolean(),
    options: z.array(optionSchema),
  })
  .meta({ id: "CampaignAttribute" });

const questionSchema = z
  .object({
    id: z.number().int().describe("The questionId a survey response names"),
    type: z.enum(campaignQuestionTypes),
    title: z.string(),
    options: z.array(z.string()),
    ratingMax: z.number().int().nullable(),
    required: z.boolean(),
  })
  .meta({ id: "CampaignQuestion" });

const swipeItemSchema = z
  .object({
    id: z.number().int(),
    productId: z.string().nullable(),
    title: z.string().nullable(),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: "CampaignSwipeItem" });

export const campaignSummarySchema = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    creatorId: z.string(),
    type: z.enum(campaignTypes),
    status: z.enum(campaignStatuses),
    archived: z.boolean().describe("Archived (the lifecycle diagram's DELETED): restore brings it back"),
    archivedAt: z.date().nullable(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    hero: z.array(z.object({ url: z.string(), type: z.string() })),
    logo: z.string().nullable(),
    video: z.string().nullable(),
    startDate: z.date().nullable(),
    endDate: z.date().nullable(),
    maxParticipants: z.number().int().nullable(),
    participantCount: z.number().int(),
    showInstructions: z.boolean(),
    showLeaderboard: z.boolean(),
    rateLimit: z.number().int(),
    reward: z.object({
      points: z.number().int(),
      maxSupply: z.number().int(),
      awarded: z.number().int().describe("Completions paid the points so far"),
      rewardId: z.string().nullable().describe("The linked collectible programme (PUT /campaign/{id}/nft)"),
    }),
    requiresReview: z.boolean(),
    rejectionReason: z.string().nullable().describe("The last rejection's reason, until the next decision"),
    reviewedAt: z.date().nullable(),
    submittedAt: z.date().nullable(),
    publishedAt: z.date().nullable(),
    endedAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "CampaignSummary" });
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignSchema = campaignSummarySchema
  .extend({
    attributes: z.array(attributeSchema).describe("MULTIVARIANT"),
    questions: z.array(questionSchema).describe("SURVEY"),
    swipeItems: z.array(swipeItemSchema).describe("SWIPE"),
  })
  .meta({ id: "Campaign" });
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignSummaryListSchema = z.array(campaignSummarySchema);

export const campaignTitlesSchema = z.array(
  z.object({ id: z.string(), title: z.string().nullable(), status: z.enum(campaignStatuses) }),
);

export const campaignRewardLinkSchema = z
  .object({
    campaignId: z.string(),
    rewardId: z.string(),
    reward: rewardSchema,
  })
  .meta({ id: "CampaignRewardLink" });
