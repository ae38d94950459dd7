import { campaignVotes } from "@tally/db";
import {
  createCreator,
  createReward,
  inTenant,
  participate,
  seedCampaign,
  seedUser,
  useHarness,
  voteAll,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { handleCampaignEnded, handleCampaignVote } from "./handlers.ts";

const h = useHarness();

describe("campaign handlers take their locks in one order", () => {
  it("campaign-ended and campaign-vote deliveries retrying the same tokens at once all finish (no deadlock between journeys and the reward)", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    // A DRAFT programme cannot grant yet: every completed journey stays DEFERRED, so each handler retries it.
    const reward = await createReward(h, tenant, creator);
    const campaign = await seedCampaign(h, tenant, creator.id, {
      type: "MULTIVARIANT",
      attributes: [["a", "b"]],
      rewardId: reward.id,
    });
    const users = await Promise.all(Array.from({ length: 12 }, () => seedUser(h, tenant)));
    for (const user of users) {
      const answer = await participate(h, tenant, campaign.id, "vote", voteAll(campaign, user.id));
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body.grant).toMatchObject({ status: "DEFERRED" });
    }
    const votes = await inTenant(h, tenant, (tx) =>
      tx
        .select({ id: campaignVotes.id })
        .from(campaignVotes)
        .where(
          and(
            eq(campaignVotes.organizationId, tenant.organizationId),
            eq(campaignVotes.campaignId, campaign.id),
          ),
        ),
    );
    const key = { organizationId: tenant.organizationId, campaignId: campaign.id };

    const outcomes = await Promise.allSettled([
      handleCampaignEnded(h.runtime.deps, key),
      ...votes.map((vote) =>
        handleCampaignVote(h.runtime.deps, { ...key, voteId: vote.id, userId: users[0]!.id }),
      ),
      handleCampaignEnded(h.runtime.deps, key),
    ]);

    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
  });
});
