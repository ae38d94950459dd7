import { ManualClock, newId } from "@tally/core";
import { follows, products } from "@tally/db";
import {
  type ApiSchema,
  api,
  type CreatedCreator,
  createCreator,
  createUser,
  detailsOf,
  expectError,
  seedFollow,
  seedOrder,
  type Tenant,
  type TestUser,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const NOW = new Date("2031-05-20T15:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const clock = new ManualClock(NOW);
const h = useHarness({ clock });

/**
 * One tenant with creator C and a second creator D. Followers of C (follow time):
 * u1 (-40 d), u2 (-10 d), u3 (-2 d), u4 (-2 d + 1 h), u5 (-1 h); u1 also follows D, u2 follows u1 (a user).
 * Paid orders of C (status, buyer, items, charged, paid):
 *   o1 PAID       u1     2000x2 + 500x1 = 4500, ship 500    -> 5000   -5 d
 *   o2 DELIVERED  u1     1000x1                             ->  700   -40 d (points used)
 *   o3 SHIPPED    u2     3000x2 = 6000                      -> 6000   -1 d
 *   o4 PROCESSING guest  1500x2 = 3000, ship 250, no amountPaid -> 3250 -3 d (created)
 *   o5 PAID       guest (same e-mail, other case) 1000x1    -> 1000   -50 d
 *   o6 PAID       u6 (not a follower) 400x3 = 1200          -> 1200   -20 d
 * Not counted: u3 OPEN and PAYMENT_FAILED, u4 PAYMENT_PENDING, u2's PAID order of creator D.
 * Products of C: 2 published, 1 draft, 1 archived; D: 1 published.
 */
let tenant: Tenant;
let owner: TestUser;
let creator: CreatedCreator;
let other: CreatedCreator;
const u: Record<string, TestUser> = {};

beforeAll(async () => {
  tenant = await h.createTenant();
  owner = await createUser(h, tenant, "owner");
  creator = await createCreator(h, tenant, { owner });
  other = await createCreator(h, tenant, { owner });
  for (const name of ["u1", "u2", "u3", "u4", "u5", "u6"])
    u[name] = await createUser(h, tenant, `${name}_fan`);

  await seedFollow(h, tenant, u.u1!.id, creator.id, ago(40 * DAY));
  await seedFollow(h, tenant, u.u2!.id, creator.id, ago(10 * DAY));
  await seedFollow(h, tenant, u.u3!.id, creator.id, ago(2 * DAY));
  await seedFollow(h, tenant, u.u4!.id, creator.id, ago(2 * DAY - 60 * 60 * 1000));
  await seedFollow(h, tenant, u.u5!.id, creator.id, ago(60 * 60 * 1000));
  await seedFollow(h, tenant, u.u1!.id, other.id, ago(DAY));
  await h.database.db.insert(follows).values({
    organizationId: tenant.organizationId,
    followerId: u.u2!.id,
    targetType: "USER",
    targetId: u.u1!.id,
    createdAt: ago(DAY),
  });

  const seed = (creatorId: string, order: Parameters<typeof seedOrder>[3]) =>
    seedOrder(h, tenant, creatorId, order);
  await seed(creator.id, {
    userId: u.u1!.id,
    status: "PAID",
    items: [
      { price: 2000, quantity: 2 },
      { price: 500, quantity: 1 },
    ],
    shippingFee: 500,
    createdAt: ago(5 * DAY),
  });
  await seed(creator.id, {
    userId: u.u1!.id,
    status: "DELIVERED",
    items: [{ price: 1000, quantity: 1 }],
    amountPaid: 700,
    createdAt: ago(40 * DAY),
  });
  await seed(creator.id, {
    userId: u.u2!.id,
    status: "SHIPPED",
    items: [{ price: 3000, quantity: 2 }],
    createdAt: ago(DAY),
  });
  await seed(creator.id, {
    guestEmail: "Guest@Example.com",
    status: "PROCESSING",
    items: [{ price: 1500, quantity: 2 }],
    shippingFee: 250,
    amountPaid: null,
    paidAt: null,
    createdAt: ago(3 * DAY),
  });
  await seed(creator.id, {
    guestEmail: "guest@example.com",
    status: "PAID",
    items: [{ price: 1000, quantity: 1 }],
    createdAt: ago(50 * DAY),
  });
  await seed(creator.id, {
    userId: u.u6!.id,
    status: "PAID",
    items: [{ price: 400, quantity: 3 }],
    createdAt: ago(20 * DAY),
  });
  await seed(creator.id, { userId: u.u3!.id, status: "OPEN", items: [{ price: 9999, quantity: 1 }] });
  await seed(creator.id, {
    userId: u.u3!.id,
    status: "PAYMENT_FAILED",
    items: [{ price: 9999, quantity: 1 }],
  });
  await seed(creator.id, {
    userId: u.u4!.id,
    status: "PAYMENT_PENDING",
    items: [{ price: 9999, quantity: 1 }],
  });
  await seed(other.id, { userId: u.u2!.id, status: "PAID", items: [{ price: 10_000, quantity: 1 }] });

  const statuses: [string, "DRAFT" | "PUBLISHED" | "ARCHIVED"][] = [
    [creator.id, "PUBLISHED"],
    [creator.id, "PUBLISHED"],
    [creator.id, "DRAFT"],
    [creator.id, "ARCHIVED"],
    [other.id, "PUBLISHED"],
  ];
  for (const [creatorId, status] of statuses) {
    const id = newId();
    await h.database.db.insert(products).values({
      organizationId: tenant.organizationId,
      id,
      creatorId,
      name: id,
      slug: id,
      price: 100,
      status,
    });
  }
});

const asOwner = () => ({ key: tenant.memberKey, userId: owner.id });

describe("GET /creator/id/{creatorId}/dashboard", () => {
  it("computes the overview from the rows", async () => {
    const response = await api(h, "GET", `/creator/id/${creator.id}/dashboard`, asOwner());
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      creatorId: creator.id,
      currency: "usd",
      periodDays: 30,
      followerCount: 5,
      newFollowersLast30Days: 4,
      publishedProductCount: 2,
      draftProductCount: 1,
      archivedProductCount: 1,
      paidOrderCount: 6,
      paidOrdersLast30Days: 4,
      itemsSold: 12,
      grossSalesCents: 16_700,
      revenueCents: 17_150,
      revenueLast30DaysCents: 15_450,
      averageOrderValueCents: 2858,
      customerCount: 4,
      generatedAt: NOW.toISOString(),
    });
  });

  it("is all zeros for a creator without activity", async () => {
    const fresh = await createCreator(h, tenant);
    const response = await api(h, "GET", `/creator/id/${fresh.id}/dashboard`, {
      key: tenant.adminKey,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      followerCount: 0,
      newFollowersLast30Days: 0,
      publishedProductCount: 0,
      paidOrderCount: 0,
      revenueCents: 0,
      averageOrderValueCents: 0,
      customerCount: 0,
    });
  });

  it("answers 403 to a non-owner and 404 to another tenant", async () => {
    expectError(
      await api(h, "GET", `/creator/id/${creator.id}/dashboard`, {
        key: tenant.memberKey,
        userId: u.u1!.id,
      }),
      403,
      "not_owner",
    );
    const stranger = await h.createTenant();
    expectError(
      await api(h, "GET", `/creator/id/${creator.id}/dashboard`, { key: stranger.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "GET", `/creator/id/${creator.id}/dashboard/fans`, { key: stranger.adminKey }),
      404,
      "not_found",
    );
  });
});

describe("GET /creator/id/{creatorId}/dashboard/fans", () => {
  it("computes buyers, repeat buyers, follower conversion and top fans by spend", async () => {
    const response = await api(h, "GET", `/creator/id/${creator.id}/dashboard/fans`, asOwner());
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      creatorId: creator.id,
      followerCount: 5,
      customerCount: 4,
      repeatCustomerCount: 2,
      repeatCustomerRate: 0.5,
      followerCustomerCount: 2,
      followerConversionRate: 0.4,
      averageSpendPerCustomerCents: 4288,
      topFans: [
        {
          user: { id: u.u2!.id, username: "u2_fan", avatarUrl: null },
          orderCount: 1,
          spentCents: 6000,
          firstOrderAt: ago(DAY).toISOString(),
          lastOrderAt: ago(DAY).toISOString(),
          isFollower: true,
          followedAt: ago(10 * DAY).toISOString(),
        },
        {
          user: { id: u.u1!.id, username: "u1_fan", avatarUrl: null },
          orderCount: 2,
          spentCents: 5700,
          firstOrderAt: ago(40 * DAY).toISOString(),
          lastOrderAt: ago(5 * DAY).toISOString(),
          isFollower: true,
          followedAt: ago(40 * DAY).toISOString(),
        },
        {
          user: { id: u.u6!.id, username: "u6_fan", avatarUrl: null },
          orderCount: 1,
          spentCents: 1200,
          firstOrderAt: ago(20 * DAY).toISOString(),
          lastOrderAt: ago(20 * DAY).toISOString(),
          isFollower: false,
          followedAt: null,
        },
      ],
      generatedAt: NOW.toISOString(),
    });
  });

  it("limits the top fans list; 422 outside 1-100", async () => {
    const response = await api<ApiSchema<"CreatorFans">>(
      h,
      "GET",
      `/creator/id/${creator.id}/dashboard/fans?limit=1`,
      asOwner(),
    );
    expect(response.body.topFans.map((fan) => fan.user.id)).toEqual([u.u2!.id]);
    for (const limit of ["0", "101", "x"]) {
      const invalid = await api(
        h,
        "GET",
        `/creator/id/${creator.id}/dashboard/fans?limit=${limit}`,
        asOwner(),
      );
      expectError(invalid, 422, "validation_failed");
      expect(detailsOf(invalid).map((detail) => detail.field)).toEqual(["limit"]);
    }
  });
});

