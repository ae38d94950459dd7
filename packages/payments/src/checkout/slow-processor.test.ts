import { cardPaymentIntents, sandboxProcessorObjects } from "@tally/db";
import {
  type ApiSchema,
  api,
  buyer,
  checkout,
  createOrder,
  createUser,
  eventually,
  getOrder,
  openShop,
  sandboxOf,
  shippingAddress,
  stockOf,
  useHarness,
} from "@tally/testing";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const DELAY_MS = 2000;
const h = useHarness();
// This file's own runtime: every intent and customer call of its sandbox processor answers after 2 s.
beforeAll(() => sandboxOf(h).setResponseDelay(DELAY_MS));

const processorIntentsOf = async (orderId: string): Promise<string[]> => {
  const rows = await h.database.db
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

/** Resolves with the promise's value and when it settled (ms since `start`). */
const timed = async <T>(start: number, promise: Promise<T>): Promise<{ value: T; at: number }> => {
  const value = await promise;
  return { value, at: Date.now() - start };
};

describe("card checkout against a processor that answers after 2 s", () => {
  it("other requests, on the same order and elsewhere, complete while the checkout waits for the processor", {
    timeout: 60_000,
  }, async () => {
    const shop = await openShop(h, { price: 2500, stock: 5 });
    const { user, order } = await buyer(h, shop);
    const other = await buyer(h, shop);
    const third = await createUser(h, shop.tenant);

    const start = Date.now();
    const slow = timed(start, checkout(h, shop.tenant, user.id, order.id));
    // Once the claim has committed the checkout is waiting for the processor.
    await eventually(async () =>
      (await getOrder(h, shop.tenant, user.id, order.id)).status === "PAYMENT_PENDING" ? true : undefined,
    );
    const meanwhile = await Promise.all([
      timed(start, getOrder(h, shop.tenant, user.id, order.id)),
      timed(
        start,
        api(h, "POST", `/user/${other.user.id}/points`, {
          key: shop.tenant.adminKey,
          body: { amount: 10, creatorId: shop.creator.id },
        }),
      ),
      timed(start, createOrder(h, shop.tenant, third.id, { productId: shop.product.id })),
      // Locks the same order row: answered at once, the claim's transaction is long committed.
      timed(
        start,
        api(h, "POST", `/user/${user.id}/order/${order.id}/points/revert`, { key: shop.tenant.adminKey }),
      ),
    ]);
    const done = await slow;

    expect(done.value.status, done.value.text).toBe(200);
    expect(done.value.body).toMatchObject({ amount: 2500, created: true, orderStatus: "PAYMENT_PENDING" });
    // The processor was really slow (a customer and an intent: two calls of 2 s each)...
    expect(done.at).toBeGreaterThanOrEqual(2 * DELAY_MS);
    // ...and nothing else waited for it: the order was already claimed, and no row or session was held.
    expect(meanwhile[0].value.status).toBe("PAYMENT_PENDING");
    expect(meanwhile[1].value.status, meanwhile[1].value.text).toBe(201);
    expect(meanwhile[3].value.status, meanwhile[3].value.text).toBe(409);
    for (const request of meanwhile) expect(request.at).toBeLessThan(done.at - DELAY_MS);
  });

  it("two concurrent checkouts of one order with a slow processor: one intent, one stock hold", {
    timeout: 60_000,
  }, async () => {
    const shop = await openShop(h, { price: 1200, stock: 3 });
    const { user, order } = await buyer(h, shop);
    const [a, b] = await Promise.all([
      checkout(h, shop.tenant, user.id, order.id),
      checkout(h, shop.tenant, user.id, order.id),
    ]);
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect(a.body.paymentIntentId).toBe(b.body.paymentIntentId);
    expect(await processorIntentsOf(order.id)).toEqual([a.body.paymentIntentId]);
    expect(await stockOf(h, shop.product.variants[0]!.id)).toBe(2);
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_PENDING");
  });

  it("a shipping quote after checkout answers without waiting for the processor; the live intent follows in the worker", {
    timeout: 60_000,
  }, async () => {
    const shop = await openShop(h, { price: 1500, stock: 3 });
    const { user, order } = await buyer(h, shop);
    const started = await checkout(h, shop.tenant, user.id, order.id);
    expect(started.status, started.text).toBe(200);
    const intentId = started.body.paymentIntentId!;

    const start = Date.now();
    const quote = await api<ApiSchema<"ShippingQuote">>(h, "POST", `/order/${order.id}/shipping/quote`, {
      key: shop.tenant.adminKey,
      body: { firstName: "Ada", lastName: "Lovelace", address: shippingAddress },
    });
    expect(quote.status, quote.text).toBe(200);
    // The quote's transaction published the resize; no processor call was made while it ran.
    expect(Date.now() - start).toBeLessThan(DELAY_MS);
    const total = 1500 + quote.body.shippingFee;
    expect(quote.body.shippingFee).toBeGreaterThan(0);

    const followed = await eventually(async () => {
      const intent = await sandboxOf(h).retrievePaymentIntent(intentId);
      return intent?.amount === total ? intent : undefined;
    }, 20_000);
    expect(followed.status).toBe("requires_payment_method");
    const recorded = await eventually(async () => {
      const [row] = await h.database.db
        .select({ amount: cardPaymentIntents.amount })
        .from(cardPaymentIntents)
        .where(eq(cardPaymentIntents.processorIntentId, intentId));
      return row?.amount === total ? row : undefined;
    }, 20_000);
    expect(recorded.amount).toBe(total);
    // The next checkout finds the intent fitting and reuses it as is.
    const again = await checkout(h, shop.tenant, user.id, order.id);
    expect(again.body).toMatchObject({ paymentIntentId: intentId, amount: total, created: false });
  });
});
