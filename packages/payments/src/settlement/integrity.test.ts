import { ManualClock } from "@tally/core";
import { creatorPayouts, cryptoCommercePayments, pointTransactions, withTenant } from "@tally/db";
import {
  type ApiSchema,
  api,
  buyer,
  checkout,
  createOrder,
  expectError,
  getOrder,
  grantPoints,
  helper,
  openShop,
  pointsBalance,
  postWebhook,
  type Shop,
  signedEvent,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pollCryptoCommercePayments } from "../cryptocommerce/service.ts";

/**
 * A payment pays its order exactly once and only at its price: no points spent twice through a
 * revert during a pending payment, no order paid by a crypto-commerce charge nobody paid, no signed
 * card webhook paying whatever amount it names or carrying a future timestamp.
 */

const clock = new ManualClock(new Date());
const h = useHarness({ clock });

type PaymentException = ApiSchema<"PaymentException">;

const exceptionsOf = async (shop: Shop): Promise<PaymentException[]> => {
  const response = await api<PaymentException[]>(h, "GET", "/admin/payment-exceptions", {
    key: shop.tenant.adminKey,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

const spentPointsOf = (shop: Shop, orderId: string) =>
  withTenant(h.database.db, shop.tenant.organizationId, async (tx) => {
    const rows = await tx
      .select()
      .from(pointTransactions)
      .where(and(eq(pointTransactions.orderId, orderId), eq(pointTransactions.reservation, "FINALIZED")));
    return rows.reduce((sum, row) => sum - row.amount, 0);
  });

const payoutsOf = (shop: Shop, orderId: string) =>
  withTenant(h.database.db, shop.tenant.organizationId, (tx) =>
    tx.select().from(creatorPayouts).where(eq(creatorPayouts.orderId, orderId)),
  );

describe("points reserved for a pending payment", () => {
  it("cannot be reverted and spent on a second order: both payments succeeding never pays twice with them", async () => {
    const shop = await openShop(h, { price: 2500 });
    const { user, order: first } = await buyer(h, shop);
    await grantPoints(h, shop.tenant, user.id, 1000, { creatorId: shop.creator.id });
    const started = await checkout(h, shop.tenant, user.id, first.id, { points: 1000 });
    expect(started.status, started.text).toBe(200);
    expect(started.body.amount).toBe(1500);

    const revert = await api(h, "POST", `/user/${user.id}/order/${first.id}/points/revert`, {
      key: shop.tenant.adminKey,
    });
    expectError(revert, 409, "payment_in_progress");
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(0);

    // The second order cannot get the same points.
    const second = await createOrder(h, shop.tenant, user.id, { productId: shop.product.id });
    expectError(
      await checkout(h, shop.tenant, user.id, second.id, { points: 1000 }),
      409,
      "insufficient_points",
    );

    const paid = await helper(h, started.body.paymentIntentId!, "succeed");
    expect(paid.body.delivery.response).toMatchObject({ outcome: "paid" });
    const after = await getOrder(h, shop.tenant, user.id, first.id);
    expect(after).toMatchObject({ status: "PAID", points: 1000, payment: { amountPaid: 1500 } });
    expect(await spentPointsOf(shop, first.id)).toBe(1000);
    // A paid order keeps the points it spent: reverting them now is a state conflict.
    expectError(
      await api(h, "POST", `/user/${user.id}/order/${first.id}/points/revert`, { key: shop.tenant.adminKey }),
      409,
      "invalid_state",
    );
  });

  it("are reverted once the payment failed, and the order's points cleared", async () => {
    const shop = await openShop(h, { price: 2500 });
    const { user, order } = await buyer(h, shop);
    await grantPoints(h, shop.tenant, user.id, 500, { creatorId: shop.creator.id });
    const started = await checkout(h, shop.tenant, user.id, order.id, { points: 500 });
    await helper(h, started.body.paymentIntentId!, "fail");
    const revert = await api<{ points: number }>(
      h,
      "POST",
      `/user/${user.id}/order/${order.id}/points/revert`,
      {
        key: shop.tenant.adminKey,
      },
    );
    expect(revert.status, revert.text).toBe(200);
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(500);
    expect((await getOrder(h, shop.tenant, user.id, order.id)).points).toBe(0);
  });
});

describe("card webhooks pay only the amount due", () => {
  const succeeded = (shop: Shop, orderId: string, intentId: string, object: Record<string, unknown>) =>
    postWebhook(
      h,
      "payment-intent/succeeded",
      signedEvent(h, {
        id: `evt_${Math.random().toString(36).slice(2)}`,
        type: "payment_intent.succeeded",
        object: {
          id: intentId,
          object: "payment_intent",
          status: "succeeded",
          metadata: { organizationId: shop.tenant.organizationId, orderId },
          ...object,
        },
      }),
    );

  it("a correctly signed success naming another amount or currency leaves the order unpaid and is recorded", async () => {
    const shop = await openShop(h, { price: 2500 });
    const { user, order } = await buyer(h, shop);
    const started = await checkout(h, shop.tenant, user.id, order.id);
    const intentId = started.body.paymentIntentId!;

    const cheap = await succeeded(shop, order.id, intentId, { amount: 1, currency: "usd" });
    expect(cheap.status, cheap.text).toBe(200);
    expect(cheap.body).toMatchObject({ outcome: "payment_exception", orderId: order.id });
    const foreign = await succeeded(shop, order.id, intentId, { amount: 2500, currency: "eur" });
    expect(foreign.body).toMatchObject({ outcome: "payment_exception" });

    const after = await getOrder(h, shop.tenant, user.id, order.id);
    expect(after.status).toBe("PAYMENT_PENDING");
    expect(after.payment.amountPaid).toBeNull();
    expect(await payoutsOf(shop, order.id)).toEqual([]);
    const exceptions = await exceptionsOf(shop);
    expect(exceptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderId: order.id,
          method: "CARD",
          reference: intentId,
          reason: "amount_mismatch",
          expectedAmount: 2500,
          receivedAmount: 1,
          currency: "usd",
        }),
        expect.objectContaining({ reason: "currency_mismatch", receivedAmount: 2500, currency: "eur" }),
      ]),
    );
    // MEMBER keys do not see them.
    expectError(
      await api(h, "GET", "/admin/payment-exceptions", { key: shop.tenant.memberKey }),
      403,
      "role_required",
    );
  });

  it("refuses a signature timestamped in the future like a stale one", async () => {
    const shop = await openShop(h, { price: 2500 });
    const { user, order } = await buyer(h, shop);
    const started = await checkout(h, shop.tenant, user.id, order.id);
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const object = {
      id: started.body.paymentIntentId,
      object: "payment_intent",
      amount: 2500,
      currency: "usd",
      metadata: { organizationId: shop.tenant.organizationId, orderId: order.id },
    };
    for (const timestamp of [nowSeconds + 3600, nowSeconds + 301]) {
      const future = signedEvent(
        h,
        { id: `evt_future_${timestamp}`, type: "payment_intent.succeeded", object },
        { timestamp },
      );
      expectError(await postWebhook(h, "payment-intent/succeeded", future), 400, "invalid_signature");
    }
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_PENDING");
    const inTolerance = signedEvent(
      h,
      { id: `evt_near_${order.id}`, type: "payment_intent.succeeded", object },
      { timestamp: nowSeconds + 60 },
    );
    const accepted = await postWebhook(h, "payment-intent/succeeded", inTolerance);
    expect(accepted.body).toMatchObject({ outcome: "paid" });
  });
});

