import {
  type ApiSchema,
  createCreator,
  createUser,
  detailsOf,
  expectError,
  type Tenant,
  type TestUser,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();

type Creator = ApiSchema<"Creator">;

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
    h.request<Creator>("PATCH", `/api/v1/creator/id/${creatorId}`, {
      key: options.key ?? tenant.memberKey,
      userId: options.userId ?? owner.id,
      body,
    });

  it("lets an ADMIN key read any creator of its tenant without X-User-Id", async () => {
    const response = await h.request<Creator>("GET", `/api/v1/creator/id/${creatorId}`, {
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
