import { ManualClock } from "@tally/core";
import { orders, pointTransactions, presalePurchases } from "@tally/db";
import { awardPointsForPurchases } from "@tally/points";
import {
  api,
  asOwner,
  buyPresale,
  createCreator,
  createPresale,
  enableUsdcPayments,
  eventually,
  expectError,
  fundedWallet,
  handlerDeps,
  notificationsOf,
  type PresaleRecord,
  presaleBuyer,
  presalesPath,
  publishedReward,
  rewardTokens,
  setRewardMode,
  usdcBalance,
  useHarness,
} from "@tally/testing";
import { x402Fixtures } from "@tally/testing/x402";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { runMintQueue } from "../programmes/mint-queue.ts";
import { settlePresaleOrders } from "../purchase-processed.ts";
import { runPresaleMonitor } from "./monitor.ts";
import { handlePresalePurchaseProcessed } from "./purchase.ts";

// The x402 authorizations are signed against real time, so the manual clock starts at it.
const clock = new ManualClock(new Date());
const h = useHarness({ clock });
const x402 = x402Fixtures(h, 46);
const MINUTE = 60_000;
/** 2.50 USDC: 250 cents. */
const PRICE_ATOMIC = 2_500_000n;

const usdcPresale = async (body: Record<string, unknown> = {}) => {
  const tenant = await h.createTenant({ tier: "growth" });
  await setRewardMode(h, tenant, "QUEUE");
  const receivingAddress = (await enableUsdcPayments(h, tenant))!;
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator);
  const presale = await createPresale(h, tenant, creator, reward.id, {
    priceCurrency: "USDC",
    pricePoints: undefined,
    priceAtomic: PRICE_ATOMIC.toString(),
    ...body,
  });
  const read = async () =>
    (await api<PresaleRecord>(h, "GET", presalesPath(creator, `/${presale.id}`), asOwner(tenant, creator)))
      .body;
  return { tenant, creator, reward, presale, read, receivingAddress };
};

const orderOf = async (organizationId: string, orderId: string) => {
  const [order] = await h.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
  return order!;
};

const purchaseRow = async (organizationId: string, id: string) => {
  const [row] = await h.database.db
    .select()
    .from(presalePurchases)
    .where(and(eq(presalePurchases.organizationId, organizationId), eq(presalePurchases.id, id)));
  return row!;
};