describe("crypto-commerce charges pay only once the provider reports them paid", () => {
  const customer = { email: "payer@example.com" };
  const createCharge = async (shop: Shop, orderId: string, amount: number) => {
    const response = await api<{ id: string; status: string }>(
      h,
      "POST",
      "/test-helpers/cryptocommerce/charges",
      {
        key: shop.tenant.memberKey,
        body: { amount, orderId },
      },
    );
    expect(response.status, response.text).toBe(201);
    return response.body;
  };
  const chargeStatus = async (shop: Shop, chargeId: string) =>
    (
      await api<{ status: string }>(h, "GET", `/test-helpers/cryptocommerce/charges/${chargeId}`, {
        key: shop.tenant.memberKey,
      })
    ).body.status;
  const pay = (shop: Shop, userId: string, orderId: string, chargeId: string) =>
    api<{ status: string; cryptoCommercePayment: { status: string } }>(
      h,
      "PATCH",
      `/user/${userId}/order/${orderId}/checkout/cryptocommerce`,
      { key: shop.tenant.adminKey, body: { callsId: chargeId, amount: "50.00", customer } },
    );

  it("an unpaid charge leaves the order PAYMENT_PENDING; the poll job pays it when the provider confirms", async () => {
    const shop = await openShop(h, { price: 5000 });
    const { user, order } = await buyer(h, shop);
    const charge = await createCharge(shop, order.id, 5000);
    const submitted = await pay(shop, user.id, order.id, charge.id);
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body).toMatchObject({
      status: "PAYMENT_PENDING",
      cryptoCommercePayment: { status: "PENDING" },
    });
    expect(await chargeStatus(shop, charge.id)).toBe("NEW");
    expect(await payoutsOf(shop, order.id)).toEqual([]);
    // Meanwhile no other payment of the order can start.
    expectError(await checkout(h, shop.tenant, user.id, order.id), 409, "payment_in_progress");

    expect((await pollCryptoCommercePayments(h.runtime.deps)).completed).toBe(0);
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_PENDING");

    const completed = await api(h, "POST", `/test-helpers/cryptocommerce/charges/${charge.id}/complete`, {
      key: shop.tenant.memberKey,
    });
    expect(completed.status, completed.text).toBe(200);
    await pollCryptoCommercePayments(h.runtime.deps);
    const after = await getOrder(h, shop.tenant, user.id, order.id);
    expect(after).toMatchObject({ status: "PAID", payment: { method: "CRYPTO_COMMERCE", amountPaid: 5000 } });
    expect(await payoutsOf(shop, order.id)).toHaveLength(1);
  });

  it("a charge that expires unpaid fails the order and gives its points back; a new charge can pay it", async () => {
    const shop = await openShop(h, { price: 5100 });
    const { user, order } = await buyer(h, shop);
    await grantPoints(h, shop.tenant, user.id, 100, { creatorId: shop.creator.id });
    const points = await api(h, "POST", `/user/${user.id}/order/${order.id}/points`, {
      key: shop.tenant.adminKey,
      body: { points: 100 },
    });
    expect(points.status, points.text).toBe(200);
    const charge = await createCharge(shop, order.id, 5000);
    expect((await pay(shop, user.id, order.id, charge.id)).body.status).toBe("PAYMENT_PENDING");
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(0);

    clock.advance(2 * 3600 * 1000);
    expect((await pollCryptoCommercePayments(h.runtime.deps)).expired).toBeGreaterThanOrEqual(1);
    expect((await getOrder(h, shop.tenant, user.id, order.id)).status).toBe("PAYMENT_FAILED");
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(100);
    const [failed] = await withTenant(h.database.db, shop.tenant.organizationId, (tx) =>
      tx.select().from(cryptoCommercePayments).where(eq(cryptoCommercePayments.orderId, order.id)),
    );
    expect(failed?.status).toBe("FAILED");

    const fresh = await createCharge(shop, order.id, 5000);
    await api(h, "POST", `/test-helpers/cryptocommerce/charges/${fresh.id}/complete`, {
      key: shop.tenant.memberKey,
    });
    const paid = await pay(shop, user.id, order.id, fresh.id);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: "PAID", cryptoCommercePayment: { status: "COMPLETED" } });
    expect(await spentPointsOf(shop, order.id)).toBe(100);
  });
});
