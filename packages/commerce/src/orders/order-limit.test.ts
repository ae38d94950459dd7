import { api, createUser, expectError, openShop, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";

/** An order's items cost at most 2^31 - 1 cents: summed in 64 bits, refused past the limit, never a 500. */

const h = useHarness();
const LIMIT = 2_147_483_647;

interface OrderBody {
  id: string;
  items: { quantity: number }[];
  subtotal: number;
}

describe("an order past 2^31 - 1 cents", () => {
  it("is refused with 422 naming the limit, on create and on add; an order at the limit is fine", async () => {
    const shop = await openShop(h, { price: 2_000_000_000 });
    const user = await createUser(h, shop.tenant);
    const key = shop.tenant.adminKey;

    const tooBig = await api(h, "POST", `/user/${user.id}/order`, {
      key,
      body: { productId: shop.product.id, quantity: 2 },
    });
    expectError(tooBig, 422, "validation_failed");
    expect((tooBig.body as { context: unknown }).context).toEqual({
      subtotal: 4_000_000_000,
      maxTotalCents: LIMIT,
    });
    expectError(await api(h, "GET", `/user/${user.id}/order`, { key }), 404, "not_found");

    const created = await api<OrderBody>(h, "POST", `/user/${user.id}/order`, {
      key,
      body: { productId: shop.product.id, quantity: 1 },
    });
    expect(created.status, created.text).toBe(201);
    const orderId = created.body.id;
    const added = await api(h, "POST", `/user/${user.id}/order/${orderId}/product/${shop.product.id}`, {
      key,
      body: { quantity: 1 },
    });
    expectError(added, 422, "validation_failed");
    const after = await api<OrderBody>(h, "GET", `/user/${user.id}/order/${orderId}`, { key });
    expect(after.status, after.text).toBe(200);
    expect(after.body.items.map((item) => item.quantity)).toEqual([1]);

    const atLimit = await openShop(h, { price: LIMIT });
    const other = await createUser(h, atLimit.tenant);
    const fits = await api<OrderBody>(h, "POST", `/user/${other.id}/order`, {
      key: atLimit.tenant.adminKey,
      body: { productId: atLimit.product.id, quantity: 1 },
    });
    expect(fits.status, fits.text).toBe(201);
  });
});
