import {
  type ApiSchema,
  airdropReward,
  api,
  asOwner,
  createCreator,
  eventually,
  publishedReward,
  rewardTokens,
  seedFans,
  setRewardMode,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

// The worker takes the `airdrop` and mint-run jobs; no cron (airdrop-monitor, mint-queue) ever fires here.
const h = useHarness();

type Airdrop = ApiSchema<"Airdrop">;

const programme = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  await setRewardMode(h, tenant, "QUEUE");
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator, {
    conditions: [{ type: "FANS", parameters: [] }],
  });
  const settled = (airdropId: string) =>
    eventually(async () => {
      const read = await api<Airdrop>(h, "GET", `/airdrop/${airdropId}`, asOwner(tenant, creator));
      expect(read.status, read.text).toBe(200);
      return read.body.status === "PENDING" || read.body.status === "PROCESSING" ? undefined : read.body;
    }, 60_000);
  return { tenant, creator, reward, settled, tokens: rewardTokens(h, reward.contract.proxyAddress) };
};

describe("an airdrop settles when its last mint does", () => {
  it("due now: starts when created and is COMPLETED by its mint runs, the walletless follower counted as skipped", async () => {
    const { tenant, creator, reward, settled, tokens } = await programme();
    const fans = await seedFans(h, tenant, 12, { creatorId: creator.id });
    await seedFans(h, tenant, 1, { creatorId: creator.id, wallet: "NONE" });

    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      eligibility: { type: "CONDITIONS" },
    });

    expect(created.status, created.text).toBe(201);
    expect(await settled(created.body.id)).toMatchObject({
      status: "COMPLETED",
      eligible: 13,
      minted: 12,
      failed: 0,
      skipped: 1,
      finishedAt: expect.any(String),
    });
    expect(await tokens.totalSupply()).toBe(12n);
    for (const fan of fans) expect(await tokens.balanceOf(fan.address!)).toBe(1n);
  }, 120_000);

  it("dated later: starts at its date, not at a monitor's tick", async () => {
    const { tenant, creator, reward, settled, tokens } = await programme();
    await seedFans(h, tenant, 3, { creatorId: creator.id });
    const airdropDate = new Date(Date.now() + 3_000);

    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      airdropDate: airdropDate.toISOString(),
      eligibility: { type: "CONDITIONS" },
    });

    expect(created.body.status).toBe("PENDING");
    expect(await settled(created.body.id)).toMatchObject({ status: "COMPLETED", minted: 3, skipped: 0 });
    expect(await tokens.totalSupply()).toBe(3n);
  }, 120_000);
});