describe("GET /creator/{slug}/stats", () => {
  it("shows public-safe numbers only", async () => {
    const response = await api(h, "GET", `/creator/${creator.slug}/stats`, {
      key: tenant.memberKey,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      creatorId: creator.id,
      slug: creator.slug,
      followerCount: 5,
      productCount: 2,
      orderCount: 6,
      itemsSold: 12,
      customerCount: 4,
      createdAt: expect.any(String),
    });
  });

  it("answers 404 for an unknown slug", async () => {
    expectError(
      await api(h, "GET", "/creator/nobody-here/stats", { key: tenant.memberKey }),
      404,
      "not_found",
    );
  });
});

type FollowerBody = ApiSchema<"CreatorFollower">;

describe("followers of a creator", () => {
  it("lists followers newest first with X-Total-Count (owner route)", async () => {
    const response = await api<FollowerBody[]>(h, "GET", `/creator/id/${creator.id}/followers`, asOwner());
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("5");
    expect(response.body.map((follower) => follower.user.id)).toEqual(
      ["u5", "u4", "u3", "u2", "u1"].map((name) => u[name]!.id),
    );
    expect(response.body[4]).toEqual({
      user: { id: u.u1!.id, username: "u1_fan", avatarUrl: null },
      followedAt: ago(40 * DAY).toISOString(),
    });

    const page = await api<FollowerBody[]>(
      h,
      "GET",
      `/creator/id/${creator.id}/followers?limit=2&offset=1`,
      asOwner(),
    );
    expect(page.body.map((follower) => follower.user.id)).toEqual([u.u4!.id, u.u3!.id]);
    expect(page.headers.get("x-total-count")).toBe("5");
  });

  it("counts followers", async () => {
    const response = await api(h, "GET", `/creator/id/${creator.id}/followers/count`, asOwner());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ creatorId: creator.id, count: 5 });
    const otherCount = await api(h, "GET", `/creator/id/${other.id}/followers/count`, asOwner());
    expect(otherCount.body).toEqual({ creatorId: other.id, count: 1 });
  });

  it("answers 403 to a non-owner on the owner routes", async () => {
    for (const path of ["followers", "followers/count"]) {
      expectError(
        await api(h, "GET", `/creator/id/${creator.id}/${path}`, {
          key: tenant.memberKey,
          userId: u.u2!.id,
        }),
        403,
        "not_owner",
      );
    }
  });

  it("lists followers publicly at /creator/followers/{id}", async () => {
    const response = await api<FollowerBody[]>(h, "GET", `/creator/followers/${creator.id}?limit=3`, {
      key: tenant.memberKey,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("5");
    expect(response.body.map((follower) => follower.user.id)).toEqual([u.u5!.id, u.u4!.id, u.u3!.id]);
  });

  it("ranks top followers by spend, then order count, then earliest follow, without amounts", async () => {
    const response = await api<ApiSchema<"TopFollower">[]>(h, "GET", `/creator/followers/${creator.id}/top`, {
      key: tenant.memberKey,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("5");
    expect(response.body.map((entry) => [entry.rank, entry.user.id])).toEqual([
      [1, u.u2!.id],
      [2, u.u1!.id],
      [3, u.u3!.id],
      [4, u.u4!.id],
      [5, u.u5!.id],
    ]);
    expect(response.body[0]).toEqual({
      rank: 1,
      user: { id: u.u2!.id, username: "u2_fan", avatarUrl: null },
      followedAt: ago(10 * DAY).toISOString(),
    });
    const page = await api<ApiSchema<"TopFollower">[]>(
      h,
      "GET",
      `/creator/followers/${creator.id}/top?limit=2&offset=2`,
      { key: tenant.memberKey },
    );
    expect(page.body.map((entry) => [entry.rank, entry.user.id])).toEqual([
      [3, u.u3!.id],
      [4, u.u4!.id],
    ]);
  });

  it("answers 404 for unknown and other tenants' creators, 422 for bad paging", async () => {
    const stranger = await h.createTenant();
    for (const path of ["", "/top", "/growth"]) {
      expectError(
        await api(h, "GET", `/creator/followers/${creator.id}${path}`, { key: stranger.memberKey }),
        404,
        "not_found",
      );
      expectError(
        await api(h, "GET", `/creator/followers/nosuchcreator${path}`, { key: tenant.memberKey }),
        404,
        "not_found",
      );
    }
    for (const query of ["limit=0", "limit=101", "offset=-1"]) {
      const response = await api(h, "GET", `/creator/followers/${creator.id}?${query}`, {
        key: tenant.memberKey,
      });
      expectError(response, 422, "validation_failed");
      expect(detailsOf(response).map((detail) => detail.field)).toEqual([query.split("=")[0]]);
    }
  });
});

describe("GET /creator/followers/{id}/growth", () => {
  type Growth = ApiSchema<"CreatorFollowerGrowth">;

  it("gives daily new followers and the running total over 30 days by default", async () => {
    const response = await api<Growth>(h, "GET", `/creator/followers/${creator.id}/growth`, {
      key: tenant.memberKey,
    });
    expect(response.status, response.text).toBe(200);
    const { points, ...summary } = response.body;
    expect(summary).toEqual({
      creatorId: creator.id,
      days: 30,
      from: "2031-04-21",
      to: "2031-05-20",
      startingTotal: 1,
      newFollowers: 4,
      total: 5,
    });
    expect(points).toHaveLength(30);
    expect(points[0]).toEqual({ date: "2031-04-21", newFollowers: 0, total: 1 });
    expect(points.filter((point) => point.newFollowers > 0)).toEqual([
      { date: "2031-05-10", newFollowers: 1, total: 2 },
      { date: "2031-05-18", newFollowers: 2, total: 4 },
      { date: "2031-05-20", newFollowers: 1, total: 5 },
    ]);
    expect(points[29]).toEqual({ date: "2031-05-20", newFollowers: 1, total: 5 });
  });

  it("takes a window of 1 to 365 days", async () => {
    const one = await api<Growth>(h, "GET", `/creator/followers/${creator.id}/growth?days=1`, {
      key: tenant.memberKey,
    });
    expect(one.body).toMatchObject({
      days: 1,
      from: "2031-05-20",
      to: "2031-05-20",
      startingTotal: 4,
      newFollowers: 1,
      total: 5,
      points: [{ date: "2031-05-20", newFollowers: 1, total: 5 }],
    });
    const year = await api<Growth>(h, "GET", `/creator/followers/${creator.id}/growth?days=365`, {
      key: tenant.memberKey,
    });
    expect(year.body).toMatchObject({
      days: 365,
      from: "2030-05-21",
      startingTotal: 0,
      newFollowers: 5,
      total: 5,
    });
    expect(year.body.points).toHaveLength(365);
    for (const days of ["0", "366", "1.5", "week"]) {
      const invalid = await api(h, "GET", `/creator/followers/${creator.id}/growth?days=${days}`, {
        key: tenant.memberKey,
      });
      expectError(invalid, 422, "validation_failed");
      expect(detailsOf(invalid).map((detail) => detail.field)).toEqual(["days"]);
    }
  });

  it("moves with the clock", async () => {
    clock.set(new Date(NOW.getTime() + 2 * DAY));
    try {
      const response = await api<Growth>(h, "GET", `/creator/followers/${creator.id}/growth?days=3`, {
        key: tenant.memberKey,
      });
      expect(response.body).toMatchObject({
        from: "2031-05-20",
        to: "2031-05-22",
        startingTotal: 4,
        points: [
          { date: "2031-05-20", newFollowers: 1, total: 5 },
          { date: "2031-05-21", newFollowers: 0, total: 5 },
          { date: "2031-05-22", newFollowers: 0, total: 5 },
        ],
      });
    } finally {
      clock.set(NOW);
    }
  });
});
