import { withCreator } from "@tally/commerce";
import { AppError } from "@tally/core";
import { answerPage, router } from "@tally/trpc";
import { campaignsProcedure, withFanVisibleCampaign, withReadableCampaign } from "../campaign/access.ts";
import { readCampaign } from "../campaign/present.ts";
import { creatorCampaignDashboard, creatorParticipantCount } from "./creator.ts";
import { campaignOverview } from "./overview.ts";
import { countParticipants, leaderboard, listParticipants, participantGrowth } from "./participants.ts";
import {
  campaignAnalyticsParam,
  campaignAnalyticsSchema,
  campaignAttributesSchema,
  campaignParticipantListSchema,
  creatorAnalyticsParam,
  creatorCampaignDashboardSchema,
  creatorParticipantCountSchema,
  growthInput,
  leaderboardInput,
  leaderboardSchema,
  participantCountSchema,
  participantGrowthSchema,
  participantsInput,
  responseBreakdownSchema,
  responseGrowthSchema,
  surveyReportInput,
  surveyReportSchema,
} from "./schemas.ts";
import { responseBreakdown, submissionGrowth } from "./submissions.ts";
import { surveyReport } from "./survey-report.ts";
import { seriesWindow } from "./window.ts";

const tags = ["Campaign analytics"];
const access =
  "The campaign's creator's owner in X-User-Id, or an ADMIN key; another organization's campaign is 404. Counted from the stored journeys and submissions at the time of the request.";

