import { cardPaymentIntents, stockReservations, withTenant } from "@tally/db";
import {
  type ApiSchema,
  api,
  buyer,
  checkout,
  eventually,
  expectError,
  getOrder,
  grantPoints,
  helper,
  type Order,
  openShop,
  pointsBalance,
  postWebhook,
  sandboxOf,
  signedEvent,
  stockOf,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

describe("card checkout (rule 1)", () => {
  it("creates an intent for the order total, reuses it, and replaces it when points change", async () => {
    const shop = await openShop(h, { price: 2500, stock: 5 });
    const { user, order } = await buyer(h, shop);
    const variantId = shop.product.variants[0]!.id;

    const first = await checkout(h, shop.tenant, user.id, order.id);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ amount: 2500, orderStatus: "PAYMENT_PENDING", created: true });
    expect(first.body.paymentIntentId).toMatch(/^pi_/);
    expect(first.body.intentId).toBe(first.body.paymentIntentId);
    expect(first.body.clientSecret).toMatch(new RegExp(`^${first.body.paymentIntentId}_secret_`));
    expect(first.body.status).toBe("requires_payment_method");
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_PENDING");
    expect(await stockOf(h, variantId)).toBe(4);

    // Same points: the same intent back, no new hold.
    const again = await checkout(h, shop.tenant, user.id, order.id);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({
      paymentIntentId: first.body.paymentIntentId,
      created: false,
      amount: 2500,
    });
    expect(await stockOf(h, variantId)).toBe(4);

    // Points changed: the old intent is cancelled at the processor, a new one is created for less.
    await grantPoints(h, shop.tenant, user.id, 500, { creatorId: shop.creator.id });
    const withPoints = await checkout(h, shop.tenant, user.id, order.id, { points: 300 });
    expect(withPoints.status, withPoints.text).toBe(200);
    expect(withPoints.body).toMatchObject({ amount: 2200, created: true });
    expect(withPoints.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
    const old = await sandboxOf(h).retrievePaymentIntent(first.body.paymentIntentId!);
    expect(old?.status).toBe("canceled");
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(200);
    const rows = await withTenant(h.database.db, shop.tenant.organizationId, (tx) =>
      tx.select().from(cardPaymentIntents).where(eq(cardPaymentIntents.orderId, order.id)),
    );
    expect(rows.map((row) => row.status).sort()).toEqual(["canceled", "requires_payment_method"]);

    // Paying the cancelled intent is refused by the sandbox.
    expectError(await helper(h, first.body.paymentIntentId!, "succeed"), 409, "invalid_state");
  });

  it("rule 2: a shipping quote after checkout updates the live intent's amount; checkout then reuses it", async () => {
    const shop = await openShop(h, { price: 2000 });
    const { user, order } = await buyer(h, shop);
    const started = await checkout(h, shop.tenant, user.id, order.id);
    expect(started.body.amount).toBe(2000);
    const quote = await api<ApiSchema<"ShippingQuote">>(h, "POST", `/order/${order.id}/shipping/quote`, {
      key: shop.tenant.adminKey,
      body: {
        firstName: "Ada",
        lastName: "Lovelace",
        address: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701", countryCode: "US" },
      },
    });
    expect(quote.status, quote.text).toBe(200);
    const fee = quote.body.shippingFee;
    expect(fee).toBeGreaterThan(0);
    // The worker resizes the live intent once the quote has committed.
    const atProcessor = await eventually(async () => {
      const intent = await sandboxOf(h).retrievePaymentIntent(started.body.paymentIntentId!);
      return intent?.amount === 2000 + fee ? intent : undefined;
    });
    expect(atProcessor.amount).toBe(2000 + fee);
    const again = await checkout(h, shop.tenant, user.id, order.id);
    expect(again.body).toMatchObject({
      paymentIntentId: started.body.paymentIntentId,
      amount: 2000 + fee,
      created: false,
    });
    const paid = await helper(h, started.body.paymentIntentId!, "succeed");
    expect(paid.body.delivery.response).toMatchObject({ outcome: "paid" });
    expect((await getOrder(h, shop.tenant, user.id, order.id)).payment.amountPaid).toBe(2000 + fee);
  });

  it("pays the order when the sandbox confirms: signed webhook -> PAID, stock committed, points finalized", async () => {
    const shop = await openShop(h, { price: 2500, stock: 3 });
    const { user, order } = await buyer(h, shop);
    await grantPoints(h, shop.tenant, user.id, 100, { creatorId: shop.creator.id });
    const started = await checkout(h, shop.tenant, user.id, order.id, { points: 100 });
    expect(started.status, started.text).toBe(200);
    expect(started.body.amount).toBe(2400);

    const paid = await helper(h, started.body.paymentIntentId!, "succeed");
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.intent.status).toBe("succeeded");
    expect(paid.body.delivery).toMatchObject({ type: "payment_intent.succeeded", status: 200 });
    expect(paid.body.delivery.response).toMatchObject({
      outcome: "paid",
      duplicate: false,
      orderId: order.id,
    });

    const after = await getOrder(h, shop.tenant, user.id, order.id);
    expect(after.status).toBe("PAID");
    expect(after.payment).toMatchObject({ method: "CARD", amountPaid: 2400 });
    expect(after.payment.cardPaymentIntent).toMatchObject({
      id: started.body.paymentIntentId,
      status: "succeeded",
    });
    const holds = await withTenant(h.database.db, shop.tenant.organizationId, (tx) =>
      tx.select().from(stockReservations).where(eq(stockReservations.orderId, order.id)),
    );
    expect(holds.map((hold) => hold.status)).toEqual(["COMMITTED"]);
    expect(await stockOf(h, shop.product.variants[0]!.id)).toBe(2);
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(0);

    // Out of order: a failure arriving after the success never un-pays the order.
    const late = await postWebhook(
      h,
      "payment-intent/payment-failed",
      signedEvent(h, {
        id: `evt_late_${order.id}`,
        type: "payment_intent.payment_failed",
        object: {
          id: started.body.paymentIntentId,
          object: "payment_intent",
          amount: 2400,
          status: "requires_payment_method",
          metadata: { organizationId: shop.tenant.organizationId, orderId: order.id },
        },
      }),
    );
    expect(late.status, late.text).toBe(200);
    expect(late.body).toMatchObject({ outcome: "not_failed" });
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAID");
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(0);

    // A paid order cannot be checked out again.
    expectError(await checkout(h, shop.tenant, user.id, order.id), 409, "invalid_state");
  });

  it("a failed payment reverts points and releases stock; a retry gets a new intent", async () => {
    const shop = await openShop(h, { price: 1000, stock: 1 });
    const { user, order } = await buyer(h, shop);
    await grantPoints(h, shop.tenant, user.id, 50, { creatorId: shop.creator.id });
    const started = await checkout(h, shop.tenant, user.id, order.id, { points: 50 });
    expect(started.status, started.text).toBe(200);
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(0);
    expect(await stockOf(h, shop.product.variants[0]!.id)).toBe(0);

    const failed = await helper(h, started.body.paymentIntentId!, "fail");
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.delivery.response).toMatchObject({ outcome: "failed" });
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_FAILED");
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(50);
    expect(await stockOf(h, shop.product.variants[0]!.id)).toBe(1);

    const retry = await checkout(h, shop.tenant, user.id, order.id, { points: 50 });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.created).toBe(true);
    expect(retry.body.paymentIntentId).not.toBe(started.body.paymentIntentId);
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_PENDING");
  });

  it("payment-failed client notice cancels the intent and is idempotent", async () => {
    const shop = await openShop(h, { price: 1500 });
    const { user, order } = await buyer(h, shop);
    const started = await checkout(h, shop.tenant, user.id, order.id);
    const notice = () =>
      api<ApiSchema<"PaymentFailedResult">>(h, "POST", `/user/${user.id}/order/${order.id}/payment-failed`, {
        key: shop.tenant.adminKey,
      });
    const first = await notice();
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      status: "PAYMENT_FAILED",
      changed: true,
      canceledIntentId: started.body.paymentIntentId,
    });
    expect((await sandboxOf(h).retrievePaymentIntent(started.body.paymentIntentId!))?.status).toBe(
      "canceled",
    );
    const second = await notice();
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({ status: "PAYMENT_FAILED", changed: false, canceledIntentId: null });
  });

  it("processing keeps the order PAYMENT_PENDING, then success pays it", async () => {
    const shop = await openShop(h);
    const { user, order } = await buyer(h, shop);
    const started = await checkout(h, shop.tenant, user.id, order.id);
    const processing = await helper(h, started.body.paymentIntentId!, "process");
    expect(processing.status, processing.text).toBe(200);
    expect(processing.body.delivery.response).toMatchObject({ outcome: "pending" });
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_PENDING");
    // A processing payment cannot be abandoned by the client.
    expectError(
      await api(h, "POST", `/user/${user.id}/order/${order.id}/payment-failed`, {
        key: shop.tenant.adminKey,
      }),
      409,
      "invalid_state",
    );
    const paid = await helper(h, started.body.paymentIntentId!, "succeed");
    expect(paid.body.delivery.response).toMatchObject({ outcome: "paid" });
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAID");
  });

  it("points covering the whole total pay the order at once (method POINTS, no intent)", async () => {
    const shop = await openShop(h, { price: 300 });
    const { user, order } = await buyer(h, shop);
    await grantPoints(h, shop.tenant, user.id, 1000, { creatorId: shop.creator.id });
    const response = await checkout(h, shop.tenant, user.id, order.id, { points: 300 });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      amount: 0,
      paymentIntentId: null,
      clientSecret: null,
      orderStatus: "PAID",
    });
    const after = await getOrder(h, shop.tenant, user.id, order.id);
    expect(after.status).toBe("PAID");
    expect(after.payment.method).toBe("POINTS");
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(700);
  });

  it("refuses another user's order (404), an unknown user (404), empty points balance (409) and unknown orders", async () => {
    const shop = await openShop(h);
    const { order } = await buyer(h, shop);
    const { user: other } = await buyer(h, shop);
    const foreign = await checkout(h, shop.tenant, other.id, order.id);
    expectError(foreign, 404, "not_found");
    expect(foreign.body).toMatchObject({ error: "Order not found" });
    expectError(await checkout(h, shop.tenant, other.id, "nosuchorder"), 404, "not_found");
    // The user is checked before the order, as on every /user/{id}/ route.
    const unknownUser = await checkout(h, shop.tenant, "nosuchuser0000", order.id);
    expectError(unknownUser, 404, "not_found");
    expect(unknownUser.body).toMatchObject({ error: "User not found" });
    expect(await stockOf(h, shop.product.variants[0]!.id)).toBe(100);
    const { user: poor, order: poorOrder } = await buyer(h, shop);
    expectError(
      await checkout(h, shop.tenant, poor.id, poorOrder.id, { points: 10 }),
      409,
      "insufficient_points",
    );
    expect((await getOrder(h, shop.tenant, poor.id, poorOrder.id)).status).toBe("OPEN");
  });
});

