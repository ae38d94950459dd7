import { ManualClock } from "@tally/core";
import { api, createUser, eventually, expectError, type Tenant, useHarness } from "@tally/testing";
import {
  type CheckoutResult,
  cryptoCommerceFixtures,
  customer,
  type Order,
  openCryptoCommerceShop,
} from "@tally/testing/cryptocommerce";
import { beforeAll, describe, expect, it } from "vitest";
import { startCryptoCommercePoller } from "./service.ts";

/** PATCH /guest/order/{id}/checkout/cryptocommerce: keyless, with the payer's e-mail; the poller completes it. */

const clock = new ManualClock(new Date());
const h = useHarness({ clock });
let tenant: Tenant;
let creatorId: string;

beforeAll(async () => {
  ({ tenant, creatorId } = await openCryptoCommerceShop(h));
});

const { createProduct, openOrder, createCharge, stockOf, orderRow, paymentsOf, claimsOf } =
  cryptoCommerceFixtures(h, () => ({ tenant, creatorId }));

describe("PATCH /guest/order/{id}/checkout/cryptocommerce", () => {
  it("takes a guest order's charge without an API key, with the payer's e-mail; the poller pays it once confirmed", async () => {
    const { productId, variantId } = await createProduct(1250, 3);
    const created = await api<Order>(h, "POST", "/guest/order", { body: { productId, quantity: 2 } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.guestEmail).toBeNull();
    const charge = await createCharge(created.body.id, 2500, { paid: false });
    const paid = await api<CheckoutResult>(
      h,
      "PATCH",
      `/guest/order/${created.body.id}/checkout/cryptocommerce`,
      {
        body: { callsId: charge.id, amount: "25.00", customer },
      },
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({
      status: "PAYMENT_PENDING",
      guestEmail: "payer@example.com",
      cryptoCommercePayment: { chargeId: charge.id, status: "PENDING" },
    });
    expect(await stockOf(variantId)).toBe(1);

    // The worker's interval poller completes it once the provider confirms.
    const poller = startCryptoCommercePoller(h.runtime.deps, { intervalMs: 50 });
    try {
      await api(h, "POST", `/test-helpers/cryptocommerce/charges/${charge.id}/complete`, {
        key: tenant.memberKey,
      });
      const done = await eventually(async () => {
        const [payment] = await paymentsOf(created.body.id);
        return payment?.status === "COMPLETED" ? payment : undefined;
      });
      expect(done.completedAt).toBeInstanceOf(Date);
      expect(await orderRow(created.body.id)).toMatchObject({
        status: "PAID",
        guestEmail: "payer@example.com",
      });
    } finally {
      await poller.stop();
    }
  });

  it("answers 404 for an unknown id and for a user's order, revealing nothing", async () => {
    const { productId } = await createProduct(100, 2);
    const user = await createUser(h, tenant);
    const order = await openOrder(user, productId, 1);
    const charge = await createCharge(order.id, 100);
    const body = { callsId: charge.id, amount: "1.00", customer };
    const unknown = await api(h, "PATCH", "/guest/order/doesnotexist0000/checkout/cryptocommerce", { body });
    expectError(unknown, 404, "not_found");
    const userOrder = await api(h, "PATCH", `/guest/order/${order.id}/checkout/cryptocommerce`, { body });
    expectError(userOrder, 404, "not_found");
    expect((unknown.body as { error: string }).error).toBe((userOrder.body as { error: string }).error);
    expect(await claimsOf(order.id)).toEqual([]);
  });
});
