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
  type Shop,
  sandboxOf,
  shippingAddress,
  stockOf,
  useHarness,
} from "@tally/testing";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

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

const orderIsPending = (shop: Shop, userId: string, orderId: string) =>
  eventually(async () =>
    (await getOrder(h, shop.tenant, userId, orderId)).status === "PAYMENT_PENDING" ? true : undefined,
  );

// Each test holds this file's sandbox processor: its intent and customer calls wait until released, so
// what must not wait for the processor is shown answering while it has not, on a machine of any speed.
describe("card checkout against a processor that has not answered yet", () => {
  it("other requests, on the same order and elsewhere, complete while the checkout waits for the processor", {
    timeout: 60_000,
  }, async () => {
    const shop = await openShop(h, { price: 2500, stock: 5 });
    const { user, order } = await buyer(h, shop);
    const other = await buyer(h, shop);
    const third = await createUser(h, shop.tenant);

    const release = sandboxOf(h).holdResponses();
    try {
      let checkoutAnswered = false;
      const slow = checkout(h, shop.tenant, user.id, order.id).finally(() => {
        checkoutAnswered = true;
      });
      // Once the claim has committed the checkout is waiting for the processor.
      await orderIsPending(shop, user.id, order.id);
      const meanwhile = await Promise.all([
        getOrder(h, shop.tenant, user.id, order.id),
        api(h, "POST", `/user/${other.user.id}/points`, {
          key: shop.tenant.adminKey,
          body: { amount: 10, creatorId: shop.creator.id },
        }),
        createOrder(h, shop.tenant, third.id, { productId: shop.product.id }),
        // Locks the same order row: answered at once, the claim's transaction is long committed.
        api(h, "POST", `/user/${user.id}/order/${order.id}/points/revert`, { key: shop.tenant.adminKey }),
      ]);
      // All four answered while the processor had not: nothing was waiting for it.
      expect(checkoutAnswered).toBe(false);
      expect(meanwhile[0].status).toBe("PAYMENT_PENDING");
      expect(meanwhile[1].status, meanwhile[1].text).toBe(201);
      expect(meanwhile[3].status, meanwhile[3].text).toBe(409);

      release();
      const done = await slow;
      expect(done.status, done.text).toBe(200);
      expect(done.body).toMatchObject({ amount: 2500, created: true, orderStatus: "PAYMENT_PENDING" });
    } finally {
      release();
    }
  });

  it("two concurrent checkouts of one order while the processor has not answered: one intent, one stock hold", {
    timeout: 60_000,
  }, async () => {
    const shop = await openShop(h, { price: 1200, stock: 3 });
    const { user, order } = await buyer(h, shop);
    const release = sandboxOf(h).holdResponses();
    try {
      const both = Promise.all([
        checkout(h, shop.tenant, user.id, order.id),
        checkout(h, shop.tenant, user.id, order.id),
      ]);
      await orderIsPending(shop, user.id, order.id);
      release();
      const [a, b] = await both;
      expect(a.status, a.text).toBe(200);
      expect(b.status, b.text).toBe(200);
      expect(a.body.paymentIntentId).toBe(b.body.paymentIntentId);
      expect(await processorIntentsOf(order.id)).toEqual([a.body.paymentIntentId]);
      expect(await stockOf(h, shop.product.variants[0]!.id)).toBe(2);
      expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_PENDING");
    } finally {
      release();
    }
  });

  it("a shipping quote after checkout answers without waiting for the processor; the live intent follows in the worker", {
    timeout: 60_000,
  }, async () => {
    const shop = await openShop(h, { price: 1500, stock: 3 });
    const { user, order } = await buyer(h, shop);
    const started = await checkout(h, shop.tenant, user.id, order.id);
    expect(started.status, started.text).toBe(200);
    const intentId = started.body.paymentIntentId!;

    // Answered while the processor is held: the quote's transaction published the resize and made no
    // processor call (one would wait here until the test's timeout).
    const release = sandboxOf(h).holdResponses();
    const quote = await api<ApiSchema<"ShippingQuote">>(h, "POST", `/order/${order.id}/shipping/quote`, {
      key: shop.tenant.adminKey,
      body: { firstName: "Ada", lastName: "Lovelace", address: shippingAddress },
    }).finally(release);
    expect(quote.status, quote.text).toBe(200);
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
