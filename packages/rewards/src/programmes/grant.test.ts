import { rewardMints } from "@tally/db";
import {
  api,
  asOwner,
  createCreator,
  createReward,
  expectError,
  type GrantRecord,
  grantPoints,
  grantReward,
  publishedReward,
  readResponse,
  requestInit,
  rewardTokens,
  seedFollow,
  seedUser,
  setRewardMode,
  type TestRuntime,
  useHarness,
  walletHolder,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

const h = useHarness();

const programme = async (
  mode: "QUEUE" | "IMMEDIATE",
  options: Parameters<typeof publishedReward>[3] = {},
) => {
  const tenant = await h.createTenant({ tier: "growth" });
  await setRewardMode(h, tenant, mode);
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator, options);
  const grant = (userId: string) => grantReward(h, tenant, creator, reward.id, userId);
  return { tenant, creator, reward, grant, tokens: rewardTokens(h, reward.contract.proxyAddress) };
};

const nftReceived = () => {
  const spy = vi.spyOn(h.runtime.deps.events, "publish");
  return {
    mintIds: () =>
      spy.mock.calls
        .filter((call) => call[1] === "nft-received")
        .map((call) => (call[2] as { mintId: string }).mintId),
    restore: () => spy.mockRestore(),
  };
};

describe("granting a reward mints its token to the user's wallet", () => {
  it("IMMEDIATE: broadcasts the mint, records the token from the Transfer log and emits nft-received", async () => {
    const { tenant, grant, tokens } = await programme("IMMEDIATE");
    const { user, address } = await walletHolder(h, tenant);
    const events = nftReceived();

    const granted = await grant(user.id);

    const received = events.mintIds();
    events.restore();
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body).toMatchObject({
      status: "BROADCASTED",
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      chainId: 8453,
      mint: { status: "COMPLETED", walletAddress: address, tokenId: "1", attempts: 1, message: null },
    });
    expect(await tokens.ownerOf(1n)).toBe(address);
    expect(await tokens.mintedTokenOf(address)).toBe(1n);
    expect(received).toEqual([granted.body.mint.id]);

    // A second grant answers the first mint; nothing new is minted.
    const again = await grant(user.id);
    expect(again.body).toEqual(granted.body);
    expect(await tokens.totalSupply()).toBe(1n);
  });

  it("mints one token when one wallet is granted 20 times at once", async () => {
    const { tenant, grant, tokens } = await programme("IMMEDIATE");
    const { user, address } = await walletHolder(h, tenant);
    const events = nftReceived();

    const responses = await Promise.all(Array.from({ length: 20 }, () => grant(user.id)));

    const received = events.mintIds();
    events.restore();

    expect(responses.filter((response) => response.status !== 200).map((response) => response.text)).toEqual(
      [],
    );
    expect(new Set(responses.map((response) => response.body.mint.id)).size).toBe(1);
    expect(new Set(responses.map((response) => response.body.txHash)).size).toBe(1);
    expect(responses.map((response) => response.body.status)).toEqual(Array(20).fill("BROADCASTED"));
    expect(await tokens.totalSupply()).toBe(1n);
    expect(await tokens.balanceOf(address)).toBe(1n);
    // One request claimed and sent the mint; the others answered its transaction.
    const [mint] = await h.database.db
      .select()
      .from(rewardMints)
      .where(eq(rewardMints.id, responses[0]!.body.mint.id));
    expect(mint).toMatchObject({ status: "COMPLETED", attempts: 1, txHash: responses[0]!.body.txHash });
    expect(received).toEqual([mint!.id]);
  });

  it("mints for many wallets at once through two instances signing as the one operator", async () => {
    const { tenant, creator, reward, tokens } = await programme("IMMEDIATE");
    const second: TestRuntime = await h.startInstance();
    const holders = await Promise.all(Array.from({ length: 12 }, () => walletHolder(h, tenant)));

    const responses = await Promise.all(
      holders.map(async ({ user }, index) =>
        readResponse<GrantRecord>(
          await (index % 2 === 0 ? h.runtime : second).app.request(
            `/api/v1/nft-reward/${reward.id}/grant`,
            requestInit("POST", {
              ...asOwner(tenant, creator),
              body: { userId: user.id, creatorId: creator.id },
            }),
          ),
        ),
      ),
    );

    expect(responses.filter((response) => response.status !== 200).map((response) => response.text)).toEqual(
      [],
    );
    expect(responses.map((response) => response.body.mint.status)).toEqual(Array(12).fill("COMPLETED"));
    expect(await tokens.totalSupply()).toBe(12n);
    for (const { address } of holders) expect(await tokens.balanceOf(address)).toBe(1n);
  });

  it("uses the EXTERNAL wallet of a user without an EMBEDDED one", async () => {
    const { tenant, grant, tokens } = await programme("IMMEDIATE");
    const { user, address } = await walletHolder(h, tenant, "EXTERNAL");
    const granted = await grant(user.id);
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body.mint.walletAddress).toBe(address);
    expect(await tokens.balanceOf(address)).toBe(1n);
  });

  it("keeps a mint the spent supply refuses as ERROR with the contract's reason, never retried", async () => {
    const { tenant, grant, tokens } = await programme("IMMEDIATE", { maxSupply: 1 });
    const first = await walletHolder(h, tenant);
    const second = await walletHolder(h, tenant);
    expect((await grant(first.user.id)).body.status).toBe("BROADCASTED");

    const refused = await grant(second.user.id);

    expect(refused.status, refused.text).toBe(200);
    expect(refused.body).toMatchObject({
      status: "ERROR",
      txHash: null,
      mint: { status: "ERROR", message: "MaxSupplyReached(1)", attempts: 1, tokenId: null },
    });
    const [row] = await h.database.db
      .select()
      .from(rewardMints)
      .where(eq(rewardMints.id, refused.body.mint.id));
    expect(row!.retryAt).toBeNull();
    expect(await tokens.totalSupply()).toBe(1n);
  });
});

