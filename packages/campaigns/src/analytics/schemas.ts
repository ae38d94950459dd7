import { calendarDateInput, idPattern, offsetPaginationInput } from "@tally/core";
import { campaignQuestionTypes, campaignStatuses, campaignTypes, campaignUgcMediaTypes } from "@tally/db";
import { z } from "zod";
import { campaignSchema } from "../campaign/schemas.ts";
import { MAX_SERIES_DAYS } from "./window.ts";

const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");
const count = z.number().int().min(0);
const day = z.iso.date().describe("A UTC day, YYYY-MM-DD");
/** A day asked for, within the years campaign dates take (PostgreSQL stores no year 0, and 10000 is past it). */
const dayParam = calendarDateInput({ min: "2000-01-01", max: "2100-12-31" }).describe(
  "A UTC day, YYYY-MM-DD, from 2000-01-01 to 2100-12-31",
);
const basisPoints = z
  .number()
  .int()
  .min(0)
  .max(10_000)
  .describe("A share in basis points: 10000 is 100%, 2500 is 25%");

export const campaignAnalyticsParam = z.strictObject({ id: id.describe("The campaign") });

export const participantsInput = z.strictObject({
  id: id.describe("The campaign"),
  completed: z.boolean().optional().describe("true: completed journeys only; false: unfinished only"),
  ...offsetPaginationInput.shape,
});

export const growthInput = z.strictObject({
  id: id.describe("The campaign"),
  from: dayParam
    .optional()
    .describe(
      "First day of the series (default: the day the campaign opened: startDate, else publishedAt, else createdAt)",
    ),
  to: dayParam
    .optional()
    .describe(
      `Last day of the series (default: the earliest of endDate, endedAt and today). At most ${MAX_SERIES_DAYS} days from \`from\``,
    ),
});

export const surveyReportInput = z.strictObject({
  id: id.describe("The campaign"),
  latest: z
    .number()
    .int()
    .min(0)
    .max(50)
    .default(10)
    .describe("TEXT questions: how many of the latest answers to include (0-50, default 10)"),
});

export const leaderboardInput = z.strictObject({
  id: id.describe("The campaign"),
  ...offsetPaginationInput.shape,
});

export const creatorAnalyticsParam = z.strictObject({ creatorId: id.describe("The creator") });

const submissionCounts = z
  .object({
    votes: count.describe("MULTIVARIANT vote rows: one per chosen option"),
    surveyResponses: count.describe("SURVEY response rows: one per answered question per submission"),
    swipes: count.describe("SWIPE rows: one per swiped item"),
    ugc: count.describe("UGC submissions"),
    total: count.describe("The sum of the four"),
  })
  .meta({ id: "CampaignSubmissionCounts" });

export const campaignAnalyticsSchema = z
  .object({
    campaignId: z.string(),
    type: z.enum(campaignTypes),
    status: z.enum(campaignStatuses),
    participants: count.describe("Users with a journey in the campaign"),
    completedJourneys: count.describe("Journeys completed"),
    completionRate: basisPoints.describe(
      "completedJourneys / participants in basis points, rounded down (0 without participants)",
    ),
    participations: count.describe("Accepted submissions (one per request), summed over the journeys"),
    submissions: submissionCounts.describe("Stored rows by participation type"),
    pointsAwarded: count.describe("Campaign points paid to the journeys"),
    rewardedCompletions: count.describe("Completions paid the reward points (within reward.maxSupply)"),
    firstParticipationAt: z.date().nullable().describe("The earliest stored submission"),
    lastParticipationAt: z.date().nullable().describe("The latest stored submission"),
  })
  .meta({ id: "CampaignAnalytics" });
export type CampaignAnalytics = z.infer<typeof campaignAnalyticsSchema>;

export const campaignParticipantSchema = z
  .object({
    userId: z.string(),
    username: z.string().nullable(),
    journeyId: z.string(),
    joinedAt: z.date().describe("The user's first accepted submission"),
    participations: count,
    completed: z.boolean(),
    completedAt: z.date().nullable(),
    pointsAwarded: count,
  })
  .meta({ id: "CampaignParticipant" });
export const campaignParticipantListSchema = z.array(campaignParticipantSchema);
export type CampaignParticipant = z.infer<typeof campaignParticipantSchema>;

export const participantCountSchema = z
  .object({ count: count.describe("Users with a journey in the campaign") })
  .meta({ id: "CampaignParticipantCount" });

export const participantGrowthSchema = z
  .object({
    campaignId: z.string(),
    from: day,
    to: day,
    startingTotal: count.describe("Participants who joined before `from`"),
    days: z.array(
      z.object({
        date: day,
        newParticipants: count.describe("Users who joined that day"),
        completedJourneys: count.describe("Journeys completed that day"),
        totalParticipants: count.describe("Participants at the end of that day"),
      }),
    ),
  })
  .describe("One entry per UTC day of the window, days without activity included as zeros")
  .meta({ id: "CampaignParticipantGrowth" });

export const responseGrowthSchema = z
  .object({
    campaignId: z.string(),
    from: day,
    to: day,
    totals: submissionCounts.describe("The window's submissions"),
    days: z.array(z.object({ date: day }).extend(submissionCounts.shape)),
  })
  .describe("One entry per UTC day of the window, days without activity included as zeros")
  .meta({ id: "CampaignResponseGrowth" });

