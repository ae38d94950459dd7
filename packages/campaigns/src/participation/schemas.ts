import { idPattern, offsetPaginationInput } from "@tally/core";
import {
  campaignGrantStatuses,
  campaignSwipeDirections,
  campaignTypes,
  campaignUgcMediaTypes,
  campaignUgcStatuses,
} from "@tally/db";
import { z } from "zod";

/** A CUID2 id in a path or body (same rule as commerce's). */
const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");
/** The integer ids of a campaign's attributes, options, questions and swipe items. */
const itemId = z.number().int().min(1).max(2_147_483_647);
const httpUrl = z.url({ protocol: /^https?$/, error: "an http(s) URL" }).max(2048);

const participant = z.strictObject({
  id: id.describe("The campaign"),
  userId: id.describe("The participating user (X-User-Id, when sent, must name this user)"),
});

/** Most options one vote may name for one attribute, and most entries of one submission. */
const MAX_OPTIONS_PER_ATTRIBUTE = 50;
const MAX_ENTRIES = 100;

export const voteInput = participant.extend({
  votes: z
    .array(
      z.strictObject({
        attributeId: itemId.describe("An attribute of the campaign"),
        optionId: z
          .union([itemId, z.array(itemId).min(1).max(MAX_OPTIONS_PER_ATTRIBUTE)])
          .describe("One option of that attribute, or several (each counted once)"),
      }),
    )
    .min(1)
    .max(MAX_ENTRIES),
});
export type VoteInput = z.infer<typeof voteInput>;

export const surveyInput = participant.extend({
  responses: z
    .array(
      z.strictObject({
        questionId: itemId.describe("A question of the campaign"),
        answer: z
          .union([z.string().max(5000), z.array(z.string().max(500)).min(1).max(MAX_OPTIONS_PER_ATTRIBUTE)])
          .describe(
            "SINGLE_CHOICE: one of the options; MULTIPLE_CHOICE: options as an array (or one as a string); TEXT: the text; RATING: an integer from 1 to ratingMax, as a string",
          ),
      }),
    )
    .min(1)
    .max(MAX_ENTRIES),
});
export type SurveyInput = z.infer<typeof surveyInput>;

export const swipeInput = participant.extend({
  itemId: itemId.describe("A swipe item of the campaign"),
  direction: z.enum(campaignSwipeDirections).describe("RIGHT likes the item, LEFT passes on it"),
});
export type SwipeInput = z.infer<typeof swipeInput>;

export const ugcInput = participant
  .extend({
    mediaType: z.enum(campaignUgcMediaTypes),
    contentUrl: httpUrl
      .optional()
      .describe("Where the content is hosted (required unless mediaType is TEXT)"),
    text: z
      .string()
      .trim()
      .min(1)
      .max(5000)
      .optional()
      .describe("The text (required when mediaType is TEXT)"),
    productId: id
      .optional()
      .describe("The creator's product the content features: the submission's implicit preference"),
  })
  .superRefine((input, issues) => {
    if (input.mediaType === "TEXT" && input.text === undefined)
      issues.addIssue({ code: "custom", path: ["text"], message: "required when mediaType is TEXT" });
    if (input.mediaType !== "TEXT" && input.contentUrl === undefined)
      issues.addIssue({
        code: "custom",
        path: ["contentUrl"],
        message: `required when mediaType is ${input.mediaType}`,
      });
  });
export type UgcInput = z.infer<typeof ugcInput>;

