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
  STOREFRONT_ACCESS_TOKEN,
  STOREFRONT_SECRET,
  uniqueShopDomain,
  useHarness,
  verifyConnection,
  withoutRequestId,
} from "@tally/testing";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

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
      status: "PENDING",
      verificationToken: expect.stringMatching(/^tally-verify-[A-Za-z0-9_-]{32}$/),
      verifiedAt: null,
      productCount: 0,
      createdAt: expect.any(String),
    });
    expect(created.text).not.toContain(STOREFRONT_SECRET);
    expect(created.text).not.toContain("shpat_secret_token");
    const registryRow = () =>
      h.database.db.select().from(storefrontShops).where(eq(storefrontShops.shopDomain, shopDomain));
    // A PENDING connection holds no domain.
    expect(await registryRow()).toEqual([]);

    const verified = await verifyConnection(h, tenant, creator.id, created.body);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toEqual({
      ...created.body,
      status: "VERIFIED",
      verificationToken: null,
      verifiedAt: expect.any(String),
    });
    const shown = await api<Connection>(h, "GET", `/creator/id/${creator.id}/storefront`, {
      key: tenant.memberKey,
      userId: creator.ownerId,
    });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(verified.body);
    // Verifying again answers the connection as it is.
    const again = await api<Connection>(h, "POST", `/creator/id/${creator.id}/storefront/verify`, {
      key: tenant.adminKey,
    });
    expect(again.body).toEqual(verified.body);

    const [registry] = await registryRow();
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

  it("allows one connection per creator; a shop's domain is held by one verified connection, refused alike everywhere else", async () => {
    const { tenant, creator, shopDomain } = await connectedCreator(h);
    const again = await api(h, "POST", `/creator/id/${creator.id}/storefront`, {
      key: tenant.adminKey,
      body: { shopDomain: uniqueShopDomain(), appSecret: STOREFRONT_SECRET },
    });
    expectError(again, 409, "already_exists");

    /** Connects `shopDomain` for a new creator of `of`: PENDING, whoever holds the domain. */
    const connect = async (of: typeof tenant, domain: string) => {
      const someone = await createCreator(h, of);
      const created = await api<Connection>(h, "POST", `/creator/id/${someone.id}/storefront`, {
        key: of.adminKey,
        body: { shopDomain: domain, appSecret: STOREFRONT_SECRET, accessToken: STOREFRONT_ACCESS_TOKEN },
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body).toMatchObject({ status: "PENDING" });
      return { someone, created: created.body };
    };
    const verify = (of: typeof tenant, creatorId: string) =>
      api(h, "POST", `/creator/id/${creatorId}/storefront/verify`, { key: of.adminKey });

    // A domain whose shop holds no token, or another connection's, is not verified.
    const unproven = await connect(tenant, uniqueShopDomain());
    const noToken = await verify(tenant, unproven.someone.id);
    expectError(noToken, 409, "storefront_unverified");
    store.placeDomainVerification(unproven.created.shopDomain, "tally-verify-someone-elses");
    expectError(await verify(tenant, unproven.someone.id), 409, "storefront_unverified");

    // The held domain: even a token placed in the shop does not move it, and the refusal is the same.
    const sibling = await connect(tenant, shopDomain);
    const sameTenant = await verifyConnection(h, tenant, sibling.someone.id, sibling.created);
    expectError(sameTenant, 409, "storefront_unverified");
    const other = await h.createTenant();
    const intruder = await connect(other, shopDomain);
    const otherTenant = await verifyConnection(h, other, intruder.someone.id, intruder.created);
    expectError(otherTenant, 409, "storefront_unverified");
    expect(withoutRequestId(otherTenant)).toEqual(withoutRequestId(noToken));
    expect(withoutRequestId(sameTenant)).toEqual(withoutRequestId(noToken));
    expect(otherTenant.text).not.toContain(tenant.organizationId);
    expect(otherTenant.text).not.toContain(creator.id);
    const [registry] = await h.database.db
      .select()
      .from(storefrontShops)
      .where(eq(storefrontShops.shopDomain, shopDomain));
    expect(registry).toMatchObject({ organizationId: tenant.organizationId });
    const shown = await api<Connection>(h, "GET", `/creator/id/${intruder.someone.id}/storefront`, {
      key: other.adminKey,
    });
    expect(shown.body).toMatchObject({ status: "PENDING", verifiedAt: null });
  });

  it("two tenants verifying one shop at once: exactly one holds it", async () => {
    const shopDomain = uniqueShopDomain();
    const pending = await Promise.all(
      ["shpat_first", "shpat_second"].map(async (accessToken) => {
        const tenant = await h.createTenant();
        const creator = await createCreator(h, tenant);
        const created = await api<Connection>(h, "POST", `/creator/id/${creator.id}/storefront`, {
          key: tenant.adminKey,
          body: { shopDomain, appSecret: STOREFRONT_SECRET, accessToken },
        });
        expect(created.status, created.text).toBe(201);
        return { tenant, creator, accessToken, token: created.body.verificationToken };
      }),
    );
    // Both "prove" control (the shop answers each token its own connection's value): the registry decides.
    const tokenOf = new Map(pending.map((entry) => [entry.accessToken, entry.token]));
    const read = vi
      .spyOn(store, "readDomainVerification")
      .mockImplementation(async (connection) => tokenOf.get(connection.accessToken) ?? null);
    const answers = await Promise.all(
      pending.map((entry) =>
        api(h, "POST", `/creator/id/${entry.creator.id}/storefront/verify`, { key: entry.tenant.adminKey }),
      ),
    ).finally(() => read.mockRestore());
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rows = await h.database.db
      .select()
      .from(storefrontShops)
      .where(eq(storefrontShops.shopDomain, shopDomain));
    expect(rows).toHaveLength(1);
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

  it("a connection without an access token cannot be verified, and a PENDING one does not sync (409)", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const created = await api<Connection>(h, "POST", `/creator/id/${creator.id}/storefront`, {
      key: tenant.adminKey,
      body: { shopDomain: uniqueShopDomain(), appSecret: STOREFRONT_SECRET },
    });
    expect(created.body).toMatchObject({ status: "PENDING", hasAccessToken: false });
    expectError(await verifyConnection(h, tenant, creator.id, created.body), 409, "invalid_state");
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
