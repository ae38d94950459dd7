import { newId } from "@tally/core";
import {
  type ApiSchema,
  api,
  balancesOf,
  eventually,
  expectError,
  fieldsOf,
  grantPoints,
  seedCreator,
  seedUser,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

describe("points ledger over HTTP", () => {
  it("grants organization-wide and creator points, reports balances per creator and history with details", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);

    const first = await grantPoints(h, tenant, user.id, 100, {
      details: { reason: "welcome", nested: { a: 1 } },
    });
    expect(first).toMatchObject({
      userId: user.id,
      amount: 100,
      type: "API",
      creatorId: null,
      organizationId: tenant.organizationId,
      details: { reason: "welcome", nested: { a: 1 } },
    });
    expect(typeof first.id).toBe("number");
    await grantPoints(h, tenant, user.id, 40, { creatorId: creator.id });
    const spent = await grantPoints(h, tenant, user.id, -15, { creatorId: creator.id });
    expect(spent).toMatchObject({ amount: -15, creatorId: creator.id });
    expect(spent).not.toHaveProperty("details");

    expect(await balancesOf(h, tenant, user.id)).toEqual({
      balance: 125,
      creatorBalances: [{ creatorId: creator.id, balance: 25 }],
    });
    expect(await balancesOf(h, tenant, user.id, `?creatorId=${creator.id}`)).toEqual({
      balance: 125,
      creatorBalances: [{ creatorId: creator.id, balance: 25 }],
    });
    const other = await seedCreator(h, tenant, owner.id);
    expect((await balancesOf(h, tenant, user.id, `?creatorId=${other.id}`)).creatorBalances).toEqual([
      { creatorId: other.id, balance: 0 },
    ]);

    const history = await api<ApiSchema<"PointHistory">>(
      h,
      "GET",
      `/user/${user.id}/points/history?page=1&limit=2`,
      { key: tenant.memberKey },
    );
    expect(history.status, history.text).toBe(200);
    expect(history.body.pagination).toEqual({ page: 1, limit: 2, total: 3 });
    expect(history.body.data.map((row) => row.amount)).toEqual([-15, 40]);
    const page2 = await api<ApiSchema<"PointHistory">>(
      h,
      "GET",
      `/user/${user.id}/points/history?page=2&limit=2`,
      {
        key: tenant.memberKey,
      },
    );
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.data[0]).toMatchObject({ amount: 100, details: { reason: "welcome" } });
    const byCreator = await api<ApiSchema<"PointHistory">>(
      h,
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
    await grantPoints(h, tenant, user.id, 10);

    const tooMuch = await api(h, "POST", `/user/${user.id}/points`, {
      key: tenant.memberKey,
      body: { amount: -11 },
    });
    expectError(tooMuch, 409, "insufficient_points");
    const zero = await api(h, "POST", `/user/${user.id}/points`, {
      key: tenant.memberKey,
      body: { amount: 0 },
    });
    expectError(zero, 422, "validation_failed");
    expect(fieldsOf(zero)).toContain("amount");
    const fraction = await api(h, "POST", `/user/${user.id}/points`, {
      key: tenant.memberKey,
      body: { amount: 1.5 },
    });
    expectError(fraction, 422, "validation_failed");
    const extra = await api(h, "POST", `/user/${user.id}/points`, {
      key: tenant.memberKey,
      body: { amount: 1, bogus: true },
    });
    expectError(extra, 422, "validation_failed");
    // A creator spend comes from the creator's points only: the organization-wide 10 do not count.
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    expectError(
      await api(h, "POST", `/user/${user.id}/points`, {
        key: tenant.memberKey,
        body: { amount: -1, creatorId: creator.id },
      }),
      409,
      "insufficient_points",
    );
    expectError(
      await api(h, "POST", `/user/${user.id}/points`, {
        key: tenant.memberKey,
        body: { amount: 5, creatorId: newId() },
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "POST", `/user/${user.id}/points`, {
        key: tenant.memberKey,
        body: { amount: 5 },
        userId: owner.id,
      }),
      403,
      "acting_user_mismatch",
    );
    const elsewhere = await h.createTenant();
    expectError(
      await api(h, "GET", `/user/${user.id}/points`, { key: elsewhere.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "POST", `/user/${user.id}/points`, { key: elsewhere.memberKey, body: { amount: 5 } }),
      404,
      "not_found",
    );
    expect((await balancesOf(h, tenant, user.id)).balance).toBe(10);
  });

  it("notifies the user of received points (once) with the leaderboard position", async () => {
    const tenant = await h.createTenant();
    const user = await seedUser(h, tenant);
    const rival = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, rival.id);
    await grantPoints(h, tenant, rival.id, 500, { creatorId: creator.id });
    const received = await grantPoints(h, tenant, user.id, 42, { creatorId: creator.id });
    await grantPoints(h, tenant, user.id, -2, { creatorId: creator.id });

    const notifications = await eventually(async () => {
      const response = await api<ApiSchema<"Notification">[]>(h, "GET", `/user/${user.id}/notifications`, {
        key: tenant.memberKey,
      });
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
