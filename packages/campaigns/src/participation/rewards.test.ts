import { addUserWallet } from "@tally/commerce";
import { campaignJourneys, rewardMints } from "@tally/db";
import {
  api,
  asOwner,
  createCreator,
  inTenant,
  participate,
  publishableReward,
  publishedReward,
  randomAddress,
  seedCampaign,
  seedUser,
  type Tenant,
  useHarness,
  voteAll,
  walletHolder,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { handleCampaignEnded } from "./handlers.ts";

const h = useHarness();

const journey = (tenant: Tenant, journeyId: string) =>
  inTenant(h, tenant, async (tx) => {
    const [row] = await tx
      .select()
      .from(campaignJourneys)
      .where(
        and(eq(campaignJourneys.organizationId, tenant.organizationId), eq(campaignJourneys.id, journeyId)),
      );
    return row!;
  });

const mintsOf = (tenant: Tenant, rewardId: string) =>
  inTenant(h, tenant, (tx) =>
    tx
      .select({
        userId: rewardMints.userId,
        walletAddress: rewardMints.walletAddress,
      })
      .from(rewardMints)
      .where(and(eq(rewardMints.organizationId, tenant.organizationId), eq(rewardMints.rewardId, rewardId))),
  );

const campaignEnded = (tenant: Tenant, campaignId: string) =>
  handleCampaignEnded(h.runtime.deps, { organizationId: tenant.organizationId, campaignId });

describe("a completed journey gets the campaign's linked reward token", () => {
  it("queues the token for a user with a wallet, records WALLET_REQUIRED for one without, and campaign-ended grants it once the wallet exists", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const reward = await publishedReward(h, tenant, creator);
    const campaign = await seedCampaign(h, tenant, creator.id, {
      type: "MULTIVARIANT",
      attributes: [["a", "b"]],
      rewardPoints: 20,
      rewardId: reward.id,
    });
    const { user: holder, address } = await walletHolder(h, tenant);
    const walletless = await seedUser(h, tenant);

    const granted = await participate(h, tenant, campaign.id, "vote", voteAll(campaign, holder.id));
    expect(granted.status, granted.text).toBe(201);
    expect(granted.body).toMatchObject({
      pointsAwarded: 20,
      grant: { status: "QUEUED", mintId: expect.any(String), note: null },
    });

    const recorded = await participate(h, tenant, campaign.id, "vote", voteAll(campaign, walletless.id));
    expect(recorded.status, recorded.text).toBe(201);
    expect(recorded.body).toMatchObject({
      completed: true,
      pointsAwarded: 20,
      grant: { status: "WALLET_REQUIRED", mintId: null, note: expect.stringContaining("wallet") },
    });
    expect(await mintsOf(tenant, reward.id)).toEqual([{ userId: holder.id, walletAddress: address }]);

    const lateAddress = randomAddress();
    await inTenant(h, tenant, (tx) =>
      addUserWallet(tx, {
        organizationId: tenant.organizationId,
        userId: walletless.id,
        address: lateAddress,
        type: "EXTERNAL",
        chainId: 8453,
      }),
    );
    await Promise.all([campaignEnded(tenant, campaign.id), campaignEnded(tenant, campaign.id)]);
    await campaignEnded(tenant, campaign.id);

    expect(await journey(tenant, recorded.body.journeyId)).toMatchObject({
      grantStatus: "QUEUED",
      grantNote: null,
    });
    const mints = await mintsOf(tenant, reward.id);
    expect(mints).toHaveLength(2);
    expect(mints).toContainEqual({ userId: walletless.id, walletAddress: lateAddress });
    // The holder's token was queued already: ending the campaign queued nothing more for it.
    expect(mints.filter((mint) => mint.userId === holder.id)).toHaveLength(1);
  });

  it("a programme not yet publishable defers the grant with the reason; campaign-ended grants it after publish", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const draft = await publishableReward(h, tenant, creator);
    const campaign = await seedCampaign(h, tenant, creator.id, { type: "UGC", rewardId: draft.id });
    const { user } = await walletHolder(h, tenant);

    const posted = await participate(h, tenant, campaign.id, "ugc", {
      userId: user.id,
      mediaType: "TEXT",
      text: "Here is my story",
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({
      completed: true,
      grant: { status: "DEFERRED", note: expect.stringContaining("DRAFT") },
    });
    await campaignEnded(tenant, campaign.id);
    expect(await journey(tenant, posted.body.journeyId)).toMatchObject({ grantStatus: "DEFERRED" });

    const published = await api(h, "PUT", `/nft-reward/${draft.id}/publish`, asOwner(tenant, creator));
    expect(published.status, published.text).toBe(200);
    await campaignEnded(tenant, campaign.id);
    expect(await journey(tenant, posted.body.journeyId)).toMatchObject({
      grantStatus: "QUEUED",
      mintId: expect.any(String),
    });
    expect(await mintsOf(tenant, draft.id)).toHaveLength(1);
  });
});
