import { ManualClock } from "@tally/core";
import { presalePurchases } from "@tally/db";
import {
  api,
  asOwner,
  balancesOf,
  buyPresale,
  createCreator,
  createPresale,
  eventually,
  expectError,
  grantReward,
  handlerDeps,
  notificationsOf,
  type PresaleRecord,
  presaleBuyer,
  presalesPath,
  publishedReward,
  rewardTokens,
  setRewardMode,
  type Tenant,
  useHarness,
  walletHolder,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runMintQueue } from "../programmes/mint-queue.ts";
import { runPresaleMonitor } from "./monitor.ts";
import { handlePresalePurchaseProcessed } from "./purchase.ts";

const clock = new ManualClock(new Date("2031-05-01T12:00:00.000Z"));
const h = useHarness({ clock });
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

const programme = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  await setRewardMode(h, tenant, "QUEUE");
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator);
  const read = async (presaleId: string) =>
    (await api<PresaleRecord>(h, "GET", presalesPath(creator, `/${presaleId}`), asOwner(tenant, creator)))
      .body;
  return { tenant, creator, reward, read, tokens: rewardTokens(h, reward.contract.proxyAddress) };
};

const monitor = (tenant: Tenant) =>
  runPresaleMonitor(handlerDeps(h), { organizationId: tenant.organizationId });

const purchasesOf = (tenant: Tenant, presaleId: string) =>
  h.database.db
    .select()
    .from(presalePurchases)
    .where(
      and(
        eq(presalePurchases.organizationId, tenant.organizationId),
        eq(presalePurchases.presaleId, presaleId),
      ),
    );

/** Buys as each buyer and runs `presale-purchase-processed` for each purchase, as the bus would. */
const buyAndProcess = async (tenant: Tenant, presaleId: string, userIds: string[]) => {
  for (const userId of userIds) {
    const bought = await buyPresale(h, tenant, userId, presaleId);
    expect(bought.status, bought.text).toBe(201);
    await handlePresalePurchaseProcessed(handlerDeps(h), {
      organizationId: tenant.organizationId,
      presaleId,
      purchaseId: bought.body.id,
    });
  }
};

