import { ManualClock } from "@tally/core";
import { claimedCharges, orders, stockReservations } from "@tally/db";
import { api, createCreator, createUser, expectError, type Tenant, useHarness } from "@tally/testing";
import {
  type Charge,
  cryptoCommerceFixtures,
  customer,
  type Order,
  openCryptoCommerceShop,
} from "@tally/testing/cryptocommerce";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pollCryptoCommercePayments } from "./service.ts";

/** PATCH /user/{id}/order/{orderId}/checkout/cryptocommerce: verifying the charge, paying once, who may pay; the test-helper routes. */

const clock = new ManualClock(new Date());
const h = useHarness({ clock });
let tenant: Tenant;
let creatorId: string;

beforeAll(async () => {
  ({ tenant, creatorId } = await openCryptoCommerceShop(h));
});

const {
  createProduct,
  openOrder,
  createCharge,
  pay,
  stockOf,
  orderRow,
  paymentsOf,
  claimsOf,
  payoutsOf,
  expectUntouched,
} = cryptoCommerceFixtures(h, () => ({ tenant, creatorId }));

describe("PATCH /user/{id}/order/{orderId}/checkout/cryptocommerce", () => {
  it("verifies a paid charge, pays the order, commits stock, creates the payout; the poll job has nothing left", async () => {
    const { productId, variantId } = await createProduct(2500, 5);
    const user = await createUser(h, tenant);
    const order = await openOrder(user, productId, 2);
    expect(order.amounts.total).toBe(5000);
    const charge = await createCharge(order.id, 5000);
    expect(charge).toMatchObject({ amount: 5000, currency: "usd", status: "COMPLETED" });

    const paid = await pay(user, order.id, charge.id, "50.00");
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({
      id: order.id,
      status: "PAID",
      payment: { method: "CRYPTO_COMMERCE", amountPaid: 5000 },
      cryptoCommercePayment: { chargeId: charge.id, amount: 5000, status: "COMPLETED" },
      shippingAddress: { line1: "1 Main St", city: "Springfield", countryCode: "US", firstName: "Pat" },
    });
    expect(await stockOf(variantId)).toBe(3);
    const reservations = await h.database.db
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.orderId, order.id));
    expect(reservations.map((row) => row.status)).toEqual(["COMMITTED"]);
    expect(await claimsOf(order.id)).toMatchObject([
      { chargeId: charge.id, organizationId: tenant.organizationId },
    ]);
    const payouts = await payoutsOf(order.id);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ creatorId, status: "PENDING" });

    // The order lists as paid through the order endpoints too.
    const fetched = await api<Order>(h, "GET", `/user/${user.id}/order/${order.id}`, {
      key: tenant.adminKey,
    });
    expect(fetched.body).toMatchObject({ status: "PAID", payment: { method: "CRYPTO_COMMERCE" } });

    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({ status: "COMPLETED", completedAt: expect.any(Date) });
    // The poll finds nothing to do for it.
    const again = await pollCryptoCommercePayments(h.runtime.deps);
    expect((await paymentsOf(order.id))[0]?.completedAt).toEqual(payment!.completedAt);
    expect(again.completed).toBe(0);
  });

  it("refuses with 422 payment_verification_failed and changes nothing when the charge does not match", async () => {
    const { productId, variantId } = await createProduct(1999, 4);
    const user = await createUser(h, tenant);
    const order = await openOrder(user, productId, 1);

    const unknown = await pay(user, order.id, "no-such-charge", "19.99");
    expectError(unknown, 422, "payment_verification_failed");
    expect(unknown.body).toMatchObject({ context: { reason: "charge_not_found" } });
    await expectUntouched(order.id, variantId, 4);

    const cheap = await createCharge(order.id, 1998);
    const wrongCharge = await pay(user, order.id, cheap.id, "19.99");
    expectError(wrongCharge, 422, "payment_verification_failed");
    expect(wrongCharge.body).toMatchObject({
      context: { reason: "amount_mismatch", amountDue: 1999, chargeAmount: 1998 },
    });
    await expectUntouched(order.id, variantId, 4);

    const right = await createCharge(order.id, 1999);
    const wrongAmount = await pay(user, order.id, right.id, "19.98");
    expectError(wrongAmount, 422, "payment_verification_failed");
    expect(wrongAmount.body).toMatchObject({ context: { reason: "amount_mismatch", submittedAmount: 1998 } });
    await expectUntouched(order.id, variantId, 4);

    const shortLived = await createCharge(order.id, 1999, { expiresInSeconds: 60, paid: false });
    clock.advance(61_000);
    const expired = await pay(user, order.id, shortLived.id, "19.99");
    expectError(expired, 422, "payment_verification_failed");
    expect(expired.body).toMatchObject({ context: { reason: "charge_expired" } });
    await expectUntouched(order.id, variantId, 4);
    // An expired charge cannot be completed either.
    const late = await api(h, "POST", `/test-helpers/cryptocommerce/charges/${shortLived.id}/complete`, {
      key: tenant.memberKey,
    });
    expectError(late, 409, "invalid_state");

    // The matching charge still pays it afterwards.
    const ok = await pay(user, order.id, right.id, "19.99");
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.status).toBe("PAID");
  });

  it("a charge pays the order it was created for only, in any tenant; a paid order cannot be paid again", async () => {
    const { productId } = await createProduct(1000, 10);
    const first = await createUser(h, tenant);
    const second = await createUser(h, tenant);
    const firstOrder = await openOrder(first, productId, 1);
    const secondOrder = await openOrder(second, productId, 1);
    const charge = await createCharge(firstOrder.id, 1000);
    expect((await pay(first, firstOrder.id, charge.id, "10.00")).status).toBe(200);

    const reused = await pay(second, secondOrder.id, charge.id, "10.00");
    expectError(reused, 422, "payment_verification_failed");
    expect(reused.body).toMatchObject({ context: { reason: "charge_order_mismatch" } });
    expect((await orderRow(secondOrder.id)).status).toBe("OPEN");

    const again = await pay(first, firstOrder.id, (await createCharge(firstOrder.id, 1000)).id, "10.00");
    expectError(again, 409, "invalid_state");
    expect(again.body).toMatchObject({ context: { status: "PAID" } });

    // Another tenant cannot reuse it either.
    const other = await h.createTenant({ tier: "pro" });
    const otherCreator = await createCreator(h, other);
    const product = await h.request<{ id: string }>("POST", `/api/v1/creator/id/${otherCreator.id}/product`, {
      key: other.adminKey,
      body: { name: "Mug", slug: "mug", price: 1000, stock: 3 },
    });
    expect(product.status, product.text).toBe(201);
    await h.request("POST", `/api/v1/creator/id/${otherCreator.id}/product/${product.body.id}/publish`, {
      key: other.adminKey,
    });
    const buyer = await createUser(h, other);
    const foreign = await h.request<Order>("POST", `/api/v1/user/${buyer.id}/order`, {
      key: other.adminKey,
      body: { productId: product.body.id },
    });
    expect(foreign.status, foreign.text).toBe(201);
    const stolen = await pay(buyer, foreign.body.id, charge.id, "10.00", other.adminKey);
    expectError(stolen, 422, "payment_verification_failed");
    expect(stolen.body).toMatchObject({ context: { reason: "charge_order_mismatch" } });
  });

  it("answers 404 for another user's or another tenant's order and 403 for a mismatched X-User-Id", async () => {
    const { productId } = await createProduct(500, 5);
    const owner = await createUser(h, tenant);
    const stranger = await createUser(h, tenant);
    const order = await openOrder(owner, productId, 1);
    const charge = await createCharge(order.id, 500);

    expectError(await pay(stranger, order.id, charge.id, "5.00"), 404, "not_found");
    const mismatch = await api(h, "PATCH", `/user/${owner.id}/order/${order.id}/checkout/cryptocommerce`, {
      key: tenant.memberKey,
      userId: stranger.id,
      body: { callsId: charge.id, amount: "5.00", customer },
    });
    expectError(mismatch, 403, "acting_user_mismatch");
    const other = await h.createTenant();
    const cross = await h.request(
      "PATCH",
      `/api/v1/user/${owner.id}/order/${order.id}/checkout/cryptocommerce`,
      {
        key: other.adminKey,
        body: { callsId: charge.id, amount: "5.00", customer },
      },
    );
    expectError(cross, 404, "not_found");
    expect(await claimsOf(order.id)).toEqual([]);
  });

  it("validates the body: amount with at most 2 decimals, a customer with an e-mail, no unknown fields", async () => {
    const user = await createUser(h, tenant);
    const path = `/user/${user.id}/order/abc123/checkout/cryptocommerce`;
    const bad = await api<{ details: { field: string }[] }>(h, "PATCH", path, {
      key: tenant.adminKey,
      body: { callsId: "x", amount: "25.001", customer: { name: { firstName: "A" } }, extra: 1 },
    });
    expectError(bad, 422, "validation_failed");
    const fields = bad.body.details.map((detail) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(["amount", "customer.email", "customer.name.familyName"]));
    const missing = await api<{ details: { field: string }[] }>(h, "PATCH", path, {
      key: tenant.adminKey,
      body: {},
    });
    expectError(missing, 422, "validation_failed");
    expect(missing.body.details.map((detail) => detail.field)).toEqual(
      expect.arrayContaining(["callsId", "amount", "customer"]),
    );
  });

  it("10 concurrent payments of one order with different charges pay it once", async () => {
    const { productId, variantId } = await createProduct(700, 10);
    const user = await createUser(h, tenant);
    const order = await openOrder(user, productId, 1);
    const charges = await Promise.all(Array.from({ length: 10 }, () => createCharge(order.id, 700)));
    const results = await Promise.all(charges.map((charge) => pay(user, order.id, charge.id, "7.00")));
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const result of results.filter((r) => r.status !== 200)) expectError(result, 409, "invalid_state");
    expect(await claimsOf(order.id)).toHaveLength(1);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await payoutsOf(order.id)).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(9);
  });

  it("10 concurrent payments with one charge, 5 of its own order and 5 of others: its order is paid once", async () => {
    const { productId } = await createProduct(800, 20);
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(h, tenant)));
    const ordersOpen = await Promise.all(users.map((user) => openOrder(user, productId, 1)));
    const charge = await createCharge(ordersOpen[0]!.id, 800);
    const targets = [0, 0, 0, 0, 0, 1, 2, 3, 4, 5];
    const results = await Promise.all(
      targets.map((index) => pay(users[index]!, ordersOpen[index]!.id, charge.id, "8.00")),
    );
    const own = results.slice(0, 5);
    expect(own.filter((result) => result.status === 200)).toHaveLength(1);
    for (const result of own.filter((r) => r.status !== 200)) expectError(result, 409, "invalid_state");
    for (const result of results.slice(5)) expectError(result, 422, "payment_verification_failed");
    const claims = await h.database.db
      .select()
      .from(claimedCharges)
      .where(eq(claimedCharges.chargeId, charge.id));
    expect(claims).toHaveLength(1);
    const paid = await h.database.db
      .select()
      .from(orders)
      .where(
        and(eq(orders.organizationId, tenant.organizationId), eq(orders.paymentMethod, "CRYPTO_COMMERCE")),
      );
    expect(paid.filter((row) => ordersOpen.some((o) => o.id === row.id)).map((row) => row.id)).toEqual([
      ordersOpen[0]!.id,
    ]);
  });
});

