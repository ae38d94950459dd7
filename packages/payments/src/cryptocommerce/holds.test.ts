import { ManualClock } from "@tally/core";
import { cardPaymentIntents, claimedCharges, pointTransactions } from "@tally/db";
import { api, createUser, expectError, type Tenant, useHarness } from "@tally/testing";
import { cryptoCommerceFixtures, openCryptoCommerceShop } from "@tally/testing/cryptocommerce";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

/** What a crypto-commerce payment takes from the order: stock, held points, and its live card intent. */

const clock = new ManualClock(new Date());
const h = useHarness({ clock });
let tenant: Tenant;
let creatorId: string;

beforeAll(async () => {
  ({ tenant, creatorId } = await openCryptoCommerceShop(h));
});

const { createProduct, openOrder, createCharge, pay, orderRow, expectUntouched } = cryptoCommerceFixtures(
  h,
  () => ({ tenant, creatorId }),
);

describe("PATCH /user/{id}/order/{orderId}/checkout/cryptocommerce", () => {
  it("out of stock at payment: 409 and nothing claimed", async () => {
    const { productId, variantId } = await createProduct(300, 1);
    const a = await createUser(h, tenant);
    const b = await createUser(h, tenant);
    const orderA = await openOrder(a, productId, 1);
    const orderB = await openOrder(b, productId, 1);
    expect((await pay(a, orderA.id, (await createCharge(orderA.id, 300)).id, "3.00")).status).toBe(200);
    const charge = await createCharge(orderB.id, 300);
    const sold = await pay(b, orderB.id, charge.id, "3.00");
    expectError(sold, 409, "out_of_stock");
    await expectUntouched(orderB.id, variantId, 0);
    const [unclaimed] = await h.database.db
      .select()
      .from(claimedCharges)
      .where(eq(claimedCharges.chargeId, charge.id));
    expect(unclaimed).toBeUndefined();
  });

  it("points: the amount due is the total after points, and the held points are finalized at PAID", async () => {
    const { productId } = await createProduct(3000, 5);
    const user = await createUser(h, tenant);
    const granted = await api(h, "POST", `/user/${user.id}/points`, {
      key: tenant.adminKey,
      body: { amount: 500, creatorId },
    });
    expect(granted.status, granted.text).toBe(201);
    const order = await openOrder(user, productId, 1);
    const held = await api(h, "POST", `/user/${user.id}/order/${order.id}/points`, {
      key: tenant.adminKey,
      body: { points: 500 },
    });
    expect(held.status, held.text).toBeLessThan(300);
    const charge = await createCharge(order.id, 2500);
    const full = await pay(user, order.id, (await createCharge(order.id, 3000)).id, "30.00");
    expectError(full, 422, "payment_verification_failed");
    const paid = await pay(user, order.id, charge.id, "25.00");
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: "PAID", points: 500, payment: { amountPaid: 2500 } });
    const balance = await api<{ balance: number }>(h, "GET", `/user/${user.id}/points`, {
      key: tenant.adminKey,
    });
    expect(balance.body.balance).toBe(0);
    const spent = await h.database.db
      .select()
      .from(pointTransactions)
      .where(and(eq(pointTransactions.orderId, order.id), eq(pointTransactions.type, "PURCHASE")));
    expect(spent.filter((row) => row.amount < 0)).toMatchObject([{ amount: -500, reservation: "FINALIZED" }]);
  });

  it("cancels the order's live card intent first (payment method switch)", async () => {
    const { productId } = await createProduct(4200, 5);
    const user = await createUser(h, tenant);
    const order = await openOrder(user, productId, 1);
    const card = await api<{ paymentIntentId: string; status: string }>(
      h,
      "POST",
      `/user/${user.id}/order/${order.id}/checkout`,
      { key: tenant.adminKey, body: {} },
    );
    expect(card.status, card.text).toBe(200);
    expect((await orderRow(order.id)).status).toBe("PAYMENT_PENDING");
    const paid = await pay(user, order.id, (await createCharge(order.id, 4200)).id, "42.00");
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.status).toBe("PAID");
    const intents = await h.database.db
      .select()
      .from(cardPaymentIntents)
      .where(eq(cardPaymentIntents.orderId, order.id));
    expect(intents.map((intent) => intent.status)).toEqual(["canceled"]);
  });
});
