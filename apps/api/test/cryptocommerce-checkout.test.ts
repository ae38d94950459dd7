import { ManualClock } from "@tally/core";
import {
  cardPaymentIntents,
  claimedCharges,
  creatorPayouts,
  cryptoCommercePayments,
  orders,
  pointTransactions,
  productVariants,
  stockReservations,
} from "@tally/db";
import { pollCryptoCommercePayments, startCryptoCommercePoller } from "@tally/payments";
import {
  createCreator,
  createUser,
  eventually,
  expectError,
  startHarness,
  type Tenant,
  type TestHarness,
  type TestResponse,
  type TestUser,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const clock = new ManualClock(new Date());
let h: TestHarness;
let tenant: Tenant;
let creatorId: string;

beforeAll(async () => {
  h = await startHarness({ clock });
  tenant = await h.createTenant({ tier: "pro" });
  const creator = await createCreator(h, tenant);
  creatorId = creator.id;
});
afterAll(async () => {
  await h?.close();
});

interface Charge {
  id: string;
  amount: number;
  currency: string;
  status: string;
  expiresAt: string;
}
interface Order {
  id: string;
  status: string;
  points: number;
  guestEmail: string | null;
  shippingAddress: Record<string, unknown> | null;
  amounts: { total: number };
  payment: { method: string | null; amountPaid: number | null; paidAt: string | null };
  items: { id: number; variantId: string | null; quantity: number }[];
}
interface CheckoutResult extends Order {
  cryptoCommercePayment: {
    id: string;
    chargeId: string;
    amount: number;
    status: string;
    completedAt: string | null;
  };
}

const api = <T = unknown>(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; userId?: string } = {},
): Promise<TestResponse<T>> => h.request<T>(method, `/api/v1${path}`, options);

const customer = {
  email: "payer@example.com",
  physicalAddress: {
    address1: "1 Main St",
    address2: null,
    city: "Springfield",
    state: "IL",
    postalCode: "62701",
    countryCode: "us",
  },
  name: { firstName: "Pat", familyName: "Payer" },
};

/** A PUBLISHED product of the creator at `price` cents holding `stock` units; returns its id and variant. */
const createProduct = async (
  price: number,
  stock: number,
): Promise<{ productId: string; variantId: string }> => {
  const created = await api<{ id: string; variants: { id: string }[] }>(
    "POST",
    `/creator/id/${creatorId}/product`,
    {
      key: tenant.adminKey,
      body: { name: "Poster", slug: `poster-${Math.random().toString(36).slice(2, 10)}`, price, stock },
    },
  );
  expect(created.status, created.text).toBe(201);
  const published = await api("POST", `/creator/id/${creatorId}/product/${created.body.id}/publish`, {
    key: tenant.adminKey,
  });
  expect(published.status, published.text).toBe(200);
  return { productId: created.body.id, variantId: created.body.variants[0]!.id };
};

