import { createUser, expectError, type Tenant, useHarness } from "@tally/testing";
import { cryptoCommerceFixtures, openCryptoCommerceShop } from "@tally/testing/cryptocommerce";
import { beforeAll, describe, expect, it } from "vitest";

/** A crypto-commerce charge pays only the order it was created for, in its own organization. */

const h = useHarness();
let shopA: { tenant: Tenant; creatorId: string };
let shopB: { tenant: Tenant; creatorId: string };

beforeAll(async () => {
  shopA = await openCryptoCommerceShop(h);
  shopB = await openCryptoCommerceShop(h);
});

const a = cryptoCommerceFixtures(h, () => shopA);
const b = cryptoCommerceFixtures(h, () => shopB);

describe("PATCH …/checkout/cryptocommerce with another order's charge", () => {
  it("a charge created and completed in organization B cannot pay organization A's order: 422, nothing changed", async () => {
    const { productId, variantId } = await a.createProduct(2000, 3);
    const buyer = await createUser(h, shopA.tenant);
    const order = await a.openOrder(buyer, productId, 1);

    // Organization B's charge naming A's order id, and one for B's own order: neither is A's.
    const forged = await b.createCharge(order.id, 2000);
    expect(forged.status).toBe("COMPLETED");
    const refused = await a.pay(buyer, order.id, forged.id, "20.00");
    expectError(refused, 422, "payment_verification_failed");
    expect(refused.body).toMatchObject({ context: { reason: "charge_order_mismatch" } });
    await a.expectUntouched(order.id, variantId, 3);

    const { productId: productB } = await b.createProduct(2000, 3);
    const orderB = await b.openOrder(await createUser(h, shopB.tenant), productB, 1);
    const otherOrders = await b.createCharge(orderB.id, 2000);
    expectError(await a.pay(buyer, order.id, otherOrders.id, "20.00"), 422, "payment_verification_failed");
    await a.expectUntouched(order.id, variantId, 3);

    // A's own charge for another of A's orders does not pay it either; the order's own charge does.
    const sibling = await a.openOrder(await createUser(h, shopA.tenant), productId, 1);
    const siblings = await a.createCharge(sibling.id, 2000);
    expectError(await a.pay(buyer, order.id, siblings.id, "20.00"), 422, "payment_verification_failed");
    await a.expectUntouched(order.id, variantId, 3);

    const own = await a.createCharge(order.id, 2000);
    const paid = await a.pay(buyer, order.id, own.id, "20.00");
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.status).toBe("PAID");
  });
});
