import {
  api,
  asOwner,
  createCreator,
  eventually,
  expectError,
  grantReward,
  participate,
  publishedReward,
  type QueuedMintRecord,
  rewardTokens,
  seedCampaign,
  setRewardMode,
  type Tenant,
  useHarness,
  voteAll,
  walletHolder,
} from "@tally/testing";
import { describe, expect, it, vi } from "vitest";

// The harness runs the worker (events) without the cron schedule: no mint-queue tick ever fires here.
const h = useHarness();

const queuedProgramme = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  await setRewardMode(h, tenant, "QUEUE");
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator);
  const grant = (userId: string) => grantReward(h, tenant, creator, reward.id, userId);
  return { tenant, creator, reward, grant, tokens: rewardTokens(h, reward.contract.proxyAddress) };
};

/** The fan reading their own mint: the MEMBER key acting as them. */
const readAsFan = (tenant: Tenant, userId: string, mintId: string) =>
  api<QueuedMintRecord>(h, "GET", `/user/${userId}/mints/${mintId}`, { key: tenant.memberKey, userId });

/** The mint once the worker's mint run has completed it, read through the fan's status route. */
const completed = (tenant: Tenant, userId: string, mintId: string) =>
  eventually(async () => {
    const read = await readAsFan(tenant, userId, mintId);
    expect(read.status, read.text).toBe(200);
    return read.body.status === "COMPLETED" ? read.body : undefined;
  }, 60_000);

describe("a queued mint is sent by a mint run that starts when it is queued", () => {
  it("QUEUE: the grant answers QUEUED with the mint's id and status route; the worker mints it with no cron tick", async () => {
    const { tenant, grant, tokens } = await queuedProgramme();
    const { user, address } = await walletHolder(h, tenant);

    const granted = await grant(user.id);

    expect(granted.status, granted.text).toBe(200);
    const mintId = granted.body.mint.id;
    expect(granted.body).toMatchObject({
      status: "QUEUED",
      txHash: null,
      mintId,
      statusUrl: `/api/v1/user/${user.id}/mints/${mintId}`,
      mint: { userId: user.id, walletAddress: address, message: null },
    });
    const mint = await completed(tenant, user.id, mintId);
    expect(mint).toMatchObject({
      id: mintId,
      status: "COMPLETED",
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      tokenId: "1",
      message: null,
    });
    expect(await tokens.ownerOf(1n)).toBe(address);
    // The statusUrl is the route the fan reads.
    const byUrl = await api<QueuedMintRecord>(h, "GET", granted.body.statusUrl.replace("/api/v1", ""), {
      key: tenant.memberKey,
      userId: user.id,
    });
    expect(byUrl.body).toEqual(mint);
  }, 120_000);

  it("grants queued together are all minted by the runs their grants start", async () => {
    const { tenant, grant, tokens } = await queuedProgramme();
    const holders = await Promise.all(Array.from({ length: 6 }, () => walletHolder(h, tenant)));

    const grants = await Promise.all(holders.map(({ user }) => grant(user.id)));

    expect(grants.map((response) => response.body.status)).toEqual(Array(6).fill("QUEUED"));
    for (const [index, { user }] of holders.entries())
      await completed(tenant, user.id, grants[index]!.body.mint.id);
    expect(await tokens.totalSupply()).toBe(6n);
  }, 120_000);

  it("a campaign completion's token is minted with no cron tick", async () => {
    const { tenant, creator, reward, tokens } = await queuedProgramme();
    const campaign = await seedCampaign(h, tenant, creator.id, {
      type: "MULTIVARIANT",
      attributes: [["a", "b"]],
      rewardId: reward.id,
    });
    const { user, address } = await walletHolder(h, tenant);

    const done = await participate(h, tenant, campaign.id, "vote", voteAll(campaign, user.id));

    expect(done.status, done.text).toBe(201);
    const { mintId } = done.body.grant as { mintId: string };
    await completed(tenant, user.id, mintId);
    expect(await tokens.balanceOf(address)).toBe(1n);
  }, 120_000);

  it("IMMEDIATE: the grant route sends the mint itself and starts no mint run", async () => {
    const { tenant, grant } = await queuedProgramme();
    await setRewardMode(h, tenant, "IMMEDIATE");
    const { user } = await walletHolder(h, tenant);
    const published = vi.spyOn(h.runtime.deps.events, "publish");

    const granted = await grant(user.id);

    const started = published.mock.calls.filter((call) => call[1] === "reward-mints-queued").length;
    published.mockRestore();
    expect(granted.body).toMatchObject({ status: "BROADCASTED", mint: { status: "COMPLETED" } });
    expect(started).toBe(0);
  }, 120_000);
});

describe("reading a mint's status", () => {
  it("the fan as themselves and the reward's creator read it; anyone else gets 403 or 404", async () => {
    const { tenant, creator, reward, grant } = await queuedProgramme();
    const { user } = await walletHolder(h, tenant);
    const other = await walletHolder(h, tenant);
    const granted = await grant(user.id);
    const mintId = granted.body.mint.id;
    await completed(tenant, user.id, mintId);

    const asCreator = await api<QueuedMintRecord>(
      h,
      "GET",
      `/nft-reward/${reward.id}/mints/${mintId}`,
      asOwner(tenant, creator),
    );
    expect(asCreator.status, asCreator.text).toBe(200);
    expect(asCreator.body).toMatchObject({ id: mintId, status: "COMPLETED", userId: user.id });
    const asAdmin = await api(h, "GET", `/user/${user.id}/mints/${mintId}`, { key: tenant.adminKey });
    expect(asAdmin.status, asAdmin.text).toBe(200);

    // Another fan: acting as someone else on this user's route, or naming the mint on their own route.
    expectError(
      await api(h, "GET", `/user/${user.id}/mints/${mintId}`, {
        key: tenant.memberKey,
        userId: other.user.id,
      }),
      403,
      "acting_user_mismatch",
    );
    expectError(await readAsFan(tenant, other.user.id, mintId), 404, "not_found");
    // Another programme's route, another tenant.
    const elsewhere = await publishedReward(h, tenant, creator);
    expectError(
      await api(h, "GET", `/nft-reward/${elsewhere.id}/mints/${mintId}`, asOwner(tenant, creator)),
      404,
      "not_found",
    );
    const stranger = await h.createTenant({ tier: "growth" });
    expectError(
      await api(h, "GET", `/user/${user.id}/mints/${mintId}`, { key: stranger.adminKey }),
      404,
      "not_found",
    );
  }, 120_000);
});
