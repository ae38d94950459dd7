import { ManualClock } from "@tally/core";
import { nftRedemptions, pointTransactions } from "@tally/db";
import {
  api,
  asOwner,
  balancesOf,
  createCreator,
  expectError,
  grantPoints,
  handlerDeps,
  notificationsOf,
  redeemableProgramme,
  redeemToken,
  redemptionStatusOf,
  tokenHeldByNewUser,
  transferRewardToken,
  useHarness,
  walletHolder,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { handleNftRedeemed } from "./handlers.ts";
import { REDEMPTION_LEASE_MS } from "./redemption-state.ts";

const clock = new ManualClock();
const h = useHarness({ clock });

const setting = async (options: Parameters<typeof redeemableProgramme>[3] = {}) => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const reward = await redeemableProgramme(h, tenant, creator, options);
  return { tenant, creator, reward };
};

/** Every `nft-redeemed` published while `fn` runs (the redemption ids). */
const redeemedEvents = () => {
  const spy = vi.spyOn(h.runtime.deps.events, "publish");
  return {
    ids: () =>
      spy.mock.calls
        .filter((call) => call[1] === "nft-redeemed")
        .map((call) => (call[2] as { redemptionId: string }).redemptionId),
    restore: () => spy.mockRestore(),
  };
};

/** The user's NFT_REDEMPTION point transactions, oldest first (amounts). */
const redemptionPoints = async (userId: string) =>
  (
    await h.database.db
      .select({ amount: pointTransactions.amount, id: pointTransactions.id })
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, userId), eq(pointTransactions.type, "NFT_REDEMPTION")))
      .orderBy(pointTransactions.id)
  ).map((row) => row.amount);

const creatorBalance = async (tenant: { memberKey: string }, userId: string, creatorId: string) =>
  (await balancesOf(h, tenant as never, userId, `?creatorId=${creatorId}`)).creatorBalances[0]!.balance;

