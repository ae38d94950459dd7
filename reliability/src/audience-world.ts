import {
  airdropReward,
  api,
  createCreator,
  createPresale,
  createUser,
  grantReward,
  publishedCampaign,
  publishedReward,
  setRewardMode,
  type Tenant,
  type TestHarness,
  walletHolder,
} from "@tally/testing";
import { expect } from "vitest";

/**
 * One tenant whose creator has what each audience reads: a PUBLISHED campaign showing its leaderboard, a
 * PUBLISHED reward programme with a token minted to a fan, an airdrop to that fan and a presale, plus the
 * fan (a user who owns nothing). Ids are keyed by the path prefix that ends at the parameter, else by name.
 */
export interface AudienceWorld {
  tenant: Tenant;
  fan: { id: string };
  ids: Record<string, string>;
}

export const createAudienceWorld = async (h: TestHarness): Promise<AudienceWorld> => {
  const tenant = await h.createTenant({ tier: "pro" });
  const creator = await createCreator(h, tenant);
  const { user: fan } = await walletHolder(h, tenant);
  const campaign = await publishedCampaign(h, tenant, creator, { configuration: { showLeaderboard: true } });
  const reward = await publishedReward(h, tenant, creator);
  await setRewardMode(h, tenant, "IMMEDIATE");
  const granted = await grantReward(h, tenant, creator, reward.id, fan.id);
  expect(granted.status, granted.text).toBe(200);
  const tokenId = String(granted.body.mint.tokenId);
  const airdrop = await airdropReward<{ id: string }>(h, tenant, creator, reward.id, {
    eligibility: { type: "LIST", userIds: [fan.id] },
  });
  expect(airdrop.status, airdrop.text).toBe(201);
  const presale = await createPresale(h, tenant, creator, reward.id);
  // The creator's owner follows the creator, so follower-scoped lists have someone in them.
  const other = await createUser(h, tenant);
  await api(h, "POST", `/user/${other.id}/creator/${creator.id}/followers/follow`, { key: tenant.adminKey });
  return {
    tenant,
    fan: { id: fan.id },
    ids: {
      "/user/{id}": fan.id,
      userId: fan.id,
      "/campaign/{id}": campaign.id,
      campaignId: campaign.id,
      "/creator/id/{creatorId}/campaign/{id}": campaign.id,
      "/nft-reward/{id}": reward.id,
      rewardId: reward.id,
      "/airdrop/{id}": airdrop.body.id,
      "/creator/id/{creatorId}/token-presales/{id}": presale.id,
      presaleId: presale.id,
      creatorId: creator.id,
      slug: creator.slug,
      network: "base",
      address: reward.contract.proxyAddress,
      tokenId,
    },
  };
};