const openOrder = async (user: TestUser, productId: string, quantity: number, key = tenant.adminKey) => {
  const response = await api<Order>("POST", `/user/${user.id}/order`, {
    key,
    body: { productId, quantity },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
};

/** A charge the payer created and, unless `paid: false`, paid at the provider (COMPLETED). */
const createCharge = async (
  amount: number,
  options: { expiresInSeconds?: number; paid?: boolean } = {},
): Promise<Charge> => {
  const { expiresInSeconds, paid = true } = options;
  const response = await api<Charge>("POST", "/test-helpers/cryptocommerce/charges", {
    key: tenant.memberKey,
    body: { amount, ...(expiresInSeconds ? { expiresInSeconds } : {}) },
  });
  expect(response.status, response.text).toBe(201);
  if (!paid) return response.body;
  const completed = await api<Charge>(
    "POST",
    `/test-helpers/cryptocommerce/charges/${response.body.id}/complete`,
    {
      key: tenant.memberKey,
    },
  );
  expect(completed.status, completed.text).toBe(200);
  return completed.body;
};

const pay = (user: TestUser, orderId: string, callsId: string, amount: string, key = tenant.adminKey) =>
  api<CheckoutResult>("PATCH", `/user/${user.id}/order/${orderId}/checkout/cryptocommerce`, {
    key,
    body: { callsId, amount, customer },
  });

const stockOf = async (variantId: string): Promise<number> => {
  const [row] = await h.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
};

const orderRow = async (orderId: string) => {
  const [row] = await h.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
};

const paymentsOf = (orderId: string) =>
  h.database.db.select().from(cryptoCommercePayments).where(eq(cryptoCommercePayments.orderId, orderId));

const claimsOf = (orderId: string) =>
  h.database.db.select().from(claimedCharges).where(eq(claimedCharges.orderId, orderId));

const payoutsOf = (orderId: string) =>
  h.database.db.select().from(creatorPayouts).where(eq(creatorPayouts.orderId, orderId));

/** Asserts the order was left exactly as it was: unpaid, nothing claimed or recorded, stock intact. */
const expectUntouched = async (orderId: string, variantId: string, stock: number) => {
  expect((await orderRow(orderId)).status).toBe("OPEN");
  expect(await paymentsOf(orderId)).toEqual([]);
  expect(await claimsOf(orderId)).toEqual([]);
  expect(await payoutsOf(orderId)).toEqual([]);
  expect(await stockOf(variantId)).toBe(stock);
};

describe("PATCH /user/{id}/order/{orderId}/checkout/cryptocommerce", () => {
  it("verifies a paid charge, pays the order, commits stock, creates the payout; the poll job has nothing left", async () => {
    const { productId, variantId } = await createProduct(2500, 5);
    const user = await createUser(h, tenant);
    const order = await openOrder(user, productId, 2);
    expect(order.amounts.total).toBe(5000);
    const charge = await createCharge(5000);
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
    const fetched = await api<Order>("GET", `/user/${user.id}/order/${order.id}`, { key: tenant.adminKey });
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
    expect(unknown.body).toMatchObject({ details: { reason: "charge_not_found" } });
    await expectUntouched(order.id, variantId, 4);

    const cheap = await createCharge(1998);
    const wrongCharge = await pay(user, order.id, cheap.id, "19.99");
    expectError(wrongCharge, 422, "payment_verification_failed");
    expect(wrongCharge.body).toMatchObject({
      details: { reason: "amount_mismatch", amountDue: 1999, chargeAmount: 1998 },
    });
    await expectUntouched(order.id, variantId, 4);

    const right = await createCharge(1999);
    const wrongAmount = await pay(user, order.id, right.id, "19.98");
    expectError(wrongAmount, 422, "payment_verification_failed");
    expect(wrongAmount.body).toMatchObject({ details: { reason: "amount_mismatch", submittedAmount: 1998 } });
    await expectUntouched(order.id, variantId, 4);

    const shortLived = await createCharge(1999, { expiresInSeconds: 60, paid: false });
    clock.advance(61_000);
    const expired = await pay(user, order.id, shortLived.id, "19.99");
    expectError(expired, 422, "payment_verification_failed");
    expect(expired.body).toMatchObject({ details: { reason: "charge_expired" } });
    await expectUntouched(order.id, variantId, 4);
    // An expired charge cannot be completed either.
    const late = await api("POST", `/test-helpers/cryptocommerce/charges/${shortLived.id}/complete`, {
      key: tenant.memberKey,
    });
    expectError(late, 409, "invalid_state");

    // The matching charge still pays it afterwards.
    const ok = await pay(user, order.id, right.id, "19.99");
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.status).toBe("PAID");
  });

  it("a charge pays one order only, in any tenant; a paid order cannot be paid again", async () => {
    const { productId } = await createProduct(1000, 10);
    const first = await createUser(h, tenant);
    const second = await createUser(h, tenant);
    const firstOrder = await openOrder(first, productId, 1);
    const secondOrder = await openOrder(second, productId, 1);
    const charge = await createCharge(1000);
    expect((await pay(first, firstOrder.id, charge.id, "10.00")).status).toBe(200);

    const reused = await pay(second, secondOrder.id, charge.id, "10.00");
    expectError(reused, 409, "already_exists");
    expect((await orderRow(secondOrder.id)).status).toBe("OPEN");

    const again = await pay(first, firstOrder.id, (await createCharge(1000)).id, "10.00");
    expectError(again, 409, "invalid_state");
    expect(again.body).toMatchObject({ details: { status: "PAID" } });

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
    expectError(stolen, 409, "already_exists");
  });

  it("answers 404 for another user's or another tenant's order and 403 for a mismatched X-User-Id", async () => {
    const { productId } = await createProduct(500, 5);
    const owner = await createUser(h, tenant);
    const stranger = await createUser(h, tenant);
    const order = await openOrder(owner, productId, 1);
    const charge = await createCharge(500);

    expectError(await pay(stranger, order.id, charge.id, "5.00"), 404, "not_found");
    const mismatch = await api("PATCH", `/user/${owner.id}/order/${order.id}/checkout/cryptocommerce`, {
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
    const bad = await api<{ details: { field: string }[] }>("PATCH", path, {
      key: tenant.adminKey,
      body: { callsId: "x", amount: "25.001", customer: { name: { firstName: "A" } }, extra: 1 },
    });
    expectError(bad, 422, "validation_failed");
    const fields = bad.body.details.map((detail) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(["amount", "customer.email", "customer.name.familyName"]));
    const missing = await api<{ details: { field: string }[] }>("PATCH", path, {
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
    const charges = await Promise.all(Array.from({ length: 10 }, () => createCharge(700)));
    const results = await Promise.all(charges.map((charge) => pay(user, order.id, charge.id, "7.00")));
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const result of results.filter((r) => r.status !== 200)) expectError(result, 409, "invalid_state");
    expect(await claimsOf(order.id)).toHaveLength(1);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await payoutsOf(order.id)).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(9);
  });

  it("10 concurrent payments of different orders with one charge: exactly one succeeds", async () => {
    const { productId } = await createProduct(800, 20);
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser(h, tenant)));
    const ordersOpen = await Promise.all(users.map((user) => openOrder(user, productId, 1)));
    const charge = await createCharge(800);
    const results = await Promise.all(
      users.map((user, index) => pay(user, ordersOpen[index]!.id, charge.id, "8.00")),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    for (const result of results.filter((r) => r.status !== 200)) expectError(result, 409, "already_exists");
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
    expect(paid.filter((row) => ordersOpen.some((o) => o.id === row.id))).toHaveLength(1);
  });

  it("out of stock at payment: 409 and nothing claimed", async () => {
    const { productId, variantId } = await createProduct(300, 1);
    const a = await createUser(h, tenant);
    const b = await createUser(h, tenant);
    const orderA = await openOrder(a, productId, 1);
    const orderB = await openOrder(b, productId, 1);
    expect((await pay(a, orderA.id, (await createCharge(300)).id, "3.00")).status).toBe(200);
    const charge = await createCharge(300);
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
    const granted = await api("POST", `/user/${user.id}/points`, {
      key: tenant.adminKey,
      body: { amount: 500, creatorId },
    });
    expect(granted.status, granted.text).toBe(201);
    const order = await openOrder(user, productId, 1);
    const held = await api("POST", `/user/${user.id}/order/${order.id}/points`, {
      key: tenant.adminKey,
      body: { points: 500 },
    });
    expect(held.status, held.text).toBeLessThan(300);
    const charge = await createCharge(2500);
    const full = await pay(user, order.id, (await createCharge(3000)).id, "30.00");
    expectError(full, 422, "payment_verification_failed");
    const paid = await pay(user, order.id, charge.id, "25.00");
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: "PAID", points: 500, payment: { amountPaid: 2500 } });
    const balance = await api<{ balance: number }>("GET", `/user/${user.id}/points`, {
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
      "POST",
      `/user/${user.id}/order/${order.id}/checkout`,
      { key: tenant.adminKey, body: {} },
    );
    expect(card.status, card.text).toBe(200);
    expect((await orderRow(order.id)).status).toBe("PAYMENT_PENDING");
    const paid = await pay(user, order.id, (await createCharge(4200)).id, "42.00");
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.status).toBe("PAID");
    const intents = await h.database.db
      .select()
      .from(cardPaymentIntents)
      .where(eq(cardPaymentIntents.orderId, order.id));
    expect(intents.map((intent) => intent.status)).toEqual(["canceled"]);
  });
});