describe("grant refusals", () => {
  it("409 wallet_required for a user without an EMBEDDED or EXTERNAL wallet; 404 for an unknown user", async () => {
    const { tenant, grant } = await programme("IMMEDIATE");
    const walletless = await seedUser(h, tenant);
    expectError(await grant(walletless.id), 409, "wallet_required");
    expectError(await grant("nosuchuser0000000000000"), 404, "not_found");
    const other = await h.createTenant({ tier: "growth" });
    const stranger = await walletHolder(h, other);
    expectError(await grant(stranger.user.id), 404, "not_found");
  });

  it("400 for a reward that is not published; 404 to another tenant; 403 on the BUILDER tier", async () => {
    const { tenant, creator, reward } = await programme("IMMEDIATE");
    const { user } = await walletHolder(h, tenant);
    const draft = await createReward(h, tenant, creator);
    expectError(await grantReward(h, tenant, creator, draft.id, user.id), 400, "bad_request");
    const disabled = await api(h, "PATCH", `/nft-reward/${reward.id}/disable`, asOwner(tenant, creator));
    expect(disabled.status, disabled.text).toBe(200);
    expectError(await grantReward(h, tenant, creator, reward.id, user.id), 400, "bad_request");

    const other = await programme("IMMEDIATE");
    const otherUser = await walletHolder(h, other.tenant);
    expectError(
      await grantReward(h, other.tenant, other.creator, reward.id, otherUser.user.id),
      404,
      "not_found",
    );

    const builder = await h.createTenant({ tier: "builder" });
    const response = await api(h, "POST", `/nft-reward/${reward.id}/grant`, {
      key: builder.adminKey,
      body: { userId: user.id, creatorId: creator.id },
    });
    expectError(response, 403, "tier_required");
  });

  it("evaluates the conditions: FANS, GROUP and POINTS_AT_LEAST (409 conditions_not_met naming them)", async () => {
    const setup = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, setup);
    const fan = await walletHolder(h, setup);
    const group = await api<{ id: string }>(h, "POST", `/creator/id/${creator.id}/group`, {
      ...asOwner(setup, creator),
      body: { groupName: "Inner circle", memberIds: [] },
    });
    expect(group.status, group.text).toBe(201);
    await setRewardMode(h, setup, "IMMEDIATE");
    const reward = await publishedReward(h, setup, creator, {
      conditions: [
        { type: "FANS", parameters: [] },
        { type: "GROUP", parameters: [group.body.id] },
        { type: "POINTS_AT_LEAST", parameters: ["100"] },
      ],
    });
    const grant = () => grantReward(h, setup, creator, reward.id, fan.user.id);

    const none = await grant();
    expectError(none, 409, "conditions_not_met");
    expect(none.text).toContain("FANS");
    expect(none.text).toContain("GROUP");
    expect(none.text).toContain("POINTS_AT_LEAST");

    await seedFollow(h, setup, fan.user.id, creator.id);
    await grantPoints(h, setup, fan.user.id, 100, { creatorId: creator.id });
    const noGroup = await grant();
    expectError(noGroup, 409, "conditions_not_met");
    expect(noGroup.text).not.toContain("FANS");
    expect(noGroup.text).toContain("GROUP");
    expect(noGroup.text).not.toContain("POINTS_AT_LEAST");

    const joined = await api(h, "POST", `/creator/id/${creator.id}/group`, {
      ...asOwner(setup, creator),
      body: { groupName: "Inner circle 2", memberIds: [fan.user.id] },
    });
    expect(joined.status, joined.text).toBe(201);
    const member = await publishedReward(h, setup, creator, {
      conditions: [{ type: "GROUP", parameters: [(joined.body as { id: string }).id] }],
    });
    const granted = await grantReward(h, setup, creator, member.id, fan.user.id);
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body.status).toBe("BROADCASTED");
  });
});
