import type { CommerceHandlerDeps } from "@tally/commerce";
import { AppError } from "@tally/core";
import { campaignJourneys, campaignVotes, type Tx, withTenant } from "@tally/db";
import type { EventPayload } from "@tally/events";
import { and, eq } from "drizzle-orm";
import { type CampaignRow, findCampaign } from "../campaign/record.ts";
import { journeysWithGrantDue, settleJourney } from "./journey.ts";
import type { Publisher } from "./record.ts";
import { grantJourneyToken } from "./rewards.ts";

type HandlerDeps = Pick<CommerceHandlerDeps, "database" | "clock"> & { events: Publisher };

/** The campaign, or null once it is purged (a handler of a purged campaign has nothing left to do). */
const campaignOrNull = async (
  tx: Tx,
  key: { organizationId: string; id: string },
): Promise<CampaignRow | null> => {
  try {
    return await findCampaign(tx, key);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
};

/**
 * `campaign-vote`: the vote's request counted the tallies and settled the journey in its own transaction,
 * so this checks completion only: a journey the vote completed is settled already and costs one read. A
 * vote whose journey is complete by its submissions but not settled (recorded by another path) is settled
 * here under the journey's lock; settling is idempotent (a conditional completion, one CAMPAIGN posting).
 */
export const handleCampaignVote = (
  deps: HandlerDeps,
  { organizationId, campaignId, voteId }: EventPayload<"campaign-vote">,
): Promise<void> =>
  withTenant(deps.database.db, organizationId, async (tx) => {
    const voter = (lock: boolean) => {
      const query = tx
        .select({ journey: campaignJourneys })
        .from(campaignVotes)
        .innerJoin(
          campaignJourneys,
          and(
            eq(campaignJourneys.organizationId, campaignVotes.organizationId),
            eq(campaignJourneys.id, campaignVotes.journeyId),
          ),
        )
        .where(and(eq(campaignVotes.organizationId, organizationId), eq(campaignVotes.id, voteId)));
      return lock ? query.for("update", { of: campaignJourneys }) : query;
    };
    const [seen] = await voter(false);
    if (!seen || seen.journey.completedAt) return;
    const campaign = await campaignOrNull(tx, { organizationId, id: campaignId });
    if (!campaign) return;
    const [journey] = await voter(true);
    if (!journey) return;
    await settleJourney({ tx, now: deps.clock.now(), events: deps.events }, campaign, journey.journey);
  });

/**
 * `campaign-ended`: distributes the rewards still due. Points are paid in the completing transaction, so
 * what can remain is the linked reward token: for every completed journey whose token is not queued yet
 * (no wallet then, a programme not granting then, or a programme linked after the completion) the grant is
 * tried again. Idempotent: a queued journey is skipped and the mint is unique per (reward, wallet).
 */
export const handleCampaignEnded = (
  deps: HandlerDeps,
  { organizationId, campaignId }: EventPayload<"campaign-ended">,
): Promise<void> =>
  withTenant(deps.database.db, organizationId, async (tx) => {
    const campaign = await campaignOrNull(tx, { organizationId, id: campaignId });
    if (!campaign?.rewardId) return;
    const now = deps.clock.now();
    for (const journey of await journeysWithGrantDue(tx, campaign))
      await grantJourneyToken({ tx, now, events: deps.events }, campaign, journey);
  });
