import { readFileSync } from "node:fs";
import { objectRoutes } from "@tally/db";
import {
  api,
  connectedCreator,
  createCreator,
  createUser,
  deliverStorefrontWebhook,
  type ErrorBody,
  expectError,
  type Order,
  platformProduct,
  publishedProduct,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenantA: Tenant;
let tenantB: Tenant;
beforeAll(async () => {
  tenantA = await h.createTenant();
  tenantB = await h.createTenant();
});

const productRoute = async (productId: string) =>
  h.database.db
    .select()
    .from(objectRoutes)
    .where(and(eq(objectRoutes.objectId, productId), eq(objectRoutes.kind, "product")));

/** The error body without its request id: what a caller could compare between two answers. */
const answer = (response: { status: number; body: unknown }) => {
  const { requestId: _requestId, ...rest } = response.body as ErrorBody;
  return { httpStatus: response.status, ...rest };
};

describe("guest orders find the product's tenant through the routing table", () => {
  it("creates a guest order of tenant A's product in tenant A", async () => {
    const creator = await createCreator(h, tenantA);
    const product = await publishedProduct(h, tenantA, creator.id, { price: 700 });
    expect(await productRoute(product.id)).toMatchObject([{ organizationId: tenantA.organizationId }]);
    const created = await api<Order>(h, "POST", "/guest/order", { body: { productId: product.id } });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ creatorId: creator.id, amounts: { total: 700 }, userId: null });
    // The order is tenant A's: its admin key reads it through the creator's orders.
    const listed = await api<Order[]>(h, "GET", `/creator/id/${creator.id}/orders`, {
      key: tenantA.adminKey,
    });
    expect(listed.body.map((order) => order.id)).toContain(created.body.id);
  });

  it("routes a product imported from a storefront, in the import's tenant", async () => {
    const setup = await connectedCreator(h);
    const imported = await deliverStorefrontWebhook(
      h,
      setup.shopDomain,
      "products/create",
      platformProduct(7),
    );
    expect(imported.status, imported.text).toBe(200);
    const productId = imported.body.productId!;
    expect(await productRoute(productId)).toMatchObject([{ organizationId: setup.tenant.organizationId }]);
    const published = await api(h, "POST", `/creator/id/${setup.creator.id}/product/${productId}/publish`, {
      key: setup.tenant.adminKey,
    });
    expect(published.status, published.text).toBe(200);
    const ordered = await api<Order>(h, "POST", "/guest/order", { body: { productId } });
    expect(ordered.status, ordered.text).toBe(201);
    expect(ordered.body.creatorId).toBe(setup.creator.id);
  });

  it("answers tenant B's product id through tenant A's routes exactly as an unknown id", async () => {
    const buyer = await createUser(h, tenantA);
    const creatorB = await createCreator(h, tenantB);
    const productB = await publishedProduct(h, tenantB, creatorB.id);
    const order = (productId: string) =>
      api(h, "POST", `/user/${buyer.id}/order`, { key: tenantA.adminKey, body: { productId } });
    const foreign = await order(productB.id);
    const unknown = await order("nosuchproduct0");
    expectError(foreign, 404, "not_found");
    expect(answer(foreign)).toEqual(answer(unknown));
    expect(foreign.text).not.toContain(productB.id);
    expect(foreign.text).not.toContain(tenantB.organizationId);
    expect(foreign.text).not.toContain(creatorB.id);
  });

  it("reads only the routing table: a product without a route is 404, and the backfill restores it", async () => {
    const creator = await createCreator(h, tenantA);
    const product = await publishedProduct(h, tenantA, creator.id);
    await h.database.db.delete(objectRoutes).where(eq(objectRoutes.objectId, product.id));
    const unrouted = await api(h, "POST", "/guest/order", { body: { productId: product.id } });
    const unknown = await api(h, "POST", "/guest/order", { body: { productId: "nosuchproduct0" } });
    expectError(unrouted, 404, "not_found");
    expect(answer(unrouted)).toEqual(answer(unknown));

    // The migration's backfill gives products created before routing their route.
    const backfill = readFileSync(
      new URL("../../../db/drizzle/0008_object_routes_backfill.sql", import.meta.url),
      "utf8",
    );
    for (const statement of backfill.split("--> statement-breakpoint"))
      await h.database.db.execute(sql.raw(statement));
    expect(await productRoute(product.id)).toMatchObject([{ organizationId: tenantA.organizationId }]);
    const ordered = await api(h, "POST", "/guest/order", { body: { productId: product.id } });
    expect(ordered.status, ordered.text).toBe(201);
  });

  it("forgets a purged product: its id answers 404 like an unknown id", async () => {
    const creator = await createCreator(h, tenantA);
    const product = await publishedProduct(h, tenantA, creator.id, { publish: false });
    const purged = await api(h, "DELETE", `/creator/id/${creator.id}/product/${product.id}/purge`, {
      key: tenantA.adminKey,
    });
    expect(purged.status, purged.text).toBe(204);
    expect(await productRoute(product.id)).toEqual([]);
    const guest = await api(h, "POST", "/guest/order", { body: { productId: product.id } });
    const unknown = await api(h, "POST", "/guest/order", { body: { productId: "nosuchproduct0" } });
    expectError(guest, 404, "not_found");
    expect(answer(guest)).toEqual(answer(unknown));
  });
});
