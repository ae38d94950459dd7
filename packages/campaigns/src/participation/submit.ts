import { AppError, newId } from "@tally/core";
import { type CampaignType, campaignResponses, campaignSwipes, campaignUgc, campaignVotes } from "@tally/db";
import { type CampaignRow, findCampaign, recordVotes } from "../campaign/record.ts";
import {
  assertOpen,
  countParticipation,
  joinJourney,
  presentParticipation,
  settleJourney,
} from "./journey.ts";
import type { JourneyRow, ParticipationContext } from "./record.ts";
import type { Participation, SurveyInput, SwipeInput, UgcInput, VoteInput } from "./schemas.ts";
import { newUgcRow } from "./ugc-state.ts";
import { checkResponses, checkSwipe, checkUgc, checkVotes } from "./validate.ts";

/** The participating user, in the tenant of the key. */
export interface Participant {
  organizationId: string;
  userId: string;
}

/**
 * One submission: the campaign must take it now (type, status, window), `check` validates it against the
 * campaign's configuration, the user's journey is joined (a participant slot) and the submission counted
 * (rateLimit), `write` stores its rows, the journey is settled (completion, points, token), and `tally`
 * counts it into the campaign's tallies last: joining and settling lock the campaign row, so every
 * submission locks the campaign before the tallies' rows and two submissions never wait on each other
 * in a cycle.
 */
const participate = async <Checked>(
  context: ParticipationContext,
  participant: Participant,
  step: {
    campaignId: string;
    type: CampaignType;
    check: (campaign: CampaignRow) => Promise<Checked>;
    write: (campaign: CampaignRow, journey: JourneyRow, checked: Checked) => Promise<number>;
    tally?: (campaign: CampaignRow, checked: Checked) => Promise<void>;
  },
): Promise<Participation> => {
  const { tx, now } = context;
  const campaign = await findCampaign(tx, {
    organizationId: participant.organizationId,
    id: step.campaignId,
  });
  assertOpen({ now }, campaign, step.type);
  const checked = await step.check(campaign);
  const joined = await joinJourney({ tx, now }, campaign, { userId: participant.userId });
  const counted = await countParticipation({ tx, now }, campaign, joined);
  const recorded = await step.write(campaign, counted, checked);
  const { journey, pointsAwarded } = await settleJourney(context, campaign, counted);
  await step.tally?.(campaign, checked);
  return presentParticipation(campaign, journey, { recorded, pointsAwarded });
};

const rowBase = (campaign: CampaignRow, journey: JourneyRow, now: Date) => ({
  organizationId: campaign.organizationId,
  campaignId: campaign.id,
  journeyId: journey.id,
  userId: journey.userId,
  createdAt: now,
});

/** `POST /campaign/{id}/vote`: one vote row per chosen option, counted into `voteCount`, `campaign-vote` each. */
export const submitVotes = (context: ParticipationContext, participant: Participant, input: VoteInput) =>
  participate(context, participant, {
    campaignId: input.id,
    type: "MULTIVARIANT",
    check: (campaign) => checkVotes(context.tx, campaign, input),
    write: async (campaign, journey, votes) => {
      const rows = votes.flatMap((vote) =>
        vote.optionIds.map((optionId) => ({
          ...rowBase(campaign, journey, context.now),
          id: newId(),
          attributeId: vote.attributeId,
          optionId,
        })),
      );
      await context.tx.insert(campaignVotes).values(rows);
      await context.events.publishMany(
        context.tx,
        "campaign-vote",
        rows.map((row) => ({
          organizationId: row.organizationId,
          campaignId: row.campaignId,
          voteId: row.id,
          userId: row.userId,
        })),
      );
      return rows.length;
    },
    tally: (campaign, votes) =>
      recordVotes(
        context.tx,
        { organizationId: campaign.organizationId, id: campaign.id },
        { optionIds: votes.flatMap((vote) => vote.optionIds) },
      ),
  });

/** `POST /campaign/{id}/survey`: one USER_DECLARED response row per answered question. */
export const submitSurvey = (context: ParticipationContext, participant: Participant, input: SurveyInput) =>
  participate(context, participant, {
    campaignId: input.id,
    type: "SURVEY",
    check: (campaign) => checkResponses(context.tx, campaign, input),
    write: async (campaign, journey, responses) => {
      await context.tx.insert(campaignResponses).values(
        responses.map((response) => ({
          ...rowBase(campaign, journey, context.now),
          id: newId(),
          questionId: response.questionId,
          answers: response.answers,
        })),
      );
      return responses.length;
    },
  });

/** `POST /campaign/{id}/swipe`: one swipe per item and user (a second swipe of the item is 409). */
export const submitSwipe = (context: ParticipationContext, participant: Participant, input: SwipeInput) =>
  participate(context, participant, {
    campaignId: input.id,
    type: "SWIPE",
    check: (campaign) => checkSwipe(context.tx, campaign, input),
    write: async (campaign, journey) => {
      const inserted = await context.tx
        .insert(campaignSwipes)
        .values({
          ...rowBase(campaign, journey, context.now),
          id: newId(),
          itemId: input.itemId,
          direction: input.direction,
        })
        .onConflictDoNothing()
        .returning({ id: campaignSwipes.id });
      if (inserted.length === 0)
        throw new AppError("already_exists", `The user has already swiped item ${input.itemId}`, {
          context: { itemId: input.itemId },
        });
      return 1;
    },
  });

/** `POST /campaign/{id}/ugc`: the content, with the featured product as its implicit preference. */
export const submitUgc = (context: ParticipationContext, participant: Participant, input: UgcInput) =>
  participate(context, participant, {
    campaignId: input.id,
    type: "UGC",
    check: (campaign) => checkUgc(context.tx, campaign, input),
    write: async (campaign, journey) => {
      await context.tx.insert(campaignUgc).values(
        newUgcRow({
          ...rowBase(campaign, journey, context.now),
          id: newId(),
          mediaType: input.mediaType,
          contentUrl: input.contentUrl ?? null,
          text: input.text ?? null,
          productId: input.productId ?? null,
        }),
      );
      return 1;
    },
  });
