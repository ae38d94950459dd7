import { handleProductPublished, type ProductPublishedContext } from "@tally/commerce";
import { newId } from "@tally/core";
import { creatorOwners, creators, follows, notifications, orderItems, orders, users } from "@tally/db";
import { type Tenant, type TestResponse, useHarness } from "@tally/testing";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();

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
  creatorId: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  currency: string;
  status: "DRAFT" | "PUBLISHED" | "ARCHIVED";
  pointEligible: boolean;
  images: string[];
  categoryId: number | null;
  variants: Variant[];
  totalStock: number;
  publishedAt: string | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
interface ErrorBody {
  status: number;
  code: string;
  error: string;
  details?: { field: string; message: string }[] | Record<string, unknown>;
}

const api = <T = unknown>(
  method: string,
  path: string,
  options: { key: string; body?: unknown; userId?: string },
): Promise<TestResponse<T>> =>
  h.request<T>(method, `/api/v1${path}`, method === "GET" ? { ...options, body: undefined } : options);

const expectError = (response: TestResponse, status: number, code: string) => {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ status, code, error: expect.any(String) });
};

const expectFields = (response: TestResponse, fields: string[]) => {
  expectError(response, 422, "validation_failed");
  const details = (response.body as ErrorBody).details as { field: string }[];
  for (const field of fields) expect(details.map((detail) => detail.field)).toContain(field);
};

const routeMissing = (response: TestResponse) =>
  response.status === 404 && (response.body as ErrorBody | undefined)?.code === "route_not_found";

/** POST /user when it exists (built concurrently); otherwise the row is inserted directly. */
const createUser = async (tenant: Tenant): Promise<string> => {
  const email = `fan-${newId()}@example.com`;
  const walletProviderId = `did:privy:${newId()}`;
  const response = await api<{ id: string }>("POST", "/user", {
    key: tenant.adminKey,
    body: { email, walletProviderId },
  });
  if (!routeMissing(response)) {
    expect(response.status, response.text).toBe(201);
    return response.body.id;
  }
  const id = newId();
  await h.database.db
    .insert(users)
    .values({ organizationId: tenant.organizationId, id, email, walletProviderId });
  return id;
};

/** POST /user/{id}/creator when it exists; otherwise the creator and its owner row are inserted. */
const createCreator = async (tenant: Tenant, ownerId: string): Promise<{ id: string; slug: string }> => {
  const slug = `maker-${newId().slice(0, 10)}`;
  const response = await api<{ id: string; slug: string }>("POST", `/user/${ownerId}/creator`, {
    key: tenant.memberKey,
    userId: ownerId,
    body: { displayName: `Maker ${slug}`, slug, categoryIds: [1] },
  });
  if (!routeMissing(response)) {
    expect(response.status, response.text).toBe(201);
    return { id: response.body.id, slug: response.body.slug };
  }
  const id = newId();
  await h.database.db.transaction(async (tx) => {
    await tx
      .insert(creators)
      .values({ organizationId: tenant.organizationId, id, slug, displayName: `Maker ${slug}` });
    await tx
      .insert(creatorOwners)
      .values({ organizationId: tenant.organizationId, creatorId: id, userId: ownerId });
  });
  return { id, slug };
};

/** POST /user/{id}/creator/{creatorId}/followers/follow when it exists; otherwise the row is inserted. */
const followCreator = async (tenant: Tenant, userId: string, creatorId: string) => {
  const response = await api("POST", `/user/${userId}/creator/${creatorId}/followers/follow`, {
    key: tenant.memberKey,
    userId,
  });
  if (!routeMissing(response)) {
    expect(response.status, response.text).toBeLessThan(300);
    return;
  }
  await h.database.db.insert(follows).values({
    organizationId: tenant.organizationId,
    followerId: userId,
    targetType: "CREATOR",
    targetId: creatorId,
  });
};

interface Shop {
  tenant: Tenant;
  ownerId: string;
  creatorId: string;
  creatorSlug: string;
  /** Member key acting as the owner. */
  as: { key: string; userId: string };
}

const openShop = async (tenant?: Tenant): Promise<Shop> => {
  const t = tenant ?? (await h.createTenant());
  const ownerId = await createUser(t);
  const creator = await createCreator(t, ownerId);
  return {
    tenant: t,
    ownerId,
    creatorId: creator.id,
    creatorSlug: creator.slug,
    as: { key: t.memberKey, userId: ownerId },
  };
};

let slugCounter = 0;
const uniqueSlug = (prefix = "item") => `${prefix}-${++slugCounter}-${newId().slice(0, 6)}`;

