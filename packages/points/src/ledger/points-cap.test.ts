import {
  api,
  buyer,
  checkout,
  expectError,
  getOrder,
  grantPoints,
  openShop,
  pointsBalance,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

/** Points pay at most the amount due: more is refused, never burned. */

const h = useHarness();

describe("points beyond the amount due", () => {
  it("10,000 points on a $25 order: 422 points_exceed_amount_due naming 2,500, nothing spent; 2,500 then pay it", async () => {
    const shop = await openShop(h, { price: 2500 });
    const { user, order } = await buyer(h, shop);
    await grantPoints(h, shop.tenant, user.id, 10_000, { creatorId: shop.creator.id });
    const key = shop.tenant.adminKey;

    const applied = await api(h, "POST", `/user/${user.id}/order/${order.id}/points`, {
      key,
      body: { points: 10_000 },
    });
    expectError(applied, 422, "points_exceed_amount_due");
    expect((applied.body as { context: unknown }).context).toEqual({ points: 10_000, maxPoints: 2500 });

    const atCheckout = await checkout(h, shop.tenant, user.id, order.id, { points: 10_000 });
    expectError(atCheckout, 422, "points_exceed_amount_due");
    expect((atCheckout.body as unknown as { context: unknown }).context).toEqual({
      points: 10_000,
      maxPoints: 2500,
    });
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(10_000);
    expect(await getOrder(h, shop.tenant, user.id, order.id)).toMatchObject({ status: "OPEN", points: 0 });

    const paid = await checkout(h, shop.tenant, user.id, order.id, { points: 2500 });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ amount: 0, orderStatus: "PAID" });
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(7500);
  });

  it("points below the amount due pay part of it and the card the rest", async () => {
    const shop = await openShop(h, { price: 2500 });
    const { user, order } = await buyer(h, shop);
    await grantPoints(h, shop.tenant, user.id, 3000, { creatorId: shop.creator.id });
    const key = shop.tenant.adminKey;
    const applied = await api(h, "POST", `/user/${user.id}/order/${order.id}/points`, {
      key,
      body: { points: 2500 },
    });
    expect(applied.status, applied.text).toBe(200);
    const partial = await checkout(h, shop.tenant, user.id, order.id, { points: 1000 });
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body.amount).toBe(1500);
    expect(await pointsBalance(h, shop.tenant, user.id)).toBe(2000);
  });
});
