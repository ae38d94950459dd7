import { objectRoutes, orders, organizationSettings, withTenant } from "@tally/db";
import { takeAddressToken } from "@tally/platform";
import {
  api,
  createCreator,
  createOrder,
  createUser,
  type ErrorBody,
  expectError,
  memberKeys,
  type Order,
  publishedProduct,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderAmounts } from "./amounts.ts";
import { GUEST_ORDER_LIMIT } from "./router.ts";

const h = useHarness();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
});

describe("order create, read and list", () => {
  it("creates an OPEN order with snapshotted items, registers its id, and reads it back", async () => {
    const buyer = await createUser(h, tenant);
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, {
      price: 2500,
      variants: [
        { name: "Small", stock: 5, attributes: { size: "S" } },
        { name: "Large", stock: 5, price: 3000, attributes: { size: "L" } },
      ],
    });
    const [small, large] = product.variants;
    const order = await createOrder(h, tenant, buyer.id, {
      productId: product.id,
      variantIds: [small!.id, large!.id],
      quantity: 2,
    });
    expect(order).toMatchObject({
      status: "OPEN",
      shippingStatus: "PENDING",
      points: 0,
      shippingFee: 0,
      shippingInfo: null,
      userId: buyer.id,
      creatorId: creator.id,
      discount: 0,
      amounts: { subtotal: 2 * 2500 + 2 * 3000, discount: 0, pointsValue: 0, shippingFee: 0, total: 11000 },
      payment: { method: null, paidAt: null, amountPaid: null, cardPaymentIntent: null },
    });
    expect(order.items).toHaveLength(2);
    expect(order.items[0]).toMatchObject({
      productId: product.id,
      variantId: small!.id,
      productSlug: product.slug,
      quantity: 2,
      price: 2500,
      selectedAttributes: { size: "S" },
    });
    expect(order.items[1]).toMatchObject({
      variantId: large!.id,
      price: 3000,
      selectedAttributes: { size: "L" },
    });

    const [route] = await h.database.db
      .select()
      .from(objectRoutes)
      .where(eq(objectRoutes.objectId, order.id));
    expect(route).toMatchObject({ kind: "order", organizationId: tenant.organizationId });

    const current = await api<Order>(h, "GET", `/user/${buyer.id}/order`, { key: tenant.memberKey });
    expect(current.status, current.text).toBe(200);
    expect(current.body.id).toBe(order.id);
    const one = await api<Order>(h, "GET", `/user/${buyer.id}/order/${order.id}`, { key: tenant.memberKey });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(current.body);

    // Another user cannot read it; the list is the user's.
    const other = await createUser(h, tenant);
    expectError(
      await api(h, "GET", `/user/${other.id}/order/${order.id}`, { key: tenant.memberKey }),
      404,
      "not_found",
    );
    expectError(await api(h, "GET", `/user/${other.id}/order`, { key: tenant.memberKey }), 404, "not_found");
    const list = await api<Order[]>(h, "GET", `/user/${buyer.id}/orders?limit=10`, { key: tenant.memberKey });
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("1");
    expect(list.body.map((row) => row.id)).toEqual([order.id]);
    expect(list.body[0]!.items).toHaveLength(2);
    expect(list.body[0]!.payment).toBeDefined();

    // Another tenant sees nothing.
    const stranger = await h.createTenant();
    expectError(
      await api(h, "GET", `/user/${buyer.id}/order/${order.id}`, { key: stranger.adminKey }),
      404,
      "not_found",
    );
  });

  it("refuses unpublished products, foreign variants and bad quantities", async () => {
    const buyer = await createUser(h, tenant);
    const creator = await createCreator(h, tenant);
    const draft = await publishedProduct(h, tenant, creator.id, { publish: false });
    const orderDraft = await api<ErrorBody>(h, "POST", `/user/${buyer.id}/order`, {
      key: tenant.adminKey,
      body: { productId: draft.id },
    });
    expectError(orderDraft, 404, "not_found");
    expect(orderDraft.body.error).toMatch(/^Product is not published: it is a DRAFT/);
    const unknown = await api<ErrorBody>(h, "POST", `/user/${buyer.id}/order`, {
      key: tenant.adminKey,
      body: { productId: "nosuchproduct" },
    });
    expectError(unknown, 404, "not_found");
    expect(unknown.body.error).toBe("Product not found");
    const archived = await publishedProduct(h, tenant, creator.id);
    const archive = await api(h, "DELETE", `/creator/id/${creator.id}/product/${archived.id}`, {
      key: tenant.adminKey,
    });
    expect(archive.status, archive.text).toBe(204);
    const orderArchived = await api<ErrorBody>(h, "POST", `/user/${buyer.id}/order`, {
      key: tenant.adminKey,
      body: { productId: archived.id },
    });
    expectError(orderArchived, 404, "not_found");
    expect(orderArchived.body.error).toMatch(/^Product is not published: it is ARCHIVED/);
    const product = await publishedProduct(h, tenant, creator.id);
    const otherProduct = await publishedProduct(h, tenant, creator.id);
    const foreign = await api<ErrorBody>(h, "POST", `/user/${buyer.id}/order`, {
      key: tenant.adminKey,
      body: { productId: product.id, variantIds: [otherProduct.variants[0]!.id] },
    });
    expectError(foreign, 422, "validation_failed");
    for (const quantity of [0, -1, 1.5]) {
      expectError(
        await api(h, "POST", `/user/${buyer.id}/order`, {
          key: tenant.adminKey,
          body: { productId: product.id, quantity },
        }),
        422,
        "validation_failed",
      );
    }
    // Nothing was created by the refused calls.
    expectError(await api(h, "GET", `/user/${buyer.id}/order`, { key: tenant.adminKey }), 404, "not_found");
  });

  it("100 concurrent creates for one user: exactly one 201, the rest 409 open_order_exists naming it", async () => {
    const buyer = await createUser(h, tenant);
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id);
    const keys = await memberKeys(h, tenant, 5);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api<Order & ErrorBody>(h, "POST", `/user/${buyer.id}/order`, {
          key: keys[i % keys.length]!,
          body: { productId: product.id },
        }),
      ),
    );
    const created = responses.filter((response) => response.status === 201);
    expect(
      responses.filter((response) => response.status !== 201 && response.status !== 409).map((r) => r.text),
    ).toEqual([]);
    const refused = responses.filter((response) => response.status === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(99);
    const openId = created[0]!.body.id;
    for (const response of refused) {
      expect(response.body.code).toBe("open_order_exists");
      expect(response.body.context).toMatchObject({ orderId: openId });
    }
    const rows = await h.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.userId, buyer.id)));
    expect(rows).toHaveLength(1);
  });
});

