import { newId } from "@tally/core";
import { creators, orderItems, orders, products, type Tx, withTenant } from "@tally/db";
import { type ApiSchema, api, seedCreator, seedUser, type Tenant, useHarness } from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { awardPurchasePoints } from "./ledger.ts";

const h = useHarness();

const balances = async (tenant: Tenant, userId: string, query = "") => {
  const response = await api<ApiSchema<"PointBalances">>(h, "GET", `/user/${userId}/points${query}`, {
    key: tenant.memberKey,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

const inTenant = <T>(tenant: Tenant, fn: (tx: Tx) => Promise<T>) =>
  withTenant(h.database.db, tenant.organizationId, fn);

/** An order row of the user for the creator, inserted directly (the order routes have their own tests). */
const seedOrder = async (
  tenant: Tenant,
  userId: string | null,
  creatorId: string | null,
  status: "OPEN" | "PAYMENT_PENDING" | "PAYMENT_FAILED" | "PAID" = "OPEN",
) => {
  const id = newId();
  await h.database.db
    .insert(orders)
    .values({ organizationId: tenant.organizationId, id, userId, creatorId, status });
  return id;
};

const setStatus = (tenant: Tenant, orderId: string, status: "PAYMENT_PENDING" | "PAYMENT_FAILED" | "PAID") =>
  h.database.db
    .update(orders)
    .set({ status })
    .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, orderId)));

const setAccepted = (
  tenant: Tenant,
  creatorId: string,
  pointsAccepted: "SELF" | "ALL",
  pointsPerDollar = 0,
) =>
  h.database.db
    .update(creators)
    .set({ pointsAccepted, pointsPerDollar })
    .where(and(eq(creators.organizationId, tenant.organizationId), eq(creators.id, creatorId)));

describe("purchase points", () => {
  it("awards pointsPerDollar per whole dollar of point-eligible lines, once per paid order", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    await setAccepted(tenant, creator.id, "SELF", 3);
    const eligible = newId();
    const plain = newId();
    await h.database.db.insert(products).values([
      {
        organizationId: tenant.organizationId,
        id: eligible,
        creatorId: creator.id,
        name: "E",
        slug: `e-${eligible}`,
        price: 1250,
        pointEligible: true,
      },
      {
        organizationId: tenant.organizationId,
        id: plain,
        creatorId: creator.id,
        name: "P",
        slug: `p-${plain}`,
        price: 5000,
      },
    ]);
    const orderId = await seedOrder(tenant, user.id, creator.id, "PAYMENT_PENDING");
    await h.database.db.insert(orderItems).values([
      // 2 x $12.50 = $25.00 -> 25 whole dollars x 3 = 75 points.
      {
        organizationId: tenant.organizationId,
        orderId,
        productId: eligible,
        productName: "E",
        productSlug: "e",
        quantity: 2,
        price: 1250,
      },
      {
        organizationId: tenant.organizationId,
        orderId,
        productId: plain,
        productName: "P",
        productSlug: "p",
        quantity: 1,
        price: 5000,
      },
    ]);
    const ref = { organizationId: tenant.organizationId, orderId };

    expect(await inTenant(tenant, (tx) => awardPurchasePoints(tx, ref))).toBeNull(); // not paid yet
    await setStatus(tenant, orderId, "PAID");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => inTenant(tenant, (tx) => awardPurchasePoints(tx, ref))),
    );
    const awarded = results.filter((row) => row !== null);
    expect(awarded).toHaveLength(1);
    expect(awarded[0]).toMatchObject({ amount: 75, type: "PURCHASE", orderId, creatorId: creator.id });
    expect(await balances(tenant, user.id)).toEqual({
      balance: 75,
      creatorBalances: [{ creatorId: creator.id, balance: 75 }],
    });
    const history = await api<ApiSchema<"PointHistory">>(h, "GET", `/user/${user.id}/points/history`, {
      key: tenant.memberKey,
    });
    expect(history.body.data[0]).toMatchObject({ type: "PURCHASE", amount: 75, orderId });
    expect(history.body.data[0]).not.toHaveProperty("details");

    // Guest orders earn nothing.
    const guest = await seedOrder(tenant, null, creator.id, "PAID");
    expect(
      await inTenant(tenant, (tx) =>
        awardPurchasePoints(tx, { organizationId: tenant.organizationId, orderId: guest }),
      ),
    ).toBeNull();
  });
});
