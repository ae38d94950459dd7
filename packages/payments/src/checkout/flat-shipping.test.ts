import {
  type ApiSchema,
  shippingAddress as address,
  api,
  buyer,
  checkout,
  createUser,
  getOrder,
  helper,
  openShop,
  type Shop,
  useHarness,
} from "@tally/testing";
import { cryptoCommerceFixtures } from "@tally/testing/cryptocommerce";
import { describe, expect, it } from "vitest";

/** The creator's `flatShippingRate`: offered in quotes as rate `flat`, and the fee of an order with no chosen rate. */

const h = useHarness();

const setFlatRate = async (shop: Shop, flatShippingRate: number) => {
  const response = await api(h, "PATCH", `/creator/id/${shop.creator.id}`, {
    key: shop.tenant.adminKey,
    body: { flatShippingRate },
  });
  expect(response.status, response.text).toBe(200);
};

const quote = (shop: Shop, orderId: string, rateId?: string) =>
  api<ApiSchema<"ShippingQuote">>(h, "POST", `/order/${orderId}/shipping/quote`, {
    key: shop.tenant.adminKey,
    body: { firstName: "Ada", lastName: "Lovelace", address, ...(rateId ? { rateId } : {}) },
  });

describe("flat shipping rate", () => {
  it("a quote lists the flat rate first as `flat` and chooses it by default; another rate can be chosen", async () => {
    const shop = await openShop(h, { price: 2000 });
    await setFlatRate(shop, 450);
    const { order } = await buyer(h, shop);

    const quoted = await quote(shop, order.id);
    expect(quoted.status, quoted.text).toBe(200);
    expect(quoted.body.rates[0]).toMatchObject({ id: "flat", amount: 450, currency: "usd" });
    expect(quoted.body.rates.length).toBeGreaterThan(1);
    expect(quoted.body.selectedRate.id).toBe("flat");
    expect(quoted.body.amounts).toMatchObject({ shippingFee: 450, total: 2450 });
    expect(quoted.body.order).toMatchObject({ shippingFee: 450, shippingInfo: { rateId: "flat" } });

    const other = quoted.body.rates.find((rate) => rate.id !== "flat")!;
    const chosen = await quote(shop, order.id, other.id);
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.amounts).toMatchObject({ shippingFee: other.amount, total: 2000 + other.amount });
    const back = await quote(shop, order.id, "flat");
    expect(back.body.amounts).toMatchObject({ shippingFee: 450, total: 2450 });
  });

  it("card checkout with no quote applies the flat rate: the intent and the paid amount include it", async () => {
    const shop = await openShop(h, { price: 2000 });
    await setFlatRate(shop, 450);
    const { user, order } = await buyer(h, shop);
    // Before any payment the order shows the fee it would be paid with.
    expect(order.amounts).toMatchObject({ shippingFee: 450, total: 2450 });

    const started = await checkout(h, shop.tenant, user.id, order.id);
    expect(started.status, started.text).toBe(200);
    expect(started.body.amount).toBe(2450);
    const pending = await getOrder(h, shop.tenant, user.id, order.id);
    expect(pending).toMatchObject({ shippingFee: 450, shippingInfo: { rateId: "flat" } });

    // The creator's later change does not move the fee of an order being paid.
    await setFlatRate(shop, 900);
    const again = await checkout(h, shop.tenant, user.id, order.id);
    expect(again.body).toMatchObject({ paymentIntentId: started.body.paymentIntentId, amount: 2450 });

    const paid = await helper(h, started.body.paymentIntentId!, "succeed");
    expect(paid.body.delivery.response).toMatchObject({ outcome: "paid" });
    const after = await getOrder(h, shop.tenant, user.id, order.id);
    expect(after).toMatchObject({ status: "PAID", shippingFee: 450, payment: { amountPaid: 2450 } });
    expect(after.amounts).toMatchObject({ shippingFee: 450, total: 2450 });
  });

  it("a quoted order keeps its fee when the creator changes the rate; an unquoted one follows it", async () => {
    const shop = await openShop(h, { price: 1000 });
    await setFlatRate(shop, 300);
    const quotedOrder = (await buyer(h, shop)).order;
    const quoted = await quote(shop, quotedOrder.id);
    expect(quoted.body.amounts.shippingFee).toBe(300);
    const other = await createUser(h, shop.tenant);
    const open = await api<ApiSchema<"Order">>(h, "POST", `/user/${other.id}/order`, {
      key: shop.tenant.adminKey,
      body: { productId: shop.product.id },
    });
    expect(open.status, open.text).toBe(201);

    await setFlatRate(shop, 700);
    const keptBuyer = quotedOrder.userId!;
    const kept = await getOrder(h, shop.tenant, keptBuyer, quotedOrder.id);
    expect(kept.amounts).toMatchObject({ shippingFee: 300, total: 1300 });
    const paying = await checkout(h, shop.tenant, keptBuyer, quotedOrder.id);
    expect(paying.body.amount).toBe(1300);
    expect((await getOrder(h, shop.tenant, other.id, open.body.id)).amounts).toMatchObject({
      shippingFee: 700,
      total: 1700,
    });
    // A new quote offers the new rate.
    const requoted = await quote(shop, open.body.id);
    expect(requoted.body.rates[0]).toMatchObject({ id: "flat", amount: 700 });
  });

  it("a creator without a flat rate: no `flat` rate, the cheapest is chosen, checkout charges no shipping", async () => {
    const shop = await openShop(h, { price: 2000 });
    const { user, order } = await buyer(h, shop);
    expect(order.amounts).toMatchObject({ shippingFee: 0, total: 2000 });
    const started = await checkout(h, shop.tenant, user.id, order.id);
    expect(started.body.amount).toBe(2000);
    expect((await getOrder(h, shop.tenant, user.id, order.id)).shippingInfo).toBeNull();

    const second = await buyer(h, shop);
    const quoted = await quote(shop, second.order.id);
    expect(quoted.status, quoted.text).toBe(200);
    expect(quoted.body.rates.some((rate) => rate.id === "flat")).toBe(false);
    expect(quoted.body.shippingFee).toBe(Math.min(...quoted.body.rates.map((rate) => rate.amount)));
  });

  it("crypto-commerce checkout with no quote pays the total including the flat rate", async () => {
    const shop = await openShop(h, { price: 2500 });
    await setFlatRate(shop, 500);
    const fixtures = cryptoCommerceFixtures(h, () => ({ tenant: shop.tenant, creatorId: shop.creator.id }));
    const { user, order } = await buyer(h, shop);
    expect(order.amounts.total).toBe(3000);

    // The subtotal alone is refused: the flat rate is due.
    const short = await fixtures.pay(
      user,
      order.id,
      (await fixtures.createCharge(order.id, 2500)).id,
      "25.00",
    );
    expect(short.status, short.text).toBe(422);
    const paid = await fixtures.pay(
      user,
      order.id,
      (await fixtures.createCharge(order.id, 3000)).id,
      "30.00",
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({
      status: "PAID",
      shippingFee: 500,
      shippingInfo: { rateId: "flat" },
      payment: { method: "CRYPTO_COMMERCE", amountPaid: 3000 },
    });
  });
});