export const responseBreakdownSchema = z
  .object({
    campaignId: z.string(),
    type: z.enum(campaignTypes),
    totals: submissionCounts,
    votes: z
      .array(
        z.object({
          attributeId: z.number().int(),
          title: z.string(),
          votes: count.describe("Vote rows on the attribute's options"),
          voters: count.describe("Users who voted on the attribute"),
          options: z.array(z.object({ optionId: z.number().int(), value: z.string(), votes: count })),
        }),
      )
      .describe("MULTIVARIANT: per attribute and option, counted from the vote rows"),
    questions: z
      .array(
        z.object({
          questionId: z.number().int(),
          title: z.string(),
          type: z.enum(campaignQuestionTypes),
          responses: count,
          respondents: count.describe("Users who answered it"),
        }),
      )
      .describe("SURVEY: answers per question (their distribution is GET /campaign/{id}/survey/report)"),
    swipeItems: z
      .array(
        z.object({
          itemId: z.number().int(),
          productId: z.string().nullable(),
          title: z.string().nullable(),
          right: count.describe("Likes"),
          left: count.describe("Passes"),
        }),
      )
      .describe("SWIPE: per item and direction"),
    ugc: z
      .object({
        mediaTypes: z.array(z.object({ mediaType: z.enum(campaignUgcMediaTypes), count })),
        featuredProducts: z
          .array(z.object({ productId: z.string(), count }))
          .describe("Products the submissions feature (their implicit preference), most featured first"),
      })
      .describe("UGC: submissions per media type and featured product"),
  })
  .meta({ id: "CampaignResponseBreakdown" });
export type ResponseBreakdown = z.infer<typeof responseBreakdownSchema>;

export const campaignAttributesSchema = campaignSchema.shape.attributes.describe(
  "MULTIVARIANT attributes in order, each option with its voteCount (empty for other types)",
);

const distributionEntry = z.object({
  value: z.string().describe("A choice, or a rating as a string"),
  count: count.describe("Responses that chose it"),
  share: basisPoints.describe(
    "count / responses in basis points. SINGLE_CHOICE and RATING shares sum to exactly 10000 (largest remainder); MULTIPLE_CHOICE shares are each rounded half up and may sum past 10000",
  ),
});

export const surveyReportSchema = z
  .object({
    campaignId: z.string(),
    respondents: count.describe("Users who answered at least one question"),
    responses: count.describe("Response rows over every question"),
    questions: z.array(
      z.object({
        questionId: z.number().int(),
        title: z.string(),
        type: z.enum(campaignQuestionTypes),
        required: z.boolean(),
        responses: count.describe("Responses to the question"),
        distribution: z
          .array(distributionEntry)
          .describe(
            "Choices and ratings: every option (every rating 1..ratingMax) in order, zeros included. SINGLE_CHOICE and RATING counts sum to `responses`; MULTIPLE_CHOICE counts sum to the choices made. Empty for TEXT",
          ),
        averageRating: z
          .number()
          .nullable()
          .describe(
            "RATING: the mean rating rounded to 2 decimals (null without responses or for other types)",
          ),
        latestAnswers: z
          .array(z.object({ answer: z.string(), userId: z.string(), answeredAt: z.date() }))
          .describe("TEXT: the latest answers, newest first (query `latest`); empty for other types"),
      }),
    ),
  })
  .meta({ id: "CampaignSurveyReport" });
export type SurveyReport = z.infer<typeof surveyReportSchema>;

export const leaderboardEntrySchema = z
  .object({
    rank: z.number().int().min(1).describe("1 is first; ties are ranked by the order below"),
    userId: z.string(),
    username: z.string().nullable(),
    pointsAwarded: count.describe("Campaign points the journey earned"),
    participations: count,
    completedAt: z.date().nullable(),
  })
  .describe(
    "Ordered by pointsAwarded, then participations (both descending), then earliest completion, then earliest join",
  )
  .meta({ id: "CampaignLeaderboardEntry" });
export const leaderboardSchema = z.array(leaderboardEntrySchema);

export const creatorParticipantCountSchema = z
  .object({
    count: count.describe(
      "Distinct users with a journey in any of the creator's campaigns that are not archived",
    ),
    journeys: count.describe("Journeys in those campaigns (a user in two campaigns counts twice)"),
    campaigns: count.describe("Campaigns counted (not archived)"),
  })
  .meta({ id: "CreatorCampaignParticipantCount" });

const statusCounts = z.object(
  Object.fromEntries(campaignStatuses.map((status) => [status, count])) as {
    [K in (typeof campaignStatuses)[number]]: typeof count;
  },
);

export const creatorCampaignDashboardSchema = z
  .object({
    creatorId: z.string(),
    campaigns: count.describe("Campaigns that are not archived"),
    archived: count.describe("Archived campaigns (not counted anywhere else)"),
    byStatus: statusCounts.describe("Campaigns that are not archived, per status (every status present)"),
    totals: z.object({
      participants: count.describe("Distinct users across the campaigns"),
      journeys: count,
      completedJourneys: count,
      participations: count,
      pointsAwarded: count,
    }),
    active: z
      .array(
        z.object({
          id: z.string(),
          title: z.string().nullable(),
          type: z.enum(campaignTypes),
          startDate: z.date().nullable(),
          endDate: z.date().nullable(),
          maxParticipants: z.number().int().nullable(),
          participants: count,
          completedJourneys: count,
          pointsAwarded: count,
        }),
      )
      .describe("PUBLISHED campaigns, ending soonest first (no endDate last), at most 50"),
  })
  .meta({ id: "CreatorCampaignDashboard" });
export type CreatorCampaignDashboard = z.infer<typeof creatorCampaignDashboardSchema>;
