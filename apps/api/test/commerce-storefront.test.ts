import { newId } from "@tally/core";
import { inboundWebhookEvents, storefrontProducts, storefrontShops } from "@tally/db";
import { rowsOf } from "@tally/platform";
import type { LocalStorefrontAdapter, StorefrontPlatformProduct } from "@tally/providers";
import { signStorefrontWebhook } from "@tally/providers";
import {
  type CreatedCreator,
  createCreator,
  createUser,
  startHarness,
  type Tenant,
  type TestHarness,
  type TestResponse,
} from "@tally/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let h: TestHarness;
let store: LocalStorefrontAdapter;
beforeAll(async () => {
  h = await startHarness();
  expect(h.runtime.deps.providers.storefront.adapter).toBe("local");
  store = h.runtime.deps.providers.storefront as LocalStorefrontAdapter;
});
afterAll(async () => {
  await h?.close();
});

interface Connection {
  id: string;
  creatorId: string;
  shopDomain: string;
  hasAccessToken: boolean;
  productCount: number;
  createdAt: string;
}
interface Variant {
  id: string;
  name: string;
  sku: string | null;
  attributes: Record<string, string>;
  price: number | null;
  stock: number;
  isDefault: boolean;
}
interface Product {
  id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  status: "DRAFT" | "PUBLISHED" | "ARCHIVED";
  images: string[];
  variants: Variant[];
  publishedAt: string | null;
  archivedAt: string | null;
}
interface WebhookResult {
  received: true;
  duplicate: boolean;
  topic: string;
  outcome: string;
  productId: string | null;
}
interface ErrorBody {
  status: number;
  code: string;
  error: string;
  requestId: string;
  details?: { field: string; message: string }[] | Record<string, unknown>;
}

const SECRET = "shpss_0123456789abcdef0123";

const api = <T = unknown>(
  method: string,
  path: string,
  options: { key: string; body?: unknown; userId?: string } = { key: "" },
): Promise<TestResponse<T>> => h.request<T>(method, `/api/v1${path}`, options);

const expectError = (response: TestResponse, status: number, code: string) => {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({
    status,
    code,
    error: expect.any(String),
    requestId: expect.any(String),
  });
};

const fieldsOf = (response: TestResponse): string[] =>
  (((response.body as ErrorBody).details ?? []) as { field: string }[]).map((detail) => detail.field);

const withoutRequestId = (response: TestResponse) => {
  const { requestId: _requestId, ...rest } = response.body as ErrorBody;
  return rest;
};

let shopSequence = 0;
const uniqueShop = () => {
  shopSequence += 1;
  return `shop-${newId().slice(0, 10)}${shopSequence}.myshopify.com`;
};

/** A platform product as the store sends it; the ids are numbers, the prices decimal strings. */
const platformProduct = (
  id: number,
  overrides: Partial<StorefrontPlatformProduct> = {},
): StorefrontPlatformProduct => ({
  id,
  title: `Hoodie ${id}`,
  handle: `hoodie-${id}`,
  body_html: "<p>Soft &amp; <strong>warm</strong></p>",
  status: "active",
  options: [{ name: "Size" }],
  variants: [
    { id: id * 10 + 1, title: "S", price: "12.50", sku: `HOOD-${id}-S`, inventory_quantity: 5, option1: "S" },
    { id: id * 10 + 2, title: "M", price: "13.00", sku: `HOOD-${id}-M`, inventory_quantity: 2, option1: "M" },
  ],
  images: [{ src: `https://cdn.example.com/${id}.png` }],
  updated_at: "2024-10-01T12:00:00Z",
  ...overrides,
});

interface Setup {
  tenant: Tenant;
  creator: CreatedCreator;
  shopDomain: string;
}

const connectedCreator = async (options: { accessToken?: string; tenant?: Tenant } = {}): Promise<Setup> => {
  const tenant = options.tenant ?? (await h.createTenant());
  const creator = await createCreator(h, tenant);
  const shopDomain = uniqueShop();
  const response = await api<Connection>("POST", `/creator/id/${creator.id}/storefront`, {
    key: tenant.adminKey,
    body: {
      shopDomain,
      appSecret: SECRET,
      ...(options.accessToken ? { accessToken: options.accessToken } : {}),
    },
  });
  expect(response.status, response.text).toBe(201);
  return { tenant, creator, shopDomain };
};

