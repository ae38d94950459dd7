import {
  airdropReward,
  api,
  asOwner,
  createCreator,
  createReward,
  createUser,
  expectError,
  publishableReward,
  publishedReward,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

interface RewardRecord {
  id: string;
  status: string;
  customRewardDetails: Record<string, unknown> | null;
  pointsRewardDetails: { points: number } | null;
  airdrop: { id: string } | null;
}

describe("reward programmes on the fan side", () => {
  it("a fan reads a deployed programme's public fields, never a draft or a CUSTOM_REWARD's webhook", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const fan = await createUser(h, tenant);
    const asFan = { key: tenant.memberKey, userId: fan.id };

    const points = await publishedReward(h, tenant, creator);
    const shown = await api<RewardRecord>(h, "GET", `/nft-reward/${points.id}`, asFan);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({ status: "PUBLISHED", pointsRewardDetails: { points: 50 } });
    expect((await api(h, "GET", `/nft-reward/${points.id}`, { key: tenant.memberKey })).status).toBe(200);

    const draft = await publishableReward(h, tenant, creator);
    expectError(await api(h, "GET", `/nft-reward/${draft.id}`, asFan), 404, "not_found");
    expect((await api(h, "GET", `/nft-reward/${draft.id}`, asOwner(tenant, creator))).status).toBe(200);

    const custom = await createReward(h, tenant, creator, { type: "CUSTOM" });
    const hook = "https://hooks.example.com/secret-path";
    for (const [path, body] of [
      [
        `/nft-reward/${custom.id}`,
        { creatorId: creator.id, customRewardDetails: { webhookUrl: hook, moreInfo: "A call" } },
      ],
      [
        `/nft-reward/${custom.id}/nft`,
        { name: "Call", imageUrl: "https://cdn.example.com/call.png", points: 5 },
      ],
    ] as const) {
      const set = await api(h, "PUT", path, { ...asOwner(tenant, creator), body });
      expect(set.status, set.text).toBe(200);
    }
    const deployed = await api(h, "PUT", `/nft-reward/${custom.id}/publish`, asOwner(tenant, creator));
    expect(deployed.status, deployed.text).toBe(200);
    const fanView = await api<RewardRecord>(h, "GET", `/nft-reward/${custom.id}`, asFan);
    expect(fanView.status, fanView.text).toBe(200);
    expect(fanView.body.customRewardDetails).toEqual({ moreInfo: "A call" });
    expect(fanView.text).not.toContain("secret-path");
    const ownerView = await api<RewardRecord>(h, "GET", `/nft-reward/${custom.id}`, asOwner(tenant, creator));
    expect(ownerView.body.customRewardDetails).toMatchObject({ webhookUrl: hook });

    // Changes stay the creator side's.
    expectError(await api(h, "PATCH", `/nft-reward/${points.id}/disable`, asFan), 403, "not_owner");
  });

  it("a fan reads an airdrop's public status without the creator's group", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const fan = await createUser(h, tenant);
    const reward = await publishedReward(h, tenant, creator);
    const airdrop = await airdropReward<{ id: string }>(h, tenant, creator, reward.id, {
      eligibility: { type: "LIST", userIds: [fan.id] },
    });
    expect(airdrop.status, airdrop.text).toBe(201);
    const shown = await api<{ id: string; status: string; eligible: number }>(
      h,
      "GET",
      `/airdrop/${airdrop.body.id}`,
      {
        key: tenant.memberKey,
        userId: fan.id,
      },
    );
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({ id: airdrop.body.id, eligible: 1, groupId: null });
    // Who received it stays the creator side's.
    expectError(
      await api(h, "GET", `/airdrop/${airdrop.body.id}/delivered`, { key: tenant.memberKey, userId: fan.id }),
      403,
      "not_owner",
    );
  });
});
