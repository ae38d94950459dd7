import { newId } from "@tally/core";
import { creators, pointTransactions, products } from "@tally/db";
import {
  createCreator,
  createUser,
  handlerDeps,
  seedOrder,
  statementCounter,
  useHarness,
} from "@tally/testing";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { awardPointsForPurchases } from "./purchase-processed.ts";

const { onStatement, counted } = statementCounter();
// No worker: the handler runs below by hand, each batch counted on its own.
const h = useHarness({ env: { RUN_WORKER: "off" }, onStatement });

describe("the statements of a batch of purchase-processed, points' subscription", () => {
  it("awards one order's points and notice in as many statements as ten orders'", async () => {
    const tenant = await h.createTenant();
    const { organizationId } = tenant;
    const creator = await createCreator(h, tenant);
    await h.database.db
      .update(creators)
      .set({ pointsPerDollar: 10 })
      .where(and(eq(creators.organizationId, organizationId), eq(creators.id, creator.id)));
    const productId = newId();
    await h.database.db.insert(products).values({
      organizationId,
      id: productId,
      creatorId: creator.id,
      name: "Eligible",
      slug: `eligible-${productId}`,
      price: 1000,
      status: "PUBLISHED",
      pointEligible: true,
    });
    const orderIds: string[] = [];
    for (let index = 0; index < 11; index++) {
      const buyer = await createUser(h, tenant);
      orderIds.push(
        await seedOrder(h, tenant, creator.id, {
          userId: buyer.id,
          status: "PAID",
          items: [{ price: 1000, quantity: 1, productId }],
        }),
      );
    }
    const deps = handlerDeps(h);
    const award = async (batch: string[]) =>
      (
        await counted(() =>
          awardPointsForPurchases(
            deps,
            batch.map((orderId) => ({ organizationId, orderId })),
          ),
        )
      ).statements.length;

    const one = await award(orderIds.slice(0, 1));
    const ten = await award(orderIds.slice(1));
    console.info(`purchase points' statements: one order ${one}, ten ${ten}`);
    expect(ten).toBe(one);
    const awards = await h.database.db
      .select({ amount: pointTransactions.amount })
      .from(pointTransactions)
      .where(
        and(
          eq(pointTransactions.organizationId, organizationId),
          inArray(pointTransactions.orderId, orderIds),
        ),
      );
    expect(awards.map((row) => row.amount)).toEqual(orderIds.map(() => 100));
  });
});