describe("token-presale-monitor", () => {
  it("opens a DRAFT at startsAt, closes at endsAt (ENDED) and distributes: the mint-queue mints each buyer's token", async () => {
    const { tenant, creator, reward, read, tokens } = await programme();
    const presale = await createPresale(h, tenant, creator, reward.id, {
      startsAt: at(HOUR),
      endsAt: at(3 * HOUR),
    });
    expect(presale.status).toBe("DRAFT");
    expect(await monitor(tenant)).toEqual({ started: 0, ended: 0, distributed: 0, failed: 0, released: 0 });
    clock.advance(HOUR);
    expect(await monitor(tenant)).toMatchObject({ started: 1 });
    expect((await read(presale.id)).status).toBe("ACTIVE");

    const buyers = await Promise.all(Array.from({ length: 3 }, () => presaleBuyer(h, tenant, creator, 100)));
    await buyAndProcess(
      tenant,
      presale.id,
      buyers.map(({ user }) => user.id),
    );
    const processed = await purchasesOf(tenant, presale.id);
    expect(processed.map(({ status, mintId }) => ({ status, mintId }))).toEqual(
      Array(3).fill({ status: "PAID", mintId: null }),
    );
    expect(processed.every((row) => row.processedAt !== null)).toBe(true);
    expect(await notificationsOf(h, tenant, creator.id, "presale-purchase-processed")).toHaveLength(3);
    expect(await monitor(tenant)).toMatchObject({ ended: 0, distributed: 0 });
    expect(await tokens.totalSupply()).toBe(0n);

    clock.advance(2 * HOUR);
    // Two instances' ticks at once: each presale and purchase moves once.
    const [first, second] = await Promise.all([monitor(tenant), monitor(tenant)]);
    expect(first.ended + second.ended).toBe(1);
    expect(first.distributed + second.distributed).toBe(3);
    expect(await read(presale.id)).toMatchObject({
      status: "ENDED",
      endedAt: clock.now().toISOString(),
      sold: 3,
    });
    const distributed = await purchasesOf(tenant, presale.id);
    expect(distributed.map((row) => row.status)).toEqual(Array(3).fill("DISTRIBUTED"));
    expect(await monitor(tenant)).toEqual({ started: 0, ended: 0, distributed: 0, failed: 0, released: 0 });
    const owner = asOwner(tenant, creator);
    const changed = await api(h, "PATCH", presalesPath(creator, `/${presale.id}`), {
      ...owner,
      body: { title: "x" },
    });
    expectError(changed, 409, "invalid_state");
    expect(changed.body).toMatchObject({ context: { currentStatus: "ENDED" } });
    expectError(
      await api(h, "POST", presalesPath(creator, `/${presale.id}/cancel`), owner),
      409,
      "invalid_state",
    );

    await runMintQueue(handlerDeps(h), { organizationId: tenant.organizationId });

    // The worker's mint run (started by the queued mints) may hold some while this run finds nothing.
    await eventually(async () => ((await tokens.totalSupply()) === 3n ? true : undefined), 60_000);
    for (const { address } of buyers) expect(await tokens.balanceOf(address)).toBe(1n);
  });

  it("IMMEDIATE: the purchase handler queues the token at once, before the presale ends", async () => {
    const { tenant, creator, reward, tokens } = await programme();
    const presale = await createPresale(h, tenant, creator, reward.id, { distribution: "IMMEDIATE" });
    const { user, address } = await presaleBuyer(h, tenant, creator, 100);

    await buyAndProcess(tenant, presale.id, [user.id]);

    const [purchase] = await purchasesOf(tenant, presale.id);
    expect(purchase).toMatchObject({ status: "DISTRIBUTED", mintId: expect.any(String) });
    // Redelivered (at least once), twice at once: nothing more is recorded, announced or queued.
    const payload = {
      organizationId: tenant.organizationId,
      presaleId: presale.id,
      purchaseId: purchase!.id,
    };
    await Promise.all([
      handlePresalePurchaseProcessed(handlerDeps(h), payload),
      handlePresalePurchaseProcessed(handlerDeps(h), payload),
    ]);
    expect(await purchasesOf(tenant, presale.id)).toEqual([purchase]);
    expect(await notificationsOf(h, tenant, creator.id, "presale-purchase-processed")).toHaveLength(1);
    expect(await monitor(tenant)).toMatchObject({ distributed: 0 });
    // The worker's mint run (started by the queued mint) may hold the mint while this run finds nothing.
    await runMintQueue(handlerDeps(h), { organizationId: tenant.organizationId });
    await eventually(async () => ((await tokens.balanceOf(address)) === 1n ? true : undefined), 60_000);
  });

  it("POINTS_AT_LEAST: a purchase whose price would leave the buyer short of the condition is refused, not sold and then refunded at distribution", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    await setRewardMode(h, tenant, "QUEUE");
    const creator = await createCreator(h, tenant);
    const reward = await publishedReward(h, tenant, creator, {
      conditions: [{ type: "POINTS_AT_LEAST", parameters: ["100"] }],
    });
    const presale = await createPresale(h, tenant, creator, reward.id, {
      distribution: "IMMEDIATE",
      pricePoints: 100,
    });
    const { user: short } = await presaleBuyer(h, tenant, creator, 150);

    expectError(await buyPresale(h, tenant, short.id, presale.id), 409, "conditions_not_met");
    expect((await balancesOf(h, tenant, short.id)).balance).toBe(150);
    expect(await purchasesOf(tenant, presale.id)).toEqual([]);

    const { user: enough } = await presaleBuyer(h, tenant, creator, 200);
    await buyAndProcess(tenant, presale.id, [enough.id]);
    const [purchase] = await purchasesOf(tenant, presale.id);
    expect(purchase).toMatchObject({ userId: enough.id, status: "DISTRIBUTED", mintId: expect.any(String) });
    expect((await balancesOf(h, tenant, enough.id)).balance).toBe(100);
  });

  it("a distributed purchase whose mint fails for good (a grant spent the supply first) is FAILED and refunded", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    await setRewardMode(h, tenant, "QUEUE");
    const creator = await createCreator(h, tenant);
    const reward = await publishedReward(h, tenant, creator, { maxSupply: 1 });
    const tokens = rewardTokens(h, reward.contract.proxyAddress);
    const presale = await createPresale(h, tenant, creator, reward.id, {
      endsAt: at(HOUR),
      pricePoints: 40,
      cap: 1,
    });
    const { user, address } = await presaleBuyer(h, tenant, creator, 100);
    await buyAndProcess(tenant, presale.id, [user.id]);
    // The creator then grants the programme's only token to someone else, and it is minted first.
    const other = await walletHolder(h, tenant);
    const granted = await grantReward(h, tenant, creator, reward.id, other.user.id);
    expect(granted.status, granted.text).toBe(200);
    const mintQueue = () => runMintQueue(handlerDeps(h), { organizationId: tenant.organizationId });
    await mintQueue();
    clock.advance(HOUR);
    expect(await monitor(tenant)).toMatchObject({ ended: 1, distributed: 1, failed: 0 });
    await mintQueue();
    expect(await tokens.balanceOf(address)).toBe(0n);

    // Two instances' ticks at once: the purchase fails and is refunded once.
    const [first, second] = await Promise.all([monitor(tenant), monitor(tenant)]);

    expect(first.failed + second.failed).toBe(1);
    const [purchase] = await purchasesOf(tenant, presale.id);
    expect(purchase).toMatchObject({
      status: "FAILED",
      mintId: expect.any(String),
      failure: expect.stringContaining("MaxSupplyReached"),
      refundTransactionId: expect.any(Number),
    });
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(100);
    expect(await monitor(tenant)).toMatchObject({ failed: 0 });
  });

  it("a purchase whose token cannot be granted at the end (reward disabled) is FAILED and refunded", async () => {
    const { tenant, creator, reward, tokens } = await programme();
    const presale = await createPresale(h, tenant, creator, reward.id, { endsAt: at(HOUR), pricePoints: 40 });
    const { user } = await presaleBuyer(h, tenant, creator, 100);
    await buyAndProcess(tenant, presale.id, [user.id]);
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(60);
    const disabled = await api(h, "PATCH", `/nft-reward/${reward.id}/disable`, asOwner(tenant, creator));
    expect(disabled.status, disabled.text).toBe(200);
    clock.advance(HOUR);

    expect(await monitor(tenant)).toMatchObject({ ended: 1, distributed: 0, failed: 1 });

    const [purchase] = await purchasesOf(tenant, presale.id);
    expect(purchase).toMatchObject({
      status: "FAILED",
      mintId: null,
      failure: expect.stringContaining("DISABLED"),
      refundTransactionId: expect.any(Number),
    });
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(100);
    expect(await monitor(tenant)).toMatchObject({ failed: 0 });
    expect(await tokens.totalSupply()).toBe(0n);
  });
});
