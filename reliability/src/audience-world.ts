import {
  airdropReward,
  api,
  createCreator,
  createPresale,
  createUser,
  fundedTaskPool,
  grantReward,
  postTask,
  publishedCampaign,
  publishedReward,
  registeredSolver,
  setRewardMode,
  type Tenant,
  type TestHarness,
  walletHolder,
} from "@tally/testing";
import { expect } from "vitest";

/**
 * One tenant whose creator has what each audience reads: a PUBLISHED campaign showing its leaderboard, a
 * PUBLISHED reward programme with a token minted to a fan, an airdrop to that fan and a presale, plus the
 * fan (a user who owns nothing), a funded task pool with an Open task and a registered solver. Ids are keyed by the path prefix that ends at the parameter, else by name.
 */
export interface AudienceWorld {
  tenant: Tenant;
  fan: { id: string };
  ids: Record<string, string>;
  /** The ids to call `operation` with: a UGC campaign (with an approved post) for the UGC routes. */
  idsFor: (operation: { path: string }) => Record<string, string>;
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
  const mintId = granted.body.mint.id;
  const airdrop = await airdropReward<{ id: string }>(h, tenant, creator, reward.id, {
    eligibility: { type: "LIST", userIds: [fan.id] },
  });
  expect(airdrop.status, airdrop.text).toBe(201);
  const presale = await createPresale(h, tenant, creator, reward.id);
  const ugc = await publishedCampaign(h, tenant, creator, { type: "UGC" });
  const posted = await api<{ id: string }>(h, "POST", `/campaign/${ugc.id}/ugc`, {
    key: tenant.memberKey,
    body: { userId: fan.id, mediaType: "TEXT", text: "Wearing it today" },
  });
  expect(posted.status, posted.text).toBe(201);
  const [post] = (
    await api<{ id: string }[]>(h, "GET", `/creator/id/${creator.id}/campaign/${ugc.id}/ugc`, {
      key: tenant.adminKey,
    })
  ).body;
  const approved = await api(h, "PATCH", `/creator/id/${creator.id}/campaign/${ugc.id}/ugc/${post?.id}`, {
    key: tenant.adminKey,
    body: { status: "APPROVED" },
  });
  expect(approved.status, approved.text).toBe(200);
  // The creator's owner follows the creator, so follower-scoped lists have someone in them.
  const other = await createUser(h, tenant);
  await api(h, "POST", `/user/${other.id}/creator/${creator.id}/followers/follow`, { key: tenant.adminKey });
  await fundedTaskPool(h, tenant, 10);
  const task = await postTask(h, tenant, { amountUSDC: 1 });
  expect(task.status, task.text).toBe(201);
  const solver = await registeredSolver(h, { name: "Audience solver", type: "human" });
  const ids: Record<string, string> = {
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
    mintId,
    taskId: task.body.taskId,
    "/solver/{address}": solver.address,
    "/solver/performance/{address}": solver.address,
    solverAddress: solver.address,
  };
  const ugcIds = {
    ...ids,
    "/campaign/{id}": ugc.id,
    "/creator/id/{creatorId}/campaign/{id}": ugc.id,
    postId: String(post?.id),
  };
  return {
    tenant,
    fan: { id: fan.id },
    ids,
    idsFor: (operation) => (/\/ugc(\/|$)/.test(operation.path) ? ugcIds : ids),
  };
};