export const participationSchema = z
  .object({
    campaignId: z.string(),
    type: z.enum(campaignTypes),
    userId: z.string(),
    journeyId: z.string().describe("The user's journey through the campaign (one per user)"),
    participations: z
      .number()
      .int()
      .describe("The user's accepted submissions to this campaign, this one included"),
    remainingParticipations: z
      .number()
      .int()
      .nullable()
      .describe("Submissions the campaign's rateLimit still allows the user; null = unlimited"),
    recorded: z
      .number()
      .int()
      .describe("Rows this submission stored: votes (one per option), responses, 1 swipe or 1 UGC post"),
    completed: z.boolean().describe("Whether the journey is complete (see docs/campaigns.md for each type)"),
    completedAt: z.date().nullable(),
    pointsAwarded: z
      .number()
      .int()
      .describe("Points this submission earned: the campaign's reward points when it completed the journey"),
    journeyPoints: z.number().int().describe("Points the journey has earned in all"),
    pointTransactionId: z.number().int().nullable().describe("The journey's CAMPAIGN point transaction"),
    rewardSupplyExhausted: z
      .boolean()
      .describe("The journey completed after the campaign's reward maxSupply was reached: no points"),
    grant: z
      .object({
        status: z.enum(campaignGrantStatuses),
        mintId: z.string().nullable(),
        note: z.string().nullable(),
      })
      .nullable()
      .describe("The linked reward token of a completed journey; null when none is linked or not complete"),
  })
  .meta({ id: "CampaignParticipation" });
export type Participation = z.infer<typeof participationSchema>;

export const journeyInput = z.strictObject({
  id: id.describe("The user"),
  campaignId: id.describe("The campaign"),
});

export const campaignJourneySchema = participationSchema
  .omit({ journeyId: true, recorded: true, pointsAwarded: true })
  .extend({
    joined: z
      .boolean()
      .describe("Whether the user has taken part (a journey starts with the first submission)"),
    journeyId: z.string().nullable(),
    progress: z
      .object({ done: z.number().int(), needed: z.number().int() })
      .describe(
        "Steps toward completion: MULTIVARIANT attributes voted, SWIPE items swiped, SURVEY required questions answered (one submission when none is required), UGC one post",
      ),
  })
  .meta({ id: "CampaignJourney" });
export type CampaignJourney = z.infer<typeof campaignJourneySchema>;

/** The decisions a creator takes on a post: approve it (fans see it) or hide it. */
export const ugcDecisions = ["APPROVED", "HIDDEN"] as const;
export type UgcDecision = (typeof ugcDecisions)[number];

export const creatorUgcInput = z.strictObject({
  creatorId: id,
  id: id.describe("The UGC campaign"),
  status: z.enum(campaignUgcStatuses).optional().describe("Only the posts in this moderation status"),
  ...offsetPaginationInput.shape,
});

export const moderateUgcInput = z.strictObject({
  creatorId: id,
  id: id.describe("The UGC campaign"),
  postId: id,
  status: z.enum(ugcDecisions).describe("APPROVED shows the post to fans; HIDDEN takes it off their wall"),
});

export const fanUgcInput = z.strictObject({
  id: id.describe("The UGC campaign"),
  ...offsetPaginationInput.shape,
});

const ugcContent = {
  id: z.string().describe("The post"),
  mediaType: z.enum(campaignUgcMediaTypes),
  contentUrl: z.string().nullable(),
  text: z.string().nullable(),
  productId: z.string().nullable().describe("The creator's product the content features"),
  username: z.string().nullable().describe("The author's username (null when they have not set one)"),
  createdAt: z.date(),
};

export const ugcPostSchema = z
  .object({
    ...ugcContent,
    campaignId: z.string(),
    userId: z.string().describe("The author"),
    status: z
      .enum(campaignUgcStatuses)
      .describe("PENDING (new, not shown to fans), APPROVED (on the fans' wall) or HIDDEN"),
    moderatedAt: z.date().nullable().describe("The creator's last decision on the post"),
  })
  .meta({ id: "CampaignUgcPost" });
export type UgcPost = z.infer<typeof ugcPostSchema>;

export const publicUgcPostSchema = z.object(ugcContent).meta({ id: "PublicCampaignUgcPost" });
export type PublicUgcPost = z.infer<typeof publicUgcPostSchema>;
