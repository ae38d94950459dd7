import { withUser } from "@tally/commerce";
import { router } from "@tally/trpc";
import { campaignsProcedure } from "../campaign/access.ts";
import { findCampaign } from "../campaign/record.ts";
import { isFanVisible } from "../campaign/states.ts";
import { readJourney } from "./journey-read.ts";
import {
  campaignJourneySchema,
  journeyInput,
  participationSchema,
  surveyInput,
  swipeInput,
  ugcInput,
  voteInput,
} from "./schemas.ts";
import { submitSurvey, submitSwipe, submitUgc, submitVotes } from "./submit.ts";
import { ugcProcedures } from "./ugc-router.ts";

const tags = ["Campaigns"];

const refusals =
  "404 for an unknown user or campaign; 403 `acting_user_mismatch` when X-User-Id names another user; 409 `conflict` for a campaign of another type; 409 `invalid_state` unless PUBLISHED, not archived and inside startDate..endDate (the message names the status or the window); 409 `campaign_full` when a first submission finds maxParticipants reached; 409 `participation_limit_reached` past rateLimit submissions per user.";
const rewards =
  "The first submission creates the user's journey. When the journey completes, the campaign's reward points are awarded once (a CAMPAIGN point transaction carrying the journey), within the reward maxSupply, and the linked reward token is queued (a missing wallet is recorded on the journey, not refused).";

export const campaignParticipationRouter = router({
  journey: campaignsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/user/{id}/campaigns/{campaignId}",
        tags,
        summary: "The user's journey in a campaign: progress, completion, points and token earned",
        description:
          "For a PUBLISHED or ENDED campaign (404 otherwise). Before the first submission `joined` is false and nothing is counted. `grant` is the linked reward token's state (read the mint with its mintId).",
      },
    })
    .input(journeyInput)
    .output(campaignJourneySchema)
    .query(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) => {
        const campaign = await findCampaign(tx, {
          organizationId: user.organizationId,
          id: input.campaignId,
        });
        if (!isFanVisible(campaign)) throw findCampaign.notFound();
        return readJourney(tx, campaign, { userId: user.id });
      }),
    ),
  vote: campaignsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "POST",
        path: "/campaign/{id}/vote",
        tags,
        summary: "Vote in a MULTIVARIANT campaign: options of its attributes",
        description: `Each vote names an attribute of the campaign and one option of it or several; 422 names each attribute or option that is not the campaign's. Every option chosen is a vote row and counts into the option's voteCount; \`campaign-vote\` is emitted per vote. The journey completes once every attribute has a vote. ${rewards} ${refusals}`,
      },
      successStatus: 201,
    })
    .input(voteInput)
    .output(participationSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.userId, (tx, user) =>
        submitVotes(
          { tx, now: ctx.deps.clock.now(), events: ctx.deps.events },
          { organizationId: user.organizationId, userId: user.id },
          input,
        ),
      ),
    ),
  survey: campaignsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "POST",
        path: "/campaign/{id}/survey",
        tags,
        summary: "Answer a SURVEY campaign's questions (stored as USER_DECLARED preference data)",
        description: `Each response names a question of the campaign; the answer must fit its type: SINGLE_CHOICE one option (a string), MULTIPLE_CHOICE options (an array or one string), TEXT a non-empty text, RATING an integer from 1 to ratingMax (5 when unset) as a string. Every required question must be answered; 422 names each problem. The journey completes with the first accepted submission. ${rewards} ${refusals}`,
      },
      successStatus: 201,
    })
    .input(surveyInput)
    .output(participationSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.userId, (tx, user) =>
        submitSurvey(
          { tx, now: ctx.deps.clock.now(), events: ctx.deps.events },
          { organizationId: user.organizationId, userId: user.id },
          input,
        ),
      ),
    ),
  swipe: campaignsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "POST",
        path: "/campaign/{id}/swipe",
        tags,
        summary:
          "Swipe an item of a SWIPE campaign: RIGHT likes it, LEFT passes (extension: the spec shows no body)",
        description: `The item must be one of the campaign's swipe items (422 otherwise); each user swipes an item once (409 \`already_exists\` for a second swipe). The journey completes once every item is swiped. ${rewards} ${refusals}`,
      },
      successStatus: 201,
    })
    .input(swipeInput)
    .output(participationSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.userId, (tx, user) =>
        submitSwipe(
          { tx, now: ctx.deps.clock.now(), events: ctx.deps.events },
          { organizationId: user.organizationId, userId: user.id },
          input,
        ),
      ),
    ),
  ugc: campaignsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "POST",
        path: "/campaign/{id}/ugc",
        tags,
        summary:
          "Submit content to a UGC campaign: a URL or text with its media type (extension: the spec shows no body)",
        description: `contentUrl is required unless mediaType is TEXT, text when it is; productId, when given, must be a product of the campaign's creator: the content's implicit preference. The post is PENDING until the creator approves it (PATCH /creator/id/{creatorId}/campaign/{id}/ugc/{postId}); fans see APPROVED posts only (GET /campaign/{id}/ugc). The journey completes with the first submission. ${rewards} ${refusals}`,
      },
      successStatus: 201,
    })
    .input(ugcInput)
    .output(participationSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.userId, (tx, user) =>
        submitUgc(
          { tx, now: ctx.deps.clock.now(), events: ctx.deps.events },
          { organizationId: user.organizationId, userId: user.id },
          input,
        ),
      ),
    ),
  ...ugcProcedures,
});