const createProduct = async (shop: Shop, body: Record<string, unknown> = {}): Promise<Product> => {
  const response = await api<Product>("POST", `/creator/id/${shop.creatorId}/product`, {
    ...shop.as,
    body: { name: "Hoodie", slug: uniqueSlug(), description: "Warm", price: 4500, ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
};

const productPath = (shop: Shop, productId: string, suffix = "") =>
  `/creator/id/${shop.creatorId}/product/${productId}${suffix}`;

type State = "DRAFT" | "PUBLISHED" | "ARCHIVED" | "PURGED";

/** A product brought to `state` through the API. */
const productIn = async (shop: Shop, state: State): Promise<Product> => {
  const product = await createProduct(shop);
  if (state === "PUBLISHED")
    expect((await api("POST", productPath(shop, product.id, "/publish"), shop.as)).status).toBe(200);
  if (state === "ARCHIVED")
    expect((await api("DELETE", productPath(shop, product.id), shop.as)).status).toBe(204);
  if (state === "PURGED")
    expect((await api("DELETE", productPath(shop, product.id, "/purge"), shop.as)).status).toBe(204);
  return product;
};

/** First in the file, so the worker is not still busy with the publications of later tests. */
describe("product-published: follower notifications and hooks", () => {
  const notificationsFor = (organizationId: string, productId: string) =>
    h.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.organizationId, organizationId),
          like(notifications.dedupeKey, `product-published:${productId}:%`),
        ),
      );

  const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    let value = await read();
    while (!done(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      value = await read();
    }
    return value;
  };

  it("notifies each follower of the creator once, and nobody else", async () => {
    const shop = await openShop();
    const [first, second, bystander] = [
      await createUser(shop.tenant),
      await createUser(shop.tenant),
      await createUser(shop.tenant),
    ];
    await followCreator(shop.tenant, first, shop.creatorId);
    await followCreator(shop.tenant, second, shop.creatorId);
    const otherShop = await openShop(shop.tenant);
    await followCreator(shop.tenant, bystander, otherShop.creatorId);

    const product = await createProduct(shop, { name: "Limited Print" });
    expect((await api("POST", productPath(shop, product.id, "/publish"), shop.as)).status).toBe(200);

    const rows = await waitFor(
      () => notificationsFor(shop.tenant.organizationId, product.id),
      (found) => found.length >= 2,
    );
    expect(rows.map((row) => row.recipientId).sort()).toEqual([first, second].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        recipientType: "USER",
        type: "product-published",
        status: "UNREAD",
        dedupeKey: `product-published:${product.id}:${row.recipientId}`,
        data: { productId: product.id, productSlug: product.slug, creatorId: shop.creatorId },
      });
      expect(row.title).toContain("Limited Print");
    }

    // Delivered again (at-least-once): still one notification per follower.
    await handleProductPublished(
      { database: h.database, clock: h.runtime.deps.clock, logger: h.runtime.deps.logger },
      { organizationId: shop.tenant.organizationId, productId: product.id },
    );
    expect(await notificationsFor(shop.tenant.organizationId, product.id)).toHaveLength(2);
  });

  it("runs the registered hooks with the published product, and skips products no longer published", async () => {
    const shop = await openShop();
    const seen: ProductPublishedContext[] = [];
    const hook = async (context: ProductPublishedContext) => {
      if (context.organizationId === shop.tenant.organizationId) seen.push(context);
    };
    {
      const product = await createProduct(shop);
      await api("POST", productPath(shop, product.id, "/publish"), shop.as);
      // The event may be consumed by any test process's worker (they share the queue on PostgreSQL),
      // so the hook is driven here by a direct delivery, exactly as the worker would run it.
      const deps = {
        database: h.database,
        clock: h.runtime.deps.clock,
        logger: h.runtime.deps.logger,
        productPublishedHooks: [hook],
      };
      await handleProductPublished(deps, {
        organizationId: shop.tenant.organizationId,
        productId: product.id,
      });
      expect(seen.length).toBeGreaterThanOrEqual(1);
      expect(seen.at(-1)!.product).toMatchObject({ id: product.id, status: "PUBLISHED" });
      expect(seen.at(-1)!.creator).toMatchObject({ id: shop.creatorId, slug: shop.creatorSlug });

      await api("DELETE", productPath(shop, product.id), shop.as);
      // Archived: no delivery, direct or by a worker, runs the hooks any more.
      const before = seen.length;
      await handleProductPublished(deps, {
        organizationId: shop.tenant.organizationId,
        productId: product.id,
      });
      await api("DELETE", productPath(shop, product.id, "/purge"), shop.as);
      await handleProductPublished(deps, {
        organizationId: shop.tenant.organizationId,
        productId: product.id,
      });
      expect(seen.length).toBe(before);
    }
  });
});

