import { AppError } from "@tally/core";
import { campaignJourneys, type Tx } from "@tally/db";
import { postPoints } from "@tally/points";
import { findReward, type MintQueueContext, queueGrant } from "@tally/rewards";
import { and, eq } from "drizzle-orm";
import { type CampaignRow, claimRewardedCompletion } from "../campaign/record.ts";
import { recordJourneyGrant } from "./grant-state.ts";
import type { JourneyRow, ParticipationContext } from "./record.ts";

const updateJourney = async (
  { tx, now }: { tx: Tx; now: Date },
  journey: JourneyRow,
  set: Pick<JourneyRow, "pointsAwarded" | "pointTransactionId">,
): Promise<JourneyRow> => {
  const [row] = await tx
    .update(campaignJourneys)
    .set({ ...set, updatedAt: now })
    .where(
      and(eq(campaignJourneys.organizationId, journey.organizationId), eq(campaignJourneys.id, journey.id)),
    )
    .returning();
  return row!;
};

/**
 * The campaign's `rewardPoints` for a journey that has just completed: a completion is counted against
 * `rewardMaxSupply` by the campaign's conditional counter (none left: no points), then one CAMPAIGN
 * transaction carrying the journey and campaign is written into the creator's points. The ledger's unique
 * index on a CAMPAIGN transaction's journey makes a second award impossible even if this ran twice.
 */
export const awardJourneyPoints = async (
  { tx, now, events }: ParticipationContext,
  campaign: CampaignRow,
  journey: JourneyRow,
): Promise<{ journey: JourneyRow; pointsAwarded: number }> => {
  const amount = campaign.rewardPoints;
  if (amount <= 0) return { journey, pointsAwarded: 0 };
  if (!(await claimRewardedCompletion(tx, { organizationId: campaign.organizationId, id: campaign.id })))
    return { journey, pointsAwarded: 0 };
  const row = await postPoints(
    { tx, now, events },
    { organizationId: journey.organizationId, userId: journey.userId },
    {
      creatorId: campaign.creatorId,
      amount,
      type: "CAMPAIGN",
      reference: { journeyId: journey.id, campaignId: campaign.id },
    },
  );
  if (!row) throw new AppError("conflict", "The journey's points were already awarded");
  return {
    journey: await updateJourney({ tx, now }, journey, { pointsAwarded: amount, pointTransactionId: row.id }),
    pointsAwarded: amount,
  };
};

/**
 * Queues the linked reward programme's token for a completed journey through the rewards grant operation.
 * A grant the user cannot receive yet does not fail the participation: no wallet is WALLET_REQUIRED, a
 * programme not granting yet (unpublished, conditions unmet) is DEFERRED with the reason; both are retried
 * by the user's next submission and when the campaign ends. The refusals are raised before any write of
 * the grant, so the transaction carries on after them.
 */
export const grantJourneyToken = async (
  context: MintQueueContext,
  campaign: CampaignRow,
  journey: JourneyRow,
): Promise<JourneyRow> => {
  if (!campaign.rewardId || journey.grantStatus === "QUEUED") return journey;
  const { tx, now } = context;
  try {
    const reward = await findReward(
      tx,
      { organizationId: campaign.organizationId, id: campaign.rewardId },
      { lock: true },
    );
    const { mint } = await queueGrant(context, reward, { userId: journey.userId });
    return recordJourneyGrant({ tx, now }, journey, { status: "QUEUED", grantNote: null, mintId: mint.id });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return recordJourneyGrant({ tx, now }, journey, {
      status: error.code === "wallet_required" ? "WALLET_REQUIRED" : "DEFERRED",
      grantNote: error.message,
      mintId: null,
    });
  }
};
