import { campaignJourneys, campaignStatuses, campaigns, type Tx } from "@tally/db";
import { and, asc, count, countDistinct, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { total } from "./participants.ts";
import type { CreatorCampaignDashboard } from "./schemas.ts";

type CreatorRef = { organizationId: string; id: string };

/** Most active campaigns a dashboard lists. */
const ACTIVE_LISTED = 50;

/** The creator's campaigns that are not archived. */
const liveCampaignsOf = (creator: CreatorRef) =>
  and(
    eq(campaigns.organizationId, creator.organizationId),
    eq(campaigns.creatorId, creator.id),
    isNull(campaigns.archivedAt),
  );

const journeyAggregates = () => ({
  participants: countDistinct(campaignJourneys.userId),
  journeys: count(campaignJourneys.id),
  completedJourneys: count(campaignJourneys.completedAt),
  participations: total(sql`sum(${campaignJourneys.participations})`),
  pointsAwarded: total(sql`sum(${campaignJourneys.pointsAwarded})`),
});

/** Journeys across the creator's campaigns that are not archived (a user counted once in `participants`). */
const creatorJourneyTotals = async (tx: Tx, creator: CreatorRef) => {
  const [row] = await tx
    .select(journeyAggregates())
    .from(campaigns)
    .innerJoin(
      campaignJourneys,
      and(
        eq(campaignJourneys.organizationId, campaigns.organizationId),
        eq(campaignJourneys.campaignId, campaigns.id),
      ),
    )
    .where(liveCampaignsOf(creator));
  return row ?? { participants: 0, journeys: 0, completedJourneys: 0, participations: 0, pointsAwarded: 0 };
};

const countLiveCampaigns = async (tx: Tx, creator: CreatorRef): Promise<number> => {
  const [row] = await tx.select({ n: count() }).from(campaigns).where(liveCampaignsOf(creator));
  return row?.n ?? 0;
};

/** `GET /creator/id/{creatorId}/campaigns/analytics/participants/count`. */
export const creatorParticipantCount = async (tx: Tx, creator: CreatorRef) => {
  const totals = await creatorJourneyTotals(tx, creator);
  return {
    count: totals.participants,
    journeys: totals.journeys,
    campaigns: await countLiveCampaigns(tx, creator),
  };
};

/** `GET /creator/id/{creatorId}/dashboard/campaigns`: campaigns per status, journey totals and the active ones. */
export const creatorCampaignDashboard = async (
  tx: Tx,
  creator: CreatorRef,
): Promise<CreatorCampaignDashboard> => {
  const perStatus = await tx
    .select({ status: campaigns.status, archived: isNotNull(campaigns.archivedAt), n: count() })
    .from(campaigns)
    .where(and(eq(campaigns.organizationId, creator.organizationId), eq(campaigns.creatorId, creator.id)))
    .groupBy(campaigns.status, isNotNull(campaigns.archivedAt));
  const byStatus = Object.fromEntries(
    campaignStatuses.map((status) => [status, 0]),
  ) as CreatorCampaignDashboard["byStatus"];
  let archived = 0;
  for (const row of perStatus) {
    if (row.archived) archived += row.n;
    else byStatus[row.status] += row.n;
  }
  const { participants, journeys, completedJourneys, participations, pointsAwarded } =
    await creatorJourneyTotals(tx, creator);
  const active = await tx
    .select()
    .from(campaigns)
    .where(and(liveCampaignsOf(creator), eq(campaigns.status, "PUBLISHED")))
    .orderBy(sql`${campaigns.endDate} asc nulls last`, asc(campaigns.createdAt), asc(campaigns.id))
    .limit(ACTIVE_LISTED);
  const perCampaign = await tx
    .select({ campaignId: campaignJourneys.campaignId, ...journeyAggregates() })
    .from(campaignJourneys)
    .where(
      and(
        eq(campaignJourneys.organizationId, creator.organizationId),
        inArray(
          campaignJourneys.campaignId,
          active.map((campaign) => campaign.id),
        ),
      ),
    )
    .groupBy(campaignJourneys.campaignId);
  const of = new Map(perCampaign.map((row) => [row.campaignId, row]));
  return {
    creatorId: creator.id,
    campaigns: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
    archived,
    byStatus,
    totals: { participants, journeys, completedJourneys, participations, pointsAwarded },
    active: active.map((campaign) => ({
      id: campaign.id,
      title: campaign.title,
      type: campaign.type,
      startDate: campaign.startDate,
      endDate: campaign.endDate,
      maxParticipants: campaign.maxParticipants,
      participants: of.get(campaign.id)?.journeys ?? 0,
      completedJourneys: of.get(campaign.id)?.completedJourneys ?? 0,
      pointsAwarded: of.get(campaign.id)?.pointsAwarded ?? 0,
    })),
  };
};
