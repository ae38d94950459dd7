import { newId } from "@tally/core";
import { creators, orderItems, orders, products, type Tx, withTenant } from "@tally/db";
import {
  awardPurchasePoints,
  finalizeOrderPoints,
  releaseStaleReservations,
  reserveOrderPoints,
  revertOrderPoints,
} from "@tally/loyalty";
import {
  eventually,
  expectError,
  fieldsOf,
  seedCreator,
  seedUser,
  type Tenant,
  type TestResponse,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

interface Transaction {
  id: number;
  userId: string;
  amount: number;
  type: string;
  creatorId: string | null;
  createdAt: string;
  organizationId: string;
  details?: Record<string, unknown>;
  orderId?: string;
}
interface Balances {
  balance: number;
  creatorBalances: { creatorId: string; balance: number }[];
}
interface OrderPoints {
  orderId: string;
  status: string;
  points: number;
  reserved: number;
  finalized: number;
}

const api = <T = unknown>(
  method: string,
  path: string,
  options: { key: string; body?: unknown; userId?: string },
): Promise<TestResponse<T>> => h.request<T>(method, `/api/v1${path}`, options);

const grant = async (tenant: Tenant, userId: string, amount: number, extra: Record<string, unknown> = {}) => {
  const response = await api<Transaction>("POST", `/user/${userId}/points`, {
    key: tenant.memberKey,
    body: { amount, ...extra },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
};

const balances = async (tenant: Tenant, userId: string, query = "") => {
  const response = await api<Balances>("GET", `/user/${userId}/points${query}`, { key: tenant.memberKey });
  expect(response.status, response.text).toBe(200);
  return response.body;
};

const inTenant = <T>(tenant: Tenant, fn: (tx: Tx) => Promise<T>) =>
  withTenant(h.database.db, tenant.organizationId, fn);

/** An order row of the user for the creator (the order endpoints are another part of the issue). */
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

describe("points ledger over HTTP", () => {
  it("grants organization-wide and creator points, reports balances per creator and history with details", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);

    const first = await grant(tenant, user.id, 100, { details: { reason: "welcome", nested: { a: 1 } } });
    expect(first).toMatchObject({
      userId: user.id,
      amount: 100,
      type: "API",
      creatorId: null,
      organizationId: tenant.organizationId,
      details: { reason: "welcome", nested: { a: 1 } },
    });
    expect(typeof first.id).toBe("number");
    await grant(tenant, user.id, 40, { creatorId: creator.id });
    const spent = await grant(tenant, user.id, -15, { creatorId: creator.id });
    expect(spent).toMatchObject({ amount: -15, creatorId: creator.id });
    expect(spent).not.toHaveProperty("details");

    expect(await balances(tenant, user.id)).toEqual({
      balance: 125,
      creatorBalances: [{ creatorId: creator.id, balance: 25 }],
    });
    expect(await balances(tenant, user.id, `?creatorId=${creator.id}`)).toEqual({
      balance: 125,
      creatorBalances: [{ creatorId: creator.id, balance: 25 }],
    });
    const other = await seedCreator(h, tenant, owner.id);
    expect((await balances(tenant, user.id, `?creatorId=${other.id}`)).creatorBalances).toEqual([
      { creatorId: other.id, balance: 0 },
    ]);

    const history = await api<{ data: Transaction[]; pagination: unknown }>(
      "GET",
      `/user/${user.id}/points/history?page=1&limit=2`,
      { key: tenant.memberKey },
    );
    expect(history.status, history.text).toBe(200);
    expect(history.body.pagination).toEqual({ page: 1, limit: 2, total: 3 });
    expect(history.body.data.map((row) => row.amount)).toEqual([-15, 40]);
    const page2 = await api<{ data: Transaction[] }>(
      "GET",
      `/user/${user.id}/points/history?page=2&limit=2`,
      {
        key: tenant.memberKey,
      },
    );
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.data[0]).toMatchObject({ amount: 100, details: { reason: "welcome" } });
    const byCreator = await api<{ data: Transaction[]; pagination: { total: number } }>(
      "GET",
      `/user/${user.id}/points/history?creatorId=${creator.id}`,
      { key: tenant.memberKey },
    );
    expect(byCreator.body.pagination.total).toBe(2);
    expect(byCreator.body.data.every((row) => row.creatorId === creator.id)).toBe(true);
  });

  it("refuses a spend beyond the balance, a zero amount, unknown creators, other users and other tenants", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    await grant(tenant, user.id, 10);

    const tooMuch = await api("POST", `/user/${user.id}/points`, {
      key: tenant.memberKey,
      body: { amount: -11 },
    });
    expectError(tooMuch, 409, "insufficient_points");
    const zero = await api("POST", `/user/${user.id}/points`, { key: tenant.memberKey, body: { amount: 0 } });
    expectError(zero, 422, "validation_failed");
    expect(fieldsOf(zero)).toContain("amount");
    const fraction = await api("POST", `/user/${user.id}/points`, {
      key: tenant.memberKey,
      body: { amount: 1.5 },
    });
    expectError(fraction, 422, "validation_failed");
    const extra = await api("POST", `/user/${user.id}/points`, {
      key: tenant.memberKey,
      body: { amount: 1, bogus: true },
    });
    expectError(extra, 422, "validation_failed");
    // A creator spend comes from the creator's points only: the organization-wide 10 do not count.
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    expectError(
      await api("POST", `/user/${user.id}/points`, {
        key: tenant.memberKey,
        body: { amount: -1, creatorId: creator.id },
      }),
      409,
      "insufficient_points",
    );
    expectError(
      await api("POST", `/user/${user.id}/points`, {
        key: tenant.memberKey,
        body: { amount: 5, creatorId: newId() },
      }),
      404,
      "not_found",
    );
    expectError(
      await api("POST", `/user/${user.id}/points`, {
        key: tenant.memberKey,
        body: { amount: 5 },
        userId: owner.id,
      }),
      403,
      "acting_user_mismatch",
    );
    const elsewhere = await h.createTenant();
    expectError(await api("GET", `/user/${user.id}/points`, { key: elsewhere.memberKey }), 404, "not_found");
    expectError(
      await api("POST", `/user/${user.id}/points`, { key: elsewhere.memberKey, body: { amount: 5 } }),
      404,
      "not_found",
    );
    expect((await balances(tenant, user.id)).balance).toBe(10);
  });

  it("notifies the user of received points (once) with the leaderboard position", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const rival = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, rival.id);
    await grant(tenant, rival.id, 500, { creatorId: creator.id });
    const received = await grant(tenant, user.id, 42, { creatorId: creator.id });
    await grant(tenant, user.id, -2, { creatorId: creator.id });

    const notifications = await eventually(async () => {
      const response = await api<{ type: string; data: Record<string, unknown> }[]>(
        "GET",
        `/user/${user.id}/notifications`,
        { key: tenant.memberKey },
      );
      const found = response.body.filter((row) => row.type === "points-received");
      return found.length > 0 ? found : undefined;
    });
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.data).toMatchObject({
      pointTransactionId: received.id,
      amount: 42,
      creatorId: creator.id,
      leaderboard: { creatorId: creator.id, rank: 2, earned: 42, participants: 2 },
    });
  });
});