describe("PATCH /guest/order/{id}/checkout/cryptocommerce", () => {
  it("takes a guest order's charge without an API key, with the payer's e-mail; the poller pays it once confirmed", async () => {
    const { productId, variantId } = await createProduct(1250, 3);
    const created = await api<Order>("POST", "/guest/order", { body: { productId, quantity: 2 } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.guestEmail).toBeNull();
    const charge = await createCharge(2500, { paid: false });
    const paid = await api<CheckoutResult>(
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
      await api("POST", `/test-helpers/cryptocommerce/charges/${charge.id}/complete`, {
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
    const charge = await createCharge(100);
    const body = { callsId: charge.id, amount: "1.00", customer };
    const unknown = await api("PATCH", "/guest/order/doesnotexist0000/checkout/cryptocommerce", { body });
    expectError(unknown, 404, "not_found");
    const { productId } = await createProduct(100, 2);
    const user = await createUser(h, tenant);
    const order = await openOrder(user, productId, 1);
    const userOrder = await api("PATCH", `/guest/order/${order.id}/checkout/cryptocommerce`, { body });
    expectError(userOrder, 404, "not_found");
    expect((unknown.body as { error: string }).error).toBe((userOrder.body as { error: string }).error);
    expect(await claimsOf(order.id)).toEqual([]);
  });
});

describe("test helpers and the document", () => {
  it("need an API key, and are documented in the OpenAPI document", async () => {
    expectError(
      await api("POST", "/test-helpers/cryptocommerce/charges", { body: { amount: 100 } }),
      401,
      "unauthorized",
    );
    const invalid = await api("POST", "/test-helpers/cryptocommerce/charges", {
      key: tenant.memberKey,
      body: { amount: 0 },
    });
    expectError(invalid, 422, "validation_failed");
    const charge = await createCharge(100, { paid: false });
    const read = await api<Charge>("GET", `/test-helpers/cryptocommerce/charges/${charge.id}`, {
      key: tenant.memberKey,
    });
    expect(read.body).toMatchObject({ id: charge.id, status: "NEW" });
    expectError(
      await api("GET", "/test-helpers/cryptocommerce/charges/unknown", { key: tenant.memberKey }),
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