export const campaignAnalyticsRouter = router({
  overview: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/campaign/{id}/analytics",
        tags,
        summary: "Participation and response metrics of a campaign",
        description: `Participants, completed journeys and the completion rate (basis points), accepted submissions, stored rows per participation type, points paid, and the first and last submission. ${access}`,
      },
    })
    .input(campaignAnalyticsParam)
    .output(campaignAnalyticsSchema)
    .query(({ ctx, input }) => withReadableCampaign(ctx, input.id, campaignOverview)),
  participants: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/campaign/{id}/analytics/participants",
        tags,
        summary: "The campaign's participants in the order they joined; X-Total-Count",
        description: `One entry per journey: the user, when they joined, their participations, completion and points. limit (1-100, default 20) and offset page the list; completed filters it. ${access}`,
      },
    })
    .input(participantsInput)
    .output(campaignParticipantListSchema)
    .query(async ({ ctx, input }) =>
      answerPage(
        ctx,
        await withReadableCampaign(ctx, input.id, (tx, campaign) => listParticipants(tx, campaign, input)),
      ),
    ),
  participantCount: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/campaign/{id}/analytics/participants/count",
        tags,
        summary: "How many users take part in the campaign",
        description: access,
      },
    })
    .input(campaignAnalyticsParam)
    .output(participantCountSchema)
    .query(({ ctx, input }) =>
      withReadableCampaign(ctx, input.id, async (tx, campaign) => ({
        count: await countParticipants(tx, campaign),
      })),
    ),
  participantGrowth: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/campaign/{id}/analytics/participants/growth",
        tags,
        summary: "New participants and completions per UTC day, zero-filled, with the running total",
        description: `Over the campaign's window by default (the day it opened to the day it closed or today, the last 366 days at most); from/to choose other days (422 when from is after to or the span is over 366 days). ${access}`,
      },
    })
    .input(growthInput)
    .output(participantGrowthSchema)
    .query(({ ctx, input }) =>
      withReadableCampaign(ctx, input.id, (tx, campaign) =>
        participantGrowth(tx, campaign, seriesWindow({ now: ctx.deps.clock.now() }, campaign, input)),
      ),
    ),
  responses: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/campaign/{id}/analytics/responses",
        tags,
        summary:
          "Response breakdown: votes per option, answers per question, swipes per item, UGC per media type",
        description: `Counted from the submission rows (a campaign has rows of its own type only; the other lists are empty or zero). ${access}`,
      },
    })
    .input(campaignAnalyticsParam)
    .output(responseBreakdownSchema)
    .query(({ ctx, input }) => withReadableCampaign(ctx, input.id, responseBreakdown)),
  responseGrowth: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/campaign/{id}/analytics/responses/growth",
        tags,
        summary: "Submissions per UTC day and participation type, zero-filled",
        description: `The same window rules as /analytics/participants/growth. ${access}`,
      },
    })
    .input(growthInput)
    .output(responseGrowthSchema)
    .query(({ ctx, input }) =>
      withReadableCampaign(ctx, input.id, (tx, campaign) =>
        submissionGrowth(tx, campaign, seriesWindow({ now: ctx.deps.clock.now() }, campaign, input)),
      ),
    ),
  attributes: campaignsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/campaign/{id}/attributes",
        tags,
        summary: "The campaign's attributes with their options and voteCount",
        description:
          "voteCount is the option's tally, counted in each vote's transaction. The fan side reads the attributes of a PUBLISHED or ENDED campaign (404 before); the creator side in any state.",
      },
    })
    .input(campaignAnalyticsParam)
    .output(campaignAttributesSchema)
    .query(({ ctx, input }) =>
      withFanVisibleCampaign(
        ctx,
        input.id,
        async (tx, campaign) => (await readCampaign(tx, campaign)).attributes,
      ),
    ),
  surveyReport: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/campaign/{id}/survey/report",
        tags,
        summary: "Response distribution per survey question: counts and shares (basis points)",
        description: `Choices and ratings list every option with its count and share; SINGLE_CHOICE and RATING counts sum to the question's responses and their shares to 10000. TEXT questions answer their count and the latest answers. ${access}`,
      },
    })
    .input(surveyReportInput)
    .output(surveyReportSchema)
    .query(({ ctx, input }) =>
      withReadableCampaign(ctx, input.id, (tx, campaign) => surveyReport(tx, campaign, input)),
    ),
  leaderboard: campaignsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/campaign/{id}/leaderboard",
        tags,
        summary: "The campaign's participants ranked by points earned in it (extension); X-Total-Count",
        description: `The fan side reads it while the campaign shows its leaderboard (409 \`conflict\` while showLeaderboard is false) and once PUBLISHED or ENDED (404 before); the creator side reads it always. Ranked by points earned in the campaign, then participations, then earliest completion, then earliest join; limit/offset page it.`,
      },
    })
    .input(leaderboardInput)
    .output(leaderboardSchema)
    .query(async ({ ctx, input }) =>
      answerPage(
        ctx,
        await withFanVisibleCampaign(ctx, input.id, (tx, campaign, { creatorSide }) => {
          if (!campaign.showLeaderboard && !creatorSide)
            throw new AppError(
              "conflict",
              "The campaign does not show a leaderboard (showLeaderboard is false)",
              {
                context: { showLeaderboard: false },
              },
            );
          return leaderboard(tx, campaign, input);
        }),
      ),
    ),
  creatorParticipantCount: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/campaigns/analytics/participants/count",
        tags,
        summary: "How many users take part in the creator's campaigns (each counted once)",
        description:
          "Across the creator's campaigns that are not archived. Needs the creator's owner in X-User-Id, or an ADMIN key.",
      },
    })
    .input(creatorAnalyticsParam)
    .output(creatorParticipantCountSchema)
    .query(({ ctx, input }) => withCreator(ctx, input.creatorId, creatorParticipantCount)),
  creatorDashboard: campaignsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/dashboard/campaigns",
        tags,
        summary:
          "Campaign performance of a creator: campaigns per status, participation totals, active campaigns",
        description:
          "Archived campaigns are counted apart and left out of the rest. Needs the creator's owner in X-User-Id, or an ADMIN key.",
      },
    })
    .input(creatorAnalyticsParam)
    .output(creatorCampaignDashboardSchema)
    .query(({ ctx, input }) => withCreator(ctx, input.creatorId, creatorCampaignDashboard)),
});
