import {
  type ApiSchema,
  api,
  asOwner,
  type CreatedCreator,
  createCreator,
  createReward,
  createUser,
  expectError,
  grantPoints,
  grantReward,
  publishedReward,
  redeemToken,
  setRewardMode,
  type Tenant,
  useHarness,
  walletHolder,
} from "@tally/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type EarnedReward = ApiSchema<"EarnedReward">;
type ManagedCollectible = ApiSchema<"ManagedCollectible">;
type RewardsDashboard = ApiSchema<"RewardsDashboard">;

const h = useHarness();

// The queued third grant stays PENDING for the pages to count: the mint run a queued mint starts is withheld.
beforeEach(() => {
  const events = h.runtime.deps.events;
  const publish = events.publish.bind(events);
  vi.spyOn(events, "publish").mockImplementation(async (tx, event, payload, options) =>
    event === "reward-mints-queued" ? ["withheld"] : publish(tx, event, payload, options),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A creator with three programmes: `unlimited` (two tokens minted, a third grant queued), `single` (maxSupply 1:
 * one token minted, the next grant failed with MaxSupplyReached) and a DRAFT.
 */
const creatorWithMints = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  await setRewardMode(h, tenant, "IMMEDIATE");
  const unlimited = await publishedReward(h, tenant, creator);
  const single = await publishedReward(h, tenant, creator, { maxSupply: 1 });
  const draft = await createReward(h, tenant, creator);
  const [first, second, third] = [
    await walletHolder(h, tenant),
    await walletHolder(h, tenant),
    await walletHolder(h, tenant),
  ];
  const grant = async (rewardId: string, userId: string, status: string) => {
    const granted = await grantReward(h, tenant, creator, rewardId, userId);
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body.mint.status).toBe(status);
    return granted.body.mint;
  };
  const mints = [
    await grant(unlimited.id, first.user.id, "COMPLETED"),
    await grant(unlimited.id, second.user.id, "COMPLETED"),
    await grant(single.id, first.user.id, "COMPLETED"),
  ];
  await grant(single.id, second.user.id, "ERROR");
  await setRewardMode(h, tenant, "QUEUE");
  await grant(unlimited.id, third.user.id, "PENDING");
  return { tenant, creator, unlimited, single, draft, users: [first, second, third], mints };
};

const page = (tenant: Tenant, creator: CreatedCreator, path: string) =>
  api<unknown>(h, "GET", `/creator/id/${creator.id}/${path}`, asOwner(tenant, creator));

describe("GET /creator/id/{creatorId}/earned-rewards and latest-earned-reward", () => {
  it("lists the COMPLETED mints of the creator's programmes, newest first, paged with X-Total-Count", async () => {
    const { tenant, creator, unlimited, single, users, mints } = await creatorWithMints();
    const all = await api<EarnedReward[]>(
      h,
      "GET",
      `/creator/id/${creator.id}/earned-rewards`,
      asOwner(tenant, creator),
    );
    expect(all.status, all.text).toBe(200);
    expect(all.headers.get("x-total-count")).toBe("3");
    expect(all.body.map((earned) => earned.id)).toEqual([mints[2]!.id, mints[1]!.id, mints[0]!.id]);
    expect(all.body[0]).toEqual({
      id: mints[2]!.id,
      rewardId: single.id,
      rewardName: "Backstage Pass",
      rewardType: "POINTS",
      userId: users[0]!.user.id,
      walletAddress: users[0]!.address,
      chainId: 8453,
      contractAddress: single.contract.proxyAddress,
      tokenId: "1",
      txHash: mints[2]!.txHash,
      mintedAt: expect.any(String),
    });
    expect(all.body[2]).toMatchObject({ rewardId: unlimited.id, tokenId: "1", userId: users[0]!.user.id });

    const second = await api<EarnedReward[]>(
      h,
      "GET",
      `/creator/id/${creator.id}/earned-rewards?limit=1&offset=1`,
      asOwner(tenant, creator),
    );
    expect(second.headers.get("x-total-count")).toBe("3");
    expect(second.body.map((earned) => earned.id)).toEqual([mints[1]!.id]);

    const latest = await page(tenant, creator, "latest-earned-reward");
    expect(latest.status, latest.text).toBe(200);
    expect(latest.body).toEqual(all.body[0]);
  });

  it("answers null for the latest and an empty page when nothing was minted", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    await publishedReward(h, tenant, creator);
    const latest = await page(tenant, creator, "latest-earned-reward");
    expect(latest.status, latest.text).toBe(200);
    expect(latest.body).toBeNull();
    const earned = await page(tenant, creator, "earned-rewards");
    expect(earned.body).toEqual([]);
    expect(earned.headers.get("x-total-count")).toBe("0");
  });
});

