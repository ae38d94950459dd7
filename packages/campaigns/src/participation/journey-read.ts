import type { Tx } from "@tally/db";
import type { CampaignRow } from "../campaign/record.ts";
import { findJourney, journeyProgress, journeyStanding } from "./journey.ts";
import type { CampaignJourney } from "./schemas.ts";

/**
 * The user's journey in the campaign as their screen shows it: progress, completion, points and token. A
 * user who has not taken part yet has a journey of nothing (`joined: false`), not a 404.
 */
export const readJourney = async (
  tx: Tx,
  campaign: CampaignRow,
  { userId }: { userId: string },
): Promise<CampaignJourney> => {
  const journey = await findJourney(tx, campaign, { userId });
  const base = { campaignId: campaign.id, type: campaign.type, userId };
  if (!journey)
    return {
      ...base,
      joined: false,
      journeyId: null,
      participations: 0,
      remainingParticipations: campaign.rateLimit === 0 ? null : campaign.rateLimit,
      progress: await journeyProgress(tx, campaign, null),
      completed: false,
      completedAt: null,
      journeyPoints: 0,
      pointTransactionId: null,
      rewardSupplyExhausted: false,
      grant: null,
    };
  return {
    ...base,
    joined: true,
    journeyId: journey.id,
    progress: await journeyProgress(tx, campaign, journey),
    ...journeyStanding(campaign, journey),
  };
};