describe("order items", () => {
  it("adds products (one creator per order), reduces and removes items", async () => {
    const buyer = await createUser(h, tenant);
    const creator = await createCreator(h, tenant);
    const first = await publishedProduct(h, tenant, creator.id, { price: 1000 });
    const second = await publishedProduct(h, tenant, creator.id, { price: 500 });
    const order = await createOrder(h, tenant, buyer.id, { productId: first.id });

    const added = await api<Order>(h, "POST", `/user/${buyer.id}/order/${order.id}/product/${second.id}`, {
      key: tenant.adminKey,
      body: { quantity: 3 },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.items.map((item) => [item.productId, item.quantity])).toEqual([
      [first.id, 1],
      [second.id, 3],
    ]);
    expect(added.body.amounts.total).toBe(2500);

    // The same variant again adds units to its line.
    const again = await api<Order>(h, "POST", `/user/${buyer.id}/order/${order.id}/product/${first.id}`, {
      key: tenant.adminKey,
      body: {},
    });
    expect(again.body.items.map((item) => item.quantity)).toEqual([2, 3]);

    // Another creator's product: 409.
    const otherCreator = await createCreator(h, tenant);
    const foreign = await publishedProduct(h, tenant, otherCreator.id);
    expectError(
      await api(h, "POST", `/user/${buyer.id}/order/${order.id}/product/${foreign.id}`, {
        key: tenant.adminKey,
        body: {},
      }),
      409,
      "conflict",
    );

    const secondLine = again.body.items[1]!;
    const reduced = await api<Order>(
      h,
      "DELETE",
      `/user/${buyer.id}/order/${order.id}/item/${secondLine.id}?quantity=2`,
      { key: tenant.adminKey },
    );
    expect(reduced.status, reduced.text).toBe(200);
    expect(reduced.body.items.map((item) => item.quantity)).toEqual([2, 1]);
    const reducedByBody = await api<Order>(
      h,
      "DELETE",
      `/user/${buyer.id}/order/${order.id}/item/${secondLine.id}`,
      {
        key: tenant.adminKey,
        body: { quantity: 5 },
      },
    );
    expect(reducedByBody.body.items.map((item) => item.productId)).toEqual([first.id]);
    expectError(
      await api(h, "DELETE", `/user/${buyer.id}/order/${order.id}/item/${secondLine.id}`, {
        key: tenant.adminKey,
      }),
      404,
      "not_found",
    );

    // Emptied, the order can take another creator's products.
    const removed = await api<Order>(
      h,
      "DELETE",
      `/user/${buyer.id}/order/${order.id}/item/${reducedByBody.body.items[0]!.id}`,
      { key: tenant.adminKey },
    );
    expect(removed.body).toMatchObject({ items: [], creatorId: null, amounts: { total: 0 } });
    const switched = await api<Order>(
      h,
      "POST",
      `/user/${buyer.id}/order/${order.id}/product/${foreign.id}`,
      {
        key: tenant.adminKey,
        body: {},
      },
    );
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body.creatorId).toBe(otherCreator.id);
  });

  it("refuses item changes once payment started; a PAYMENT_FAILED order changes back to OPEN", async () => {
    const buyer = await createUser(h, tenant);
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id });
    const setStatus = (status: Order["status"]) =>
      h.database.db
        .update(orders)
        .set({ status: status as "OPEN" })
        .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, order.id)));

    await setStatus("PAYMENT_PENDING");
    expectError(
      await api(h, "POST", `/user/${buyer.id}/order/${order.id}/product/${product.id}`, {
        key: tenant.adminKey,
        body: {},
      }),
      409,
      "invalid_state",
    );
    await setStatus("PAYMENT_FAILED");
    const changed = await api<Order>(h, "POST", `/user/${buyer.id}/order/${order.id}/product/${product.id}`, {
      key: tenant.adminKey,
      body: {},
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.status).toBe("OPEN");

    // A failed order cannot reopen while the user has another OPEN order.
    await setStatus("PAYMENT_FAILED");
    const newer = await createOrder(h, tenant, buyer.id, { productId: product.id });
    const refused = await api<ErrorBody>(
      h,
      "POST",
      `/user/${buyer.id}/order/${order.id}/product/${product.id}`,
      {
        key: tenant.adminKey,
        body: {},
      },
    );
    expectError(refused, 409, "open_order_exists");
    expect(refused.body.context).toMatchObject({ orderId: newer.id });
  });
});

