import { newId } from "@tally/core";
import { orderItems, orders } from "@tally/db";
import {
  type ApiSchema,
  api,
  balancesOf,
  expectError,
  grantPoints,
  inTenant,
  seedCreator,
  seedOrderRow as seedItemlessOrder,
  seedUser,
  setOrderStatus,
  setPointsAccepted,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  finalizeOrderPoints,
  releaseStaleReservations,
  reserveOrderPoints,
  revertOrderPoints,
} from "./order-points.ts";

const h = useHarness();

/** An order of one $1,000 item: points up to 100,000 fit its amount due. */
const seedOrderRow = async (...args: Parameters<typeof seedItemlessOrder>): Promise<string> => {
  const orderId = await seedItemlessOrder(...args);
  await h.database.db.insert(orderItems).values({
    organizationId: args[1].organizationId,
    orderId,
    productId: newId(),
    productName: "Item",
    productSlug: "item",
    quantity: 1,
    price: 100_000,
  });
  return orderId;
};

describe("order points: apply, reserve, finalize, revert", () => {
  it("applies points within what the creator accepts (SELF: own points only; ALL: then organization-wide)", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    await grantPoints(h, tenant, user.id, 30, { creatorId: creator.id });
    await grantPoints(h, tenant, user.id, 50);
    const orderId = await seedOrderRow(h, tenant, user.id, creator.id);
    const path = `/user/${user.id}/order/${orderId}/points`;

    expectError(
      await api(h, "POST", path, { key: tenant.memberKey, body: { points: 31 } }),
      409,
      "insufficient_points",
    );
    const applied = await api<ApiSchema<"OrderPoints">>(h, "POST", path, {
      key: tenant.memberKey,
      body: { points: 30 },
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toEqual({ orderId, status: "OPEN", points: 30, reserved: 0, finalized: 0 });

    await setPointsAccepted(h, tenant, creator.id, "ALL");
    const more = await api<ApiSchema<"OrderPoints">>(h, "POST", path, {
      key: tenant.memberKey,
      body: { points: 80 },
    });
    expect(more.status, more.text).toBe(200);
    expect(more.body.points).toBe(80);
    expectError(
      await api(h, "POST", path, { key: tenant.memberKey, body: { points: 81 } }),
      409,
      "insufficient_points",
    );
    expectError(
      await api(h, "POST", path, { key: tenant.memberKey, body: { points: -1 } }),
      422,
      "validation_failed",
    );

    // Reserve at checkout (the card checkout calls this): creator's points first, then organization-wide.
    await inTenant(h, tenant, async (tx) => {
      await reserveOrderPoints({ tx, now: new Date() }, { organizationId: tenant.organizationId, orderId });
      await tx
        .update(orders)
        .set({ status: "PAYMENT_PENDING" })
        .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, orderId)));
    });
    expect(await balancesOf(h, tenant, user.id)).toEqual({
      balance: 0,
      creatorBalances: [{ creatorId: creator.id, balance: 0 }],
    });
    const history = await api<ApiSchema<"PointHistory">>(h, "GET", `/user/${user.id}/points/history`, {
      key: tenant.memberKey,
    });
    const purchase = history.body.data.filter((row) => row.type === "PURCHASE");
    expect(purchase.map((row) => [row.amount, row.creatorId, row.orderId]).sort()).toEqual(
      [
        [-30, creator.id, orderId],
        [-50, null, orderId],
      ].sort(),
    );
    // Not editable while the payment is pending.
    expectError(
      await api(h, "POST", path, { key: tenant.memberKey, body: { points: 0 } }),
      409,
      "invalid_state",
    );

    // Payment failed: points come back; the order keeps its points for a retry, which reserves them again.
    await inTenant(h, tenant, async (tx) => {
      await tx
        .update(orders)
        .set({ status: "PAYMENT_FAILED" })
        .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, orderId)));
      await revertOrderPoints({ tx, now: new Date() }, { organizationId: tenant.organizationId, orderId });
      await revertOrderPoints({ tx, now: new Date() }, { organizationId: tenant.organizationId, orderId });
    });
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(80);
    await inTenant(h, tenant, (tx) =>
      reserveOrderPoints({ tx, now: new Date() }, { organizationId: tenant.organizationId, orderId }),
    );
    // Replacing the reservation does not double-count.
    await inTenant(h, tenant, (tx) =>
      reserveOrderPoints({ tx, now: new Date() }, { organizationId: tenant.organizationId, orderId }),
    );
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(0);

    // Client revert on a PAYMENT_FAILED order: points back and the order no longer applies them.
    const reverted = await api<ApiSchema<"OrderPoints">>(h, "POST", `${path}/revert`, {
      key: tenant.memberKey,
    });
    expect(reverted.status, reverted.text).toBe(200);
    expect(reverted.body).toEqual({
      orderId,
      status: "PAYMENT_FAILED",
      points: 0,
      reserved: 0,
      finalized: 0,
    });
    const again = await api<ApiSchema<"OrderPoints">>(h, "POST", `${path}/revert`, { key: tenant.memberKey });
    expect(again.status).toBe(200);
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(80);

    // Clearing with 0 works on an editable order.
    const cleared = await api<ApiSchema<"OrderPoints">>(h, "POST", path, {
      key: tenant.memberKey,
      body: { points: 0 },
    });
    expect(cleared.body.points).toBe(0);
  });

  it("finalizes once the payment succeeds, never reverts a paid order, and insufficient reservations fail", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    await grantPoints(h, tenant, user.id, 20, { creatorId: creator.id });
    const orderId = await seedOrderRow(h, tenant, user.id, creator.id);
    const path = `/user/${user.id}/order/${orderId}/points`;
    expect((await api(h, "POST", path, { key: tenant.memberKey, body: { points: 15 } })).status).toBe(200);

    // Finalize before any payment started: 409.
    expectError(await api(h, "PUT", `${path}/finalize`, { key: tenant.memberKey }), 409, "invalid_state");

    await inTenant(h, tenant, (tx) =>
      reserveOrderPoints({ tx, now: new Date() }, { organizationId: tenant.organizationId, orderId }),
    );
    await setOrderStatus(h, tenant, orderId, "PAYMENT_PENDING");
    // The balance moved meanwhile: a spend of the 5 left is fine, a sixth point is not.
    await grantPoints(h, tenant, user.id, -5, { creatorId: creator.id });
    expectError(
      await api(h, "POST", `/user/${user.id}/points`, {
        key: tenant.memberKey,
        body: { amount: -1, creatorId: creator.id },
      }),
      409,
      "insufficient_points",
    );

    const finalized = await api<ApiSchema<"OrderPoints">>(h, "PUT", `${path}/finalize`, {
      key: tenant.memberKey,
    });
    expect(finalized.status, finalized.text).toBe(200);
    expect(finalized.body).toEqual({
      orderId,
      status: "PAYMENT_PENDING",
      points: 15,
      reserved: 0,
      finalized: 15,
    });
    const twice = await api<ApiSchema<"OrderPoints">>(h, "PUT", `${path}/finalize`, {
      key: tenant.memberKey,
    });
    expect(twice.body.finalized).toBe(15);

    await setOrderStatus(h, tenant, orderId, "PAID");
    await inTenant(h, tenant, (tx) =>
      finalizeOrderPoints({ tx, now: new Date() }, { organizationId: tenant.organizationId, orderId }),
    );
    expectError(await api(h, "POST", `${path}/revert`, { key: tenant.memberKey }), 409, "invalid_state");
    expect(
      await inTenant(h, tenant, (tx) =>
        revertOrderPoints({ tx, now: new Date() }, { organizationId: tenant.organizationId, orderId }),
      ),
    ).toEqual({
      reverted: 0,
    });
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(0);

    // Another order asking for more than is left: reserve throws insufficient_points, nothing changes.
    await grantPoints(h, tenant, user.id, 3, { creatorId: creator.id });
    const second = await seedOrderRow(h, tenant, user.id, creator.id, "PAYMENT_FAILED");
    await h.database.db
      .update(orders)
      .set({ points: 4 })
      .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, second)));
    await expect(
      inTenant(h, tenant, (tx) =>
        reserveOrderPoints(
          { tx, now: new Date() },
          { organizationId: tenant.organizationId, orderId: second },
        ),
      ),
    ).rejects.toMatchObject({ code: "insufficient_points" });
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(3);
  });

  it("answers 404 for an unknown order or another user's order", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const stranger = await seedUser(h, tenant);
    const orderId = await seedOrderRow(h, tenant, stranger.id, null);
    for (const [method, suffix, body] of [
      ["POST", "", { points: 1 }],
      ["PUT", "/finalize", undefined],
      ["POST", "/revert", undefined],
    ] as const) {
      expectError(
        await api(h, method, `/user/${user.id}/order/${orderId}/points${suffix}`, {
          key: tenant.memberKey,
          body,
        }),
        404,
        "not_found",
      );
      expectError(
        await api(h, method, `/user/${user.id}/order/${newId()}/points${suffix}`, {
          key: tenant.memberKey,
          body,
        }),
        404,
        "not_found",
      );
    }
  });

  it("releases reservations of orders left unpaid past the 24 h sweep, and keeps paid ones", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    await grantPoints(h, tenant, user.id, 100);
    const old = new Date("2026-01-01T00:00:00Z");
    const stale = await seedOrderRow(h, tenant, user.id, null, "PAYMENT_FAILED");
    const paid = await seedOrderRow(h, tenant, user.id, null, "PAYMENT_FAILED");
    for (const orderId of [stale, paid]) {
      await h.database.db
        .update(orders)
        .set({ points: 10 })
        .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, orderId)));
      await inTenant(h, tenant, (tx) =>
        reserveOrderPoints({ tx, now: old }, { organizationId: tenant.organizationId, orderId }),
      );
      await setOrderStatus(h, tenant, orderId, "PAYMENT_PENDING");
    }
    await setOrderStatus(h, tenant, paid, "PAID");
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(80);

    const tooEarly = await inTenant(h, tenant, (tx) =>
      releaseStaleReservations(
        { tx, now: new Date() },
        { organizationId: tenant.organizationId, olderThan: old },
      ),
    );
    expect(tooEarly).toEqual({ orders: 0, points: 0 });
    const swept = await inTenant(h, tenant, (tx) =>
      releaseStaleReservations(
        { tx, now: new Date() },
        {
          organizationId: tenant.organizationId,
          olderThan: new Date(old.getTime() + 24 * 3_600_000),
        },
      ),
    );
    expect(swept).toEqual({ orders: 1, points: 10 });
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(90);

    // The stale order's payment still succeeds: finalize spends its points again (balance allows).
    await setOrderStatus(h, tenant, stale, "PAID");
    expect(
      await inTenant(h, tenant, (tx) =>
        finalizeOrderPoints(
          { tx, now: new Date() },
          { organizationId: tenant.organizationId, orderId: stale },
        ),
      ),
    ).toEqual({ finalized: 10, complete: true });
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(80);
  });
});
