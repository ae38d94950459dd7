import {
  createCreator,
  createUser,
  detailsOf,
  expectError,
  seedFollow,
  type Tenant,
  type TestUser,
  uniqueSlug,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();

interface CreatorBody {
  id: string;
  slug: string;
  displayName: string;
  description: string;
  avatarUrl: string | null;
  heroUrl: string | null;
  flatShippingRate: number;
  socialProfiles: { platform: string; url: string }[];
  organizationId: string;
  pointsAccepted: "SELF" | "ALL";
  pointsPerDollar: number;
  categories: { id: number; name: string }[];
  owners: { userId: string; username: string | null; since: string }[];
  createdAt: string;
  updatedAt: string;
}

const createBody = (overrides: Record<string, unknown> = {}) => {
  const slug = uniqueSlug();
  return { displayName: `Shop ${slug}`, slug, categoryIds: [], ...overrides };
};

describe("POST /user/{id}/creator", () => {
  let tenant: Tenant;
  let owner: TestUser;
  beforeAll(async () => {
    tenant = await h.createTenant();
    owner = await createUser(h, tenant, `owner${Date.now()}`);
  });

  it("creates a creator owned by the user, with its categories", async () => {
    const slug = uniqueSlug("Night-Market");
    const response = await h.request<CreatorBody>("POST", `/api/v1/user/${owner.id}/creator`, {
      key: tenant.memberKey,
      userId: owner.id,
      body: { displayName: "  Night Market  ", slug, categoryIds: [4, 3, 4] },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-z]+$/),
      slug: slug.toLowerCase(),
      displayName: "Night Market",
      description: "",
      avatarUrl: null,
      heroUrl: null,
      flatShippingRate: 0,
      socialProfiles: [],
      organizationId: tenant.organizationId,
      pointsAccepted: "SELF",
      pointsPerDollar: 0,
      categories: [
        { id: 3, name: "Music" },
        { id: 4, name: "Art" },
      ],
      owners: [{ userId: owner.id, username: owner.username, since: expect.any(String) }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const fetched = await h.request<CreatorBody>("GET", `/api/v1/creator/id/${response.body.id}`, {
      key: tenant.memberKey,
      userId: owner.id,
    });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(response.body);
  });

  it("lets one user own several creators, and works for the whole tenant without X-User-Id", async () => {
    const user = await createUser(h, tenant);
    const first = await h.request<CreatorBody>("POST", `/api/v1/user/${user.id}/creator`, {
      key: tenant.memberKey,
      body: createBody(),
    });
    const second = await h.request<CreatorBody>("POST", `/api/v1/user/${user.id}/creator`, {
      key: tenant.adminKey,
      body: createBody(),
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.body.id).not.toBe(second.body.id);
    expect(first.body.owners.map((o) => o.userId)).toEqual([user.id]);
    expect(second.body.owners.map((o) => o.userId)).toEqual([user.id]);
  });

  it("answers 403 when X-User-Id names another user", async () => {
    const other = await createUser(h, tenant);
    expectError(
      await h.request("POST", `/api/v1/user/${owner.id}/creator`, {
        key: tenant.memberKey,
        userId: other.id,
        body: createBody(),
      }),
      403,
      "acting_user_mismatch",
    );
  });

  it("answers 404 for an unknown user and for another tenant's user", async () => {
    const other = await h.createTenant();
    const stranger = await createUser(h, other);
    expectError(
      await h.request("POST", "/api/v1/user/nosuchuser/creator", {
        key: tenant.memberKey,
        body: createBody(),
      }),
      404,
      "not_found",
    );
    expectError(
      await h.request("POST", `/api/v1/user/${stranger.id}/creator`, {
        key: tenant.adminKey,
        body: createBody(),
      }),
      404,
      "not_found",
    );
  });

  it.each([
    [{ slug: "ab" }, "slug"],
    [{ slug: "-shop" }, "slug"],
    [{ slug: "shop-" }, "slug"],
    [{ slug: "my shop" }, "slug"],
    [{ slug: "shop_one" }, "slug"],
    [{ slug: `s${"x".repeat(50)}` }, "slug"],
    [{ slug: 42 }, "slug"],
    [{ displayName: "" }, "displayName"],
    [{ displayName: "   " }, "displayName"],
    [{ displayName: "x".repeat(101) }, "displayName"],
    [{ displayName: null }, "displayName"],
    [{ categoryIds: [0] }, "categoryIds.0"],
    [{ categoryIds: ["3"] }, "categoryIds.0"],
    [{ categoryIds: [1.5] }, "categoryIds.0"],
    [{ organizationId: "x" }, "organizationId"],
    [{ ownerId: "x" }, "ownerId"],
    [{ pointsPerDollar: 5 }, "pointsPerDollar"],
  ])("answers 422 for %j", async (patch, field) => {
    const response = await h.request("POST", `/api/v1/user/${owner.id}/creator`, {
      key: tenant.memberKey,
      body: createBody(patch),
    });
    expectError(response, 422, "validation_failed");
    expect(detailsOf(response).map((detail) => detail.field)).toEqual([field]);
  });

  it("answers 422 when required fields are missing", async () => {
    const response = await h.request("POST", `/api/v1/user/${owner.id}/creator`, {
      key: tenant.memberKey,
      body: {},
    });
    expectError(response, 422, "validation_failed");
    expect(
      detailsOf(response)
        .map((detail) => detail.field)
        .sort(),
    ).toEqual(["displayName", "slug"]);
  });

  it.each(["id", "ID", "followers", " Followers "])("refuses the reserved slug %j", async (slug) => {
    const response = await h.request("POST", `/api/v1/user/${owner.id}/creator`, {
      key: tenant.memberKey,
      body: createBody({ slug }),
    });
    expectError(response, 422, "validation_failed");
    expect(detailsOf(response)).toEqual([{ field: "slug", message: expect.stringContaining("reserved") }]);
  });

  it("answers 422 naming category ids that do not exist", async () => {
    const response = await h.request("POST", `/api/v1/user/${owner.id}/creator`, {
      key: tenant.memberKey,
      body: createBody({ categoryIds: [1, 99, 16] }),
    });
    expectError(response, 422, "validation_failed");
    expect(detailsOf(response)).toEqual([
      { field: "categoryIds.1", message: "Unknown category 99" },
      { field: "categoryIds.2", message: "Unknown category 16" },
    ]);
  });

  it("answers 409 for a slug or a display name already used in the organization, not in another", async () => {
    const existing = await createCreator(h, tenant, { owner });
    const slugClash = await h.request("POST", `/api/v1/user/${owner.id}/creator`, {
      key: tenant.memberKey,
      body: createBody({ slug: existing.slug.toUpperCase() }),
    });
    expectError(slugClash, 409, "already_exists");
    expect(detailsOf(slugClash)).toEqual([{ field: "slug", message: expect.any(String) }]);

    const nameClash = await h.request("POST", `/api/v1/user/${owner.id}/creator`, {
      key: tenant.memberKey,
      body: createBody({ displayName: existing.displayName.toUpperCase() }),
    });
    expectError(nameClash, 409, "already_exists");
    expect(detailsOf(nameClash)).toEqual([{ field: "displayName", message: expect.any(String) }]);

    const other = await h.createTenant();
    const otherOwner = await createUser(h, other);
    const elsewhere = await h.request("POST", `/api/v1/user/${otherOwner.id}/creator`, {
      key: other.memberKey,
      body: { displayName: existing.displayName, slug: existing.slug },
    });
    expect(elsewhere.status, elsewhere.text).toBe(201);
  });

  it("enforces the tier's maxCreators per organization (BUILDER: 2)", async () => {
    const builder = await h.createTenant({ tier: "builder" });
    const alice = await createUser(h, builder);
    const bob = await createUser(h, builder);
    await createCreator(h, builder, { owner: alice });
    await createCreator(h, builder, { owner: bob });
    const third = await h.request("POST", `/api/v1/user/${alice.id}/creator`, {
      key: builder.memberKey,
      body: createBody(),
    });
    expectError(third, 403, "tier_limit_reached");
    expect(third.body).toMatchObject({ details: { limit: 2, tier: "BUILDER" } });
  });

  it("holds maxCreators under concurrent creates", async () => {
    const builder = await h.createTenant({ tier: "builder" });
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(h, builder)));
    const responses = await Promise.all(
      users.map((user) =>
        h.request("POST", `/api/v1/user/${user.id}/creator`, { key: builder.adminKey, body: createBody() }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 403, 403, 403]);
  });

  it("answers 401 without a key", async () => {
    expectError(
      await h.request("POST", `/api/v1/user/${owner.id}/creator`, { body: createBody() }),
      401,
      "unauthorized",
    );
  });
});

describe("POST /user/{id}/creator/check-availability", () => {
  let tenant: Tenant;
  let owner: TestUser;
  let existing: { slug: string; displayName: string };
  beforeAll(async () => {
    tenant = await h.createTenant();
    owner = await createUser(h, tenant);
    existing = await createCreator(h, tenant, { owner });
  });

  const check = (body: unknown, userId?: string) =>
    h.request<Record<string, unknown>>("POST", `/api/v1/user/${owner.id}/creator/check-availability`, {
      key: tenant.memberKey,
      body,
      ...(userId ? { userId } : {}),
    });

  it("reports both available for unused values, normalised as they would be stored", async () => {
    const slug = uniqueSlug("Fresh");
    const response = await check({ slug, displayName: "  Fresh Name  " }, owner.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      slug: { value: slug.toLowerCase(), available: true },
      displayName: { value: "Fresh Name", available: true },
      available: true,
    });
  });

  it("reports taken values, case-insensitively", async () => {
    const response = await check({
      slug: existing.slug.toUpperCase(),
      displayName: existing.displayName.toLowerCase(),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      slug: { value: existing.slug, available: false, reason: "taken", message: expect.any(String) },
      displayName: {
        value: existing.displayName.toLowerCase(),
        available: false,
        reason: "taken",
        message: expect.any(String),
      },
      available: false,
    });
  });

  it.each([
    ["id", "reserved"],
    ["Followers", "reserved"],
    ["ab", "invalid"],
    ["-abc", "invalid"],
    ["has space", "invalid"],
    ["", "invalid"],
  ])("reports slug %j as %s", async (slug, reason) => {
    const response = await check({ slug, displayName: `Name ${uniqueSlug()}` });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      slug: { available: false, reason },
      displayName: { available: true },
      available: false,
    });
  });

  it("reports an empty or too long display name as invalid", async () => {
    for (const displayName of ["   ", "x".repeat(101)]) {
      const response = await check({ slug: uniqueSlug(), displayName });
      expect(response.body).toMatchObject({
        slug: { available: true },
        displayName: { available: false, reason: "invalid" },
        available: false,
      });
    }
  });

  it("answers 422 for missing or mistyped fields", async () => {
    const missing = await check({});
    expectError(missing, 422, "validation_failed");
    expect(
      detailsOf(missing)
        .map((detail) => detail.field)
        .sort(),
    ).toEqual(["displayName", "slug"]);
    const mistyped = await check({ slug: 7, displayName: "ok", extra: true });
    expectError(mistyped, 422, "validation_failed");
    expect(
      detailsOf(mistyped)
        .map((detail) => detail.field)
        .sort(),
    ).toEqual(["extra", "slug"]);
  });

  it("answers 404 for another tenant's user and 403 for a mismatched X-User-Id", async () => {
    const other = await h.createTenant();
    const stranger = await createUser(h, other);
    expectError(
      await h.request("POST", `/api/v1/user/${stranger.id}/creator/check-availability`, {
        key: tenant.memberKey,
        body: { slug: "abc", displayName: "abc" },
      }),
      404,
      "not_found",
    );
    const someoneElse = await createUser(h, tenant);
    expectError(
      await check({ slug: "abc", displayName: "abc" }, someoneElse.id),
      403,
      "acting_user_mismatch",
    );
  });
});

