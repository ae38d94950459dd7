import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { orders } from "@tally/db";
import {
  type ApiSchema,
  shippingAddress as address,
  api,
  createCreator,
  createOrder,
  createUser,
  publishedProduct,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `GET .../shipping/label` buys a label from the shipping provider. A GET may be repeated (browsers,
 * proxies, retries), so the provider must be asked once per order however often and however
 * concurrently the label is read. The provider here is a Shippo-style HTTP server that counts the
 * labels it sold, reached through the real HTTP adapter (`SHIPPING_API_URL`). The provider is called
 * with no transaction open: a slow one holds no order row, a refusal leaves the purchase to the next call.
 */
const purchases: string[] = [];
/** What the next requests of the provider do: answer late, or refuse a purchase. */
const behaviour = { quoteDelayMs: 0, refusePurchases: 0 };
const provider = createServer((request, response) => {
  let raw = "";
  request.on("data", (chunk) => {
    raw += chunk;
  });
  request.on("end", async () => {
    response.setHeader("content-type", "application/json");
    if (request.url === "/shipments/") {
      await new Promise((resolve) => setTimeout(resolve, behaviour.quoteDelayMs));
      response.end(
        JSON.stringify({
          object_id: "shp_1",
          rates: [
            {
              object_id: "rate_ground",
              amount: "7.50",
              currency: "USD",
              provider: "TestPost",
              servicelevel: { name: "Ground" },
              estimated_days: 4,
            },
          ],
        }),
      );
      return;
    }
    if (request.url === "/transactions/" && behaviour.refusePurchases > 0) {
      behaviour.refusePurchases--;
      response.end(
        JSON.stringify({ object_id: "txn_x", status: "ERROR", messages: [{ text: "Carrier down" }] }),
      );
      return;
    }
    if (request.url === "/transactions/") {
      purchases.push(String((JSON.parse(raw) as { metadata?: unknown }).metadata));
      const n = purchases.length;
      response.end(
        JSON.stringify({
          object_id: `txn_${n}`,
          status: "SUCCESS",
          tracking_number: `TP${String(n).padStart(10, "0")}`,
          tracking_url_provider: `https://track.testpost.example/TP${n}`,
          label_url: `https://labels.testpost.example/${n}.pdf`,
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end("{}");
  });
});
await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

const h = useHarness({
  env: {
    SHIPPING_API_URL: providerUrl,
    SHIPPING_API_KEY: "shippo_test_counting",
    SHIPPING_FROM_ADDRESS: JSON.stringify({
      name: "Warehouse",
      line1: "2 Dock Rd",
      city: "Springfield",
      state: "IL",
      postalCode: "62702",
      countryCode: "US",
    }),
  },
});
let tenant: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
});
afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
});

/** A PAID order of a new buyer with a quoted shipping address, and a read of its label. */
const paidOrderWithAddress = async () => {
  const creator = await createCreator(h, tenant);
  const product = await publishedProduct(h, tenant, creator.id);
  const buyer = await createUser(h, tenant);
  const order = await createOrder(h, tenant, buyer.id, { productId: product.id });
  const quote = await api(h, "POST", `/order/${order.id}/shipping/quote`, {
    key: tenant.adminKey,
    body: { firstName: "Ada", lastName: "Lovelace", address },
  });
  expect(quote.status, quote.text).toBe(200);
  await h.database.db
    .update(orders)
    .set({ status: "PAID" })
    .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, order.id)));
  // The label route, read as the creator's ADMIN key would.
  const label = () =>
    api<ApiSchema<"ShippingLabelResult">>(
      h,
      "GET",
      `/creator/id/${creator.id}/order/${order.id}/shipping/label`,
      {
        key: tenant.adminKey,
      },
    );
  return { order, label };
};

describe("GET /creator/id/{creatorId}/order/{orderId}/shipping/label", () => {
  it("buys one label from the provider however often and concurrently it is read", async () => {
    const { order, label } = await paidOrderWithAddress();
    const before = purchases.length;
    const concurrent = await Promise.all([label(), label(), label()]);
    for (const response of concurrent) expect(response.status, response.text).toBe(200);
    const again = await label();
    expect(again.status, again.text).toBe(200);

    expect(purchases.length - before).toBe(1);
    expect(purchases.at(-1)).toBe(`${tenant.organizationId}:${order.id}`);
    const first = concurrent[0]!.body.label;
    expect(first).toMatchObject({ carrier: "TestPost", trackingNumber: expect.stringMatching(/^TP\d{10}$/) });
    for (const response of [...concurrent, again]) expect(response.body.label).toEqual(first);
  });

  it("a provider that refuses a purchase leaves it to the next read, which buys the label", async () => {
    const { label } = await paidOrderWithAddress();
    behaviour.refusePurchases = 1;
    const before = purchases.length;
    const refused = await label();
    expect(refused.status, refused.text).toBe(502);
    const bought = await label();
    expect(bought.status, bought.text).toBe(200);
    expect(purchases.length - before).toBe(1);
    expect(bought.body.order.shippingInfo).not.toHaveProperty("labelPurchase");
  });
});

describe("POST /order/{orderId}/shipping/quote with a slow provider", () => {
  it("holds no order row while the provider answers: a change of the same order completes first", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id);
    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id });
    behaviour.quoteDelayMs = 2000;
    try {
      const start = Date.now();
      const quoting = api<ApiSchema<"ShippingQuote">>(h, "POST", `/order/${order.id}/shipping/quote`, {
        key: tenant.adminKey,
        body: { firstName: "Ada", lastName: "Lovelace", address },
      }).then((response) => ({ response, at: Date.now() - start }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Locks the same order row (the order's points): answered while the provider is still quoting.
      const points = await api(h, "POST", `/user/${buyer.id}/order/${order.id}/points/revert`, {
        key: tenant.adminKey,
      });
      const pointsAt = Date.now() - start;
      const quoted = await quoting;
      expect(quoted.response.status, quoted.response.text).toBe(200);
      expect(quoted.at).toBeGreaterThanOrEqual(2000);
      expect(points.status).toBeLessThan(500);
      expect(pointsAt).toBeLessThan(quoted.at - 1000);
    } finally {
      behaviour.quoteDelayMs = 0;
    }
  });
});