describe("POST /creator/id/{creatorId}/product", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });

  it("creates a DRAFT with one default variant holding the top-level stock", async () => {
    const response = await api<Product>("POST", `/creator/id/${shop.creatorId}/product`, {
      ...shop.as,
      body: {
        name: "  Blue Hoodie ",
        slug: "Blue-Hoodie",
        description: "Heavy cotton",
        price: 4500,
        pointEligible: true,
        images: ["https://cdn.example.com/hoodie.png"],
        categoryId: 3,
        stock: 12,
      },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-z]+$/),
      creatorId: shop.creatorId,
      name: "Blue Hoodie",
      slug: "blue-hoodie",
      description: "Heavy cotton",
      price: 4500,
      currency: "usd",
      status: "DRAFT",
      pointEligible: true,
      images: ["https://cdn.example.com/hoodie.png"],
      categoryId: 3,
      totalStock: 12,
      publishedAt: null,
      archivedAt: null,
    });
    expect(response.body.variants).toEqual([
      {
        id: expect.any(String),
        name: "Default",
        sku: null,
        attributes: {},
        price: null,
        stock: 12,
        isDefault: true,
      },
    ]);
    expect(new Date(response.body.createdAt).getTime()).not.toBeNaN();
  });

  it("applies the defaults: no stock, no category, not point-eligible, no images, empty description", async () => {
    const response = await api<Product>("POST", `/creator/id/${shop.creatorId}/product`, {
      ...shop.as,
      body: { name: "Sticker", slug: uniqueSlug("sticker"), price: 0 },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      description: "",
      price: 0,
      pointEligible: false,
      images: [],
      categoryId: null,
      totalStock: 0,
    });
    expect(response.body.variants).toHaveLength(1);
    expect(response.body.variants[0]).toMatchObject({ isDefault: true, stock: 0 });
  });

  it("creates the listed variants in order, the first (or the one marked) being the default", async () => {
    const product = await createProduct(shop, {
      variants: [
        { name: "Small", sku: "HD-S", attributes: { size: "S" }, stock: 3 },
        { name: "Large", attributes: { size: "L" }, price: 5000, stock: 4 },
      ],
    });
    expect(product.totalStock).toBe(7);
    expect(product.variants).toMatchObject([
      { name: "Small", sku: "HD-S", attributes: { size: "S" }, price: null, stock: 3, isDefault: true },
      { name: "Large", sku: null, attributes: { size: "L" }, price: 5000, stock: 4, isDefault: false },
    ]);
    const marked = await createProduct(shop, {
      variants: [
        { name: "Red", stock: 1 },
        { name: "Green", stock: 1, isDefault: true },
      ],
    });
    expect(marked.variants.map((variant) => [variant.name, variant.isDefault])).toEqual([
      ["Red", false],
      ["Green", true],
    ]);
  });

  it("answers 422 with field details for invalid bodies", async () => {
    const path = `/creator/id/${shop.creatorId}/product`;
    const post = (body: Record<string, unknown>) => api("POST", path, { ...shop.as, body });
    const base = { name: "Cap", slug: uniqueSlug("cap"), price: 1000 };
    expectFields(await post({ slug: "cap-x", price: 1 }), ["name"]);
    expectFields(await post({ ...base, price: -1 }), ["price"]);
    expectFields(await post({ ...base, price: 10.5 }), ["price"]);
    expectFields(await post({ ...base, price: "1000" }), ["price"]);
    expectFields(await post({ ...base, slug: "no spaces" }), ["slug"]);
    expectFields(await post({ ...base, slug: "-edge-" }), ["slug"]);
    expectFields(await post({ ...base, slug: "ab" }), ["slug"]);
    expectFields(await post({ ...base, images: ["ftp://example.com/a.png"] }), ["images.0"]);
    expectFields(await post({ ...base, stock: -1 }), ["stock"]);
    expectFields(await post({ ...base, stock: 1.5 }), ["stock"]);
    expectFields(await post({ ...base, variants: [] }), ["variants"]);
    expectFields(await post({ ...base, variants: [{ name: "A", stock: -2 }] }), ["variants.0.stock"]);
    expectFields(await post({ ...base, variants: [{ name: "A" }] }), ["variants.0.stock"]);
    expectFields(await post({ ...base, variants: [{ stock: 1 }] }), ["variants.0.name"]);
    expectFields(await post({ ...base, variants: [{ name: "A", stock: 1, attributes: { size: 4 } }] }), [
      "variants.0.attributes.size",
    ]);
    expectFields(await post({ ...base, variants: [{ name: "A", stock: 1, price: -5 }] }), [
      "variants.0.price",
    ]);
    expectFields(await post({ ...base, variants: [{ name: "A", stock: 1 }], stock: 3 }), ["stock"]);
    expectFields(await post({ ...base, categoryId: 0 }), ["categoryId"]);
    expectFields(await post({ ...base, categoryId: 99_999 }), ["categoryId"]);
    expectFields(await post({ ...base, pointEligible: "true" }), ["pointEligible"]);
  });

  it("refuses mass assignment: status, id, organizationId, timestamps and creatorId cannot be set", async () => {
    const path = `/creator/id/${shop.creatorId}/product`;
    const base = { name: "Cap", slug: uniqueSlug("cap"), price: 1000 };
    for (const field of ["status", "id", "organizationId", "publishedAt", "totalStock", "currency"]) {
      const response = await api("POST", path, {
        ...shop.as,
        body: { ...base, [field]: field === "status" ? "PUBLISHED" : "x" },
      });
      expectFields(response, [field]);
    }
    const other = await openShop(shop.tenant);
    const smuggled = await api("POST", path, { ...shop.as, body: { ...base, creatorId: other.creatorId } });
    expectFields(smuggled, ["creatorId"]);
    expectFields(
      await api("POST", path, {
        ...shop.as,
        body: { ...base, variants: [{ name: "A", stock: 1, id: "abc" }] },
      }),
      ["variants.0.id"],
    );
    const list = await api<Product[]>("GET", `/creator/id/${shop.creatorId}/products?limit=100`, shop.as);
    expect(list.body.some((product) => product.slug === base.slug)).toBe(false);
  });

  it("refuses a slug already used by one of the creator's products (409), not another creator's", async () => {
    const slug = uniqueSlug("dup");
    await createProduct(shop, { slug });
    const again = await api("POST", `/creator/id/${shop.creatorId}/product`, {
      ...shop.as,
      body: { name: "Other", slug: slug.toUpperCase(), price: 1 },
    });
    expectError(again, 409, "already_exists");
    const other = await openShop(shop.tenant);
    await createProduct(other, { slug });
  });

  it("404s an unknown creator and another tenant's creator; 403s a non-owner", async () => {
    const body = { name: "Cap", slug: uniqueSlug("cap"), price: 1 };
    expectError(
      await api("POST", `/creator/id/${newId()}/product`, { key: shop.tenant.adminKey, body }),
      404,
      "not_found",
    );
    const stranger = await h.createTenant();
    expectError(
      await api("POST", `/creator/id/${shop.creatorId}/product`, { key: stranger.adminKey, body }),
      404,
      "not_found",
    );
    const fan = await createUser(shop.tenant);
    expectError(
      await api("POST", `/creator/id/${shop.creatorId}/product`, {
        key: shop.tenant.memberKey,
        userId: fan,
        body,
      }),
      403,
      "not_owner",
    );
    expectError(
      await api("POST", `/creator/id/${shop.creatorId}/product`, { key: shop.tenant.memberKey, body }),
      403,
      "not_owner",
    );
    const asAdmin = await api<Product>("POST", `/creator/id/${shop.creatorId}/product`, {
      key: shop.tenant.adminKey,
      body,
    });
    expect(asAdmin.status).toBe(201);
  });
});

