import {
  type ApiSchema,
  createCreator,
  createUser,
  detailsOf,
  expectError,
  type Tenant,
  type TestUser,
  uniqueSlug,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();

type Creator = ApiSchema<"Creator">;

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
    const response = await h.request<Creator>("POST", `/api/v1/user/${owner.id}/creator`, {
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

    const fetched = await h.request<Creator>("GET", `/api/v1/creator/id/${response.body.id}`, {
      key: tenant.memberKey,
      userId: owner.id,
    });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(response.body);
  });

  it("lets one user own several creators, and works for the whole tenant without X-User-Id", async () => {
    const user = await createUser(h, tenant);
    const first = await h.request<Creator>("POST", `/api/v1/user/${user.id}/creator`, {
      key: tenant.memberKey,
      body: createBody(),
    });
    const second = await h.request<Creator>("POST", `/api/v1/user/${user.id}/creator`, {
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
    expect(third.body).toMatchObject({ context: { limit: 2, tier: "BUILDER" } });
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
    h.request<ApiSchema<"CreatorAvailability">>(
      "POST",
      `/api/v1/user/${owner.id}/creator/check-availability`,
      {
        key: tenant.memberKey,
        body,
        ...(userId ? { userId } : {}),
      },
    );

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
