import { ManualClock } from "@tally/core";
import { orderItems, productVariants, stockReservations, withTenant } from "@tally/db";
import {
  api,
  createCreator,
  createOrder,
  createUser,
  memberKeys,
  publishedProduct,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { commitStock, releaseStock, reserveStock, STOCK_HOLD_MS } from "./stock.ts";

const clock = new ManualClock(new Date("2030-01-01T00:00:00Z"));
const h = useHarness({ clock });
let tenant: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
});

const stockOf = async (variantId: string) => {
  const [row] = await h.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.organizationId, tenant.organizationId), eq(productVariants.id, variantId)));
  return row!.stock;
};

const reservationsOf = (orderId: string) =>
  h.database.db
    .select()
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.organizationId, tenant.organizationId),
        eq(stockReservations.orderId, orderId),
      ),
    );

const inTenant = <T>(fn: Parameters<typeof withTenant<T>>[2]) =>
  withTenant(h.database.db, tenant.organizationId, fn);

/** `count` users each with an OPEN order of one unit of the product. */
const ordersFor = async (productId: string, count: number): Promise<string[]> => {
  const keys = await memberKeys(h, tenant, 2);
  const users = [];
  for (let i = 0; i < count; i++) users.push(await createUser(h, tenant));
  const ids: string[] = [];
  for (const [i, user] of users.entries()) {
    ids.push((await createOrder(h, { ...tenant, adminKey: keys[i % 2]! }, user.id, { productId })).id);
  }
  return ids;
};

