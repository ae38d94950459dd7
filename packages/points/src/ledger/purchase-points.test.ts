import { readOrdersWithItems } from "@tally/commerce";
import { newId } from "@tally/core";
import { orderItems, products } from "@tally/db";
import {
  type ApiSchema,
  api,
  balancesOf,
  inTenant,
  seedCreator,
  seedOrderRow,
  seedUser,
  setOrderStatus,
  setPointsAccepted,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";
import { awardPurchasePoints } from "./ledger.ts";

/** The award publishes `points-received`; these tests read the ledger, not the notification. */
const noEvents = { publishMany: async () => ["job"] };

const h = useHarness();

/** Awards the tenant's orders in one call, holding them locked as the subscriber does. */
const award = (tenant: Tenant, orderIds: string[]) =>
  inTenant(h, tenant, async (tx) =>
    awardPurchasePoints(
      { tx, now: new Date(), events: noEvents },
      await readOrdersWithItems(tx, tenant.organizationId, { orderIds, lock: true }),
    ),
  );

describe("purchase points", () => {
  it("awards pointsPerDollar per whole dollar of point-eligible lines, once per paid order", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    await setPointsAccepted(h, tenant, creator.id, "SELF", 3);
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
    const orderId = await seedOrderRow(h, tenant, user.id, creator.id, "PAYMENT_PENDING");
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
    expect(await award(tenant, [orderId])).toEqual(new Map()); // not paid yet
    await setOrderStatus(h, tenant, orderId, "PAID");
    const results = await Promise.all(Array.from({ length: 5 }, () => award(tenant, [orderId])));
    const awarded = results.flatMap((awards) => [...awards.values()]);
    expect(awarded).toHaveLength(1);
    expect(awarded[0]).toMatchObject({ amount: 75, type: "PURCHASE", orderId, creatorId: creator.id });
    expect(await balancesOf(h, tenant, user.id)).toEqual({
      balance: 75,
      creatorBalances: [{ creatorId: creator.id, balance: 75 }],
    });
    const history = await api<ApiSchema<"PointHistory">>(h, "GET", `/user/${user.id}/points/history`, {
      key: tenant.memberKey,
    });
    expect(history.body.data[0]).toMatchObject({ type: "PURCHASE", amount: 75, orderId });
    expect(history.body.data[0]).not.toHaveProperty("details");

    // Guest orders earn nothing.
    const guest = await seedOrderRow(h, tenant, null, creator.id, "PAID");
    expect(await award(tenant, [guest])).toEqual(new Map());
  });
});
