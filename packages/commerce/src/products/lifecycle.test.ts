import { notifications } from "@tally/db";
import {
  type ApiSchema,
  api,
  type CreatorShop,
  createProduct,
  createUser,
  type ErrorBody,
  expectError,
  openCreatorShop,
  type ProductState,
  productIn,
  productPath,
  type Tenant,
  uniqueSlug,
  useHarness,
} from "@tally/testing";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { handleProductPublished } from "./handlers.ts";

const h = useHarness();

type Product = ApiSchema<"Product">;

const followCreator = async (tenant: Tenant, userId: string, creatorId: string) => {
  const response = await api(h, "POST", `/user/${userId}/creator/${creatorId}/followers/follow`, {
    key: tenant.memberKey,
    userId,
  });
  expect(response.status, response.text).toBeLessThan(300);
};

/** First in the file, so the worker is not still busy with the publications of later tests. */
describe("product-published: follower notifications", () => {
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
    const shop = await openCreatorShop(h);
    const [first, second, bystander] = [
      (await createUser(h, shop.tenant)).id,
      (await createUser(h, shop.tenant)).id,
      (await createUser(h, shop.tenant)).id,
    ];
    await followCreator(shop.tenant, first, shop.creatorId);
    await followCreator(shop.tenant, second, shop.creatorId);
    const otherShop = await openCreatorShop(h, shop.tenant);
    await followCreator(shop.tenant, bystander, otherShop.creatorId);

    const product = await createProduct(h, shop, { name: "Limited Print" });
    expect((await api(h, "POST", productPath(shop, product.id, "/publish"), shop.as)).status).toBe(200);

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

  it("notifies nobody when product-published is delivered again for a product archived, then purged", async () => {
    const shop = await openCreatorShop(h);
    const product = await createProduct(h, shop);
    expect((await api(h, "POST", productPath(shop, product.id, "/publish"), shop.as)).status).toBe(200);
    // The event may be consumed by any test process's worker (they share the queue on PostgreSQL),
    // so deliveries are made here directly, exactly as the worker would run them.
    const deps = { database: h.database, clock: h.runtime.deps.clock, logger: h.runtime.deps.logger };
    const redeliver = () =>
      handleProductPublished(deps, { organizationId: shop.tenant.organizationId, productId: product.id });
    const recipients = async () =>
      (await notificationsFor(shop.tenant.organizationId, product.id)).map((row) => row.recipientId);

    // While it is published, a delivery notifies the creator's followers.
    const early = (await createUser(h, shop.tenant)).id;
    await followCreator(shop.tenant, early, shop.creatorId);
    await redeliver();
    expect(await recipients()).toEqual([early]);

    expect((await api(h, "DELETE", productPath(shop, product.id), shop.as)).status).toBe(204);
    const late = (await createUser(h, shop.tenant)).id;
    await followCreator(shop.tenant, late, shop.creatorId);
    await redeliver();
    expect(await recipients()).toEqual([early]);

    expect((await api(h, "DELETE", productPath(shop, product.id, "/purge"), shop.as)).status).toBe(204);
    await redeliver();
    expect(await recipients()).toEqual([early]);
  });
});

describe("product lifecycle", () => {
  let shop: CreatorShop;
  beforeAll(async () => {
    shop = await openCreatorShop(h);
  });

  type Action = "publish" | "archive" | "restore" | "purge" | "patch";
  const call = (product: Product, action: Action) => {
    switch (action) {
      case "publish":
        return api<Product>(h, "POST", productPath(shop, product.id, "/publish"), shop.as);
      case "restore":
        return api<Product>(h, "POST", productPath(shop, product.id, "/restore"), shop.as);
      case "archive":
        return api<Product>(h, "DELETE", productPath(shop, product.id), shop.as);
      case "purge":
        return api<Product>(h, "DELETE", productPath(shop, product.id, "/purge"), shop.as);
      case "patch":
        return api<Product>(h, "PATCH", productPath(shop, product.id), {
          ...shop.as,
          body: { name: "Renamed" },
        });
    }
  };

  /** [from, action, HTTP status, status afterwards (undefined = gone)] */
  const table: [ProductState, Action, number, ProductState][] = [
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
    const product = await productIn(h, shop, from);
    const response = await call(product, action);
    expect(response.status, response.text).toBe(status);
    if (status === 409) {
      expectError(response, 409, "invalid_state");
      expect((response.body as unknown as ErrorBody).context).toMatchObject({ currentStatus: from });
    }
    if (status === 404) expectError(response, 404, "not_found");
    const now = await api<Product>(h, "GET", productPath(shop, product.id), shop.as);
    if (after === "PURGED") {
      expect(now.status).toBe(404);
      return;
    }
    expect(now.status).toBe(200);
    expect(now.body.status).toBe(after);
    if (status === 200 && action !== "patch") expect(response.body.status).toBe(after);
  });

  it("keeps the timestamps: publishedAt on publish, archivedAt on archive, both cleared on restore", async () => {
    const product = await createProduct(h, shop);
    const published = await call(product, "publish");
    expect(published.body.publishedAt).not.toBeNull();
    expect(published.body.archivedAt).toBeNull();
    await call(product, "archive");
    const archived = await api<Product>(h, "GET", productPath(shop, product.id), shop.as);
    expect(archived.body).toMatchObject({ status: "ARCHIVED", archivedAt: expect.any(String) });
    const restored = await call(product, "restore");
    expect(restored.body).toMatchObject({ status: "DRAFT", archivedAt: null, publishedAt: null });
    const republished = await call(product, "publish");
    expect(republished.body.status).toBe("PUBLISHED");
  });

  it("lets only one of two concurrent publishes win", async () => {
    const product = await createProduct(h, shop);
    const [a, b] = await Promise.all([call(product, "publish"), call(product, "publish")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it("404s and 403s the lifecycle routes for strangers and non-owners", async () => {
    const product = await createProduct(h, shop);
    const stranger = await h.createTenant();
    const fan = (await createUser(h, shop.tenant)).id;
    for (const [method, suffix] of [
      ["POST", "/publish"],
      ["POST", "/restore"],
      ["DELETE", ""],
      ["DELETE", "/purge"],
      ["PATCH", ""],
    ] as const) {
      expectError(
        await api(h, method, productPath(shop, product.id, suffix), { key: stranger.adminKey, body: {} }),
        404,
        "not_found",
      );
      expectError(
        await api(h, method, productPath(shop, product.id, suffix), {
          key: shop.tenant.memberKey,
          userId: fan,
          body: {},
        }),
        403,
        "not_owner",
      );
    }
    const now = await api<Product>(h, "GET", productPath(shop, product.id), shop.as);
    expect(now.body.status).toBe("DRAFT");
  });

  it("after a purge every route answers 404, public ones included, and the slug is free again", async () => {
    const product = await createProduct(h, shop, { slug: uniqueSlug("gone") });
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
        await api(h, method, productPath(shop, product.id, suffix), { ...shop.as, body: {} }),
        404,
        "not_found",
      );
    }
    expectError(
      await api(h, "GET", `/creator/${shop.creatorSlug}/product/${product.slug}`, {
        key: shop.tenant.memberKey,
      }),
      404,
      "not_found",
    );
    const list = await api<Product[]>(h, "GET", `/creator/id/${shop.creatorId}/products?limit=100`, shop.as);
    expect(list.body.some((item) => item.id === product.id)).toBe(false);
    await createProduct(h, shop, { slug: product.slug });
  });
});
