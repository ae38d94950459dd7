import { airdropRecipients, rewardMints } from "@tally/db";
import {
  type ApiSchema,
  airdropReward,
  api,
  asOwner,
  createCreator,
  grantPoints,
  handlerDeps,
  publishedReward,
  redeemToken,
  rewardTokens,
  seedFans,
  setRewardMode,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { runMintQueue } from "../programmes/mint-queue.ts";
import { MAX_MINT_ATTEMPTS } from "../programmes/mints.ts";
import { runAirdropMonitor } from "./monitor.ts";

// The monitor and the mint-queue are run by the tests; no worker takes the `airdrop` event meanwhile.
const h = useHarness({ env: { RUN_WORKER: "off" } });

type Airdrop = ApiSchema<"Airdrop">;
type Delivery = ApiSchema<"AirdropDelivery">;
const HOUR = 3_600_000;

const programme = async (options: Parameters<typeof publishedReward>[3] = {}) => {
  const tenant = await h.createTenant({ tier: "growth" });
  await setRewardMode(h, tenant, "QUEUE");
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator, options);
  const read = async (airdropId: string) => {
    const response = await api<Airdrop>(h, "GET", `/airdrop/${airdropId}`, asOwner(tenant, creator));
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  return { tenant, creator, reward, read, tokens: rewardTokens(h, reward.contract.proxyAddress) };
};

/** Runs `fn` with the clock `ms` ahead (the worker's handlers see the same clock). */
const later = async <T>(ms: number, fn: () => Promise<T>): Promise<T> => {
  const clock = h.runtime.deps.clock;
  const at = new Date(clock.now().getTime() + ms);
  const spy = vi.spyOn(clock, "now").mockReturnValue(at);
  try {
    return await fn();
  } finally {
    spy.mockRestore();
  }
};

const monitor = (organizationId: string) => runAirdropMonitor(handlerDeps(h), { organizationId });
const mintQueue = (organizationId: string) => runMintQueue(handlerDeps(h), { organizationId });

const recipientsOf = (airdropId: string) =>
  h.database.db.select().from(airdropRecipients).where(eq(airdropRecipients.airdropId, airdropId));

describe("the airdrop-monitor job", () => {
  it("airdrops to 300 followers in batches: every follower holds one token on chain, the airdrop COMPLETED", async () => {
    const { tenant, creator, reward, read, tokens } = await programme({
      conditions: [{ type: "FANS", parameters: [] }],
    });
    const fans = await seedFans(h, tenant, 300, { creatorId: creator.id });
    const [outsider] = await seedFans(h, tenant, 1);
    const airdropDate = new Date(h.runtime.deps.clock.now().getTime() + HOUR);

    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      airdropDate: airdropDate.toISOString(),
      eligibility: { type: "CONDITIONS" },
    });

    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      status: "PENDING",
      source: "CONDITIONS",
      eligible: 300,
      airdropDate: airdropDate.toISOString(),
      nftReward: {
        id: reward.id,
        contract: { name: "Backstage Pass", proxyAddress: reward.contract.proxyAddress },
      },
    });
    const airdropId = created.body.id;
    // Not due yet: nothing is queued.
    expect(await monitor(tenant.organizationId)).toEqual({ started: 0, completed: 0, failed: 0 });
    expect((await read(airdropId)).status).toBe("PENDING");

    expect(await later(HOUR, () => monitor(tenant.organizationId))).toMatchObject({ started: 1 });
    expect(await read(airdropId)).toMatchObject({ status: "PROCESSING", eligible: 300, minted: 0 });
    const recipients = await recipientsOf(airdropId);
    expect(recipients).toHaveLength(300);
    expect(new Set(recipients.map((row) => row.mintId)).size).toBe(300);
    expect(await tokens.totalSupply()).toBe(0n);

    const minted = await later(HOUR, () => mintQueue(tenant.organizationId));
    expect(minted.mints).toBe(300);
    expect(minted.batches).toBeGreaterThan(1);

    expect(await later(HOUR, () => monitor(tenant.organizationId))).toMatchObject({ completed: 1 });
    expect(await read(airdropId)).toMatchObject({
      status: "COMPLETED",
      eligible: 300,
      minted: 300,
      failed: 0,
      skipped: 0,
      finishedAt: expect.any(String),
    });
    expect(await tokens.totalSupply()).toBe(300n);
    const balances = await Promise.all(fans.map((fan) => tokens.balanceOf(fan.address!)));
    expect(balances).toEqual(Array(300).fill(1n));
    expect(await tokens.balanceOf(outsider!.address!)).toBe(0n);

    const page = await api<Delivery[]>(
      h,
      "GET",
      `/airdrop/${airdropId}/delivered?limit=100&offset=200`,
      asOwner(tenant, creator),
    );
    expect(page.status, page.text).toBe(200);
    expect(page.headers.get("X-Total-Count")).toBe("300");
    expect(page.body).toHaveLength(100);
    const delivery = page.body[0]!;
    expect(await tokens.ownerOf(BigInt(delivery.tokenId))).toBe(delivery.walletAddress);
    expect(delivery.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    // A later run leaves a finished airdrop alone.
    expect(await later(HOUR, () => monitor(tenant.organizationId))).toEqual({
      started: 0,
      completed: 0,
      failed: 0,
    });
  }, 120_000);

  it("ends COMPLETED when every possible mint succeeded, counting the recipients skipped (no wallet, conditions not met)", async () => {
    const { tenant, creator, reward, read, tokens } = await programme({
      conditions: [{ type: "FANS", parameters: [] }],
    });
    const [holder] = await seedFans(h, tenant, 1, { creatorId: creator.id });
    const [walletless] = await seedFans(h, tenant, 1, { creatorId: creator.id, wallet: "NONE" });
    const [stranger] = await seedFans(h, tenant, 1);
    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      eligibility: { type: "LIST", userIds: [holder!.id, walletless!.id, stranger!.id] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.eligible).toBe(3);

    await monitor(tenant.organizationId);
    const recipients = await recipientsOf(created.body.id);
    expect(
      Object.fromEntries(
        recipients.map((row) => [row.userId, [row.status, row.reason?.split(":")[0] ?? null]]),
      ),
    ).toEqual({
      [holder!.id]: ["QUEUED", null],
      [walletless!.id]: ["SKIPPED", "wallet_required"],
      [stranger!.id]: ["SKIPPED", "conditions_not_met"],
    });
    await mintQueue(tenant.organizationId);
    expect(await monitor(tenant.organizationId)).toMatchObject({ completed: 1, failed: 0 });

    expect(await read(created.body.id)).toMatchObject({
      status: "COMPLETED",
      minted: 1,
      failed: 0,
      skipped: 2,
    });
    expect(await tokens.balanceOf(holder!.address!)).toBe(1n);
    expect(await tokens.balanceOf(stranger!.address!)).toBe(0n);
  });

  it("stays PROCESSING while a failed mint will be retried, FAILED once its attempts are exhausted", async () => {
    const { tenant, creator, reward, read, tokens } = await programme();
    const [fan] = await seedFans(h, tenant, 1);
    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      eligibility: { type: "LIST", userIds: [fan!.id] },
    });
    await monitor(tenant.organizationId);
    const send = vi
      .spyOn(h.runtime.deps.providers.rewardChain, "sendMint")
      .mockRejectedValue(new Error("RPC down"));
    try {
      for (let attempt = 1; attempt <= MAX_MINT_ATTEMPTS; attempt += 1) {
        // Each retry waits out its backoff (at most 16 minutes after the 5th attempt's predecessor).
        await later(attempt * HOUR, () => mintQueue(tenant.organizationId));
        await later(attempt * HOUR, () => monitor(tenant.organizationId));
        const expected = attempt < MAX_MINT_ATTEMPTS ? "PROCESSING" : "FAILED";
        expect((await read(created.body.id)).status, `after attempt ${attempt}`).toBe(expected);
      }
    } finally {
      send.mockRestore();
    }
    const [mint] = await h.database.db
      .select()
      .from(rewardMints)
      .where(and(eq(rewardMints.organizationId, tenant.organizationId), eq(rewardMints.userId, fan!.id)));
    expect(mint).toMatchObject({ status: "ERROR", attempts: MAX_MINT_ATTEMPTS, retryAt: null });
    expect(await read(created.body.id)).toMatchObject({ status: "FAILED", minted: 0, failed: 1, skipped: 0 });
    expect(await tokens.totalSupply()).toBe(0n);
  });

  it("fails an airdrop whose reward was disabled before its date, queueing nothing", async () => {
    const { tenant, creator, reward, read } = await programme();
    const fans = await seedFans(h, tenant, 2);
    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      airdropDate: new Date(h.runtime.deps.clock.now().getTime() + HOUR).toISOString(),
      eligibility: { type: "LIST", userIds: fans.map((fan) => fan.id) },
    });
    const disabled = await api(h, "PATCH", `/nft-reward/${reward.id}/disable`, asOwner(tenant, creator));
    expect(disabled.status, disabled.text).toBe(200);

    expect(await later(HOUR, () => monitor(tenant.organizationId))).toMatchObject({ started: 1 });

    expect(await read(created.body.id)).toMatchObject({
      status: "FAILED",
      error: expect.stringContaining("DISABLED"),
    });
    expect(await recipientsOf(created.body.id)).toEqual([]);
  });

  it("is taken by one of two monitors running at once: each recipient recorded once, one mint each", async () => {
    const { tenant, creator, reward, read } = await programme({
      conditions: [{ type: "FANS", parameters: [] }],
    });
    await seedFans(h, tenant, 40, { creatorId: creator.id });
    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      airdropDate: new Date(h.runtime.deps.clock.now().getTime() + HOUR).toISOString(),
      eligibility: { type: "CONDITIONS" },
    });

    const runs = await later(HOUR, () =>
      Promise.all([monitor(tenant.organizationId), monitor(tenant.organizationId)]),
    );

    expect(runs.map((run) => run.started).sort()).toEqual([0, 1]);
    expect(await recipientsOf(created.body.id)).toHaveLength(40);
    const mints = await h.database.db
      .select()
      .from(rewardMints)
      .where(and(eq(rewardMints.organizationId, tenant.organizationId), eq(rewardMints.rewardId, reward.id)));
    expect(mints).toHaveLength(40);
    expect(await read(created.body.id)).toMatchObject({ status: "PROCESSING", eligible: 40 });
  });

  it("tracks redemption: how many of the airdrop's delivered tokens were redeemed", async () => {
    const { tenant, creator, reward } = await programme();
    const fans = await seedFans(h, tenant, 3);
    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      eligibility: { type: "LIST", userIds: fans.map((fan) => fan.id) },
    });
    const tracking = async () => {
      const response = await api<ApiSchema<"AirdropRedemptionTracking">>(
        h,
        "GET",
        `/airdrop/${created.body.id}/redemption`,
        asOwner(tenant, creator),
      );
      expect(response.status, response.text).toBe(200);
      return response.body;
    };
    await monitor(tenant.organizationId);
    expect(await tracking()).toEqual({
      airdropId: created.body.id,
      delivered: 0,
      redeemed: 0,
      redemptionRate: 0,
    });
    await mintQueue(tenant.organizationId);
    const page = await api<Delivery[]>(
      h,
      "GET",
      `/airdrop/${created.body.id}/delivered`,
      asOwner(tenant, creator),
    );
    expect(page.body).toHaveLength(3);
    const [first] = page.body;
    // The programme costs 10 of the creator's points to redeem.
    await grantPoints(h, tenant, first!.userId, 10, { creatorId: creator.id });

    const redeemed = await redeemToken(
      h,
      tenant,
      first!.userId,
      `/nfts/base/${reward.contract.proxyAddress}/${first!.tokenId}`,
    );

    expect(redeemed.status, redeemed.text).toBe(200);
    expect(await tracking()).toEqual({
      airdropId: created.body.id,
      delivered: 3,
      redeemed: 1,
      redemptionRate: 1 / 3,
    });
  });
});