/** Delivers a webhook the way the platform does: raw body, shop, topic, event id, HMAC. */
const deliver = (
  shopDomain: string,
  topic: string,
  payload: unknown,
  options: {
    secret?: string;
    eventId?: string;
    signature?: string | null;
    headers?: Record<string, string>;
  } = {},
) => {
  const rawBody = typeof payload === "string" ? payload : JSON.stringify(payload);
  const signature =
    options.signature === undefined
      ? signStorefrontWebhook(options.secret ?? SECRET, rawBody)
      : options.signature;
  return h.request<WebhookResult>("POST", "/api/v1/webhooks/storefront", {
    rawBody,
    headers: {
      "content-type": "application/json",
      "x-storefront-shop-domain": shopDomain,
      "x-storefront-topic": topic,
      "x-storefront-event-id": options.eventId ?? newId(),
      ...(signature === null ? {} : { "x-storefront-hmac-sha256": signature }),
      ...options.headers,
    },
  });
};

const listProducts = async (setup: Setup): Promise<Product[]> => {
  const response = await api<Product[]>("GET", `/creator/id/${setup.creator.id}/products?limit=100`, {
    key: setup.tenant.adminKey,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

const getProduct = async (setup: Setup, productId: string): Promise<Product> => {
  const response = await api<Product>("GET", `/creator/id/${setup.creator.id}/product/${productId}`, {
    key: setup.tenant.adminKey,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitFor = async <T>(probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(250);
  }
};

const jobState = async (jobId: string): Promise<string | undefined> => {
  const [row] = rowsOf<{ state: string }>(
    await h.database.db.execute(
      sql`select state::text as state from ${sql.raw(h.runtime.deps.events.schema)}.job where id = ${jobId}::uuid`,
    ),
  );
  return row?.state;
};

describe("store connection endpoints", () => {
  it("connects, shows and never returns the secrets", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const shopDomain = uniqueShop();
    const created = await api<Connection>("POST", `/creator/id/${creator.id}/storefront`, {
      key: tenant.memberKey,
      userId: creator.ownerId,
      body: {
        shopDomain: `  ${shopDomain.toUpperCase()} `,
        appSecret: SECRET,
        accessToken: "shpat_secret_token",
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-z]+$/),
      creatorId: creator.id,
      shopDomain,
      hasAccessToken: true,
      productCount: 0,
      createdAt: expect.any(String),
    });
    expect(created.text).not.toContain(SECRET);
    expect(created.text).not.toContain("shpat_secret_token");

    const shown = await api<Connection>("GET", `/creator/id/${creator.id}/storefront`, {
      key: tenant.memberKey,
      userId: creator.ownerId,
    });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(created.body);

    const [registry] = await h.database.db
      .select()
      .from(storefrontShops)
      .where(eq(storefrontShops.shopDomain, shopDomain));
    expect(registry).toEqual({
      shopDomain,
      organizationId: tenant.organizationId,
      connectionId: created.body.id,
    });
  });

  it("validates the body (422 with field details) and refuses mass assignment", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const path = `/creator/id/${creator.id}/storefront`;
    const bad = await api("POST", path, {
      key: tenant.adminKey,
      body: {
        shopDomain: "https://shop.example.com/admin",
        appSecret: "short",
        organizationId: newId(),
        id: newId(),
      },
    });
    expectError(bad, 422, "validation_failed");
    expect(fieldsOf(bad)).toEqual(
      expect.arrayContaining(["shopDomain", "appSecret", "organizationId", "id"]),
    );
    for (const shopDomain of [
      "127.0.0.1",
      "localhost",
      "shop.example.com:8443",
      "",
      "a..b.com",
      "localhost.localdomain",
      "metadata.google.internal",
      "shop.local",
    ]) {
      const response = await api("POST", path, {
        key: tenant.adminKey,
        body: { shopDomain, appSecret: SECRET },
      });
      expectError(response, 422, "validation_failed");
      expect(fieldsOf(response), shopDomain).toContain("shopDomain");
    }
    const missing = await api("POST", path, { key: tenant.adminKey, body: {} });
    expect(fieldsOf(missing)).toEqual(expect.arrayContaining(["shopDomain", "appSecret"]));
    const badId = await api("GET", "/creator/id/NOT-AN-ID/storefront", { key: tenant.adminKey });
    expectError(badId, 422, "validation_failed");
  });

  it("allows one connection per creator and one per shop across all tenants (409 naming no tenant)", async () => {
    const { tenant, creator, shopDomain } = await connectedCreator();
    const again = await api("POST", `/creator/id/${creator.id}/storefront`, {
      key: tenant.adminKey,
      body: { shopDomain: uniqueShop(), appSecret: SECRET },
    });
    expectError(again, 409, "already_exists");

    const sibling = await createCreator(h, tenant);
    const sameTenant = await api("POST", `/creator/id/${sibling.id}/storefront`, {
      key: tenant.adminKey,
      body: { shopDomain, appSecret: SECRET },
    });
    expectError(sameTenant, 409, "already_exists");

    const other = await h.createTenant();
    const otherCreator = await createCreator(h, other);
    const otherTenant = await api("POST", `/creator/id/${otherCreator.id}/storefront`, {
      key: other.adminKey,
      body: { shopDomain, appSecret: SECRET },
    });
    expectError(otherTenant, 409, "already_exists");
    expect(withoutRequestId(otherTenant)).toEqual(withoutRequestId(sameTenant));
    expect(otherTenant.text).not.toContain(tenant.organizationId);
    expect(otherTenant.text).not.toContain(creator.id);
  });

  it("answers 404 without a connection, for unknown creators and for another tenant's creator", async () => {
    const { tenant, creator } = await connectedCreator();
    const bare = await createCreator(h, tenant);
    for (const [method, suffix] of [
      ["GET", ""],
      ["DELETE", ""],
      ["POST", "/sync"],
    ] as const) {
      expectError(
        await api(method, `/creator/id/${bare.id}/storefront${suffix}`, { key: tenant.adminKey }),
        404,
        "not_found",
      );
      expectError(
        await api(method, `/creator/id/${newId()}/storefront${suffix}`, { key: tenant.adminKey }),
        404,
        "not_found",
      );
    }
    const other = await h.createTenant();
    for (const [method, suffix] of [
      ["GET", ""],
      ["DELETE", ""],
      ["POST", "/sync"],
    ] as const) {
      expectError(
        await api(method, `/creator/id/${creator.id}/storefront${suffix}`, { key: other.adminKey }),
        404,
        "not_found",
      );
    }
    expectError(
      await api("POST", `/creator/id/${creator.id}/storefront`, {
        key: other.adminKey,
        body: { shopDomain: uniqueShop(), appSecret: SECRET },
      }),
      404,
      "not_found",
    );
    // Still connected for its owner.
    expect((await api("GET", `/creator/id/${creator.id}/storefront`, { key: tenant.adminKey })).status).toBe(
      200,
    );
  });

  it("answers 403 to a MEMBER key acting for a non-owner (or for nobody)", async () => {
    const { tenant, creator } = await connectedCreator();
    const stranger = await createUser(h, tenant);
    const routes = [
      ["GET", `/creator/id/${creator.id}/storefront`, undefined],
      ["DELETE", `/creator/id/${creator.id}/storefront`, undefined],
      ["POST", `/creator/id/${creator.id}/storefront/sync`, undefined],
      ["POST", `/creator/id/${creator.id}/storefront`, { shopDomain: uniqueShop(), appSecret: SECRET }],
    ] as const;
    for (const [method, path, body] of routes) {
      expectError(
        await api(method, path, { key: tenant.memberKey, userId: stranger.id, body }),
        403,
        "not_owner",
      );
      expectError(await api(method, path, { key: tenant.memberKey, body }), 403, "not_owner");
    }
    expect((await api("GET", `/creator/id/${creator.id}/storefront`, { key: tenant.adminKey })).status).toBe(
      200,
    );
  });

  it("disconnects (204), frees the shop domain and keeps the products, unlinked", async () => {
    const setup = await connectedCreator();
    const { tenant, creator, shopDomain } = setup;
    const created = await deliver(shopDomain, "products/create", platformProduct(1));
    expect(created.body.outcome).toBe("created");

    const removed = await api("DELETE", `/creator/id/${creator.id}/storefront`, {
      key: tenant.memberKey,
      userId: creator.ownerId,
    });
    expect(removed.status, removed.text).toBe(204);
    expect(removed.text).toBe("");
    expectError(
      await api("GET", `/creator/id/${creator.id}/storefront`, { key: tenant.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await api("DELETE", `/creator/id/${creator.id}/storefront`, { key: tenant.adminKey }),
      404,
      "not_found",
    );
    expect(
      await h.database.db.select().from(storefrontShops).where(eq(storefrontShops.shopDomain, shopDomain)),
    ).toEqual([]);
    const links = await h.database.db
      .select()
      .from(storefrontProducts)
      .where(eq(storefrontProducts.productId, created.body.productId as string));
    expect(links).toEqual([]);
    expect((await listProducts(setup)).map((product) => product.id)).toEqual([created.body.productId]);

    // The store no longer reaches the tenant...
    expectError(await deliver(shopDomain, "products/create", platformProduct(2)), 401, "signature_required");
    // ...and the shop can be connected again, here in another tenant.
    const other = await h.createTenant();
    const otherCreator = await createCreator(h, other);
    const reconnected = await api("POST", `/creator/id/${otherCreator.id}/storefront`, {
      key: other.adminKey,
      body: { shopDomain, appSecret: SECRET },
    });
    expect(reconnected.status, reconnected.text).toBe(201);
  });

  it("refuses a sync without an access token (409)", async () => {
    const { tenant, creator } = await connectedCreator();
    const refused = await api("POST", `/creator/id/${creator.id}/storefront/sync`, { key: tenant.adminKey });
    expectError(refused, 409, "invalid_state");
  });
});

describe("POST /webhooks/storefront", () => {
  it("creates a DRAFT product from a signed products/create, with exact cents and mapped variants", async () => {
    const setup = await connectedCreator();
    const response = await deliver(setup.shopDomain.toUpperCase(), "products/create", platformProduct(100));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      received: true,
      duplicate: false,
      topic: "products/create",
      outcome: "created",
      productId: expect.stringMatching(/^[0-9a-z]+$/),
    });
    const products = await listProducts(setup);
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
    const connection = await api<Connection>("GET", `/creator/id/${setup.creator.id}/storefront`, {
      key: setup.tenant.adminKey,
    });
    expect(connection.body.productCount).toBe(1);
    // Not visible on the public storefront while it is a draft.
    const publicList = await api<Product[]>("GET", `/creator/${setup.creator.slug}/products`, {
      key: setup.tenant.adminKey,
    });
    expect(publicList.status, publicList.text).toBe(200);
    expect(publicList.body).toEqual([]);
  });

  it("converts decimal price strings exactly, never through floats", async () => {
    const setup = await connectedCreator();
    const prices = ["12.50", "0.29", "19.99", "1", "1234567.89"];
    const response = await deliver(
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
    const setup = await connectedCreator();
    const settings = await api("PATCH", `/admin/organizations/${setup.tenant.organizationId}/settings`, {
      key: setup.tenant.adminKey,
      body: { autoPublishProducts: true },
    });
    expect(settings.status, settings.text).toBe(200);
    const response = await deliver(setup.shopDomain, "products/create", platformProduct(102));
    expect(response.status, response.text).toBe(200);
    const product = await getProduct(setup, response.body.productId as string);
    expect(product.status).toBe("PUBLISHED");
    expect(product.publishedAt).toEqual(expect.any(String));
    const jobs = rowsOf<{ id: string }>(
      await h.database.db.execute(
        sql`select id::text as id from ${sql.raw(h.runtime.deps.events.schema)}.job where name = 'event.product-published' and data->>'productId' = ${product.id}`,
      ),
    );
    expect(jobs).toHaveLength(1);
    const publicList = await api<Product[]>("GET", `/creator/${setup.creator.slug}/products`, {
      key: setup.tenant.adminKey,
    });
    expect(publicList.body.map((item) => item.id)).toEqual([product.id]);

    // A product the store itself lists as a draft stays a draft.
    const draft = await deliver(
      setup.shopDomain,
      "products/create",
      platformProduct(103, { status: "draft" }),
    );
    expect((await getProduct(setup, draft.body.productId as string)).status).toBe("DRAFT");
  });

  it("answers the same 401 to a bad signature and to an unknown shop, and does nothing", async () => {
    const setup = await connectedCreator();
    const payload = platformProduct(104);
    const badSignature = await deliver(setup.shopDomain, "products/create", payload, {
      secret: "another-secret-0123456789",
    });
    const unknownShop = await deliver(uniqueShop(), "products/create", payload);
    const noSignature = await deliver(setup.shopDomain, "products/create", payload, { signature: null });
    const garbage = await deliver(setup.shopDomain, "products/create", payload, {
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
    const tampered = await deliver(setup.shopDomain, "products/create", JSON.stringify(payload), {
      signature: signStorefrontWebhook(SECRET, JSON.stringify(platformProduct(105))),
    });
    expectError(tampered, 401, "signature_required");
    expect(await listProducts(setup)).toEqual([]);
  });

  it("acknowledges a redelivered event id without doing anything again", async () => {
    const setup = await connectedCreator();
    const eventId = `evt-${newId()}`;
    const first = await deliver(setup.shopDomain, "products/create", platformProduct(106), { eventId });
    expect(first.body).toMatchObject({ duplicate: false, outcome: "created" });
    const again = await deliver(setup.shopDomain, "products/create", platformProduct(106), { eventId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      received: true,
      duplicate: true,
      topic: "products/create",
      outcome: "duplicate",
      productId: null,
    });
    // Even with another body, the same event id has no effect.
    const changed = await deliver(
      setup.shopDomain,
      "products/update",
      platformProduct(106, { title: "Changed", updated_at: "2030-01-01T00:00:00Z" }),
      { eventId },
    );
    expect(changed.body.duplicate).toBe(true);
    const products = await listProducts(setup);
    expect(products.map((product) => product.name)).toEqual(["Hoodie 106"]);
    const [claimed] = await h.database.db
      .select()
      .from(inboundWebhookEvents)
      .where(eq(inboundWebhookEvents.eventId, `${setup.shopDomain}:${eventId}`));
    expect(claimed?.source).toBe("storefront");
  });

  it("processes concurrent deliveries of one event once, and of one product into one product", async () => {
    const setup = await connectedCreator();
    const eventId = `evt-${newId()}`;
    const sameEvent = await Promise.all(
      [0, 1, 2].map(() => deliver(setup.shopDomain, "products/create", platformProduct(114), { eventId })),
    );
    expect(sameEvent.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(sameEvent.filter((response) => !response.body.duplicate)).toHaveLength(1);
    const sameProduct = await Promise.all(
      [0, 1, 2].map(() => deliver(setup.shopDomain, "products/update", platformProduct(115))),
    );
    expect(sameProduct.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(new Set(sameProduct.map((response) => response.body.productId)).size).toBe(1);
    expect((await listProducts(setup)).map((product) => product.name).sort()).toEqual([
      "Hoodie 114",
      "Hoodie 115",
    ]);
  });

  it("updates data and variants, ignores stale updates, and creates on an unknown product", async () => {
    const setup = await connectedCreator();
    const created = await deliver(setup.shopDomain, "products/create", platformProduct(107));
    const productId = created.body.productId as string;
    const before = await getProduct(setup, productId);

    const updated = await deliver(
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

    const stale = await deliver(
      setup.shopDomain,
      "products/update",
      platformProduct(107, { title: "Old news", updated_at: "2024-10-01T18:00:00Z" }),
    );
    expect(stale.body).toMatchObject({ outcome: "stale", productId });
    expect((await getProduct(setup, productId)).name).toBe("Hoodie v2");

    const unknown = await deliver(setup.shopDomain, "products/update", platformProduct(108));
    expect(unknown.body.outcome).toBe("created");
    expect((await listProducts(setup)).map((product) => product.name).sort()).toEqual([
      "Hoodie 108",
      "Hoodie v2",
    ]);
  });

  it("archives the linked product on products/delete", async () => {
    const setup = await connectedCreator();
    const created = await deliver(setup.shopDomain, "products/create", platformProduct(109));
    const deleted = await deliver(setup.shopDomain, "products/delete", { id: 109 });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toMatchObject({ outcome: "archived", productId: created.body.productId });
    const product = await getProduct(setup, created.body.productId as string);
    expect(product.status).toBe("ARCHIVED");
    expect(product.archivedAt).toEqual(expect.any(String));
    const unknown = await deliver(setup.shopDomain, "products/delete", { id: 999_999 });
    expect(unknown.body).toMatchObject({ outcome: "ignored", productId: null });
  });

  it("removes the connection on app/uninstalled; the products stay", async () => {
    const setup = await connectedCreator();
    const created = await deliver(setup.shopDomain, "products/create", platformProduct(110));
    const uninstalled = await deliver(setup.shopDomain, "app/uninstalled", {
      id: 1,
      domain: setup.shopDomain,
    });
    expect(uninstalled.body).toMatchObject({ outcome: "uninstalled", duplicate: false });
    expectError(
      await api("GET", `/creator/id/${setup.creator.id}/storefront`, { key: setup.tenant.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await deliver(setup.shopDomain, "products/create", platformProduct(111)),
      401,
      "signature_required",
    );
    expect((await listProducts(setup)).map((product) => product.id)).toEqual([created.body.productId]);
  });

  it("acknowledges unknown topics and refuses bad headers and payloads (422) without consuming the event id", async () => {
    const setup = await connectedCreator();
    const ignored = await deliver(setup.shopDomain, "orders/create", { id: 1 });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ topic: "orders/create", outcome: "ignored", productId: null });

    const noEventId = await h.request("POST", "/api/v1/webhooks/storefront", {
      rawBody: "{}",
      headers: {
        "content-type": "application/json",
        "x-storefront-shop-domain": setup.shopDomain,
        "x-storefront-hmac-sha256": signStorefrontWebhook(SECRET, "{}"),
      },
    });
    expectError(noEventId, 422, "validation_failed");
    expect(fieldsOf(noEventId)).toEqual(["X-Storefront-Topic", "X-Storefront-Event-Id"]);

    const eventId = `evt-${newId()}`;
    const badPrice = await deliver(
      setup.shopDomain,
      "products/create",
      platformProduct(112, { variants: [{ id: 1, price: "12.505" }] }),
      { eventId },
    );
    expectError(badPrice, 422, "validation_failed");
    expect(fieldsOf(badPrice)).toEqual(["variants.0.price"]);
    const notJson = await deliver(setup.shopDomain, "products/create", "{not json", { eventId });
    expectError(notJson, 400, "invalid_json");
    expect(await listProducts(setup)).toEqual([]);

    // The failed deliveries left no trace: the platform's retry with a good body is processed.
    const retried = await deliver(setup.shopDomain, "products/create", platformProduct(112), { eventId });
    expect(retried.body).toMatchObject({ duplicate: false, outcome: "created" });
  });

  it("keeps another tenant's products out of reach", async () => {
    const setup = await connectedCreator();
    const created = await deliver(setup.shopDomain, "products/create", platformProduct(113));
    const other = await h.createTenant();
    expectError(
      await api("GET", `/creator/id/${setup.creator.id}/product/${created.body.productId}`, {
        key: other.adminKey,
      }),
      404,
      "not_found",
    );
  });
});

describe("storefront-products-sync", () => {
  it("imports the store's catalogue page by page through the storefront port, idempotently", async () => {
    const setup = await connectedCreator({ accessToken: "shpat_sync_token" });
    // One product already arrived by webhook: the sync updates it instead of duplicating it.
    const early = await deliver(setup.shopDomain, "products/create", platformProduct(201));
    store.pageSize = 2;
    store.seed(
      setup.shopDomain,
      [
        platformProduct(201, { title: "Hoodie 201 (synced)", updated_at: "2024-10-05T00:00:00Z" }),
        platformProduct(202),
        platformProduct(203, {
          variants: [{ id: 2031, title: "One size", price: "12.50", inventory_quantity: 3 }],
        }),
      ],
      { accessToken: "shpat_sync_token" },
    );

    const accepted = await api<{ jobId: string; connectionId: string }>(
      "POST",
      `/creator/id/${setup.creator.id}/storefront/sync`,
      { key: setup.tenant.memberKey, userId: setup.creator.ownerId },
    );
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body).toEqual({ jobId: expect.any(String), connectionId: expect.any(String) });

    const products = await waitFor(async () => {
      const list = await listProducts(setup);
      return list.length === 3 && list.some((product) => product.name === "Hoodie 201 (synced)")
        ? list
        : undefined;
    });
    expect(await waitFor(async () => (await jobState(accepted.body.jobId)) === "completed")).toBe(true);
    const byName = Object.fromEntries(products.map((product) => [product.name, product]));
    expect(byName["Hoodie 201 (synced)"]?.id).toBe(early.body.productId);
    expect(byName["Hoodie 202"]).toMatchObject({ price: 1250, status: "DRAFT" });
    expect(byName["Hoodie 203"]?.variants).toEqual([
      expect.objectContaining({ name: "One size", price: 1250, stock: 3, isDefault: true }),
    ]);

    // A second run changes nothing.
    const again = await api<{ jobId: string }>("POST", `/creator/id/${setup.creator.id}/storefront/sync`, {
      key: setup.tenant.adminKey,
    });
    expect(again.status).toBe(202);
    expect(await waitFor(async () => (await jobState(again.body.jobId)) === "completed")).toBe(true);
    const afterSecond = await listProducts(setup);
    expect(afterSecond.map((product) => product.id).sort()).toEqual(
      products.map((product) => product.id).sort(),
    );
    const connection = await api<Connection>("GET", `/creator/id/${setup.creator.id}/storefront`, {
      key: setup.tenant.adminKey,
    });
    expect(connection.body.productCount).toBe(3);
    store.pageSize = 250;
  });
});
