import { pointTransactions, sandboxProcessorObjects, type Tx, withTenant } from "@tally/db";
import {
  api,
  buyer,
  checkout,
  getOrder,
  helper,
  openShop,
  sandboxOf,
  stockOf,
  type Tenant,
  type TestHarness,
  useHarness,
} from "@tally/testing";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callProcessorForClaim, claimCardCheckout } from "../card/checkout.ts";

const h = useHarness();

const grant = async (tenant: Tenant, userId: string, amount: number, creatorId: string) => {
  const response = await api(h, "POST", `/user/${userId}/points`, {
    key: tenant.adminKey,
    body: { amount, creatorId },
  });
  expect(response.status, response.text).toBe(201);
};

const balance = async (tenant: Tenant, userId: string): Promise<number> => {
  const response = await api<{ balance: number }>(h, "GET", `/user/${userId}/points`, {
    key: tenant.adminKey,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.balance;
};

const reservedFor = async (tenant: Tenant, orderId: string): Promise<number> => {
  const rows = await withTenant(h.database.db, tenant.organizationId, (tx) =>
    tx
      .select({ amount: pointTransactions.amount })
      .from(pointTransactions)
      .where(and(eq(pointTransactions.orderId, orderId), eq(pointTransactions.reservation, "RESERVED"))),
  );
  return rows.reduce((sum, row) => sum - row.amount, 0);
};

/** The payment intents the sandbox processor holds for an order (whatever the service recorded). */
const processorIntentsOf = async (harness: TestHarness, orderId: string): Promise<string[]> => {
  const rows = await harness.database.db
    .select({ id: sandboxProcessorObjects.id })
    .from(sandboxProcessorObjects)
    .where(
      and(
        eq(sandboxProcessorObjects.kind, "payment_intent"),
        sql`${sandboxProcessorObjects.data}->'metadata'->>'orderId' = ${orderId}`,
      ),
    );
  return rows.map((row) => row.id);
};

describe("checkout points default to 0", () => {
  it("points set through the points route are not applied by a checkout without `points`; the hold is released", async () => {
    const shop = await openShop(h, { price: 2000, stock: 5 });
    const { user, order } = await buyer(h, shop);
    await grant(shop.tenant, user.id, 500, shop.creator.id);

    const applied = await api<{ points: number }>(h, "POST", `/user/${user.id}/order/${order.id}/points`, {
      key: shop.tenant.adminKey,
      body: { points: 300 },
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.points).toBe(300);

    const plain = await checkout(h, shop.tenant, user.id, order.id);
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body).toMatchObject({ amount: 2000, created: true });
    expect((await getOrder(h, shop.tenant, user.id, order.id)).points).toBe(0);
    expect(await reservedFor(shop.tenant, order.id)).toBe(0);
    expect(await balance(shop.tenant, user.id)).toBe(500);
  });

  it("a repeat checkout without `points` releases the points the earlier checkout reserved and replaces its intent", async () => {
    const shop = await openShop(h, { price: 2000, stock: 5 });
    const { user, order } = await buyer(h, shop);
    await grant(shop.tenant, user.id, 500, shop.creator.id);

    const withPoints = await checkout(h, shop.tenant, user.id, order.id, { points: 300 });
    expect(withPoints.status, withPoints.text).toBe(200);
    expect(withPoints.body.amount).toBe(1700);
    expect(await reservedFor(shop.tenant, order.id)).toBe(300);
    expect(await balance(shop.tenant, user.id)).toBe(200);

    const plain = await checkout(h, shop.tenant, user.id, order.id);
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body).toMatchObject({ amount: 2000, created: true, orderStatus: "PAYMENT_PENDING" });
    expect(plain.body.paymentIntentId).not.toBe(withPoints.body.paymentIntentId);
    expect((await sandboxOf(h).retrievePaymentIntent(withPoints.body.paymentIntentId!))?.status).toBe(
      "canceled",
    );
    expect(await reservedFor(shop.tenant, order.id)).toBe(0);
    expect(await balance(shop.tenant, user.id)).toBe(500);
    expect((await getOrder(h, shop.tenant, user.id, order.id)).points).toBe(0);
  });
});

describe("checkout points below what is already spent", () => {
  it("points finalized for the order stay applied: a checkout without them is 409, with them 200", async () => {
    const shop = await openShop(h, { price: 2000, stock: 5 });
    const { user, order } = await buyer(h, shop);
    await grant(shop.tenant, user.id, 500, shop.creator.id);
    const started = await checkout(h, shop.tenant, user.id, order.id, { points: 300 });
    expect(started.status, started.text).toBe(200);
    const finalized = await api(h, "PUT", `/user/${user.id}/order/${order.id}/points/finalize`, {
      key: shop.tenant.adminKey,
    });
    expect(finalized.status, finalized.text).toBe(200);

    const plain = await checkout(h, shop.tenant, user.id, order.id);
    expect(plain.status, plain.text).toBe(409);
    expect((plain.body as unknown as { code: string }).code).toBe("invalid_state");
    expect((await getOrder(h, shop.tenant, user.id, order.id)).points).toBe(300);
    expect(await balance(shop.tenant, user.id)).toBe(200);

    const same = await checkout(h, shop.tenant, user.id, order.id, { points: 300 });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toMatchObject({ paymentIntentId: started.body.paymentIntentId, amount: 1700 });
  });
});

describe("a live intent the processor will not cancel", () => {
  it("a processing intent stands: other points are 409 and the order keeps the points it was priced with", async () => {
    const shop = await openShop(h, { price: 2000, stock: 5 });
    const { user, order } = await buyer(h, shop);
    await grant(shop.tenant, user.id, 500, shop.creator.id);
    const started = await checkout(h, shop.tenant, user.id, order.id, { points: 100 });
    expect(started.status, started.text).toBe(200);
    const processing = await helper(h, started.body.paymentIntentId!, "process");
    expect(processing.status, processing.text).toBe(200);

    const changed = await checkout(h, shop.tenant, user.id, order.id, { points: 300 });
    expect(changed.status, changed.text).toBe(409);
    expect((changed.body as unknown as { code: string }).code).toBe("invalid_state");
    const after = await getOrder(h, shop.tenant, user.id, order.id);
    expect(after).toMatchObject({ status: "PAYMENT_PENDING", points: 100 });
    expect(await reservedFor(shop.tenant, order.id)).toBe(100);
    expect(await balance(shop.tenant, user.id)).toBe(400);
    expect(await processorIntentsOf(h, order.id)).toEqual([started.body.paymentIntentId]);

    // The processing payment still pays the order at the price it was made for.
    const paid = await helper(h, started.body.paymentIntentId!, "succeed");
    expect(paid.status, paid.text).toBe(200);
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAID");
  });
});

describe("card checkout steps (claim, processor, record)", () => {
  const deps = () => h.runtime.deps;
  const inTenant = <T>(tenant: Tenant, fn: (tx: Tx) => Promise<T>) =>
    withTenant(h.database.db, tenant.organizationId, fn);

  it("a process that died after the processor call: the retried checkout records the intent the processor made", async () => {
    const shop = await openShop(h, { price: 1500, stock: 2 });
    const { user, order } = await buyer(h, shop);
    const input = { organizationId: shop.tenant.organizationId, orderId: order.id };
    const claimed = await inTenant(shop.tenant, (tx) => claimCardCheckout({ ...deps(), tx }, input));
    expect(claimed.kind).toBe("claimed");
    if (claimed.kind !== "claimed") return;
    const outcome = await callProcessorForClaim(deps().providers.cardProcessor, claimed.claim);
    expect(outcome.error).toBeUndefined();
    // ...and the process dies here: nothing recorded, the order claimed.
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_PENDING");

    const retried = await checkout(h, shop.tenant, user.id, order.id);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ amount: 1500, created: true, orderStatus: "PAYMENT_PENDING" });
    expect(retried.body.paymentIntentId).toBe(outcome.created!.id);
    expect(retried.body.clientSecret).toBe(outcome.created!.clientSecret);
    expect(await processorIntentsOf(h, order.id)).toEqual([outcome.created!.id]);

    const again = await checkout(h, shop.tenant, user.id, order.id);
    expect(again.body).toMatchObject({ paymentIntentId: outcome.created!.id, created: false });
  });

  it("a process that died after the claim: the retried checkout completes it with one intent, stock held once", async () => {
    const shop = await openShop(h, { price: 1500, stock: 2 });
    const { user, order } = await buyer(h, shop);
    const input = { organizationId: shop.tenant.organizationId, orderId: order.id };
    const claimed = await inTenant(shop.tenant, (tx) => claimCardCheckout({ ...deps(), tx }, input));
    expect(claimed.kind).toBe("claimed");

    const retried = await checkout(h, shop.tenant, user.id, order.id);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.created).toBe(true);
    expect(await processorIntentsOf(h, order.id)).toEqual([retried.body.paymentIntentId]);
    expect(await stockOf(h, shop.product.variants[0]!.id)).toBe(1);
  });

  it("10 concurrent checkouts of one order: one intent at the processor, every answer names it", async () => {
    const shop = await openShop(h, { price: 1500, stock: 2 });
    const { user, order } = await buyer(h, shop);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => checkout(h, shop.tenant, user.id, order.id)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.body.paymentIntentId));
    expect(ids.size).toBe(1);
    expect(await processorIntentsOf(h, order.id)).toEqual([...ids]);
  });
});