describe("GET and PATCH /creator/id/{creatorId}", () => {
  let tenant: Tenant;
  let owner: TestUser;
  let creatorId: string;
  beforeAll(async () => {
    tenant = await h.createTenant();
    owner = await createUser(h, tenant);
    creatorId = (await createCreator(h, tenant, { owner, categoryIds: [1] })).id;
  });

  const patch = (body: unknown, options: { userId?: string; key?: string } = {}) =>
    h.request<CreatorBody>("PATCH", `/api/v1/creator/id/${creatorId}`, {
      key: options.key ?? tenant.memberKey,
      userId: options.userId ?? owner.id,
      body,
    });

  it("lets an ADMIN key read any creator of its tenant without X-User-Id", async () => {
    const response = await h.request<CreatorBody>("GET", `/api/v1/creator/id/${creatorId}`, {
      key: tenant.adminKey,
    });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(creatorId);
    expect(response.body.categories).toEqual([{ id: 1, name: "Apparel" }]);
  });

  it("answers 403 to a MEMBER key without X-User-Id or acting for a non-owner", async () => {
    const stranger = await createUser(h, tenant);
    expectError(
      await h.request("GET", `/api/v1/creator/id/${creatorId}`, { key: tenant.memberKey }),
      403,
      "not_owner",
    );
    expectError(
      await h.request("GET", `/api/v1/creator/id/${creatorId}`, {
        key: tenant.memberKey,
        userId: stranger.id,
      }),
      403,
      "not_owner",
    );
    expectError(await patch({ description: "hijack" }, { userId: stranger.id }), 403, "not_owner");
  });

  it("answers 404 for unknown creators and another tenant's creator, 422 for a malformed id", async () => {
    const other = await h.createTenant();
    const foreign = await createCreator(h, other);
    expectError(
      await h.request("GET", "/api/v1/creator/id/nosuchcreator", { key: tenant.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await h.request("GET", `/api/v1/creator/id/${foreign.id}`, { key: tenant.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await h.request("PATCH", `/api/v1/creator/id/${foreign.id}`, {
        key: tenant.adminKey,
        body: { description: "x" },
      }),
      404,
      "not_found",
    );
    const malformed = await h.request("GET", "/api/v1/creator/id/Not_An_Id", { key: tenant.adminKey });
    expectError(malformed, 422, "validation_failed");
    expect(detailsOf(malformed).map((detail) => detail.field)).toEqual(["creatorId"]);
  });

  it("updates the given fields, leaves the others, and null clears", async () => {
    const set = await patch({
      description: "Handmade prints",
      avatarUrl: "https://cdn.example.com/a.png",
      heroUrl: "https://cdn.example.com/hero.png",
      flatShippingRate: 495,
      socialProfiles: [{ platform: "instagram", url: "https://instagram.com/prints" }],
      pointsAccepted: "ALL",
      pointsPerDollar: 10,
      categoryIds: [5, 4],
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({
      description: "Handmade prints",
      avatarUrl: "https://cdn.example.com/a.png",
      heroUrl: "https://cdn.example.com/hero.png",
      flatShippingRate: 495,
      socialProfiles: [{ platform: "instagram", url: "https://instagram.com/prints" }],
      pointsAccepted: "ALL",
      pointsPerDollar: 10,
      categories: [
        { id: 4, name: "Art" },
        { id: 5, name: "Books" },
      ],
    });
    const displayName = set.body.displayName;

    const partial = await patch({ flatShippingRate: 0 });
    expect(partial.body).toMatchObject({
      displayName,
      description: "Handmade prints",
      avatarUrl: "https://cdn.example.com/a.png",
      flatShippingRate: 0,
      pointsAccepted: "ALL",
      pointsPerDollar: 10,
    });

    const cleared = await patch({
      description: null,
      avatarUrl: null,
      heroUrl: null,
      socialProfiles: [],
      categoryIds: [],
    });
    expect(cleared.body).toMatchObject({
      displayName,
      description: "",
      avatarUrl: null,
      heroUrl: null,
      socialProfiles: [],
      categories: [],
      flatShippingRate: 0,
      pointsPerDollar: 10,
    });
    expect(new Date(cleared.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(cleared.body.createdAt).getTime(),
    );

    const renamed = await patch({ displayName: "Print Shop Deluxe" }, { key: tenant.adminKey, userId: "" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.displayName).toBe("Print Shop Deluxe");
    const sameNameOtherCase = await patch({ displayName: "PRINT SHOP DELUXE" });
    expect(sameNameOtherCase.status).toBe(200);
    expect(sameNameOtherCase.body.displayName).toBe("PRINT SHOP DELUXE");
  });

  it.each([
    [{ flatShippingRate: -1 }, "flatShippingRate"],
    [{ flatShippingRate: 1.5 }, "flatShippingRate"],
    [{ flatShippingRate: "100" }, "flatShippingRate"],
    [{ flatShippingRate: null }, "flatShippingRate"],
    [{ pointsAccepted: "NONE" }, "pointsAccepted"],
    [{ pointsPerDollar: -1 }, "pointsPerDollar"],
    [{ pointsPerDollar: 2.5 }, "pointsPerDollar"],
    [{ avatarUrl: "ftp://example.com/a.png" }, "avatarUrl"],
    [{ heroUrl: "not a url" }, "heroUrl"],
    [{ socialProfiles: [{ platform: "x" }] }, "socialProfiles.0.url"],
    [{ socialProfiles: null }, "socialProfiles"],
    [{ displayName: null }, "displayName"],
    [{ displayName: "" }, "displayName"],
    [{ slug: "new-slug" }, "slug"],
    [{ organizationId: "x" }, "organizationId"],
    [{ owners: [] }, "owners"],
    [{ categoryIds: [99] }, "categoryIds.0"],
  ])("answers 422 for %j", async (body, field) => {
    const response = await patch(body);
    expectError(response, 422, "validation_failed");
    expect(detailsOf(response).map((detail) => detail.field)).toEqual([field]);
  });

  it("answers 409 when the display name belongs to another creator", async () => {
    const otherCreator = await createCreator(h, tenant);
    const response = await patch({ displayName: otherCreator.displayName.toUpperCase() });
    expectError(response, 409, "already_exists");
    expect(detailsOf(response)).toEqual([{ field: "displayName", message: expect.any(String) }]);
  });
});

describe("GET /creator/{slug}", () => {
  it("returns only the public fields, found case-insensitively", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    await h.request("PATCH", `/api/v1/creator/id/${creator.id}`, {
      key: tenant.adminKey,
      body: { description: "Public story", flatShippingRate: 300, pointsPerDollar: 4 },
    });
    const response = await h.request("GET", `/api/v1/creator/${creator.slug.toUpperCase()}`, {
      key: tenant.memberKey,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: creator.id,
      slug: creator.slug,
      displayName: creator.displayName,
      description: "Public story",
      avatarUrl: null,
      heroUrl: null,
      flatShippingRate: 300,
      socialProfiles: [],
      createdAt: expect.any(String),
    });
  });

  it("answers 404 for an unknown slug and another tenant's slug; 401 without a key", async () => {
    const tenant = await h.createTenant();
    const other = await h.createTenant();
    const foreign = await createCreator(h, other);
    expectError(
      await h.request("GET", "/api/v1/creator/no-such-shop", { key: tenant.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await h.request("GET", `/api/v1/creator/${foreign.slug}`, { key: tenant.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await h.request("GET", `/api/v1/creator/${foreign.slug}/stats`, { key: tenant.memberKey }),
      404,
      "not_found",
    );
    expectError(await h.request("GET", `/api/v1/creator/${foreign.slug}`), 401, "unauthorized");
  });
});

describe("creator groups", () => {
  let tenant: Tenant;
  let owner: TestUser;
  let creatorId: string;
  let fans: TestUser[];
  beforeAll(async () => {
    tenant = await h.createTenant();
    owner = await createUser(h, tenant);
    creatorId = (await createCreator(h, tenant, { owner })).id;
    fans = [];
    for (const name of ["carol", "alice", "bob"]) {
      const fan = await createUser(h, tenant, `${name}${Date.now()}`);
      await seedFollow(h, tenant, fan.id, creatorId);
      fans.push(fan);
    }
  });

  const createGroup = (body: unknown, options: { userId?: string; key?: string; creator?: string } = {}) =>
    h.request<Record<string, unknown>>("POST", `/api/v1/creator/id/${options.creator ?? creatorId}/group`, {
      key: options.key ?? tenant.memberKey,
      userId: options.userId ?? owner.id,
      body,
    });

  it("creates a MANUAL group of followers (duplicates ignored) and lists groups with member counts", async () => {
    const [carol, alice, bob] = fans as [TestUser, TestUser, TestUser];
    const vip = await createGroup({
      groupName: "VIP",
      groupType: "MANUAL",
      memberIds: [carol.id, alice.id, carol.id],
    });
    expect(vip.status, vip.text).toBe(201);
    expect(vip.body).toEqual({
      id: expect.stringMatching(/^[0-9a-z]+$/),
      creatorId,
      groupName: "VIP",
      groupType: "MANUAL",
      memberCount: 2,
      members: [
        { id: alice.id, username: alice.username, avatarUrl: null },
        { id: carol.id, username: carol.username, avatarUrl: null },
      ],
      createdAt: expect.any(String),
    });
    const empty = await createGroup({ groupName: "Later" });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ groupType: "MANUAL", memberCount: 0, members: [] });
    const all = await createGroup(
      { groupName: "Everyone", memberIds: [alice.id, bob.id, carol.id] },
      {
        key: tenant.adminKey,
        userId: "",
      },
    );
    expect(all.status).toBe(201);

    const list = await h.request<{ groupName: string; memberCount: number }[]>(
      "GET",
      `/api/v1/creator/id/${creatorId}/groups`,
      { key: tenant.memberKey, userId: owner.id },
    );
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("3");
    expect(
      list.body
        .map(({ groupName, memberCount }) => ({ groupName, memberCount }))
        .sort((a, b) => a.groupName.localeCompare(b.groupName)),
    ).toEqual([
      { groupName: "Everyone", memberCount: 3 },
      { groupName: "Later", memberCount: 0 },
      { groupName: "VIP", memberCount: 2 },
    ]);
    expect(list.body[0]).toEqual({
      id: expect.any(String),
      creatorId,
      groupName: expect.any(String),
      groupType: "MANUAL",
      memberCount: expect.any(Number),
      createdAt: expect.any(String),
    });

    const page = await h.request<unknown[]>(
      "GET",
      `/api/v1/creator/id/${creatorId}/groups?limit=2&offset=2`,
      {
        key: tenant.adminKey,
      },
    );
    expect(page.body).toHaveLength(1);
    expect(page.headers.get("x-total-count")).toBe("3");
  });

  it("answers 409 for a group name the creator already uses (case-insensitive)", async () => {
    expect((await createGroup({ groupName: "Early Birds" })).status).toBe(201);
    const clash = await createGroup({ groupName: "early birds" });
    expectError(clash, 409, "already_exists");
    expect(detailsOf(clash)).toEqual([{ field: "groupName", message: expect.any(String) }]);
    const otherCreator = await createCreator(h, tenant, { owner });
    expect((await createGroup({ groupName: "Early Birds" }, { creator: otherCreator.id })).status).toBe(201);
  });

  it("answers 422 for members who are unknown, in another tenant, or not followers", async () => {
    const other = await h.createTenant();
    const stranger = await createUser(h, other);
    const notFollowing = await createUser(h, tenant);
    const response = await createGroup({
      groupName: "Mixed",
      memberIds: [fans[0]!.id, "nosuchuser", stranger.id, notFollowing.id],
    });
    expectError(response, 422, "validation_failed");
    expect(detailsOf(response)).toEqual([
      { field: "memberIds.1", message: "Unknown user" },
      { field: "memberIds.2", message: "Unknown user" },
      { field: "memberIds.3", message: "This user does not follow the creator" },
    ]);
  });

  it.each([
    [{ groupName: "" }, "groupName"],
    [{ groupName: "A", groupType: "SMART" }, "groupType"],
    [{ groupName: "A", memberIds: "abc" }, "memberIds"],
    [{ groupName: "A", memberIds: ["Bad Id"] }, "memberIds.0"],
    [{ groupName: "A", id: "mine" }, "id"],
    [{ groupName: "A", memberCount: 5 }, "memberCount"],
  ])("answers 422 for %j", async (body, field) => {
    const response = await createGroup(body);
    expectError(response, 422, "validation_failed");
    expect(detailsOf(response).map((detail) => detail.field)).toEqual([field]);
  });

  it("answers 403 for a non-owner and 404 for another tenant's creator", async () => {
    const stranger = await createUser(h, tenant);
    expectError(await createGroup({ groupName: "Nope" }, { userId: stranger.id }), 403, "not_owner");
    expectError(
      await h.request("GET", `/api/v1/creator/id/${creatorId}/groups`, {
        key: tenant.memberKey,
        userId: stranger.id,
      }),
      403,
      "not_owner",
    );
    const other = await h.createTenant();
    expectError(
      await h.request("GET", `/api/v1/creator/id/${creatorId}/groups`, { key: other.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await h.request("POST", `/api/v1/creator/id/${creatorId}/group`, {
        key: other.adminKey,
        body: { groupName: "Nope" },
      }),
      404,
      "not_found",
    );
  });
});
