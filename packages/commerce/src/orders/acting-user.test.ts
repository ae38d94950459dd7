import { orders } from "@tally/db";
import {
  type ApiSchema,
  shippingAddress as address,
  api,
  createCreator,
  createOrder,
  createUser,
  expectError,
  type Order,
  publishedProduct,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * When `X-User-Id` is sent on an order route it must be the order's buyer; a
 * guest order is changed only by the key without it, or through the guest routes.
 */

const h = useHarness();
let tenant: Tenant;
let productId: string;

beforeAll(async () => {
  tenant = await h.createTenant({ tier: "pro" });
  const creator = await createCreator(h, tenant);
  productId = (await publishedProduct(h, tenant, creator.id, { price: 1500 })).id;
});

const quote = (orderId: string, userId?: string) =>
  api<ApiSchema<"ShippingQuote">>(h, "POST", `/order/${orderId}/shipping/quote`, {
    key: tenant.adminKey,
    body: { firstName: "Ada", lastName: "Lovelace", address },
    ...(userId ? { userId } : {}),
  });
type Paths = Record<string, Record<string, { security?: unknown[] }>>;

const orderOf = async (orderId: string) => {
  const [row] = await h.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
};

describe("X-User-Id on order routes", () => {
  it("cannot readdress a guest order, whoever it names; the key alone can", async () => {
    const guest = await api<Order>(h, "POST", "/guest/order", { body: { productId } });
    expect(guest.status, guest.text).toBe(201);
    const stranger = await createUser(h, tenant);
    for (const userId of [stranger.id, "nosuchuser0000"]) {
      expectError(await quote(guest.body.id, userId), 403, "acting_user_mismatch");
    }
    const untouched = await orderOf(guest.body.id);
    expect(untouched.shippingAddress).toBeNull();
    expect(untouched.shippingFee).toBe(0);
    const byKey = await quote(guest.body.id);
    expect(byKey.status, byKey.text).toBe(200);
  });

  it("must name a user's order's buyer: another user is 403, the buyer and the key alone are 200", async () => {
    const buyer = await createUser(h, tenant);
    const other = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId });
    expectError(await quote(order.id, other.id), 403, "acting_user_mismatch");
    expect((await orderOf(order.id)).shippingAddress).toBeNull();
    expect((await quote(order.id, buyer.id)).status).toBe(200);
    expect((await quote(order.id)).status).toBe(200);
  });

  it("every keyed order route outside /user/{id}/ and /creator/ answers 403 for an X-User-Id that is not the buyer", async () => {
    // Derived from the served document, so a new order route must join this table (and the guard).
    const bodies: Record<string, unknown> = {
      "POST /order/{orderId}/shipping/quote": { firstName: "Ada", lastName: "Lovelace", address },
    };
    const paths = (h.runtime.openApiDocument as { paths: Paths }).paths;
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => (operation.security ?? []).length > 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const orderRoutes = documented.filter(
      (op) => /\/orders?\/\{(orderId|id)\}/.test(op) && !/ \/(user|creator)\//.test(op),
    );
    expect(orderRoutes.sort()).toEqual(Object.keys(bodies).sort());
    const buyer = await createUser(h, tenant);
    const stranger = await createUser(h, tenant);
    const userOrder = await createOrder(h, tenant, buyer.id, { productId });
    const guest = await api<Order>(h, "POST", "/guest/order", { body: { productId } });
    expect(guest.status, guest.text).toBe(201);
    for (const op of orderRoutes) {
      const [method, path] = op.split(" ") as [string, string];
      for (const [orderId, actingUserIds] of [
        [userOrder.id, [stranger.id, "nosuchuser0000"]],
        [guest.body.id, [buyer.id, stranger.id, "nosuchuser0000"]],
      ] as const) {
        for (const userId of actingUserIds) {
          const response = await api(h, method, path.replace("{orderId}", orderId).replace("{id}", orderId), {
            key: tenant.adminKey,
            body: bodies[op],
            userId,
          });
          expect(response.status, `${op} as ${userId}: ${response.text}`).toBe(403);
          expectError(response, 403, "acting_user_mismatch");
        }
      }
    }
  });

  it("/user/{id}/order/{orderId}/… routes refuse another user's order (404) and an X-User-Id other than {id} (403)", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { price: 1500 });
    const code = `OFF${Date.now().toString(36).toUpperCase()}`;
    const discount = await api(h, "POST", `/creator/id/${creator.id}/discount-codes`, {
      key: tenant.adminKey,
      body: { code, kind: "PERCENT", value: 10 },
    });
    expect(discount.status, discount.text).toBe(201);
    const buyer = await createUser(h, tenant);
    const other = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id });
    const itemId = String(order.items[0]!.id);
    // A request each operation would carry out for the buyer: only the ownership check stops it.
    const bodies: Record<string, unknown> = {
      "GET /user/{id}/order/{orderId}": undefined,
      "POST /user/{id}/order/{orderId}/product/{productId}": { quantity: 1 },
      "DELETE /user/{id}/order/{orderId}/item/{itemId}": undefined,
      "POST /user/{id}/order/{orderId}/discount": { code },
      "POST /user/{id}/order/{orderId}/points": { points: 0 },
      "PUT /user/{id}/order/{orderId}/points/finalize": undefined,
      "POST /user/{id}/order/{orderId}/points/revert": undefined,
      "POST /user/{id}/order/{orderId}/checkout": {},
      "POST /user/{id}/order/{orderId}/payment-failed": undefined,
      "PATCH /user/{id}/order/{orderId}/checkout/cryptocommerce": {
        callsId: "charge_unknown_1",
        amount: "15.00",
        customer: { email: "payer@example.com" },
      },
      "PATCH /user/{id}/order/{orderId}/checkout/embedded-wallet": {
        txHash: `0x${"ab".repeat(32)}`,
        walletAddress: `0x${"cd".repeat(20)}`,
        chain: "BASE",
        asset: "USDC",
        amount: "15.00",
      },
    };
    const paths = (h.runtime.openApiDocument as { paths: Paths }).paths;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith("/user/{id}/order/{orderId}"))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(Object.keys(bodies).sort());
    const call = (op: string, userId: string, actingUserId?: string) => {
      const [method, path] = op.split(" ") as [string, string];
      const url = path
        .replace("{id}", userId)
        .replace("{orderId}", order.id)
        .replace("{productId}", product.id)
        .replace("{itemId}", itemId);
      return api(h, method, url, {
        key: tenant.adminKey,
        ...(bodies[op] === undefined ? {} : { body: bodies[op] }),
        ...(actingUserId ? { userId: actingUserId } : {}),
      });
    };
    for (const op of Object.keys(bodies)) {
      const foreign = await call(op, other.id);
      expect(foreign.status, `${op} as {id}=other: ${foreign.text}`).toBe(404);
      expectError(foreign, 404, "not_found");
      const namedOther = await call(op, other.id, other.id);
      expect(namedOther.status, `${op} as {id}=X-User-Id=other: ${namedOther.text}`).toBe(404);
      for (const actingUserId of [other.id, "nosuchuser0000"]) {
        const mismatch = await call(op, buyer.id, actingUserId);
        expect(mismatch.status, `${op} with X-User-Id ${actingUserId}: ${mismatch.text}`).toBe(403);
        expectError(mismatch, 403, "acting_user_mismatch");
      }
    }
    const after = await orderOf(order.id);
    expect(after).toMatchObject({ status: "OPEN", discountCodeId: null, points: 0 });
    const read = await api<Order>(h, "GET", `/user/${buyer.id}/order/${order.id}`, { key: tenant.adminKey });
    expect(read.body.items.map((item) => item.quantity)).toEqual([1]);
  });
});
