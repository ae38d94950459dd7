import { newId } from "@tally/core";
import { storefrontProducts, storefrontShops } from "@tally/db";
import { rowsOf } from "@tally/platform";
import type { LocalStorefrontAdapter } from "@tally/providers";
import {
  type ApiSchema,
  api,
  connectedCreator,
  createCreator,
  createUser,
  deliverStorefrontWebhook,
  eventually,
  expectError,
  fieldsOf,
  listCreatorProducts,
  platformProduct,
  STOREFRONT_SECRET,
  uniqueShopDomain,
  useHarness,
  withoutRequestId,
} from "@tally/testing";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let store: LocalStorefrontAdapter;
beforeAll(() => {
  expect(h.runtime.deps.providers.storefront.adapter).toBe("local");
  store = h.runtime.deps.providers.storefront as LocalStorefrontAdapter;
});

type Connection = ApiSchema<"StorefrontConnection">;

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
    const shopDomain = uniqueShopDomain();
    const created = await api<Connection>(h, "POST", `/creator/id/${creator.id}/storefront`, {
      key: tenant.memberKey,
      userId: creator.ownerId,
      body: {
        shopDomain: `  ${shopDomain.toUpperCase()} `,
        appSecret: STOREFRONT_SECRET,
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
    expect(created.text).not.toContain(STOREFRONT_SECRET);
    expect(created.text).not.toContain("shpat_secret_token");

    const shown = await api<Connection>(h, "GET", `/creator/id/${creator.id}/storefront`, {
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
    const bad = await api(h, "POST", path, {
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
      const response = await api(h, "POST", path, {
        key: tenant.adminKey,
        body: { shopDomain, appSecret: STOREFRONT_SECRET },
      });
      expectError(response, 422, "validation_failed");
      expect(fieldsOf(response), shopDomain).toContain("shopDomain");
    }
    const missing = await api(h, "POST", path, { key: tenant.adminKey, body: {} });
    expect(fieldsOf(missing)).toEqual(expect.arrayContaining(["shopDomain", "appSecret"]));
    const badId = await api(h, "GET", "/creator/id/NOT-AN-ID/storefront", { key: tenant.adminKey });
    expectError(badId, 422, "validation_failed");
  });

  it("allows one connection per creator and one per shop across all tenants (409 naming no tenant)", async () => {
    const { tenant, creator, shopDomain } = await connectedCreator(h);
    const again = await api(h, "POST", `/creator/id/${creator.id}/storefront`, {
      key: tenant.adminKey,
      body: { shopDomain: uniqueShopDomain(), appSecret: STOREFRONT_SECRET },
    });
    expectError(again, 409, "already_exists");

    const sibling = await createCreator(h, tenant);
    const sameTenant = await api(h, "POST", `/creator/id/${sibling.id}/storefront`, {
      key: tenant.adminKey,
      body: { shopDomain, appSecret: STOREFRONT_SECRET },
    });
    expectError(sameTenant, 409, "already_exists");

    const other = await h.createTenant();
    const otherCreator = await createCreator(h, other);
    const otherTenant = await api(h, "POST", `/creator/id/${otherCreator.id}/storefront`, {
      key: other.adminKey,
      body: { shopDomain, appSecret: STOREFRONT_SECRET },
    });
    expectError(otherTenant, 409, "already_exists");
    expect(withoutRequestId(otherTenant)).toEqual(withoutRequestId(sameTenant));
    expect(otherTenant.text).not.toContain(tenant.organizationId);
    expect(otherTenant.text).not.toContain(creator.id);
  });

  it("answers 404 without a connection, for unknown creators and for another tenant's creator", async () => {
    const { tenant, creator } = await connectedCreator(h);
    const bare = await createCreator(h, tenant);
    for (const [method, suffix] of [
      ["GET", ""],
      ["DELETE", ""],
      ["POST", "/sync"],
    ] as const) {
      expectError(
        await api(h, method, `/creator/id/${bare.id}/storefront${suffix}`, { key: tenant.adminKey }),
        404,
        "not_found",
      );
      expectError(
        await api(h, method, `/creator/id/${newId()}/storefront${suffix}`, { key: tenant.adminKey }),
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
        await api(h, method, `/creator/id/${creator.id}/storefront${suffix}`, { key: other.adminKey }),
        404,
        "not_found",
      );
    }
    expectError(
      await api(h, "POST", `/creator/id/${creator.id}/storefront`, {
        key: other.adminKey,
        body: { shopDomain: uniqueShopDomain(), appSecret: STOREFRONT_SECRET },
      }),
      404,
      "not_found",
    );
    // Still connected for its owner.
    expect(
      (await api(h, "GET", `/creator/id/${creator.id}/storefront`, { key: tenant.adminKey })).status,
    ).toBe(200);
  });

  it("answers 403 to a MEMBER key acting for a non-owner (or for nobody)", async () => {
    const { tenant, creator } = await connectedCreator(h);
    const stranger = await createUser(h, tenant);
    const routes = [
      ["GET", `/creator/id/${creator.id}/storefront`, undefined],
      ["DELETE", `/creator/id/${creator.id}/storefront`, undefined],
      ["POST", `/creator/id/${creator.id}/storefront/sync`, undefined],
      [
        "POST",
        `/creator/id/${creator.id}/storefront`,
        { shopDomain: uniqueShopDomain(), appSecret: STOREFRONT_SECRET },
      ],
    ] as const;
    for (const [method, path, body] of routes) {
      expectError(
        await api(h, method, path, { key: tenant.memberKey, userId: stranger.id, body }),
        403,
        "not_owner",
      );
      expectError(await api(h, method, path, { key: tenant.memberKey, body }), 403, "not_owner");
    }
    expect(
      (await api(h, "GET", `/creator/id/${creator.id}/storefront`, { key: tenant.adminKey })).status,
    ).toBe(200);
  });

  it("disconnects (204), frees the shop domain and keeps the products, unlinked", async () => {
    const setup = await connectedCreator(h);
    const { tenant, creator, shopDomain } = setup;
    const created = await deliverStorefrontWebhook(h, shopDomain, "products/create", platformProduct(1));
    expect(created.body.outcome).toBe("created");

    const removed = await api(h, "DELETE", `/creator/id/${creator.id}/storefront`, {
      key: tenant.memberKey,
      userId: creator.ownerId,
    });
    expect(removed.status, removed.text).toBe(204);
    expect(removed.text).toBe("");
    expectError(
      await api(h, "GET", `/creator/id/${creator.id}/storefront`, { key: tenant.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "DELETE", `/creator/id/${creator.id}/storefront`, { key: tenant.adminKey }),
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
    expect((await listCreatorProducts(h, setup)).map((product) => product.id)).toEqual([
      created.body.productId,
    ]);

    // The store no longer reaches the tenant...
    expectError(
      await deliverStorefrontWebhook(h, shopDomain, "products/create", platformProduct(2)),
      401,
      "signature_required",
    );
    // ...and the shop can be connected again, here in another tenant.
    const other = await h.createTenant();
    const otherCreator = await createCreator(h, other);
    const reconnected = await api(h, "POST", `/creator/id/${otherCreator.id}/storefront`, {
      key: other.adminKey,
      body: { shopDomain, appSecret: STOREFRONT_SECRET },
    });
    expect(reconnected.status, reconnected.text).toBe(201);
  });

  it("refuses a sync without an access token (409)", async () => {
    const { tenant, creator } = await connectedCreator(h);
    const refused = await api(h, "POST", `/creator/id/${creator.id}/storefront/sync`, {
      key: tenant.adminKey,
    });
    expectError(refused, 409, "invalid_state");
  });
});

describe("storefront-products-sync", () => {
  it("imports the store's catalogue page by page through the storefront port, idempotently", async () => {
    const setup = await connectedCreator(h, { accessToken: "shpat_sync_token" });
    // One product already arrived by webhook: the sync updates it instead of duplicating it.
    const early = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(201),
    );
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

    const accepted = await api<ApiSchema<"StorefrontSyncAccepted">>(
      h,
      "POST",
      `/creator/id/${setup.creator.id}/storefront/sync`,
      { key: setup.tenant.memberKey, userId: setup.creator.ownerId },
    );
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body).toEqual({ jobId: expect.any(String), connectionId: expect.any(String) });

    const products = await eventually(async () => {
      const list = await listCreatorProducts(h, setup);
      return list.length === 3 && list.some((product) => product.name === "Hoodie 201 (synced)")
        ? list
        : undefined;
    }, 30_000);
    expect(
      await eventually(
        async () => (await jobState(accepted.body.jobId)) === "completed" || undefined,
        30_000,
      ),
    ).toBe(true);
    const byName = Object.fromEntries(products.map((product) => [product.name, product]));
    expect(byName["Hoodie 201 (synced)"]?.id).toBe(early.body.productId);
    expect(byName["Hoodie 202"]).toMatchObject({ price: 1250, status: "DRAFT" });
    expect(byName["Hoodie 203"]?.variants).toEqual([
      expect.objectContaining({ name: "One size", price: 1250, stock: 3, isDefault: true }),
    ]);

    // A second run changes nothing.
    const again = await api<ApiSchema<"StorefrontSyncAccepted">>(
      h,
      "POST",
      `/creator/id/${setup.creator.id}/storefront/sync`,
      {
        key: setup.tenant.adminKey,
      },
    );
    expect(again.status).toBe(202);
    expect(
      await eventually(async () => (await jobState(again.body.jobId)) === "completed" || undefined, 30_000),
    ).toBe(true);
    const afterSecond = await listCreatorProducts(h, setup);
    expect(afterSecond.map((product) => product.id).sort()).toEqual(
      products.map((product) => product.id).sort(),
    );
    const connection = await api<Connection>(h, "GET", `/creator/id/${setup.creator.id}/storefront`, {
      key: setup.tenant.adminKey,
    });
    expect(connection.body.productCount).toBe(3);
    store.pageSize = 250;
  });
});