describe("order points: apply, reserve, finalize, revert", () => {
  it("applies points within what the creator accepts (SELF: own points only; ALL: then organization-wide)", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    await grant(tenant, user.id, 30, { creatorId: creator.id });
    await grant(tenant, user.id, 50);
    const orderId = await seedOrder(tenant, user.id, creator.id);
    const path = `/user/${user.id}/order/${orderId}/points`;

    expectError(
      await api("POST", path, { key: tenant.memberKey, body: { points: 31 } }),
      409,
      "insufficient_points",
    );
    const applied = await api<OrderPoints>("POST", path, { key: tenant.memberKey, body: { points: 30 } });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toEqual({ orderId, status: "OPEN", points: 30, reserved: 0, finalized: 0 });

    await setAccepted(tenant, creator.id, "ALL");
    const more = await api<OrderPoints>("POST", path, { key: tenant.memberKey, body: { points: 80 } });
    expect(more.status, more.text).toBe(200);
    expect(more.body.points).toBe(80);
    expectError(
      await api("POST", path, { key: tenant.memberKey, body: { points: 81 } }),
      409,
      "insufficient_points",
    );
    expectError(
      await api("POST", path, { key: tenant.memberKey, body: { points: -1 } }),
      422,
      "validation_failed",
    );

    // Reserve at checkout (the card checkout calls this): creator's points first, then organization-wide.
    await inTenant(tenant, async (tx) => {
      await reserveOrderPoints(tx, { organizationId: tenant.organizationId, orderId });
      await tx
        .update(orders)
        .set({ status: "PAYMENT_PENDING" })
        .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, orderId)));
    });
    expect(await balances(tenant, user.id)).toEqual({
      balance: 0,
      creatorBalances: [{ creatorId: creator.id, balance: 0 }],
    });
    const history = await api<{ data: Transaction[] }>("GET", `/user/${user.id}/points/history`, {
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
      await api("POST", path, { key: tenant.memberKey, body: { points: 0 } }),
      409,
      "invalid_state",
    );

    // Payment failed: points come back; the order keeps its points for a retry, which reserves them again.
    await inTenant(tenant, async (tx) => {
      await tx
        .update(orders)
        .set({ status: "PAYMENT_FAILED" })
        .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, orderId)));
      await revertOrderPoints(tx, { organizationId: tenant.organizationId, orderId });
      await revertOrderPoints(tx, { organizationId: tenant.organizationId, orderId });
    });
    expect((await balances(tenant, user.id)).balance).toBe(80);
    await inTenant(tenant, (tx) =>
      reserveOrderPoints(tx, { organizationId: tenant.organizationId, orderId }),
    );
    // Replacing the reservation does not double-count.
    await inTenant(tenant, (tx) =>
      reserveOrderPoints(tx, { organizationId: tenant.organizationId, orderId }),
    );
    expect((await balances(tenant, user.id)).balance).toBe(0);

    // Client revert on a PAYMENT_FAILED order: points back and the order no longer applies them.
    const reverted = await api<OrderPoints>("POST", `${path}/revert`, { key: tenant.memberKey });
    expect(reverted.status, reverted.text).toBe(200);
    expect(reverted.body).toEqual({
      orderId,
      status: "PAYMENT_FAILED",
      points: 0,
      reserved: 0,
      finalized: 0,
    });
    const again = await api<OrderPoints>("POST", `${path}/revert`, { key: tenant.memberKey });
    expect(again.status).toBe(200);
    expect((await balances(tenant, user.id)).balance).toBe(80);

    // Clearing with 0 works on an editable order.
    const cleared = await api<OrderPoints>("POST", path, { key: tenant.memberKey, body: { points: 0 } });
    expect(cleared.body.points).toBe(0);
  });

  it("finalizes once the payment succeeds, never reverts a paid order, and insufficient reservations fail", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    await grant(tenant, user.id, 20, { creatorId: creator.id });
    const orderId = await seedOrder(tenant, user.id, creator.id);
    const path = `/user/${user.id}/order/${orderId}/points`;
    expect((await api("POST", path, { key: tenant.memberKey, body: { points: 15 } })).status).toBe(200);

    // Finalize before any payment started: 409.
    expectError(await api("PUT", `${path}/finalize`, { key: tenant.memberKey }), 409, "invalid_state");

    await inTenant(tenant, (tx) =>
      reserveOrderPoints(tx, { organizationId: tenant.organizationId, orderId }),
    );
    await setStatus(tenant, orderId, "PAYMENT_PENDING");
    // The balance moved meanwhile: a spend of the 5 left is fine, a sixth point is not.
    await grant(tenant, user.id, -5, { creatorId: creator.id });
    expectError(
      await api("POST", `/user/${user.id}/points`, {
        key: tenant.memberKey,
        body: { amount: -1, creatorId: creator.id },
      }),
      409,
      "insufficient_points",
    );

    const finalized = await api<OrderPoints>("PUT", `${path}/finalize`, { key: tenant.memberKey });
    expect(finalized.status, finalized.text).toBe(200);
    expect(finalized.body).toEqual({
      orderId,
      status: "PAYMENT_PENDING",
      points: 15,
      reserved: 0,
      finalized: 15,
    });
    const twice = await api<OrderPoints>("PUT", `${path}/finalize`, { key: tenant.memberKey });
    expect(twice.body.finalized).toBe(15);

    await setStatus(tenant, orderId, "PAID");
    await inTenant(tenant, (tx) =>
      finalizeOrderPoints(tx, { organizationId: tenant.organizationId, orderId }),
    );
    expectError(await api("POST", `${path}/revert`, { key: tenant.memberKey }), 409, "invalid_state");
    expect(
      await inTenant(tenant, (tx) =>
        revertOrderPoints(tx, { organizationId: tenant.organizationId, orderId }),
      ),
    ).toEqual({
      reverted: 0,
    });
    expect((await balances(tenant, user.id)).balance).toBe(0);

    // Another order asking for more than is left: reserve throws insufficient_points, nothing changes.
    await grant(tenant, user.id, 3, { creatorId: creator.id });
    const second = await seedOrder(tenant, user.id, creator.id, "PAYMENT_FAILED");
    await h.database.db
      .update(orders)
      .set({ points: 4 })
      .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, second)));
    await expect(
      inTenant(tenant, (tx) =>
        reserveOrderPoints(tx, { organizationId: tenant.organizationId, orderId: second }),
      ),
    ).rejects.toMatchObject({ code: "insufficient_points" });
    expect((await balances(tenant, user.id)).balance).toBe(3);
  });

  it("answers 404 for an unknown order or another user's order", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const stranger = await seedUser(h, tenant);
    const orderId = await seedOrder(tenant, stranger.id, null);
    for (const [method, suffix, body] of [
      ["POST", "", { points: 1 }],
      ["PUT", "/finalize", undefined],
      ["POST", "/revert", undefined],
    ] as const) {
      expectError(
        await api(method, `/user/${user.id}/order/${orderId}/points${suffix}`, {
          key: tenant.memberKey,
          body,
        }),
        404,
        "not_found",
      );
      expectError(
        await api(method, `/user/${user.id}/order/${newId()}/points${suffix}`, {
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
    await grant(tenant, user.id, 100);
    const old = new Date("2026-01-01T00:00:00Z");
    const stale = await seedOrder(tenant, user.id, null, "PAYMENT_FAILED");
    const paid = await seedOrder(tenant, user.id, null, "PAYMENT_FAILED");
    for (const orderId of [stale, paid]) {
      await h.database.db
        .update(orders)
        .set({ points: 10 })
        .where(and(eq(orders.organizationId, tenant.organizationId), eq(orders.id, orderId)));
      await inTenant(tenant, (tx) =>
        reserveOrderPoints(tx, { organizationId: tenant.organizationId, orderId, now: old }),
      );
      await setStatus(tenant, orderId, "PAYMENT_PENDING");
    }
    await setStatus(tenant, paid, "PAID");
    expect((await balances(tenant, user.id)).balance).toBe(80);

    const tooEarly = await inTenant(tenant, (tx) =>
      releaseStaleReservations(tx, { organizationId: tenant.organizationId, olderThan: old }),
    );
    expect(tooEarly).toEqual({ orders: 0, points: 0 });
    const swept = await inTenant(tenant, (tx) =>
      releaseStaleReservations(tx, {
        organizationId: tenant.organizationId,
        olderThan: new Date(old.getTime() + 24 * 3_600_000),
      }),
    );
    expect(swept).toEqual({ orders: 1, points: 10 });
    expect((await balances(tenant, user.id)).balance).toBe(90);

    // The stale order's payment still succeeds: finalize spends its points again (balance allows).
    await setStatus(tenant, stale, "PAID");
    expect(
      await inTenant(tenant, (tx) =>
        finalizeOrderPoints(tx, { organizationId: tenant.organizationId, orderId: stale }),
      ),
    ).toEqual({ finalized: 10, complete: true });
    expect((await balances(tenant, user.id)).balance).toBe(80);
  });
});

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
    const history = await api<{ data: Transaction[] }>("GET", `/user/${user.id}/points/history`, {
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
