import { newId } from "@tally/core";
import { creators, pointTransactions, products } from "@tally/db";
import { subscriberQueue } from "@tally/events";
import {
  balancesOf,
  createCreator,
  createUser,
  eventually,
  handlerDeps,
  notificationsOf,
  seedOrder,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { awardPointsForPurchases } from "./purchase-processed.ts";

const h = useHarness();

/** A point-eligible product of the creator, inserted directly (products have their own tests). */
const seedProduct = async (tenant: Tenant, creatorId: string, price: number, pointEligible: boolean) => {
  const id = newId();
  await h.database.db.insert(products).values({
    organizationId: tenant.organizationId,
    id,
    creatorId,
    name: `Product ${id}`,
    slug: `product-${id}`,
    price,
    status: "PUBLISHED",
    pointEligible,
  });
  return id;
};

describe("purchase-processed, points' subscription", () => {
  it("awards the purchase points once and notifies the creator once", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    await h.database.db
      .update(creators)
      .set({ pointsPerDollar: 10 })
      .where(and(eq(creators.organizationId, tenant.organizationId), eq(creators.id, creator.id)));
    const eligible = await seedProduct(tenant, creator.id, 1999, true);
    const plain = await seedProduct(tenant, creator.id, 5000, false);
    const buyer = await createUser(h, tenant);
    const orderId = await seedOrder(h, tenant, creator.id, {
      userId: buyer.id,
      status: "PAID",
      items: [
        { price: 1999, quantity: 2, productId: eligible },
        { price: 5000, quantity: 1, productId: plain },
      ],
    });
    const payload = { organizationId: tenant.organizationId, orderId };
    await Promise.all([
      awardPointsForPurchases(handlerDeps(h), [payload, payload]),
      awardPointsForPurchases(handlerDeps(h), [payload]),
    ]);
    await awardPointsForPurchases(handlerDeps(h), [payload]);
    const awards = await h.database.db
      .select()
      .from(pointTransactions)
      .where(
        and(
          eq(pointTransactions.organizationId, tenant.organizationId),
          eq(pointTransactions.orderId, orderId),
        ),
      );
    // floor(3998 / 100) = 39 whole dollars x 10 points.
    expect(awards.map((row) => ({ amount: row.amount, type: row.type, creatorId: row.creatorId }))).toEqual([
      { amount: 390, type: "PURCHASE", creatorId: creator.id },
    ]);
    const notices = await notificationsOf(h, tenant, creator.id, "purchase-processed");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({ orderId, units: 3, pointsAwarded: 390 });
  });

  it("works a fetched batch across tenants: each order awarded once, a buyer's awards summed, a poisoned job failing alone", async () => {
    const paid: Array<{
      tenant: Tenant;
      creator: { id: string };
      buyer: { id: string };
      orderId: string;
      points: number;
    }> = [];
    for (const [index, tenant] of [await h.createTenant(), await h.createTenant()].entries()) {
      const creator = await createCreator(h, tenant);
      await h.database.db
        .update(creators)
        .set({ pointsPerDollar: 10 })
        .where(and(eq(creators.organizationId, tenant.organizationId), eq(creators.id, creator.id)));
      const productId = await seedProduct(tenant, creator.id, 1000, true);
      const buyer = await createUser(h, tenant);
      const dollars = index === 0 ? [1, 2, 3] : [4];
      for (const dollar of dollars)
        paid.push({
          tenant,
          creator,
          buyer,
          orderId: await seedOrder(h, tenant, creator.id, {
            userId: buyer.id,
            status: "PAID",
            items: [{ price: dollar * 100, quantity: 1, productId }],
          }),
          points: dollar * 10,
        });
    }
    const [first] = paid;
    // Its points do not fit the ledger's 32-bit amount: the award fails, here and whenever retried.
    const poisoned = await seedOrder(h, first!.tenant, first!.creator.id, {
      userId: first!.buyer.id,
      status: "PAID",
      amountPaid: 1,
      items: [
        {
          price: 2_000_000_000,
          quantity: 20,
          productId: await seedProduct(first!.tenant, first!.creator.id, 1, true),
        },
      ],
    });
    const { events } = h.runtime.deps;
    await h.database.db.transaction((tx) =>
      events.publishMany(tx, "purchase-processed", [
        ...paid
          .slice(0, 2)
          .map(({ tenant, orderId }) => ({ organizationId: tenant.organizationId, orderId })),
        { organizationId: first!.tenant.organizationId, orderId: poisoned },
        ...paid.slice(2).map(({ tenant, orderId }) => ({ organizationId: tenant.organizationId, orderId })),
      ]),
    );
    const queue = subscriberQueue("purchase-processed", "points");
    expect(events.subscriptions().find((subscription) => subscription.queue === queue)?.handler).toBe(
      "batch",
    );
    const jobOf = async (orderId: string) => (await events.boss.findJobs(queue, { data: { orderId } }))[0];
    await eventually(async () => {
      const jobs = await Promise.all(paid.map(({ orderId }) => jobOf(orderId)));
      return jobs.every((job) => job?.state === "completed") || undefined;
    });
    for (const { tenant, creator, buyer, orderId, points } of paid) {
      const awards = await h.database.db
        .select({ amount: pointTransactions.amount, userId: pointTransactions.userId })
        .from(pointTransactions)
        .where(
          and(
            eq(pointTransactions.organizationId, tenant.organizationId),
            eq(pointTransactions.orderId, orderId),
          ),
        );
      expect(awards).toEqual([{ amount: points, userId: buyer.id }]);
      const notices = await notificationsOf(h, tenant, creator.id, "purchase-processed");
      expect(notices.filter((notice) => notice.data.orderId === orderId)).toHaveLength(1);
    }
    expect(await balancesOf(h, first!.tenant, first!.buyer.id)).toEqual({
      balance: 60,
      creatorBalances: [{ creatorId: first!.creator.id, balance: 60 }],
    });
    const failed = await jobOf(poisoned);
    expect(["retry", "failed"]).toContain(failed?.state);
    expect(failed?.output).toMatchObject({
      message: expect.stringContaining('insert into "point_transactions"'),
    });
  });
});
