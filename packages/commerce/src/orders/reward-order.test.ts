import { newId } from "@tally/core";
import { orders, productVariants, withTenant } from "@tally/db";
import {
  api,
  createCreator,
  createUser,
  eventually,
  notificationsOf,
  type Order,
  publishedProduct,
  shippingAddress,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createRewardOrder, type RewardOrderRequest } from "./reward-order.ts";

const h = useHarness();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
});

/** A reward order shipped to the test address unless `request` names another (or none). */
const rewardOrder = (userId: string, request: RewardOrderRequest) =>
  withTenant(h.database.db, tenant.organizationId, (tx) =>
    createRewardOrder(
      { tx, events: h.runtime.deps.events, now: new Date() },
      { organizationId: tenant.organizationId, userId },
      { shippingAddress, ...request },
    ),
  );

const stockOf = async (variantId: string) => {
  const [row] = await h.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row?.stock;
};

const ordersOfRedemption = (redemptionId: string) =>
  h.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.redemptionId, redemptionId)));

describe("a FREE_PRODUCT reward's order", () => {
  it("is PAID at zero cost, readable over the order routes, once per redemption, without purchase points", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, {
      price: 4000,
      stock: 1,
      pointEligible: true,
    });
    await api(h, "PATCH", `/creator/id/${creator.id}`, {
      key: tenant.adminKey,
      body: { pointsPerDollar: 10 },
    });
    const fan = await createUser(h, tenant);
    const publish = vi.spyOn(h.runtime.deps.events, "publish");
    const redemptionId = newId();
    const request = { redemptionId, creatorId: creator.id, productId: product.id };

    const made = await rewardOrder(fan.id, request);
    const published = publish.mock.calls.map(([, event]) => event);
    publish.mockRestore();
    expect(published).toEqual(["order-confirmation", "creator-order-confirmation"]);
    const read = await api<Order>(h, "GET", `/user/${fan.id}/order/${made.id}`, { key: tenant.adminKey });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({
      status: "PAID",
      userId: fan.id,
      creatorId: creator.id,
      items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1, price: 0 }],
      amounts: { subtotal: 0, discount: 0, shippingFee: 0, total: 0 },
      payment: { method: "REWARD", amountPaid: 0 },
    });
    expect(read.body.payment.paidAt).not.toBeNull();
    expect(await stockOf(product.variants[0]!.id)).toBe(0);

    // Retried: the same order, the stock taken once.
    expect((await rewardOrder(fan.id, request)).id).toBe(made.id);
    expect(await ordersOfRedemption(redemptionId)).toHaveLength(1);
    expect(await stockOf(product.variants[0]!.id)).toBe(0);

    // The creator is told of the order to fulfil; no purchase was processed, so no purchase points.
    const notices = await eventually(async () => {
      const rows = await notificationsOf(h, tenant, creator.id, "new-order");
      return rows.length > 0 ? rows : undefined;
    });
    expect(notices[0]!.title).toContain("$0.00 paid");
    expect(await notificationsOf(h, tenant, creator.id, "purchase-processed")).toHaveLength(0);
    const points = await api<{ balance: number }>(h, "GET", `/user/${fan.id}/points`, {
      key: tenant.adminKey,
    });
    expect(points.status, points.text).toBe(200);
    expect(points.body.balance).toBe(0);
  });

  it("respects stock: out of stock is 409 and writes nothing", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { stock: 1 });
    const fan = await createUser(h, tenant);
    await rewardOrder(fan.id, { redemptionId: newId(), creatorId: creator.id, productId: product.id });
    const second = newId();
    await expect(
      rewardOrder(fan.id, { redemptionId: second, creatorId: creator.id, productId: product.id }),
    ).rejects.toMatchObject({ code: "out_of_stock", status: 409 });
    expect(await ordersOfRedemption(second)).toHaveLength(0);
    expect(await stockOf(product.variants[0]!.id)).toBe(0);
  });

  it("makes one order when the same redemption runs twice at once", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { stock: 5 });
    const fan = await createUser(h, tenant);
    const request = { redemptionId: newId(), creatorId: creator.id, productId: product.id };
    const [first, second] = await Promise.all([rewardOrder(fan.id, request), rewardOrder(fan.id, request)]);
    expect(first.id).toBe(second.id);
    expect(await ordersOfRedemption(request.redemptionId)).toHaveLength(1);
    expect(await stockOf(product.variants[0]!.id)).toBe(4);
  });

  it("refuses another creator's product and an archived one", async () => {
    const creator = await createCreator(h, tenant);
    const other = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, other.id);
    const fan = await createUser(h, tenant);
    await expect(
      rewardOrder(fan.id, { redemptionId: newId(), creatorId: creator.id, productId: product.id }),
    ).rejects.toMatchObject({ code: "not_found" });
    const archived = await api(h, "DELETE", `/creator/id/${other.id}/product/${product.id}`, {
      key: tenant.adminKey,
    });
    expect(archived.status, archived.text).toBe(204);
    await expect(
      rewardOrder(fan.id, { redemptionId: newId(), creatorId: other.id, productId: product.id }),
    ).rejects.toMatchObject({ code: "invalid_state" });
  });
});
