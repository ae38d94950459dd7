import { newId } from "@tally/core";
import { inboundWebhookEvents } from "@tally/db";
import { rowsOf } from "@tally/platform";
import { signStorefrontWebhook } from "@tally/providers";
import {
  type ApiSchema,
  api,
  connectedCreator,
  deliverStorefrontWebhook,
  type ErrorBody,
  expectError,
  fieldsOf,
  listCreatorProducts,
  platformProduct,
  STOREFRONT_SECRET,
  type StorefrontSetup,
  uniqueShopDomain,
  useHarness,
  withoutRequestId,
} from "@tally/testing";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

type Connection = ApiSchema<"StorefrontConnection">;
type Product = ApiSchema<"Product">;

const getProduct = async (setup: StorefrontSetup, productId: string): Promise<Product> => {
  const response = await api<Product>(h, "GET", `/creator/id/${setup.creator.id}/product/${productId}`, {
    key: setup.tenant.adminKey,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

describe("POST /webhooks/storefront", () => {
  it("creates a DRAFT product from a signed products/create, with exact cents and mapped variants", async () => {
    const setup = await connectedCreator(h);
    const response = await deliverStorefrontWebhook(
      h,
      setup.shopDomain.toUpperCase(),
      "products/create",
      platformProduct(100),
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      received: true,
      duplicate: false,
      topic: "products/create",
      outcome: "created",
      productId: expect.stringMatching(/^[0-9a-z]+$/),
    });
    const products = await listCreatorProducts(h, setup);
    expect(products).toHaveLength(1);
    const [product] = products as [Product];
    expect(product).toMatchObject({
      id: response.body.productId,
      name: "Hoodie 100",
      slug: "hoodie-100",
      description: "Soft & warm",
      price: 1250,
      status: "DRAFT",
      images: ["https://cdn.example.com/100.png"],
      publishedAt: null,
    });
    expect(product.variants).toEqual([
      expect.objectContaining({
        name: "S",
        sku: "HOOD-100-S",
        price: 1250,
        stock: 5,
        attributes: { Size: "S" },
        isDefault: true,
      }),
      expect.objectContaining({
        name: "M",
        sku: "HOOD-100-M",
        price: 1300,
        stock: 2,
        attributes: { Size: "M" },
        isDefault: false,
      }),
    ]);
    const connection = await api<Connection>(h, "GET", `/creator/id/${setup.creator.id}/storefront`, {
      key: setup.tenant.adminKey,
    });
    expect(connection.body.productCount).toBe(1);
    // Not visible on the public storefront while it is a draft.
    const publicList = await api<Product[]>(h, "GET", `/creator/${setup.creator.slug}/products`, {
      key: setup.tenant.adminKey,
    });
    expect(publicList.status, publicList.text).toBe(200);
    expect(publicList.body).toEqual([]);
  });

  it("converts decimal price strings exactly, never through floats", async () => {
    const setup = await connectedCreator(h);
    const prices = ["12.50", "0.29", "19.99", "1", "1234567.89"];
    const response = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(101, {
        variants: prices.map((price, index) => ({
          id: 1010 + index,
          title: `V${index}`,
          price,
          option1: `V${index}`,
        })),
      }),
    );
    expect(response.status, response.text).toBe(200);
    const product = await getProduct(setup, response.body.productId as string);
    expect(product.price).toBe(1250);
    expect(product.variants.map((variant) => variant.price)).toEqual([1250, 29, 1999, 100, 123456789]);
  });

  it("publishes at once when the organization's autoPublishProducts is on", async () => {
    const setup = await connectedCreator(h);
    const settings = await api(h, "PATCH", `/admin/organizations/${setup.tenant.organizationId}/settings`, {
      key: setup.tenant.adminKey,
      body: { autoPublishProducts: true },
    });
    expect(settings.status, settings.text).toBe(200);
    const response = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(102),
    );
    expect(response.status, response.text).toBe(200);
    const product = await getProduct(setup, response.body.productId as string);
    expect(product.status).toBe("PUBLISHED");
    expect(product.publishedAt).toEqual(expect.any(String));
    const jobs = rowsOf<{ id: string }>(
      await h.database.db.execute(
        sql`select id::text as id from ${sql.raw(h.runtime.deps.events.schema)}.job where name = 'event.product-published.commerce' and data->>'productId' = ${product.id}`,
      ),
    );
    expect(jobs).toHaveLength(1);
    const publicList = await api<Product[]>(h, "GET", `/creator/${setup.creator.slug}/products`, {
      key: setup.tenant.adminKey,
    });
    expect(publicList.body.map((item) => item.id)).toEqual([product.id]);

    // A product the store itself lists as a draft stays a draft.
    const draft = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(103, { status: "draft" }),
    );
    expect((await getProduct(setup, draft.body.productId as string)).status).toBe("DRAFT");
  });

  it("answers the same 401 to a bad signature and to an unknown shop, and does nothing", async () => {
    const setup = await connectedCreator(h);
    const payload = platformProduct(104);
    const badSignature = await deliverStorefrontWebhook(h, setup.shopDomain, "products/create", payload, {
      secret: "another-secret-0123456789",
    });
    const unknownShop = await deliverStorefrontWebhook(h, uniqueShopDomain(), "products/create", payload);
    const noSignature = await deliverStorefrontWebhook(h, setup.shopDomain, "products/create", payload, {
      signature: null,
    });
    const garbage = await deliverStorefrontWebhook(h, setup.shopDomain, "products/create", payload, {
      signature: "not base64 at all!",
    });
    for (const response of [badSignature, unknownShop, noSignature, garbage]) {
      expectError(response, 401, "signature_required");
      expect(withoutRequestId(response)).toEqual(withoutRequestId(badSignature));
    }
    expect((badSignature.body as unknown as ErrorBody).requestId).not.toBe(
      (unknownShop.body as unknown as ErrorBody).requestId,
    );
    // A signature over another body does not verify either.
    const tampered = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      JSON.stringify(payload),
      {
        signature: signStorefrontWebhook(STOREFRONT_SECRET, JSON.stringify(platformProduct(105))),
      },
    );
    expectError(tampered, 401, "signature_required");
    expect(await listCreatorProducts(h, setup)).toEqual([]);
  });

  it("acknowledges a redelivered event id without doing anything again", async () => {
    const setup = await connectedCreator(h);
    const eventId = `evt-${newId()}`;
    const first = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(106),
      { eventId },
    );
    expect(first.body).toMatchObject({ duplicate: false, outcome: "created" });
    const again = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(106),
      { eventId },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      received: true,
      duplicate: true,
      topic: "products/create",
      outcome: "duplicate",
      productId: null,
    });
    // Even with another body, the same event id has no effect.
    const changed = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/update",
      platformProduct(106, { title: "Changed", updated_at: "2030-01-01T00:00:00Z" }),
      { eventId },
    );
    expect(changed.body.duplicate).toBe(true);
    const products = await listCreatorProducts(h, setup);
    expect(products.map((product) => product.name)).toEqual(["Hoodie 106"]);
    const [claimed] = await h.database.db
      .select()
      .from(inboundWebhookEvents)
      .where(eq(inboundWebhookEvents.eventId, `${setup.shopDomain}:${eventId}`));
    expect(claimed?.source).toBe("storefront");
  });

  it("processes concurrent deliveries of one event once, and of one product into one product", async () => {
    const setup = await connectedCreator(h);
    const eventId = `evt-${newId()}`;
    const sameEvent = await Promise.all(
      [0, 1, 2].map(() =>
        deliverStorefrontWebhook(h, setup.shopDomain, "products/create", platformProduct(114), { eventId }),
      ),
    );
    expect(sameEvent.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(sameEvent.filter((response) => !response.body.duplicate)).toHaveLength(1);
    const sameProduct = await Promise.all(
      [0, 1, 2].map(() =>
        deliverStorefrontWebhook(h, setup.shopDomain, "products/update", platformProduct(115)),
      ),
    );
    expect(sameProduct.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(new Set(sameProduct.map((response) => response.body.productId)).size).toBe(1);
    expect((await listCreatorProducts(h, setup)).map((product) => product.name).sort()).toEqual([
      "Hoodie 114",
      "Hoodie 115",
    ]);
  });

  it("updates data and variants, ignores stale updates, and creates on an unknown product", async () => {
    const setup = await connectedCreator(h);
    const created = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(107),
    );
    const productId = created.body.productId as string;
    const before = await getProduct(setup, productId);

    const updated = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/update",
      platformProduct(107, {
        title: "Hoodie v2",
        handle: "hoodie-renamed",
        body_html: "<p>Now <em>warmer</em></p>",
        variants: [
          { id: 1072, title: "M", price: "15.00", sku: "HOOD-107-M", inventory_quantity: 9, option1: "M" },
          { id: 1079, title: "XL", price: "16.25", sku: null, inventory_quantity: 1, option1: "XL" },
        ],
        images: [{ src: "https://cdn.example.com/v2.png" }, { src: "https://cdn.example.com/v2b.png" }],
        updated_at: "2024-10-02T12:00:00Z",
      }),
    );
    expect(updated.body).toMatchObject({ outcome: "updated", productId });
    const after = await getProduct(setup, productId);
    expect(after).toMatchObject({
      name: "Hoodie v2",
      slug: before.slug,
      description: "Now warmer",
      price: 1500,
      status: "DRAFT",
      images: ["https://cdn.example.com/v2.png", "https://cdn.example.com/v2b.png"],
    });
    expect(
      after.variants.map((variant) => [variant.name, variant.price, variant.stock, variant.isDefault]),
    ).toEqual([
      ["M", 1500, 9, true],
      ["XL", 1625, 1, false],
    ]);
    // The platform variant kept its id; the removed one is gone.
    const keptBefore = before.variants.find((variant) => variant.name === "M");
    expect(after.variants[0]?.id).toBe(keptBefore?.id);

    const stale = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/update",
      platformProduct(107, { title: "Old news", updated_at: "2024-10-01T18:00:00Z" }),
    );
    expect(stale.body).toMatchObject({ outcome: "stale", productId });
    expect((await getProduct(setup, productId)).name).toBe("Hoodie v2");

    const unknown = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/update",
      platformProduct(108),
    );
    expect(unknown.body.outcome).toBe("created");
    expect((await listCreatorProducts(h, setup)).map((product) => product.name).sort()).toEqual([
      "Hoodie 108",
      "Hoodie v2",
    ]);
  });

  it("archives the linked product on products/delete", async () => {
    const setup = await connectedCreator(h);
    const created = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(109),
    );
    const deleted = await deliverStorefrontWebhook(h, setup.shopDomain, "products/delete", { id: 109 });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toMatchObject({ outcome: "archived", productId: created.body.productId });
    const product = await getProduct(setup, created.body.productId as string);
    expect(product.status).toBe("ARCHIVED");
    expect(product.archivedAt).toEqual(expect.any(String));
    const unknown = await deliverStorefrontWebhook(h, setup.shopDomain, "products/delete", { id: 999_999 });
    expect(unknown.body).toMatchObject({ outcome: "ignored", productId: null });
  });

  it("removes the connection on app/uninstalled; the products stay", async () => {
    const setup = await connectedCreator(h);
    const created = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(110),
    );
    const uninstalled = await deliverStorefrontWebhook(h, setup.shopDomain, "app/uninstalled", {
      id: 1,
      domain: setup.shopDomain,
    });
    expect(uninstalled.body).toMatchObject({ outcome: "uninstalled", duplicate: false });
    expectError(
      await api(h, "GET", `/creator/id/${setup.creator.id}/storefront`, { key: setup.tenant.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await deliverStorefrontWebhook(h, setup.shopDomain, "products/create", platformProduct(111)),
      401,
      "signature_required",
    );
    expect((await listCreatorProducts(h, setup)).map((product) => product.id)).toEqual([
      created.body.productId,
    ]);
  });

  it("acknowledges unknown topics and refuses bad headers and payloads (422) without consuming the event id", async () => {
    const setup = await connectedCreator(h);
    const ignored = await deliverStorefrontWebhook(h, setup.shopDomain, "orders/create", { id: 1 });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ topic: "orders/create", outcome: "ignored", productId: null });

    const noEventId = await h.request("POST", "/api/v1/webhooks/storefront", {
      rawBody: "{}",
      headers: {
        "content-type": "application/json",
        "x-storefront-shop-domain": setup.shopDomain,
        "x-storefront-hmac-sha256": signStorefrontWebhook(STOREFRONT_SECRET, "{}"),
      },
    });
    expectError(noEventId, 422, "validation_failed");
    expect(fieldsOf(noEventId)).toEqual(["X-Storefront-Topic", "X-Storefront-Event-Id"]);

    const eventId = `evt-${newId()}`;
    const badPrice = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(112, { variants: [{ id: 1, price: "12.505" }] }),
      { eventId },
    );
    expectError(badPrice, 422, "validation_failed");
    expect(fieldsOf(badPrice)).toEqual(["variants.0.price"]);
    const notJson = await deliverStorefrontWebhook(h, setup.shopDomain, "products/create", "{not json", {
      eventId,
    });
    expectError(notJson, 400, "invalid_json");
    expect(await listCreatorProducts(h, setup)).toEqual([]);

    // The failed deliveries left no trace: the platform's retry with a good body is processed.
    const retried = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(112),
      { eventId },
    );
    expect(retried.body).toMatchObject({ duplicate: false, outcome: "created" });
  });

  it("keeps another tenant's products out of reach", async () => {
    const setup = await connectedCreator(h);
    const created = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(113),
    );
    const other = await h.createTenant();
    expectError(
      await api(h, "GET", `/creator/id/${setup.creator.id}/product/${created.body.productId}`, {
        key: other.adminKey,
      }),
      404,
      "not_found",
    );
  });
});
