import { newId } from "@tally/core";
import { creators, pointTransactions, products } from "@tally/db";
import {
  createCreator,
  createUser,
  handlerDeps,
  notificationsOf,
  seedOrder,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { awardPointsForPurchase } from "./purchase-processed.ts";

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
      awardPointsForPurchase(handlerDeps(h), payload),
      awardPointsForPurchase(handlerDeps(h), payload),
    ]);
    await awardPointsForPurchase(handlerDeps(h), payload);
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
});