describe("a token presale priced in USDC", () => {
  it("is bought as an order, paid with x402, marked PAID without purchase points, and its token minted", async () => {
    const { tenant, creator, reward, presale, read, receivingAddress } = await usdcPresale({
      distribution: "IMMEDIATE",
    });
    expect(presale).toMatchObject({ priceCurrency: "USDC", priceAtomic: "2500000", pricePoints: null });
    const { user, address } = await presaleBuyer(h, tenant, creator, 0);

    const bought = await buyPresale(h, tenant, user.id, presale.id);

    expect(bought.status, bought.text).toBe(201);
    const orderId = bought.body.orderId!;
    expect(bought.body).toMatchObject({
      status: "AWAITING_PAYMENT",
      priceAtomic: "2500000",
      pricePoints: null,
      x402PayPath: `/api/v1/x402/orders/${orderId}/pay`,
      paymentDeadline: new Date(clock.now().getTime() + 30 * MINUTE).toISOString(),
    });
    expect(await read()).toMatchObject({ sold: 1, remaining: 4 });
    expect(await orderOf(tenant.organizationId, orderId)).toMatchObject({
      status: "PAYMENT_PENDING",
      presalePurchaseId: bought.body.id,
      creatorId: creator.id,
      userId: user.id,
    });
    // The order is the presale's: its buyer cannot lower the price with points.
    const points = await api(h, "POST", `/user/${user.id}/order/${orderId}/points`, {
      key: tenant.memberKey,
      userId: user.id,
      body: { points: 10 },
    });
    expectError(points, 409, "invalid_state");

    // The distribution is run by hand below: the worker never sees presale-purchase-processed.
    const events = h.runtime.deps.events;
    const publish = events.publish.bind(events);
    const withheld = vi
      .spyOn(events, "publish")
      .mockImplementation(async (tx, event, payload, options) =>
        event === "presale-purchase-processed" ? ["withheld"] : publish(tx, event, payload as never, options),
      );
    const client = x402.newClient();
    const required = await x402.pay(orderId, { client });
    expect(required.status, required.text).toBe(402);
    expect(required.body.accepts[0]).toMatchObject({ maxAmountRequired: PRICE_ATOMIC.toString() });
    const wallet = await fundedWallet(h);
    const { header } = await x402.signPayment(wallet, { to: receivingAddress, value: PRICE_ATOMIC });
    const paid = await x402.pay(orderId, { header, client });
    expect(paid.status, paid.text).toBe(200);
    expect(await usdcBalance(h, receivingAddress)).toBe(PRICE_ATOMIC);
    expect(await orderOf(tenant.organizationId, orderId)).toMatchObject({
      status: "PAID",
      paymentMethod: "X402",
      amountPaid: 250,
    });

    // What the bus does with the order's purchase-processed (both subscribers), then with presale-purchase-processed.
    const deps = handlerDeps(h);
    // As in a fetched batch: the order twice (one settlement) beside an order that is not there.
    await settlePresaleOrders(deps, [
      { organizationId: tenant.organizationId, orderId },
      { organizationId: tenant.organizationId, orderId: "no-such-order" },
      { organizationId: tenant.organizationId, orderId },
    ]);
    await awardPointsForPurchases(deps, [{ organizationId: tenant.organizationId, orderId }]);
    expect(withheld.mock.calls.filter(([, event]) => event === "presale-purchase-processed")).toHaveLength(1);
    withheld.mockRestore();
    expect(await purchaseRow(tenant.organizationId, bought.body.id)).toMatchObject({ status: "PAID" });
    const purchasePoints = await h.database.db
      .select()
      .from(pointTransactions)
      .where(
        and(
          eq(pointTransactions.organizationId, tenant.organizationId),
          eq(pointTransactions.userId, user.id),
        ),
      );
    expect(purchasePoints).toEqual([]);
    // A presale order's purchase-processed settles the presale; it is not a product sale.
    expect(await notificationsOf(h, tenant, creator.id, "purchase-processed")).toEqual([]);
    await handlePresalePurchaseProcessed(deps, {
      organizationId: tenant.organizationId,
      presaleId: presale.id,
      purchaseId: bought.body.id,
    });
    expect(await purchaseRow(tenant.organizationId, bought.body.id)).toMatchObject({
      status: "DISTRIBUTED",
    });
    // The worker's mint run (started by the queued mint) may hold the mint while this run finds nothing.
    await runMintQueue(deps, { organizationId: tenant.organizationId });
    const tokens = rewardTokens(h, reward.contract.proxyAddress);
    await eventually(async () => ((await tokens.balanceOf(address)) === 1n ? true : undefined), 60_000);
    expect(await tokens.totalSupply()).toBe(1n);
  });

  it("sells exactly the cap to 12 concurrent buyers: units are claimed at purchase, each with its own order", async () => {
    const { tenant, creator, presale, read } = await usdcPresale({ cap: 3 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => presaleBuyer(h, tenant, creator, 0)));

    const answers = await Promise.all(buyers.map(({ user }) => buyPresale(h, tenant, user.id, presale.id)));

    const sold = answers.filter((answer) => answer.status === 201);
    expect(sold).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expectError(refused, 409, "conflict");
      expect(refused.body).toMatchObject({ context: { reason: "sold_out" } });
    }
    expect(await read()).toMatchObject({ sold: 3, remaining: 0 });
    const orderIds = new Set(sold.map((answer) => answer.body.orderId));
    expect(orderIds.size).toBe(3);
    for (const orderId of orderIds) {
      const order = await orderOf(tenant.organizationId, orderId!);
      expect(order.status).toBe("PAYMENT_PENDING");
    }
  });

  it("releases an unpaid purchase after its deadline: the order is canceled and another buyer gets the unit", async () => {
    const { tenant, creator, presale, read } = await usdcPresale({ cap: 1 });
    const first = await presaleBuyer(h, tenant, creator, 0);
    const second = await presaleBuyer(h, tenant, creator, 0);
    const bought = await buyPresale(h, tenant, first.user.id, presale.id);
    expect(bought.status, bought.text).toBe(201);
    expectError(await buyPresale(h, tenant, second.user.id, presale.id), 409, "conflict");
    const owner = asOwner(tenant, creator);
    const cancel = await api(h, "POST", presalesPath(creator, `/${presale.id}/cancel`), owner);
    expectError(cancel, 409, "conflict");
    expect(cancel.body).toMatchObject({ context: { reason: "usdc_refund_unavailable" } });

    const monitor = () => runPresaleMonitor(handlerDeps(h), { organizationId: tenant.organizationId });
    clock.advance(29 * MINUTE);
    expect(await monitor()).toMatchObject({ released: 0 });
    clock.advance(2 * MINUTE);
    const [one, other] = await Promise.all([monitor(), monitor()]);
    expect(one.released + other.released).toBe(1);

    expect(await purchaseRow(tenant.organizationId, bought.body.id)).toMatchObject({ status: "EXPIRED" });
    expect((await orderOf(tenant.organizationId, bought.body.orderId!)).status).toBe("CANCELED");
    expect(await read()).toMatchObject({ sold: 0, remaining: 1 });
    const late = await x402.pay(bought.body.orderId!, { client: x402.newClient() });
    expectError(late, 409, "invalid_state");

    const again = await buyPresale(h, tenant, second.user.id, presale.id);
    expect(again.status, again.text).toBe(201);
    expect(again.body.status).toBe("AWAITING_PAYMENT");
    expect(await read()).toMatchObject({ sold: 1, remaining: 0 });
  });

  it("takes a USDC price only in whole cents", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    const reward = await publishedReward(h, tenant, creator);
    const now = clock.now().getTime();
    const answer = await api(h, "POST", presalesPath(creator), {
      ...asOwner(tenant, creator),
      body: {
        rewardId: reward.id,
        title: "Sub-cent",
        priceCurrency: "USDC",
        priceAtomic: "2500001",
        cap: 2,
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + 60 * MINUTE).toISOString(),
      },
    });
    expectError(answer, 422, "validation_failed");
    expect(answer.text).toContain("priceAtomic");
  });
});
