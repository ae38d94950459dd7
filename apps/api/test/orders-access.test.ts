import { orders } from "@tally/db";
import type { Tenant, TestHarness } from "@tally/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCreator, createUser } from "./creator-fixtures.ts";
import { startHarness } from "./harness.ts";
import { api, createOrder, type Order, publishedProduct } from "./orders-fixtures.ts";
import { expectError } from "./user-fixtures.ts";

/**
 * Issue 12, defect 5: when `X-User-Id` is sent on an order route it must be the order's buyer; a
 * guest order is changed only by the key without it, or through the guest routes.
 */

let h: TestHarness;
let tenant: Tenant;
let productId: string;

beforeAll(async () => {
  h = await startHarness();
  tenant = await h.createTenant({ tier: "pro" });
  const creator = await createCreator(h, tenant);
  productId = (await publishedProduct(h, tenant, creator.id, { price: 1500 })).id;
});
afterAll(async () => {
  await h?.close();
});

const address = {
  line1: "1 Main St",
  city: "Springfield",
  state: "IL",
  postalCode: "62701",
  countryCode: "US",
};
const quote = (orderId: string, userId?: string) =>
  api<{ shippingFee: number }>(h, "POST", `/order/${orderId}/shipping/quote`, {
    key: tenant.adminKey,
    body: { firstName: "Ada", lastName: "Lovelace", address },
    ...(userId ? { userId } : {}),
  });
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

  it("/user/{id}/order/{orderId} routes refuse another user's order and an X-User-Id other than {id}", async () => {
    const buyer = await createUser(h, tenant);
    const other = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId });
    expectError(
      await api(h, "GET", `/user/${other.id}/order/${order.id}`, { key: tenant.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "POST", `/user/${other.id}/order/${order.id}/checkout`, {
        key: tenant.adminKey,
        body: {},
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "GET", `/user/${buyer.id}/order/${order.id}`, { key: tenant.adminKey, userId: other.id }),
      403,
      "acting_user_mismatch",
    );
  });
});