describe("GET /creator/id/{creatorId}/products and /product/{productId}", () => {
  let shop: Shop;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    shop = await openShop();
    for (const state of ["DRAFT", "PUBLISHED", "ARCHIVED", "PURGED"] as const)
      ids[state] = (await productIn(shop, state)).id;
  });

  it("lists every product but purged ones, newest first, with X-Total-Count", async () => {
    const response = await api<Product[]>("GET", `/creator/id/${shop.creatorId}/products`, shop.as);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("3");
    expect(response.body.map((product) => product.id)).toEqual([ids.ARCHIVED, ids.PUBLISHED, ids.DRAFT]);
    expect(response.body[0]!.variants).toHaveLength(1);
  });

  it("filters by status and pages", async () => {
    for (const status of ["DRAFT", "PUBLISHED", "ARCHIVED"] as const) {
      const response = await api<Product[]>(
        "GET",
        `/creator/id/${shop.creatorId}/products?status=${status}`,
        shop.as,
      );
      expect(response.body.map((product) => product.id)).toEqual([ids[status]]);
      expect(response.headers.get("x-total-count")).toBe("1");
    }
    const page = await api<Product[]>(
      "GET",
      `/creator/id/${shop.creatorId}/products?limit=1&offset=1`,
      shop.as,
    );
    expect(page.body.map((product) => product.id)).toEqual([ids.PUBLISHED]);
    expect(page.headers.get("x-total-count")).toBe("3");
    expectFields(await api("GET", `/creator/id/${shop.creatorId}/products?limit=0`, shop.as), ["limit"]);
    expectFields(await api("GET", `/creator/id/${shop.creatorId}/products?limit=101`, shop.as), ["limit"]);
    expectFields(await api("GET", `/creator/id/${shop.creatorId}/products?status=SOLD`, shop.as), ["status"]);
  });

  it("gets one product; 404 for unknown, purged, another creator's or another tenant's", async () => {
    const response = await api<Product>("GET", productPath(shop, ids.DRAFT!), shop.as);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(ids.DRAFT);
    expectError(await api("GET", productPath(shop, newId()), shop.as), 404, "not_found");
    expectError(await api("GET", productPath(shop, ids.PURGED!), shop.as), 404, "not_found");
    const other = await openShop(shop.tenant);
    expectError(
      await api("GET", `/creator/id/${other.creatorId}/product/${ids.DRAFT}`, other.as),
      404,
      "not_found",
    );
    const stranger = await h.createTenant();
    expectError(
      await api("GET", productPath(shop, ids.DRAFT!), { key: stranger.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await api("GET", `/creator/id/${shop.creatorId}/products`, { key: stranger.adminKey }),
      404,
      "not_found",
    );
  });

  it("403s a non-owner on the list and the detail", async () => {
    const fan = await createUser(shop.tenant);
    const asFan = { key: shop.tenant.memberKey, userId: fan };
    expectError(await api("GET", `/creator/id/${shop.creatorId}/products`, asFan), 403, "not_owner");
    expectError(await api("GET", productPath(shop, ids.DRAFT!), asFan), 403, "not_owner");
  });
});

