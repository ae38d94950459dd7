import type { OrderPaymentsPort } from "@tally/commerce";
import { emailOutbox, orders } from "@tally/db";
import {
  api,
  createCreator,
  createOrder,
  createUser,
  type ErrorBody,
  expectError,
  memberKeys,
  type Order,
  publishedProduct,
  startHarness,
  type Tenant,
  type TestHarness,
} from "@tally/testing";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";

let h: TestHarness;
let tenant: Tenant;
/** Orders whose amount-changed notice reached this runtime's payments port. */
let amountChanged: MockInstance<OrderPaymentsPort["amountChanged"]>;
const amountChangedOrders = () => amountChanged.mock.calls.map(([, ref]) => ref.orderId);
beforeAll(async () => {
  h = await startHarness();
  tenant = await h.createTenant();
  amountChanged = vi.spyOn(h.runtime.deps.services.orderPayments, "amountChanged");
});
afterAll(async () => {
  amountChanged?.mockRestore();
  await h?.close();
});

interface DiscountCode {
  id: string;
  code: string;
  kind: string;
  value: number;
  usageLimit: number | null;
  usedCount: number;
  active: boolean;
  disabledAt: string | null;
}

const address = {
  line1: "1 Main St",
  city: "Springfield",
  state: "IL",
  postalCode: "62701",
  countryCode: "US",
};

const setOrder = (orderId: string, values: Partial<typeof orders.$inferInsert>) =>
  h.database.db
    .update(orders)
    .set(values)
    .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, orderId)));

describe("discount codes", () => {
  it("creator manages codes; an order applies one (percent or fixed), once", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 1999 });
    const created = await api<DiscountCode>(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: { code: "spring10", kind: "PERCENT", value: 10 },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      code: "SPRING10",
      kind: "PERCENT",
      value: 10,
      usedCount: 0,
      active: true,
    });
    expectError(
      await api(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
        key: tenant.adminKey,
        body: { code: "SPRING10", kind: "FIXED", value: 100 },
      }),
      409,
      "already_exists",
    );
    expectError(
      await api(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
        key: tenant.adminKey,
        body: { code: "TOOMUCH", kind: "PERCENT", value: 150 },
      }),
      422,
      "validation_failed",
    );
    // The owner may manage codes, another user may not.
    const stranger = await createUser(h, tenant);
    expectError(
      await api(h, "GET", `/creator/id/${creator.id}/discount-codes`, {
        key: tenant.memberKey,
        userId: stranger.id,
      }),
      403,
      "not_owner",
    );

    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id, quantity: 3 });
    amountChanged.mockClear();
    const applied = await api<Order>(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
      key: tenant.adminKey,
      body: { code: "Spring10" },
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toMatchObject({
      discount: Math.floor(5997 / 10),
      discountCodeId: created.body.id,
      amounts: { subtotal: 5997, discount: 599, total: 5997 - 599 },
    });
    expect(amountChangedOrders()).toEqual([order.id]);
    // Same code again: no-op; another code: 409; unknown: 404.
    const again = await api<Order>(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
      key: tenant.adminKey,
      body: { code: "SPRING10" },
    });
    expect(again.status).toBe(200);
    await api(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: { code: "FIVEOFF", kind: "FIXED", value: 500 },
    });
    expectError(
      await api(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
        key: tenant.adminKey,
        body: { code: "FIVEOFF" },
      }),
      409,
      "conflict",
    );
    expectError(
      await api(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
        key: tenant.adminKey,
        body: { code: "NOPE" },
      }),
      404,
      "not_found",
    );
    // The discount follows the items.
    const line = applied.body.items[0]!;
    const reduced = await api<Order>(
      h,
      "DELETE",
      `/user/${buyer.id}/order/${order.id}/item/${line.id}?quantity=1`,
      {
        key: tenant.adminKey,
      },
    );
    expect(reduced.body.amounts).toMatchObject({ subtotal: 3998, discount: 399, total: 3599 });

    const list = await api<DiscountCode[]>(h, "GET", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
    });
    expect(list.headers.get("x-total-count")).toBe("2");
    expect(list.body.find((code) => code.code === "SPRING10")?.usedCount).toBe(1);

    // Disabled codes are refused; disabling is idempotent.
    const disabled = await api<DiscountCode>(
      h,
      "DELETE",
      `/creator/id/${creator.id}/discount-codes/${list.body[0]!.id}`,
      {
        key: tenant.adminKey,
      },
    );
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.active).toBe(false);
    const twice = await api<DiscountCode>(
      h,
      "DELETE",
      `/creator/id/${creator.id}/discount-codes/${list.body[0]!.id}`,
      {
        key: tenant.adminKey,
      },
    );
    expect(twice.body.disabledAt).toBe(disabled.body.disabledAt);
    const other = await createUser(h, tenant);
    const otherOrder = await createOrder(h, tenant, other.id, { productId: product.id });
    expectError(
      await api(h, "POST", `/user/${other.id}/order/${otherOrder.id}/discount`, {
        key: tenant.adminKey,
        body: { code: disabled.body.code },
      }),
      409,
      "discount_code_unusable",
    );
  });

  it("expired codes are unusable; fixed discounts never exceed the items", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 300 });
    await api(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: { code: "BIGFIX", kind: "FIXED", value: 1000 },
    });
    const soon = await api<DiscountCode>(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: {
        code: "SOON",
        kind: "PERCENT",
        value: 50,
        expiresAt: new Date(Date.now() + 1500).toISOString(),
      },
    });
    expect(soon.status, soon.text).toBe(201);
    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id });
    const fixed = await api<Order>(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
      key: tenant.adminKey,
      body: { code: "BIGFIX" },
    });
    expect(fixed.body.amounts).toMatchObject({ subtotal: 300, discount: 300, total: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const late = await createUser(h, tenant);
    const lateOrder = await createOrder(h, tenant, late.id, { productId: product.id });
    expectError(
      await api(h, "POST", `/user/${late.id}/order/${lateOrder.id}/discount`, {
        key: tenant.adminKey,
        body: { code: "SOON" },
      }),
      409,
      "discount_code_unusable",
    );
  });

  it("concurrent uses never exceed the usage limit", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id);
    const code = await api<DiscountCode>(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: { code: "FIRST5", kind: "FIXED", value: 100, usageLimit: 5 },
    });
    const keys = await memberKeys(h, tenant, 2);
    const buyers = [];
    for (let i = 0; i < 20; i++) {
      const buyer = await createUser(h, tenant);
      buyers.push({ buyer, order: await createOrder(h, tenant, buyer.id, { productId: product.id }) });
    }
    const responses = await Promise.all(
      buyers.map(({ buyer, order }, i) =>
        api<ErrorBody>(h, "POST", `/user/${buyer.id}/order/${order.id}/discount`, {
          key: keys[i % 2]!,
          body: { code: "FIRST5" },
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(5);
    const refused = responses.filter((response) => response.status !== 200);
    expect(refused).toHaveLength(15);
    for (const response of refused) expect(response.body.code).toBe("discount_code_unusable");
    const list = await api<DiscountCode[]>(h, "GET", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
    });
    expect(list.body.find((row) => row.id === code.body.id)).toMatchObject({ usedCount: 5, active: false });
  });
});