describe("GET /creator/id/{creatorId}/collectibles and dashboard/rewards", () => {
  it("counts minted, pending, errors, holders and redemptions from the records, per programme and in total", async () => {
    const { tenant, creator, unlimited, single, draft, users } = await creatorWithMints();
    // The first user redeems their token of `unlimited` (it costs 10 of the creator's points).
    await grantPoints(h, tenant, users[0]!.user.id, 30, { creatorId: creator.id });
    const path = `/nfts/base/${unlimited.contract.proxyAddress}/1`;
    const redeemed = await redeemToken(h, tenant, users[0]!.user.id, path);
    expect(redeemed.status, redeemed.text).toBe(200);

    const collectibles = await api<ManagedCollectible[]>(
      h,
      "GET",
      `/creator/id/${creator.id}/collectibles`,
      asOwner(tenant, creator),
    );
    expect(collectibles.status, collectibles.text).toBe(200);
    const byId = new Map(collectibles.body.map((collectible) => [collectible.rewardId, collectible]));
    expect([...byId.keys()]).toEqual([draft.id, single.id, unlimited.id]);
    expect(byId.get(unlimited.id)).toMatchObject({
      status: "PUBLISHED",
      contractAddress: unlimited.contract.proxyAddress,
      implementationAddress: unlimited.contract.implementationAddress,
      chainId: 8453,
      maxSupply: 0,
      supplyLeft: null,
      minted: 2,
      pending: 1,
      contractDrift: null,
    });
    expect(byId.get(single.id)).toMatchObject({ maxSupply: 1, minted: 1, pending: 0, supplyLeft: 0 });
    expect(byId.get(draft.id)).toMatchObject({
      status: "DRAFT",
      contractAddress: null,
      minted: 0,
      pending: 0,
      publishedAt: null,
    });

    const dashboard = await api<RewardsDashboard>(
      h,
      "GET",
      `/creator/id/${creator.id}/dashboard/rewards`,
      asOwner(tenant, creator),
    );
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.body.programmes).toEqual([
      {
        rewardId: draft.id,
        name: null,
        type: "POINTS",
        status: "DRAFT",
        minted: 0,
        pending: 0,
        errors: 0,
        holders: 0,
        redeemed: 0,
      },
      {
        rewardId: single.id,
        name: "Backstage Pass",
        type: "POINTS",
        status: "PUBLISHED",
        minted: 1,
        pending: 0,
        errors: 1,
        holders: 1,
        redeemed: 0,
      },
      {
        rewardId: unlimited.id,
        name: "Backstage Pass",
        type: "POINTS",
        status: "PUBLISHED",
        minted: 2,
        pending: 1,
        errors: 0,
        holders: 2,
        redeemed: 1,
      },
    ]);
    // The first user holds a token of both programmes: one holder of the creator.
    expect(dashboard.body.totals).toEqual({
      programmes: 3,
      published: 2,
      minted: 3,
      pending: 1,
      errors: 1,
      holders: 2,
      redeemed: 1,
    });
  });

  it("answers zeros for a creator with no programme, and counts nothing of another creator's", async () => {
    const { tenant } = await creatorWithMints();
    const other = await createCreator(h, tenant);
    const dashboard = await page(tenant, other, "dashboard/rewards");
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.body).toEqual({
      programmes: [],
      totals: { programmes: 0, published: 0, minted: 0, pending: 0, errors: 0, holders: 0, redeemed: 0 },
    });
    expect((await page(tenant, other, "collectibles")).body).toEqual([]);
    expect((await page(tenant, other, "earned-rewards")).body).toEqual([]);
  });
});

describe("who may read a creator's reward pages", () => {
  const PAGES = ["earned-rewards", "latest-earned-reward", "collectibles", "dashboard/rewards"];

  it("the owner and an ADMIN key; 403 for a non-owner or no acting user, 404 for another tenant, 403 on BUILDER", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    const stranger = await createUser(h, tenant);
    const other = await h.createTenant({ tier: "growth" });
    const builder = await h.createTenant({ tier: "builder" });
    const builderCreator = await createCreator(h, builder);
    for (const path of PAGES) {
      const url = `/creator/id/${creator.id}/${path}`;
      expect((await api(h, "GET", url, asOwner(tenant, creator))).status).toBe(200);
      expect((await api(h, "GET", url, { key: tenant.adminKey })).status).toBe(200);
      expectError(await api(h, "GET", url, { key: tenant.memberKey, userId: stranger.id }), 403, "not_owner");
      expectError(await api(h, "GET", url, { key: tenant.memberKey }), 403, "not_owner");
      expectError(await api(h, "GET", url, { key: other.adminKey }), 404, "not_found");
      expectError(
        await api(h, "GET", `/creator/id/${builderCreator.id}/${path}`, { key: builder.adminKey }),
        403,
        "tier_required",
      );
    }
  });

  it("refuses a bad page with 422", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    for (const query of ["limit=0", "limit=101", "offset=-1", "limit=abc"])
      expectError(
        await api(h, "GET", `/creator/id/${creator.id}/earned-rewards?${query}`, asOwner(tenant, creator)),
        422,
        "validation_failed",
      );
  });
});