describe("product lifecycle", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });

  type Action = "publish" | "archive" | "restore" | "purge" | "patch";
  const call = (product: Product, action: Action) => {
    switch (action) {
      case "publish":
        return api<Product>("POST", productPath(shop, product.id, "/publish"), shop.as);
      case "restore":
        return api<Product>("POST", productPath(shop, product.id, "/restore"), shop.as);
      case "archive":
        return api<Product>("DELETE", productPath(shop, product.id), shop.as);
      case "purge":
        return api<Product>("DELETE", productPath(shop, product.id, "/purge"), shop.as);
      case "patch":
        return api<Product>("PATCH", productPath(shop, product.id), {
          ...shop.as,
          body: { name: "Renamed" },
        });
    }
  };

  /** [from, action, HTTP status, status afterwards (undefined = gone)] */
  const table: [State, Action, number, State][] = [
    ["DRAFT", "publish", 200, "PUBLISHED"],
    ["DRAFT", "archive", 204, "ARCHIVED"],
    ["DRAFT", "restore", 409, "DRAFT"],
    ["DRAFT", "purge", 204, "PURGED"],
    ["DRAFT", "patch", 200, "DRAFT"],
    ["PUBLISHED", "publish", 409, "PUBLISHED"],
    ["PUBLISHED", "archive", 204, "ARCHIVED"],
    ["PUBLISHED", "restore", 409, "PUBLISHED"],
    ["PUBLISHED", "purge", 409, "PUBLISHED"],
    ["PUBLISHED", "patch", 200, "PUBLISHED"],
    ["ARCHIVED", "publish", 409, "ARCHIVED"],
    ["ARCHIVED", "archive", 409, "ARCHIVED"],
    ["ARCHIVED", "restore", 200, "DRAFT"],
    ["ARCHIVED", "purge", 204, "PURGED"],
    ["ARCHIVED", "patch", 409, "ARCHIVED"],
    ["PURGED", "publish", 404, "PURGED"],
    ["PURGED", "archive", 404, "PURGED"],
    ["PURGED", "restore", 404, "PURGED"],
    ["PURGED", "purge", 404, "PURGED"],
    ["PURGED", "patch", 404, "PURGED"],
  ];

  it.each(table)("%s --%s--> %i, then %s", async (from, action, status, after) => {
    const product = await productIn(shop, from);
    const response = await call(product, action);
    expect(response.status, response.text).toBe(status);
    if (status === 409) {
      expectError(response, 409, "invalid_state");
      expect((response.body as unknown as ErrorBody).details).toMatchObject({ currentStatus: from });
    }
    if (status === 404) expectError(response, 404, "not_found");
    const now = await api<Product>("GET", productPath(shop, product.id), shop.as);
    if (after === "PURGED") {
      expect(now.status).toBe(404);
      return;
    }
    expect(now.status).toBe(200);
    expect(now.body.status).toBe(after);
    if (status === 200 && action !== "patch") expect(response.body.status).toBe(after);
  });

  it("keeps the timestamps: publishedAt on publish, archivedAt on archive, both cleared on restore", async () => {
    const product = await createProduct(shop);
    const published = await call(product, "publish");
    expect(published.body.publishedAt).not.toBeNull();
    expect(published.body.archivedAt).toBeNull();
    await call(product, "archive");
    const archived = await api<Product>("GET", productPath(shop, product.id), shop.as);
    expect(archived.body).toMatchObject({ status: "ARCHIVED", archivedAt: expect.any(String) });
    const restored = await call(product, "restore");
    expect(restored.body).toMatchObject({ status: "DRAFT", archivedAt: null, publishedAt: null });
    const republished = await call(product, "publish");
    expect(republished.body.status).toBe("PUBLISHED");
  });

  it("lets only one of two concurrent publishes win", async () => {
    const product = await createProduct(shop);
    const [a, b] = await Promise.all([call(product, "publish"), call(product, "publish")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it("404s and 403s the lifecycle routes for strangers and non-owners", async () => {
    const product = await createProduct(shop);
    const stranger = await h.createTenant();
    const fan = await createUser(shop.tenant);
    for (const [method, suffix] of [
      ["POST", "/publish"],
      ["POST", "/restore"],
      ["DELETE", ""],
      ["DELETE", "/purge"],
      ["PATCH", ""],
    ] as const) {
      expectError(
        await api(method, productPath(shop, product.id, suffix), { key: stranger.adminKey, body: {} }),
        404,
        "not_found",
      );
      expectError(
        await api(method, productPath(shop, product.id, suffix), {
          key: shop.tenant.memberKey,
          userId: fan,
          body: {},
        }),
        403,
        "not_owner",
      );
    }
    const now = await api<Product>("GET", productPath(shop, product.id), shop.as);
    expect(now.body.status).toBe("DRAFT");
  });

  it("after a purge every route answers 404, public ones included, and the slug is free again", async () => {
    const product = await createProduct(shop, { slug: uniqueSlug("gone") });
    await call(product, "publish");
    await call(product, "archive");
    expect((await call(product, "purge")).status).toBe(204);
    for (const [method, suffix] of [
      ["GET", ""],
      ["GET", "/analytics"],
      ["PATCH", ""],
      ["POST", "/publish"],
      ["POST", "/restore"],
      ["DELETE", ""],
      ["DELETE", "/purge"],
    ] as const) {
      expectError(
        await api(method, productPath(shop, product.id, suffix), { ...shop.as, body: {} }),
        404,
        "not_found",
      );
    }
    expectError(
      await api("GET", `/creator/${shop.creatorSlug}/product/${product.slug}`, {
        key: shop.tenant.memberKey,
      }),
      404,
      "not_found",
    );
    const list = await api<Product[]>("GET", `/creator/id/${shop.creatorId}/products?limit=100`, shop.as);
    expect(list.body.some((item) => item.id === product.id)).toBe(false);
    await createProduct(shop, { slug: product.slug });
  });
});

describe("PATCH /creator/id/{creatorId}/product/{productId}", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });
  const patch = (product: Product, body: Record<string, unknown>) =>
    api<Product>("PATCH", productPath(shop, product.id), { ...shop.as, body });

  it("updates product fields; omitted fields stay, null clears the category", async () => {
    const product = await createProduct(shop, { categoryId: 2, images: ["https://cdn.example.com/a.png"] });
    const response = await patch(product, {
      name: "New name",
      slug: "New-Slug-" + product.slug,
      description: "Better",
      price: 0,
      pointEligible: true,
      categoryId: null,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      name: "New name",
      slug: ("new-slug-" + product.slug).toLowerCase(),
      description: "Better",
      price: 0,
      pointEligible: true,
      categoryId: null,
      images: ["https://cdn.example.com/a.png"],
      status: "DRAFT",
    });
    expect(new Date(response.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(product.updatedAt).getTime(),
    );
    const unchanged = await patch(product, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.name).toBe("New name");
  });

  it("edits a PUBLISHED product in place", async () => {
    const product = await productIn(shop, "PUBLISHED");
    const response = await patch(product, { price: 9900 });
    expect(response.body).toMatchObject({ status: "PUBLISHED", price: 9900 });
  });

  it("updates, adds and removes variants, keeping exactly one default", async () => {
    const product = await createProduct(shop, {
      variants: [
        { name: "S", attributes: { size: "S" }, stock: 1 },
        { name: "M", attributes: { size: "M" }, stock: 2 },
      ],
    });
    const [small, medium] = product.variants as [Variant, Variant];
    const response = await patch(product, {
      variants: [
        { id: medium.id, stock: 10, price: 5500, sku: "M-1" },
        { name: "L", attributes: { size: "L" }, stock: 5 },
      ],
      removeVariantIds: [small.id],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.variants).toMatchObject([
      {
        id: medium.id,
        name: "M",
        sku: "M-1",
        price: 5500,
        stock: 10,
        isDefault: true,
        attributes: { size: "M" },
      },
      { name: "L", sku: null, price: null, stock: 5, isDefault: false, attributes: { size: "L" } },
    ]);
    expect(response.body.totalStock).toBe(15);
    const large = response.body.variants[1]!;

    const switched = await patch(product, { variants: [{ id: large.id, isDefault: true, price: null }] });
    expect(switched.body.variants.map((variant) => [variant.name, variant.isDefault])).toEqual([
      ["M", false],
      ["L", true],
    ]);
    const cleared = await patch(product, { variants: [{ id: medium.id, price: null, sku: null, stock: 0 }] });
    expect(cleared.body.variants[0]).toMatchObject({ price: null, sku: null, stock: 0 });
    expect(cleared.body.totalStock).toBe(5);
  });

  it("never goes below one variant", async () => {
    const product = await createProduct(shop, { stock: 4 });
    const only = product.variants[0]!;
    expectFields(await patch(product, { removeVariantIds: [only.id] }), ["removeVariantIds"]);
    const replaced = await patch(product, {
      removeVariantIds: [only.id],
      variants: [{ name: "Replacement", stock: 2 }],
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.variants).toMatchObject([{ name: "Replacement", stock: 2, isDefault: true }]);
  });

  it("answers 422 for bad variant edits and bad fields, changing nothing", async () => {
    const product = await createProduct(shop, { variants: [{ name: "A", stock: 3 }] });
    const variant = product.variants[0]!;
    const other = await createProduct(shop);
    expectFields(await patch(product, { variants: [{ id: variant.id, stock: -1 }] }), ["variants.0.stock"]);
    expectFields(await patch(product, { variants: [{ id: variant.id, stock: 2.5 }] }), ["variants.0.stock"]);
    expectFields(await patch(product, { variants: [{ name: "B" }] }), ["variants.0.stock"]);
    expectFields(await patch(product, { variants: [{ stock: 1 }] }), ["variants.0.name"]);
    expectFields(await patch(product, { variants: [{ id: other.variants[0]!.id, stock: 1 }] }), [
      "variants.0.id",
    ]);
    expectFields(await patch(product, { removeVariantIds: [newId()] }), ["removeVariantIds.0"]);
    expectFields(
      await patch(product, { variants: [{ id: variant.id, stock: 1 }], removeVariantIds: [variant.id] }),
      ["removeVariantIds.0"],
    );
    expectFields(
      await patch(product, {
        variants: [
          { id: variant.id, stock: 1 },
          { id: variant.id, stock: 2 },
        ],
      }),
      ["variants.1.id"],
    );
    expectFields(await patch(product, { price: -1 }), ["price"]);
    expectFields(await patch(product, { slug: "Not a slug!" }), ["slug"]);
    expectFields(await patch(product, { categoryId: 4242 }), ["categoryId"]);
    expectFields(await patch(product, { name: "" }), ["name"]);
    const now = await api<Product>("GET", productPath(shop, product.id), shop.as);
    expect(now.body.variants).toEqual(product.variants);
  });

  it("refuses mass assignment: status, id, creatorId, timestamps", async () => {
    const product = await createProduct(shop);
    for (const [field, value] of [
      ["status", "PUBLISHED"],
      ["id", "abc"],
      ["organizationId", "abc"],
      ["publishedAt", new Date().toISOString()],
      ["archivedAt", null],
      ["totalStock", 5],
    ] as const) {
      expectFields(await patch(product, { [field]: value }), [field]);
    }
    expectFields(await patch(product, { creatorId: newId() }), ["creatorId"]);
    expectFields(await patch(product, { productId: newId() }), ["productId"]);
    expectFields(await patch(product, { variants: [{ id: product.variants[0]!.id, productId: "x" }] }), [
      "variants.0.productId",
    ]);
    const now = await api<Product>("GET", productPath(shop, product.id), shop.as);
    expect(now.body.status).toBe("DRAFT");
  });

  it("answers 409 on a slug used by another of the creator's products", async () => {
    const first = await createProduct(shop);
    const second = await createProduct(shop);
    expectError(await patch(second, { slug: first.slug }), 409, "already_exists");
    expect((await patch(second, { slug: second.slug })).status).toBe(200);
  });
});

describe("public storefront: GET /creator/{slug}/products and /creator/{slug}/product/{productSlug}", () => {
  let shop: Shop;
  let published: Product[];
  let draft: Product;
  let archived: Product;
  beforeAll(async () => {
    shop = await openShop();
    published = [await productIn(shop, "PUBLISHED"), await productIn(shop, "PUBLISHED")];
    draft = await productIn(shop, "DRAFT");
    archived = await productIn(shop, "ARCHIVED");
  });

  it("lists published products only, with X-Total-Count and paging", async () => {
    const response = await api<Product[]>("GET", `/creator/${shop.creatorSlug}/products`, {
      key: shop.tenant.memberKey,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("2");
    expect(response.body.map((product) => product.id).sort()).toEqual(published.map((p) => p.id).sort());
    expect(response.body.every((product) => product.status === "PUBLISHED")).toBe(true);
    const page = await api<Product[]>("GET", `/creator/${shop.creatorSlug}/products?limit=1`, {
      key: shop.tenant.memberKey,
    });
    expect(page.body).toHaveLength(1);
    expectFields(
      await api("GET", `/creator/${shop.creatorSlug}/products?offset=-1`, { key: shop.tenant.memberKey }),
      ["offset"],
    );
  });

  it("shows a published product by slug and 404s drafts, archived, unknown and other tenants'", async () => {
    const key = shop.tenant.memberKey;
    const response = await api<Product>("GET", `/creator/${shop.creatorSlug}/product/${published[0]!.slug}`, {
      key,
    });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(published[0]!.id);
    for (const hidden of [draft.slug, archived.slug, "no-such-product"]) {
      expectError(
        await api("GET", `/creator/${shop.creatorSlug}/product/${hidden}`, { key }),
        404,
        "not_found",
      );
    }
    expectError(await api("GET", `/creator/no-such-creator-x/products`, { key }), 404, "not_found");
    const stranger = await h.createTenant();
    expectError(
      await api("GET", `/creator/${shop.creatorSlug}/products`, { key: stranger.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await api("GET", `/creator/${shop.creatorSlug}/product/${published[0]!.slug}`, {
        key: stranger.memberKey,
      }),
      404,
      "not_found",
    );
  });

  it("needs an API key but not ownership", async () => {
    expectError(await api("GET", `/creator/${shop.creatorSlug}/products`, { key: "" }), 401, "unauthorized");
    const fan = await createUser(shop.tenant);
    const asFan = await api("GET", `/creator/${shop.creatorSlug}/products`, {
      key: shop.tenant.memberKey,
      userId: fan,
    });
    expect(asFan.status).toBe(200);
  });
});

describe("sales and analytics from order data", () => {
  let shop: Shop;
  let hoodie: Product;
  let mug: Product;
  let poster: Product;
  let retired: Product;
  const DAY = 86_400_000;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const now = new Date();
  const paidAt = {
    today: new Date(now.getTime() - 60_000),
    yesterday: new Date(now.getTime() - DAY),
    fiveDaysAgo: new Date(now.getTime() - 5 * DAY),
    fortyDaysAgo: new Date(now.getTime() - 40 * DAY),
  };

  const seedOrder = async (
    creatorId: string,
    status: (typeof orders.$inferInsert)["status"],
    when: Date | null,
    items: { product: Product; variantId?: string | null; quantity: number; price: number; name?: string }[],
  ) => {
    const orderId = newId();
    await h.database.db.transaction(async (tx) => {
      await tx.insert(orders).values({
        organizationId: shop.tenant.organizationId,
        id: orderId,
        userId: null,
        guestEmail: "buyer@example.com",
        creatorId,
        status,
        paidAt: when,
        createdAt: when ?? new Date(),
      });
      await tx.insert(orderItems).values(
        items.map((item) => ({
          organizationId: shop.tenant.organizationId,
          orderId,
          productId: item.product.id,
          variantId: item.variantId === undefined ? item.product.variants[0]!.id : item.variantId,
          productName: item.name ?? item.product.name,
          productSlug: item.product.slug,
          quantity: item.quantity,
          price: item.price,
        })),
      );
    });
  };

  beforeAll(async () => {
    shop = await openShop();
    hoodie = await createProduct(shop, {
      name: "Hoodie",
      price: 1500,
      variants: [
        { name: "Small", stock: 10 },
        { name: "Large", price: 1800, stock: 10 },
      ],
    });
    mug = await createProduct(shop, { name: "Mug", price: 999, stock: 5 });
    poster = await createProduct(shop, { name: "Poster", price: 500 });
    retired = await createProduct(shop, { name: "Retired", price: 2500 });
    for (const product of [hoodie, mug])
      await api("POST", productPath(shop, product.id, "/publish"), shop.as);
    const [small, large] = hoodie.variants as [Variant, Variant];

    await seedOrder(shop.creatorId, "PAID", paidAt.today, [
      { product: hoodie, variantId: small.id, quantity: 2, price: 1500 },
      { product: mug, quantity: 1, price: 999 },
    ]);
    await seedOrder(shop.creatorId, "DELIVERED", paidAt.yesterday, [
      { product: hoodie, variantId: large.id, quantity: 1, price: 1800 },
      { product: hoodie, variantId: null, quantity: 1, price: 1000 },
    ]);
    await seedOrder(shop.creatorId, "SHIPPED", paidAt.fiveDaysAgo, [
      { product: hoodie, variantId: small.id, quantity: 3, price: 1500 },
    ]);
    await seedOrder(shop.creatorId, "PROCESSING", paidAt.today, [
      { product: retired, quantity: 1, price: 2500, name: "Retired (snapshot)" },
    ]);
    await seedOrder(shop.creatorId, "PAID", paidAt.fortyDaysAgo, [{ product: mug, quantity: 1, price: 999 }]);
    // Not counted: open, pending, failed orders; another creator's order.
    await seedOrder(shop.creatorId, "OPEN", null, [
      { product: hoodie, variantId: small.id, quantity: 10, price: 1500 },
    ]);
    await seedOrder(shop.creatorId, "PAYMENT_PENDING", null, [{ product: mug, quantity: 7, price: 999 }]);
    await seedOrder(shop.creatorId, "PAYMENT_FAILED", paidAt.today, [
      { product: mug, quantity: 5, price: 999 },
    ]);
    const other = await openShop(shop.tenant);
    await seedOrder(other.creatorId, "PAID", paidAt.today, [{ product: hoodie, quantity: 4, price: 1500 }]);

    // The retired product is purged: its sales stay, under the order items' snapshot.
    await api("DELETE", productPath(shop, retired.id, "/purge"), shop.as);
  });

  it("GET /products/sales: per product, exact cents, best sellers first, purged ones with status null", async () => {
    const response = await api<unknown[]>("GET", `/creator/id/${shop.creatorId}/products/sales`, shop.as);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("4");
    expect(response.body).toEqual([
      {
        productId: hoodie.id,
        name: "Hoodie",
        slug: hoodie.slug,
        status: "PUBLISHED",
        unitsSold: 7,
        revenue: 10_300,
        orderCount: 3,
      },
      {
        productId: retired.id,
        name: "Retired (snapshot)",
        slug: retired.slug,
        status: null,
        unitsSold: 1,
        revenue: 2500,
        orderCount: 1,
      },
      {
        productId: mug.id,
        name: "Mug",
        slug: mug.slug,
        status: "PUBLISHED",
        unitsSold: 2,
        revenue: 1998,
        orderCount: 2,
      },
      {
        productId: poster.id,
        name: "Poster",
        slug: poster.slug,
        status: "DRAFT",
        unitsSold: 0,
        revenue: 0,
        orderCount: 0,
      },
    ]);
    const page = await api<{ productId: string }[]>(
      "GET",
      `/creator/id/${shop.creatorId}/products/sales?limit=2&offset=1`,
      shop.as,
    );
    expect(page.body.map((row) => row.productId)).toEqual([retired.id, mug.id]);
  });

  it("GET /products/analytics: products by status, totals, average order value, top products", async () => {
    const response = await api<Record<string, unknown>>(
      "GET",
      `/creator/id/${shop.creatorId}/products/analytics`,
      shop.as,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      currency: "usd",
      products: { total: 3, DRAFT: 1, PUBLISHED: 2, ARCHIVED: 0 },
      unitsSold: 10,
      revenue: 14_798,
      orderCount: 5,
      averageOrderValue: 2960,
    });
    expect((response.body.topProducts as { productId: string }[]).map((row) => row.productId)).toEqual([
      hoodie.id,
      retired.id,
      mug.id,
    ]);
  });

  it("GET /product/{productId}/analytics: totals, per variant and the last 30 days", async () => {
    const response = await api<{
      unitsSold: number;
      revenue: number;
      orderCount: number;
      averageOrderValue: number;
      variants: { variantId: string | null; name: string | null }[];
      daily: { date: string; unitsSold: number; revenue: number; orderCount: number }[];
    }>("GET", productPath(shop, hoodie.id, "/analytics"), shop.as);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      productId: hoodie.id,
      name: "Hoodie",
      status: "PUBLISHED",
      currency: "usd",
      unitsSold: 7,
      revenue: 10_300,
      orderCount: 3,
      averageOrderValue: 3433,
    });
    const [small, large] = hoodie.variants as [Variant, Variant];
    expect(response.body.variants).toEqual([
      { variantId: small.id, name: "Small", unitsSold: 5, revenue: 7500, orderCount: 2 },
      { variantId: large.id, name: "Large", unitsSold: 1, revenue: 1800, orderCount: 1 },
      { variantId: null, name: null, unitsSold: 1, revenue: 1000, orderCount: 1 },
    ]);
    const { daily } = response.body;
    expect(daily).toHaveLength(30);
    expect(daily[29]!.date).toBe(day(new Date()));
    const byDate = new Map(daily.map((entry) => [entry.date, entry]));
    const expected = new Map<string, { unitsSold: number; revenue: number; orderCount: number }>();
    const add = (when: Date, unitsSold: number, revenue: number) => {
      const entry = expected.get(day(when)) ?? { unitsSold: 0, revenue: 0, orderCount: 0 };
      expected.set(day(when), {
        unitsSold: entry.unitsSold + unitsSold,
        revenue: entry.revenue + revenue,
        orderCount: entry.orderCount + 1,
      });
    };
    add(paidAt.today, 2, 3000);
    add(paidAt.yesterday, 2, 2800);
    add(paidAt.fiveDaysAgo, 3, 4500);
    for (const [date, figures] of expected) expect(byDate.get(date)).toEqual({ date, ...figures });
    const quiet = daily.filter((entry) => !expected.has(entry.date));
    expect(
      quiet.every((entry) => entry.unitsSold === 0 && entry.revenue === 0 && entry.orderCount === 0),
    ).toBe(true);

    const unsold = await api<{ unitsSold: number; averageOrderValue: number; variants: unknown[] }>(
      "GET",
      productPath(shop, poster.id, "/analytics"),
      shop.as,
    );
    expect(unsold.body).toMatchObject({ unitsSold: 0, revenue: 0, orderCount: 0, averageOrderValue: 0 });
    expect(unsold.body.variants).toHaveLength(1);
  });

  it("404s other tenants and 403s non-owners on the analytics routes", async () => {
    const stranger = await h.createTenant();
    const fan = await createUser(shop.tenant);
    for (const path of [
      `/creator/id/${shop.creatorId}/products/sales`,
      `/creator/id/${shop.creatorId}/products/analytics`,
      productPath(shop, hoodie.id, "/analytics"),
    ]) {
      expectError(await api("GET", path, { key: stranger.adminKey }), 404, "not_found");
      expectError(await api("GET", path, { key: shop.tenant.memberKey, userId: fan }), 403, "not_owner");
    }
    expectError(await api("GET", productPath(shop, newId(), "/analytics"), shop.as), 404, "not_found");
  });
});
