import { emailOutbox, orders } from "@tally/db";
import {
  type ApiSchema,
  shippingAddress as address,
  api,
  createCreator,
  createOrder,
  createUser,
  expectError,
  type Order,
  publishedProduct,
  type Tenant,
  useHarness,
  watchAmountChanged,
} from "@tally/testing";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenant: Tenant;
const amountChanged = watchAmountChanged(h);
beforeAll(async () => {
  tenant = await h.createTenant();
});

const setOrder = (orderId: string, values: Partial<typeof orders.$inferInsert>) =>
  h.database.db
    .update(orders)
    .set(values)
    .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, orderId)));

describe("shipping", () => {
  it("a quote sets (not adds) the fee, saves the address and resizes the card intent through the payments port", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 2000 });
    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id, quantity: 2 });
    amountChanged.clear();
    const quote = await api<ApiSchema<"ShippingQuote">>(h, "POST", `/order/${order.id}/shipping/quote`, {
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
    expect(amountChanged.orderIds()).toEqual([order.id]);

    const express = quote.body.rates.find((rate) => rate.amount > cheapest)!;
    const chosen = await api<ApiSchema<"ShippingQuote">>(h, "POST", `/order/${order.id}/shipping/quote`, {
      key: tenant.adminKey,
      body: { firstName: "Ada", lastName: "Lovelace", address, rateId: express.id },
    });
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
    const abroad = await api<ApiSchema<"ShippingQuote">>(h, "POST", `/order/${order.id}/shipping/quote`, {
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
      api<ApiSchema<"ShippingLabelResult">>(
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