describe("redeeming a reward token", () => {
  it("POINTS: deducts the cost and credits the reward's points once, records REDEEMED and emits nft-redeemed", async () => {
    const { tenant, creator, reward } = await setting({ pointCost: 10 });
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);
    await grantPoints(h, tenant, token.user.id, 30, { creatorId: creator.id });
    const events = redeemedEvents();

    const redeemed = await redeemToken(h, tenant, token.user.id, token.path);

    const emitted = events.ids();
    events.restore();
    expect(redeemed.status, redeemed.text).toBe(200);
    expect(redeemed.body).toMatchObject({
      status: "REDEEMED",
      rewardId: reward.id,
      rewardType: "POINTS",
      pointCost: 10,
      redeemedAt: expect.any(String),
      rewardDetails: { points: 50, creatorId: creator.id, pointTransactionId: expect.any(Number) },
      network: "base",
      chainId: 8453,
      contractAddress: token.contract,
      tokenId: token.tokenId,
    });
    expect(emitted).toEqual([redeemed.body.redemptionId]);
    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(30 - 10 + 50);
    expect(await redemptionPoints(token.user.id)).toEqual([-10, 50]);

    const status = await redemptionStatusOf(h, tenant, token.user.id, token.path);
    expect(status.body).toEqual(redeemed.body);

    // A second redeem changes nothing.
    expectError(await redeemToken(h, tenant, token.user.id, token.path), 409, "already_redeemed");
    expect(await redemptionPoints(token.user.id)).toEqual([-10, 50]);

    // The collections and the creator's list agree.
    const list = (path: string) =>
      api<{ tokenId: string }[]>(h, "GET", `/user/${token.user.id}${path}`, {
        key: tenant.memberKey,
      });
    const all = await list("/nfts");
    expect(all.headers.get("x-total-count")).toBe("1");
    expect(all.body).toMatchObject([
      { tokenId: token.tokenId, walletAddress: token.walletAddress, redemption: { status: "REDEEMED" } },
    ]);
    expect((await list("/nfts/earned")).body).toHaveLength(1);
    expect((await list("/nfts/redeemable")).body).toEqual([]);
    expect((await list("/nfts/redeemed")).body).toMatchObject([{ tokenId: token.tokenId }]);
    const creatorList = await api<{ redemptionId: string }[]>(
      h,
      "GET",
      `/creator/id/${creator.id}/nft-rewards/redeemed`,
      asOwner(tenant, creator),
    );
    expect(creatorList.status, creatorList.text).toBe(200);
    expect(creatorList.body.map((row) => row.redemptionId)).toEqual([redeemed.body.redemptionId]);

    // nft-redeemed tells the creator and the user once, however often it is delivered.
    const payload = {
      organizationId: tenant.organizationId,
      userId: token.user.id,
      rewardId: reward.id,
      redemptionId: String(redeemed.body.redemptionId),
    };
    await handleNftRedeemed(handlerDeps(h), payload);
    await handleNftRedeemed(handlerDeps(h), payload);
    expect(await notificationsOf(h, tenant, creator.id, "nft-redeemed")).toMatchObject([
      { recipientType: "CREATOR", data: { redemptionId: payload.redemptionId, tokenId: token.tokenId } },
    ]);
    expect(await notificationsOf(h, tenant, token.user.id, "nft-redeemed")).toHaveLength(1);
  });

  it("EVENT_PASS: issues a signed pass the creator verifies; a forged or foreign pass is not valid", async () => {
    const { tenant, creator, reward } = await setting({ type: "EVENT_PASS" });
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);

    const redeemed = await redeemToken<{ rewardDetails: { pass: string }; redemptionId: string }>(
      h,
      tenant,
      token.user.id,
      token.path,
    );

    expect(redeemed.status, redeemed.text).toBe(200);
    expect(redeemed.body.rewardDetails).toMatchObject({
      pass: expect.stringMatching(/^tp1\./),
      eventName: "Backstage night",
      eventDate: "2027-03-01T20:00:00.000Z",
    });
    const verify = (rewardId: string, pass: string) =>
      api<Record<string, unknown>>(h, "POST", `/nft-reward/${rewardId}/passes/verify`, {
        ...asOwner(tenant, creator),
        body: { pass },
      });
    const { pass } = redeemed.body.rewardDetails;
    const checked = await verify(reward.id, pass);
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body).toMatchObject({
      valid: true,
      reason: null,
      holder: token.user.id,
      redemptionId: redeemed.body.redemptionId,
      eventName: "Backstage night",
      redeemedAt: expect.any(String),
    });

    const [version, body, signature] = pass.split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString());
    const forged = `${version}.${Buffer.from(JSON.stringify({ ...claims, userId: "someoneelse" })).toString("base64url")}.${signature}`;
    expect((await verify(reward.id, forged)).body).toMatchObject({ valid: false, reason: "bad_signature" });
    expect((await verify(reward.id, "not a pass")).body).toMatchObject({ valid: false, reason: "malformed" });
    const other = await redeemableProgramme(h, tenant, creator, { type: "EVENT_PASS" });
    expect((await verify(other.id, pass)).body).toMatchObject({ valid: false, reason: "other_reward" });
  });

  it("EXCLUSIVE_ACCESS: a DISABLED programme's token still redeems, and the unlock is in the status object", async () => {
    const { tenant, creator, reward } = await setting({ type: "EXCLUSIVE_ACCESS" });
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);
    const disabled = await api(h, "PATCH", `/nft-reward/${reward.id}/disable`, asOwner(tenant, creator));
    expect(disabled.status, disabled.text).toBe(200);

    const before = await redemptionStatusOf(h, tenant, token.user.id, token.path);
    expect(before.body).toMatchObject({ status: "NOT_REDEEMED", redemptionId: null, rewardDetails: null });
    const redeemed = await redeemToken(h, tenant, token.user.id, token.path);

    expect(redeemed.status, redeemed.text).toBe(200);
    const status = await redemptionStatusOf(h, tenant, token.user.id, token.path);
    expect(status.body).toMatchObject({
      status: "REDEEMED",
      rewardType: "EXCLUSIVE_ACCESS",
      rewardDetails: {
        unlock: {
          rewardId: reward.id,
          userId: token.user.id,
          contentDescription: "The unreleased demo tapes",
        },
      },
    });
  });

  it("10 concurrent redeems of one token: one redemption, one deduction, one credit, nine already_redeemed", async () => {
    const { tenant, creator, reward } = await setting({ pointCost: 5 });
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);
    await grantPoints(h, tenant, token.user.id, 100, { creatorId: creator.id });
    const events = redeemedEvents();

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => redeemToken(h, tenant, token.user.id, token.path)),
    );

    const emitted = events.ids();
    events.restore();
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.status !== 200))
      expectError(response, 409, "already_redeemed");
    expect(emitted).toHaveLength(1);
    expect(await redemptionPoints(token.user.id)).toEqual([-5, 50]);
    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(100 - 5 + 50);
  });

  it("a token transferred away leaves the old holder's collection and cannot be redeemed by them; the new holder can", async () => {
    const { tenant, creator, reward } = await setting({ transferable: true });
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);
    const receiver = await walletHolder(h, tenant);
    const collection = async (userId: string) =>
      (await api<{ tokenId: string }[]>(h, "GET", `/user/${userId}/nfts`, { key: tenant.memberKey })).body;
    expect((await collection(token.user.id)).map((item) => item.tokenId)).toEqual([token.tokenId]);

    await transferRewardToken(h, {
      contract: token.contract,
      tokenId: token.tokenId,
      from: token.walletAddress,
      to: receiver.address,
    });

    expect(await collection(token.user.id)).toEqual([]);
    expect(
      (await api(h, "GET", `/user/${token.user.id}/nfts/redeemable`, { key: tenant.memberKey })).body,
    ).toEqual([]);
    expectError(await redeemToken(h, tenant, token.user.id, token.path), 403, "not_owner");
    expect((await redemptionStatusOf(h, tenant, token.user.id, token.path)).body).toMatchObject({
      status: "NOT_REDEEMED",
    });
    const byReceiver = await redeemToken(h, tenant, receiver.user.id, token.path);
    expect(byReceiver.status, byReceiver.text).toBe(200);
    expect(byReceiver.body).toMatchObject({ status: "REDEEMED" });
  });

  it("pages a collection newest mint first with the whole size in X-Total-Count", async () => {
    const { tenant, creator, reward } = await setting();
    const older = await tokenHeldByNewUser(h, tenant, creator, reward);
    const newer = await redeemableProgramme(h, tenant, creator, { type: "EXCLUSIVE_ACCESS" });
    clock.advance(1_000); // the test clock stands still otherwise: the second mint is the newer one
    const granted = await api<{ mint: { tokenId: string } }>(h, "POST", `/nft-reward/${newer.id}/grant`, {
      ...asOwner(tenant, creator),
      body: { userId: older.user.id, creatorId: creator.id },
    });
    expect(granted.status, granted.text).toBe(200);
    const page = (query: string) =>
      api<{ contractAddress: string }[]>(h, "GET", `/user/${older.user.id}/nfts${query}`, {
        key: tenant.memberKey,
      });

    const first = await page("?limit=1");
    const second = await page("?limit=1&offset=1");

    expect(first.headers.get("x-total-count")).toBe("2");
    expect(first.body.map((item) => item.contractAddress)).toEqual([newer.contract.proxyAddress]);
    expect(second.body.map((item) => item.contractAddress)).toEqual([older.contract]);
    expect((await page("?offset=2")).body).toEqual([]);
    expectError(await page("?limit=101"), 422, "validation_failed");
  });

  it("insufficient points: 409 and nothing changes; the token stays redeemable at its cost", async () => {
    const { tenant, creator, reward } = await setting({ pointCost: 40 });
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);
    await grantPoints(h, tenant, token.user.id, 39, { creatorId: creator.id });
    // Organization-wide points do not pay for a creator's reward.
    await grantPoints(h, tenant, token.user.id, 100);

    expectError(await redeemToken(h, tenant, token.user.id, token.path), 409, "insufficient_points");

    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(39);
    expect(await redemptionPoints(token.user.id)).toEqual([]);
    expect(
      await h.database.db.select().from(nftRedemptions).where(eq(nftRedemptions.userId, token.user.id)),
    ).toEqual([]);
    // Before a redemption the status object shows what redeeming costs.
    expect((await redemptionStatusOf(h, tenant, token.user.id, token.path)).body).toMatchObject({
      status: "NOT_REDEEMED",
      pointCost: 40,
    });
    await grantPoints(h, tenant, token.user.id, 1, { creatorId: creator.id });
    const redeemed = await redeemToken(h, tenant, token.user.id, token.path);
    expect(redeemed.status, redeemed.text).toBe(200);
    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(50);
  });

  it("a redemption interrupted after its effect is completed by the owner's retry once its claim lapses, the effect not repeated", async () => {
    const { tenant, creator, reward } = await setting({ pointCost: 10 });
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);
    await grantPoints(h, tenant, token.user.id, 10, { creatorId: creator.id });
    const publish = h.runtime.deps.events.publish.bind(h.runtime.deps.events);
    // The process "dies" while recording: the effect has run, the REDEEMED record never commits.
    const crash = vi
      .spyOn(h.runtime.deps.events, "publish")
      .mockImplementation(async (tx, event, payload) => {
        if (event === "nft-redeemed") throw new Error("process died while recording the redemption");
        return publish(tx, event, payload);
      });

    const interrupted = await redeemToken(h, tenant, token.user.id, token.path);
    crash.mockRestore();

    expect(interrupted.status, interrupted.text).toBe(500);
    expect((await redemptionStatusOf(h, tenant, token.user.id, token.path)).body).toMatchObject({
      status: "PROCESSING",
      pointCost: 10,
    });
    expect(await redemptionPoints(token.user.id)).toEqual([-10, 50]);
    // Within the claim's lease it is someone's redemption in flight.
    expectError(await redeemToken(h, tenant, token.user.id, token.path), 409, "already_redeemed");

    clock.advance(REDEMPTION_LEASE_MS + 1_000);
    const other = await walletHolder(h, tenant);
    expectError(await redeemToken(h, tenant, other.user.id, token.path), 409, "already_redeemed");
    const events = redeemedEvents();
    const retried = await redeemToken(h, tenant, token.user.id, token.path);
    const emitted = events.ids();
    events.restore();

    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ status: "REDEEMED", rewardDetails: { points: 50 } });
    expect(emitted).toEqual([retried.body.redemptionId]);
    expect(await redemptionPoints(token.user.id)).toEqual([-10, 50]);
    expect(await creatorBalance(tenant, token.user.id, creator.id)).toBe(50);
  });

  it("answers 404 for a contract that is no programme of the organization and 422 for a malformed token path", async () => {
    const { tenant, creator, reward } = await setting();
    const token = await tokenHeldByNewUser(h, tenant, creator, reward);
    const stranger = await h.createTenant({ tier: "growth" });
    const strangerUser = await walletHolder(h, stranger);

    expectError(await redeemToken(h, stranger, strangerUser.user.id, token.path), 404, "not_found");
    expectError(
      await redeemToken(h, tenant, token.user.id, `/nfts/base-sepolia/${token.contract}/${token.tokenId}`),
      404,
      "not_found",
    );
    expectError(
      await redeemToken(h, tenant, token.user.id, `/nfts/base/${token.contract}/999`),
      404,
      "not_found",
    );
    expectError(
      await redeemToken(h, tenant, token.user.id, `/nfts/polygon/${token.contract}/1`),
      422,
      "validation_failed",
    );
    expectError(await redeemToken(h, tenant, token.user.id, `/nfts/base/0x1234/1`), 422, "validation_failed");
    expectError(
      await redeemToken(h, tenant, token.user.id, `/nfts/base/${token.contract}/0`),
      422,
      "validation_failed",
    );
  });
});