describe("stock contract", () => {
  it("reserve is idempotent, release gives stock back, commit keeps it; quantities follow the items", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { stock: 10 });
    const variantId = product.variants[0]!.id;
    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id, quantity: 3 });
    const ref = { organizationId: tenant.organizationId, orderId: order.id };

    await inTenant((tx) => reserveStock({ tx, now: clock.now() }, ref));
    await inTenant((tx) => reserveStock({ tx, now: clock.now() }, ref));
    expect(await stockOf(variantId)).toBe(7);
    const [held] = await reservationsOf(order.id);
    expect(held).toMatchObject({ status: "HELD", quantity: 3, variantId });
    expect(held!.expiresAt.getTime()).toBe(clock.now().getTime() + STOCK_HOLD_MS);

    await inTenant((tx) => releaseStock({ tx, now: clock.now() }, ref));
    await inTenant((tx) => releaseStock({ tx, now: clock.now() }, ref));
    expect(await stockOf(variantId)).toBe(10);
    expect((await reservationsOf(order.id))[0]!.status).toBe("RELEASED");

    // Commit with nothing held reserves first; committing again changes nothing.
    await inTenant((tx) => commitStock({ tx, now: clock.now() }, ref));
    await inTenant((tx) => commitStock({ tx, now: clock.now() }, ref));
    await inTenant((tx) => releaseStock({ tx, now: clock.now() }, ref));
    expect(await stockOf(variantId)).toBe(7);
    expect((await reservationsOf(order.id))[0]!.status).toBe("COMMITTED");
  });

  it("a new hold of an order takes and gives back per variant: more, less, and a variant it no longer has", async () => {
    const creator = await createCreator(h, tenant);
    const first = await publishedProduct(h, tenant, creator.id, { stock: 10 });
    const second = await publishedProduct(h, tenant, creator.id, { stock: 10 });
    const third = await publishedProduct(h, tenant, creator.id, { stock: 10 });
    const [a, b, c] = [first.variants[0]!.id, second.variants[0]!.id, third.variants[0]!.id];
    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: first.id, quantity: 3 });
    const ref = { organizationId: tenant.organizationId, orderId: order.id };
    for (const [product, quantity] of [
      [second, 2],
      [third, 1],
    ] as const) {
      const added = await api(h, "POST", `/user/${buyer.id}/order/${order.id}/product/${product.id}`, {
        key: tenant.adminKey,
        body: { quantity },
      });
      expect(added.status, added.text).toBeLessThan(300);
    }
    await inTenant((tx) => reserveStock({ tx, now: clock.now() }, ref));
    expect([await stockOf(a), await stockOf(b), await stockOf(c)]).toEqual([7, 8, 9]);

    const itemOf = (variantId: string) =>
      and(eq(orderItems.orderId, order.id), eq(orderItems.variantId, variantId));
    await h.database.db.update(orderItems).set({ quantity: 1 }).where(itemOf(a));
    await h.database.db.update(orderItems).set({ quantity: 5 }).where(itemOf(b));
    await h.database.db.delete(orderItems).where(itemOf(c));
    await inTenant((tx) => reserveStock({ tx, now: clock.now() }, ref));
    expect([await stockOf(a), await stockOf(b), await stockOf(c)]).toEqual([9, 5, 10]);
    const held = Object.fromEntries(
      (await reservationsOf(order.id)).map((row) => [row.variantId, [row.status, row.quantity]]),
    );
    expect(held).toEqual({ [a]: ["HELD", 1], [b]: ["HELD", 5], [c]: ["RELEASED", 1] });

    await inTenant((tx) => commitStock({ tx, now: clock.now() }, ref));
    const committed = (await reservationsOf(order.id)).map((row) => row.status).sort();
    expect(committed).toEqual(["COMMITTED", "COMMITTED", "RELEASED"]);
    expect([await stockOf(a), await stockOf(b), await stockOf(c)]).toEqual([9, 5, 10]);
  });

  it("out_of_stock names the variant and changes nothing", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { stock: 2 });
    const variantId = product.variants[0]!.id;
    const buyer = await createUser(h, tenant);
    const order = await createOrder(h, tenant, buyer.id, { productId: product.id, quantity: 3 });
    await expect(
      inTenant((tx) =>
        reserveStock({ tx, now: clock.now() }, { organizationId: tenant.organizationId, orderId: order.id }),
      ),
    ).rejects.toMatchObject({
      code: "out_of_stock",
      context: { variantId, productId: product.id, requested: 3 },
    });
    expect(await stockOf(variantId)).toBe(2);
    expect(await reservationsOf(order.id)).toEqual([]);
  });

  it("expired holds of abandoned checkouts are taken back when stock runs out", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { stock: 1 });
    const variantId = product.variants[0]!.id;
    const [abandoned, next] = await ordersFor(product.id, 2);
    await inTenant((tx) =>
      reserveStock({ tx, now: clock.now() }, { organizationId: tenant.organizationId, orderId: abandoned! }),
    );
    const tooEarly = new Date(clock.now().getTime() + STOCK_HOLD_MS - 1000);
    await expect(
      inTenant((tx) =>
        reserveStock({ tx, now: tooEarly }, { organizationId: tenant.organizationId, orderId: next! }),
      ),
    ).rejects.toMatchObject({ code: "out_of_stock" });
    const later = new Date(clock.now().getTime() + STOCK_HOLD_MS + 1000);
    await inTenant((tx) =>
      reserveStock({ tx, now: later }, { organizationId: tenant.organizationId, orderId: next! }),
    );
    expect(await stockOf(variantId)).toBe(0);
    expect((await reservationsOf(abandoned!))[0]!.status).toBe("RELEASED");
    expect((await reservationsOf(next!))[0]!.status).toBe("HELD");
    // The abandoned order's payment succeeding late: commit re-reserves and finds no stock.
    await expect(
      inTenant((tx) =>
        commitStock({ tx, now: later }, { organizationId: tenant.organizationId, orderId: abandoned! }),
      ),
    ).rejects.toMatchObject({ code: "out_of_stock" });
  });

  it("50 concurrent reservations against stock 10: exactly 10 succeed, stock never negative", async () => {
    const creator = await createCreator(h, tenant);
    const product = await publishedProduct(h, tenant, creator.id, { stock: 10 });
    const variantId = product.variants[0]!.id;
    const orderIds = await ordersFor(product.id, 50);
    const results = await Promise.allSettled(
      orderIds.map((orderId) =>
        inTenant((tx) =>
          reserveStock({ tx, now: clock.now() }, { organizationId: tenant.organizationId, orderId }),
        ),
      ),
    );
    const ok = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected") as PromiseRejectedResult[];
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const result of refused) expect(result.reason).toMatchObject({ code: "out_of_stock" });
    expect(await stockOf(variantId)).toBe(0);
    const held = await h.database.db
      .select()
      .from(stockReservations)
      .where(
        and(
          eq(stockReservations.organizationId, tenant.organizationId),
          eq(stockReservations.variantId, variantId),
        ),
      );
    expect(held.filter((row) => row.status === "HELD")).toHaveLength(10);
  });
});