describe("totals", () => {
  it("orderAmounts: items - discount - points x pointValueCents + shipping, never below 0", async () => {
    const buyer = await createUser(h, tenant);
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 1999 });
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id, quantity: 3 });
    const db = h.database.db;
    await db
      .insert(organizationSettings)
      .values({ organizationId: tenant.organizationId, pointValueCents: 2 })
      .onConflictDoUpdate({ target: organizationSettings.organizationId, set: { pointValueCents: 2 } });
    await db
      .update(orders)
      .set({ points: 1000, shippingFee: 750 })
      .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, order.id)));
    const ref = { organizationId: tenant.organizationId, orderId: order.id };
    expect(await withTenant(db, tenant.organizationId, (tx) => orderAmounts(tx, ref))).toEqual({
      subtotal: 5997,
      discount: 0,
      pointsValue: 2000,
      shippingFee: 750,
      total: 5997 - 2000 + 750,
    });
    await db
      .update(orders)
      .set({ points: 10_000 })
      .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, order.id)));
    expect((await withTenant(db, tenant.organizationId, (tx) => orderAmounts(tx, ref))).total).toBe(0);
    await expect(
      withTenant(db, tenant.organizationId, (tx) => orderAmounts(tx, { ...ref, orderId: "nosuchorder" })),
    ).rejects.toMatchObject({ code: "not_found" });
    await db
      .update(organizationSettings)
      .set({ pointValueCents: 1 })
      .where(eq(organizationSettings.organizationId, tenant.organizationId));
  });
});

describe("guest orders", () => {
  it("creates a guest order without a key, registered for the guest routes", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 1200 });
    const response = await api<Order>(h, "POST", "/guest/order", {
      body: {
        productId: product.id,
        quantity: 2,
        email: "guest@example.com",
        shippingAddress: {
          line1: "1 Main St",
          city: "Springfield",
          state: "IL",
          postalCode: "62701",
          countryCode: "us",
        },
      },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      status: "OPEN",
      userId: null,
      guestEmail: "guest@example.com",
      creatorId: creator.id,
      shippingAddress: { countryCode: "US", city: "Springfield" },
      amounts: { total: 2400 },
    });
    const [route] = await h.database.db
      .select()
      .from(objectRoutes)
      .where(eq(objectRoutes.objectId, response.body.id));
    expect(route).toMatchObject({ kind: "order", organizationId: tenant.organizationId });

    // Unknown or unpublished products reveal nothing.
    expectError(
      await api(h, "POST", "/guest/order", { body: { productId: "nosuchproduct" } }),
      404,
      "not_found",
    );
    const draft = await publishedProduct(h, tenant, creator.id, { publish: false });
    const guestDraft = await api<ErrorBody>(h, "POST", "/guest/order", { body: { productId: draft.id } });
    expectError(guestDraft, 404, "not_found");
    expect(guestDraft.body.error).toBe("Product not found");
    expectError(
      await api(h, "POST", "/guest/order", { body: { productId: product.id, email: "not-an-email" } }),
      422,
      "validation_failed",
    );
  });

  it("is rate-limited per client address", async () => {
    const limit = { scope: `test-${Date.now()}`, ratePerSecond: 0.001, burst: 3 };
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => takeAddressToken(h.database.db, "198.51.100.7", limit)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "rate_limited" });
    expect(refused.reason.headers["Retry-After"]).toBeDefined();
    // Another address has its own bucket.
    await expect(takeAddressToken(h.database.db, "198.51.100.8", limit)).resolves.toBeUndefined();

    // Over HTTP: this file's requests come from the harness's address; drain its bucket.
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id);
    for (let i = 0; i < GUEST_ORDER_LIMIT.burst + 1; i++) {
      await takeAddressToken(h.database.db, h.clientAddress, GUEST_ORDER_LIMIT).catch(() => undefined);
    }
    const limited = await api(h, "POST", "/guest/order", { body: { productId: product.id } });
    expectError(limited, 429, "rate_limited");
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });
});