describe("guest checkout", () => {
  it("pays a guest order by card without an API key", async () => {
    const shop = await openShop(h, { price: 1200 });
    const created = await api<Order>(h, "POST", "/guest/order", {
      body: { productId: shop.product.id, email: "guest@example.com" },
    });
    expect(created.status, created.text).toBe(201);
    const started = await api<ApiSchema<"CheckoutResult">>(
      h,
      "POST",
      `/guest/order/${created.body.id}/checkout`,
    );
    expect(started.status, started.text).toBe(200);
    expect(started.body.amount).toBe(1200);
    const paid = await helper(h, started.body.paymentIntentId!, "succeed");
    expect(paid.body.delivery.response).toMatchObject({ outcome: "paid", orderId: created.body.id });
    const detail = await api<Order>(h, "GET", `/user/x/order/${created.body.id}`, {
      key: shop.tenant.adminKey,
    });
    expect(detail.status).toBe(404);
    expectError(await api(h, "POST", "/guest/order/nosuchorder/checkout"), 404, "not_found");
  });
});

describe("OpenAPI", () => {
  it("documents the checkout endpoints, the webhooks and the sandbox helpers", async () => {
    const response = await h.request<{ paths: Record<string, unknown> }>("GET", "/api/v1/openapi.json");
    const paths =
      response.status === 200
        ? response.body.paths
        : (h.runtime.openApiDocument as { paths: Record<string, unknown> }).paths;
    for (const path of [
      "/user/{id}/order/{orderId}/checkout",
      "/guest/order/{id}/checkout",
      "/user/{id}/order/{orderId}/payment-failed",
      "/webhooks/cardproc/payment-intent/succeeded",
      "/webhooks/cardproc/payment-intent/processing",
      "/webhooks/cardproc/payment-intent/payment-failed",
      "/webhooks/cardproc/account/updated",
      "/webhooks/cardproc/transfer/created",
      "/test-helpers/cardproc/payment-intents/{id}/succeed",
      "/test-helpers/cardproc/payment-intents/{id}/fail",
      "/test-helpers/cardproc/payment-intents/{id}/process",
    ]) {
      expect(Object.keys(paths)).toContain(path);
    }
  });
});
