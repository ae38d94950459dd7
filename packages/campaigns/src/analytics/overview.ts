import type { Tx } from "@tally/db";
import type { CampaignRow } from "../campaign/record.ts";
import { journeyTotals } from "./participants.ts";
import type { CampaignAnalytics } from "./schemas.ts";
import { submissionTotals } from "./submissions.ts";

/** `GET /campaign/{id}/analytics`: the journeys' and the submissions' totals, counted from their rows. */
export const campaignOverview = async (tx: Tx, campaign: CampaignRow): Promise<CampaignAnalytics> => {
  const journeys = await journeyTotals(tx, campaign);
  const { submissions, firstParticipationAt, lastParticipationAt } = await submissionTotals(tx, campaign);
  return {
    campaignId: campaign.id,
    type: campaign.type,
    status: campaign.status,
    participants: journeys.participants,
    completedJourneys: journeys.completedJourneys,
    completionRate:
      journeys.participants === 0
        ? 0
        : Math.floor((journeys.completedJourneys * 10_000) / journeys.participants),
    participations: journeys.participations,
    submissions,
    pointsAwarded: journeys.pointsAwarded,
    rewardedCompletions: campaign.rewardedCount,
    firstParticipationAt,
    lastParticipationAt,
  };
};
