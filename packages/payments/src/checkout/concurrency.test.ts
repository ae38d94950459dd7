import { creatorPayouts, pointTransactions, productVariants, withTenant } from "@tally/db";
import {
  api,
  buyer,
  checkout,
  type ErrorBody,
  eventually,
  getOrder,
  grantPoints,
  memberKeys,
  type Order,
  openShop,
  postWebhook,
  seedUser,
  signedEvent,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

const inBatches = async <T>(count: number, size: number, fn: (i: number) => Promise<T>): Promise<T[]> => {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, j) => fn(start + j)))),
    );
  }
  return out;
};

describe("checkout concurrency", () => {
  it("200 concurrent checkouts by different users against stock 50: exactly 50 proceed", {
    timeout: 300_000,
  }, async () => {
    const shop = await openShop(h, { price: 1000, stock: 50 });
    const keys = await memberKeys(h, shop.tenant, 10);
    const users = await inBatches(200, 25, () => seedUser(h, shop.tenant));
    const orders = await inBatches(200, 20, async (i) => {
      const response = await api<Order>(h, "POST", `/user/${users[i]!.id}/order`, {
        key: keys[i % keys.length]!,
        body: { productId: shop.product.id },
      });
      expect(response.status, response.text).toBe(201);
      return response.body;
    });

    const results = await Promise.all(
      orders.map((order, i) => checkout(h, shop.tenant, users[i]!.id, order.id, {}, keys[i % keys.length]!)),
    );
    const statuses = results.map((response) => response.status);
    const odd = results.filter((r) => r.status !== 200 && r.status !== 409);
    expect(odd.map((r) => r.text).slice(0, 2)).toEqual([]);
    const ok = results.filter((response) => response.status === 200);
    const outOfStock = results.filter(
      (response) =>
        response.status === 409 && (response.body as unknown as ErrorBody).code === "out_of_stock",
    );
    expect(ok, JSON.stringify(statuses.filter((s) => s !== 200 && s !== 409))).toHaveLength(50);
    expect(
      outOfStock,
      JSON.stringify(
        results
          .filter((r) => r.status === 409 && !outOfStock.includes(r))
          .map((r) => r.body)
          .slice(0, 3),
      ),
    ).toHaveLength(150);
    const [variant] = await withTenant(h.database.db, shop.tenant.organizationId, (tx) =>
      tx.select().from(productVariants).where(eq(productVariants.id, shop.product.variants[0]!.id)),
    );
    expect(variant?.stock).toBe(0);
    const pending = await inBatches(
      200,
      25,
      async (i) => (await getOrder(h, shop.tenant, users[i]!.id, orders[i]!.id)).status,
    );
    expect(pending.filter((status) => status === "PAYMENT_PENDING")).toHaveLength(50);
    expect(pending.filter((status) => status === "OPEN")).toHaveLength(150);
  });

  it("10 concurrent deliveries of one succeeded event: one PAID transition, one payout, one points award", {
    timeout: 120_000,
  }, async () => {
    const shop = await openShop(h, { price: 5000, pointEligible: true });
    // The creator awards points per dollar (extension setting).
    const patched = await api(h, "PATCH", `/creator/id/${shop.creator.id}`, {
      key: shop.tenant.adminKey,
      body: { pointsPerDollar: 2 },
    });
    expect(patched.status, patched.text).toBe(200);
    const { user, order } = await buyer(h, shop);
    await grantPoints(h, shop.tenant, user.id, 1000, { creatorId: shop.creator.id });
    const started = await checkout(h, shop.tenant, user.id, order.id, { points: 1000 });
    expect(started.status, started.text).toBe(200);
    expect(started.body.amount).toBe(4000);
    const event = signedEvent(h, {
      id: `evt_concurrent_${order.id}`,
      type: "payment_intent.succeeded",
      object: {
        id: started.body.paymentIntentId,
        object: "payment_intent",
        amount: 4000,
        currency: "usd",
        status: "succeeded",
        metadata: { organizationId: shop.tenant.organizationId, orderId: order.id, userId: user.id },
      },
    });
    const deliveries = await Promise.all(
      Array.from({ length: 10 }, () => postWebhook(h, "payment-intent/succeeded", event)),
    );
    expect(deliveries.map((d) => d.status)).toEqual(Array(10).fill(200));
    expect(deliveries.filter((d) => d.body.outcome === "paid")).toHaveLength(1);
    expect(deliveries.filter((d) => d.body.duplicate === true)).toHaveLength(9);

    // Different event ids for the same payment (the processor retrying with a new id) pay once too.
    const again = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        postWebhook(
          h,
          "payment-intent/succeeded",
          signedEvent(h, {
            id: `evt_other_${i}_${order.id}`,
            type: "payment_intent.succeeded",
            object: JSON.parse(event.rawBody).data.object,
          }),
        ),
      ),
    );
    expect(again.every((d) => d.body.outcome === "already_paid")).toBe(true);

    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAID");
    const payouts = await withTenant(h.database.db, shop.tenant.organizationId, (tx) =>
      tx.select().from(creatorPayouts).where(eq(creatorPayouts.orderId, order.id)),
    );
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ status: "PENDING", amount: 4000 - 200 });
    // purchase-processed runs on the queue: one award of 2 points x $50.
    const awards = await eventually(async () => {
      const rows = await withTenant(h.database.db, shop.tenant.organizationId, (tx) =>
        tx
          .select()
          .from(pointTransactions)
          .where(and(eq(pointTransactions.userId, user.id), eq(pointTransactions.type, "PURCHASE"))),
      );
      const positive = rows.filter((row) => row.amount > 0);
      return positive.length > 0 ? positive : undefined;
    }, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(awards).toHaveLength(1);
    expect(awards[0]!.amount).toBe(100);
  });
});