describe("test helpers and the document", () => {
  it("need an API key, and are documented in the OpenAPI document", async () => {
    expectError(
      await api(h, "POST", "/test-helpers/cryptocommerce/charges", { body: { amount: 100 } }),
      401,
      "unauthorized",
    );
    const invalid = await api(h, "POST", "/test-helpers/cryptocommerce/charges", {
      key: tenant.memberKey,
      body: { amount: 0, orderId: "abc123" },
    });
    expectError(invalid, 422, "validation_failed");
    const charge = await createCharge("abc123", 100, { paid: false });
    const read = await api<Charge>(h, "GET", `/test-helpers/cryptocommerce/charges/${charge.id}`, {
      key: tenant.memberKey,
    });
    expect(read.body).toMatchObject({ id: charge.id, status: "NEW", orderId: "abc123" });
    expectError(
      await api(h, "GET", "/test-helpers/cryptocommerce/charges/unknown", { key: tenant.memberKey }),
      404,
      "not_found",
    );
    const doc = h.runtime.openApiDocument as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths["/user/{id}/order/{orderId}/checkout/cryptocommerce"]?.patch).toBeDefined();
    expect(doc.paths["/guest/order/{id}/checkout/cryptocommerce"]?.patch).toBeDefined();
    expect(doc.paths["/test-helpers/cryptocommerce/charges"]?.post).toBeDefined();
    expect(doc.paths["/test-helpers/cryptocommerce/charges/{chargeId}/complete"]?.post).toBeDefined();
  });
});