describe("shipping", () => {
  it("a quote sets (not adds) the fee, saves the address and resizes the card intent through the payments port", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 2000 });
    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id, quantity: 2 });
    amountChanged.mockClear();
    const quote = await api<{
      rates: { id: string; amount: number }[];
      selectedRate: { id: string; amount: number };
      shippingFee: number;
      amounts: Order["amounts"];
      order: Order;
    }>(h, "POST", `/order/${order.id}/shipping/quote`, {
      key: tenant.adminKey,
      body: { firstName: "Ada", lastName: "Lovelace", address },
    });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body.rates.length).toBeGreaterThan(1);
    const cheapest = Math.min(...quote.body.rates.map((rate) => rate.amount));
    expect(quote.body.shippingFee).toBe(cheapest);
    expect(quote.body.amounts).toMatchObject({
      subtotal: 4000,
      shippingFee: cheapest,
      total: 4000 + cheapest,
    });
    expect(quote.body.order.shippingAddress).toMatchObject({
      ...address,
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect(amountChangedOrders()).toEqual([order.id]);

    const express = quote.body.rates.find((rate) => rate.amount > cheapest)!;
    const chosen = await api<{ shippingFee: number; order: Order }>(
      h,
      "POST",
      `/order/${order.id}/shipping/quote`,
      {
        key: tenant.adminKey,
        body: { firstName: "Ada", lastName: "Lovelace", address, rateId: express.id },
      },
    );
    expect(chosen.body.shippingFee).toBe(express.amount);
    expect(chosen.body.order.amounts.total).toBe(4000 + express.amount);
    expectError(
      await api(h, "POST", `/order/${order.id}/shipping/quote`, {
        key: tenant.adminKey,
        body: { firstName: "Ada", lastName: "Lovelace", address, rateId: "nope" },
      }),
      422,
      "validation_failed",
    );

    const saved = await api(h, "GET", `/user/${buyer.id}/shipping-address`, { key: tenant.adminKey });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ ...address, firstName: "Ada", lastName: "Lovelace" });

    // International rates differ; unknown orders are 404; paid orders are 409.
    const abroad = await api<{ shippingFee: number }>(h, "POST", `/order/${order.id}/shipping/quote`, {
      key: tenant.adminKey,
      body: { firstName: "Ada", lastName: "Lovelace", address: { ...address, countryCode: "GB" } },
    });
    expect(abroad.body.shippingFee).toBeGreaterThan(cheapest);
    expectError(
      await api(h, "POST", "/order/nosuchorder/shipping/quote", {
        key: tenant.adminKey,
        body: { firstName: "A", lastName: "B", address },
      }),
      404,
      "not_found",
    );
    await setOrder(order.id, { status: "PAID" });
    expectError(
      await api(h, "POST", `/order/${order.id}/shipping/quote`, {
        key: tenant.adminKey,
        body: { firstName: "A", lastName: "B", address },
      }),
      409,
      "invalid_state",
    );
  });

  it("creator moves the shipping machine, the order follows; illegal moves 409", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id);
    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id });
    const patch = (shippingStatus: string) =>
      api<Order>(h, "PATCH", `/creator/id/${creator.id}/order/${order.id}`, {
        key: tenant.memberKey,
        userId: creator.ownerId,
        body: { shippingStatus },
      });
    expectError(await patch("PROCESSING"), 409, "invalid_state"); // not paid yet
    await setOrder(order.id, { status: "PAID", paymentMethod: "CARD", amountPaid: 2500, paidAt: new Date() });
    expectError(await patch("SHIPPED"), 409, "invalid_state");
    const processing = await patch("PROCESSING");
    expect(processing.status, processing.text).toBe(200);
    expect(processing.body).toMatchObject({ status: "PROCESSING", shippingStatus: "PROCESSING" });
    expect((await patch("PROCESSING")).status).toBe(200);
    expectError(await patch("DELIVERED"), 409, "invalid_state");
    expect((await patch("SHIPPED")).body).toMatchObject({ status: "SHIPPED", shippingStatus: "SHIPPED" });
    expect((await patch("IN_TRANSIT")).body).toMatchObject({
      status: "SHIPPED",
      shippingStatus: "IN_TRANSIT",
    });
    expectError(await patch("PROCESSING"), 409, "invalid_state");
    expect((await patch("DELIVERED")).body).toMatchObject({
      status: "DELIVERED",
      shippingStatus: "DELIVERED",
    });
    expect((await patch("RETURNED")).body).toMatchObject({ status: "DELIVERED", shippingStatus: "RETURNED" });
    expectError(await patch("SHIPPED"), 409, "invalid_state");
    expectError(await patch("LOST"), 422, "validation_failed");

    // Another creator's owner cannot touch it; the creator lists it.
    const other = await createCreator(h, tenant);
    expectError(
      await api(h, "PATCH", `/creator/id/${other.id}/order/${order.id}`, {
        key: tenant.adminKey,
        body: { shippingStatus: "PROCESSING" },
      }),
      404,
      "not_found",
    );
    const list = await api<Order[]>(h, "GET", `/creator/id/${creator.id}/orders?status=DELIVERED`, {
      key: tenant.adminKey,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("1");
    expect(list.body[0]).toMatchObject({ id: order.id, payment: { method: "CARD", amountPaid: 2500 } });
  });

  it("the label is created once, stores tracking and e-mails the buyer once", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id);
    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id, quantity: 2 });
    const label = () =>
      api<{ label: { trackingNumber: string; labelUrl: string }; order: Order }>(
        h,
        "GET",
        `/creator/id/${creator.id}/order/${order.id}/shipping/label`,
        { key: tenant.adminKey },
      );
    expectError(await label(), 409, "invalid_state"); // not paid
    await api(h, "POST", `/order/${order.id}/shipping/quote`, {
      key: tenant.adminKey,
      body: { firstName: "Ada", lastName: "Lovelace", address },
    });
    await setOrder(order.id, { status: "PAID" });
    const [first, second] = await Promise.all([label(), label()]);
    expect(first.status, first.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    expect(second.body.label).toEqual(first.body.label);
    expect(first.body.label.trackingNumber).toMatch(/^LP\d{16}$/);
    expect(first.body.order).toMatchObject({ status: "PROCESSING", shippingStatus: "LABEL_CREATED" });
    const stored = await api<Order>(h, "GET", `/user/${buyer.id}/order/${order.id}`, {
      key: tenant.adminKey,
    });
    expect(stored.body.shippingInfo).toMatchObject({ trackingNumber: first.body.label.trackingNumber });
    expect((await label()).body.label).toEqual(first.body.label);
    const mails = await h.database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `%${order.id}%`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: buyer.email });
    expect(mails[0]!.text).toContain(first.body.label.trackingNumber);
    // From LABEL_CREATED the creator ships it.
    const shipped = await api<Order>(h, "PATCH", `/creator/id/${creator.id}/order/${order.id}`, {
      key: tenant.adminKey,
      body: { shippingStatus: "SHIPPED" },
    });
    expect(shipped.body).toMatchObject({ status: "SHIPPED", shippingStatus: "SHIPPED" });
  });
});
