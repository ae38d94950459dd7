import { users } from "@tally/db";
import {
  type ApiSchema,
  api,
  type ErrorBody,
  expectError,
  fieldsOf,
  seedCreator,
  signUp,
  type Tenant,
  unique,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
  other = await h.createTenant();
});

type User = ApiSchema<"User">;

describe("PATCH /user/{id}", () => {
  it("sets, keeps and clears fields; replaces interests and social profiles", async () => {
    const user = await signUp(h, tenant);
    const username = unique("Ada_");
    const set = await api<User>(h, "PATCH", `/user/${user.id}`, {
      key: tenant.memberKey,
      userId: user.id,
      body: {
        username,
        bio: "Maker of things",
        avatarUrl: "https://img.example.com/ada.png",
        city: "Lyon",
        state: "ARA",
        categoryIds: [3, 1, 3],
        socialProfiles: [{ platform: "instagram", url: "https://instagram.com/ada" }],
      },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({
      username,
      bio: "Maker of things",
      avatarUrl: "https://img.example.com/ada.png",
      city: "Lyon",
      state: "ARA",
      socialProfiles: [{ platform: "instagram", url: "https://instagram.com/ada" }],
    });
    expect(set.body.interests.map((interest) => interest.id)).toEqual([1, 3]);
    expect(set.body.interests[0]?.name).toEqual(expect.any(String));
    expect(new Date(set.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(user.updatedAt).getTime());

    const kept = await api<User>(h, "PATCH", `/user/${user.id}`, {
      key: tenant.memberKey,
      body: { bio: null, categoryIds: [] },
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body).toMatchObject({
      username,
      bio: null,
      avatarUrl: "https://img.example.com/ada.png",
      interests: [],
    });
    expect(kept.body.socialProfiles).toHaveLength(1);

    const cleared = await api<User>(h, "PATCH", `/user/${user.id}`, {
      key: tenant.memberKey,
      body: { username: null, avatarUrl: null, socialProfiles: null, city: null },
    });
    expect(cleared.body).toMatchObject({
      username: null,
      avatarUrl: null,
      socialProfiles: [],
      city: null,
      state: "ARA",
    });

    const empty = await api<User>(h, "PATCH", `/user/${user.id}`, { key: tenant.memberKey });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.state).toBe("ARA");
  });

  it("keeps usernames unique in the organization, case-insensitively", async () => {
    const first = await signUp(h, tenant);
    const second = await signUp(h, tenant);
    const name = unique("taken_");
    expect(
      (
        await api(h, "PATCH", `/user/${first.id}`, {
          key: tenant.memberKey,
          body: { username: name },
        })
      ).status,
    ).toBe(200);
    const clash = await api(h, "PATCH", `/user/${second.id}`, {
      key: tenant.memberKey,
      body: { username: name.toUpperCase() },
    });
    expectError(clash, 409, "already_exists");
    expect(fieldsOf(clash)).toEqual(["username"]);
    // The owner may re-set (or re-case) their own name.
    expect(
      (
        await api(h, "PATCH", `/user/${first.id}`, {
          key: tenant.memberKey,
          body: { username: name.toUpperCase() },
        })
      ).status,
    ).toBe(200);
    // Another organization may use it.
    const elsewhere = await signUp(h, other);
    expect(
      (
        await api(h, "PATCH", `/user/${elsewhere.id}`, {
          key: other.memberKey,
          body: { username: name },
        })
      ).status,
    ).toBe(200);
  });

  it("validates usernames, reserved words, URLs and categories with field details", async () => {
    const user = await signUp(h, tenant);
    for (const username of ["ab", "has space", "-dash", "x".repeat(31), "Username", "walletprovider", "ME"]) {
      const response = await api(h, "PATCH", `/user/${user.id}`, {
        key: tenant.memberKey,
        body: { username },
      });
      expectError(response, 422, "validation_failed");
      expect(fieldsOf(response), username).toEqual(["username"]);
    }
    const urls = await api(h, "PATCH", `/user/${user.id}`, {
      key: tenant.memberKey,
      body: { avatarUrl: "javascript:alert(1)", socialProfiles: [{ platform: "x", url: "ftp://x" }] },
    });
    expectError(urls, 422, "validation_failed");
    expect(fieldsOf(urls)).toEqual(expect.arrayContaining(["avatarUrl", "socialProfiles.0.url"]));
    const categories = await api(h, "PATCH", `/user/${user.id}`, {
      key: tenant.memberKey,
      body: { categoryIds: [1, 9999] },
    });
    expectError(categories, 422, "validation_failed");
    expect(fieldsOf(categories)).toEqual(["categoryIds.1"]);
    const mass = await api(h, "PATCH", `/user/${user.id}`, {
      key: tenant.memberKey,
      body: { email: "new@example.com", emailVerified: true, organizationId: other.organizationId },
    });
    expectError(mass, 422, "validation_failed");
    // Nothing changed.
    const [row] = await h.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
    expect(row?.emailVerified).toBe(false);
  });

  it("answers 404 for unknown and other tenants' users, 403 for another acting user", async () => {
    const user = await signUp(h, tenant);
    const stranger = await signUp(h, other);
    expectError(
      await api(h, "PATCH", `/user/${stranger.id}`, { key: tenant.memberKey, body: { bio: "x" } }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "PATCH", "/user/nosuchuser", { key: tenant.memberKey, body: { bio: "x" } }),
      404,
      "not_found",
    );
    const someoneElse = await signUp(h, tenant);
    expectError(
      await api(h, "PATCH", `/user/${user.id}`, {
        key: tenant.memberKey,
        userId: someoneElse.id,
        body: { bio: "x" },
      }),
      403,
      "acting_user_mismatch",
    );
  });
});

describe("user lookups", () => {
  it("finds a user by username, case-insensitively, in the caller's organization only", async () => {
    const user = await signUp(h, tenant);
    const name = unique("Finder_");
    await api(h, "PATCH", `/user/${user.id}`, { key: tenant.memberKey, body: { username: name } });
    const found = await api<User>(h, "GET", `/user/username/${name.toLowerCase()}`, {
      key: tenant.memberKey,
    });
    expect(found.status, found.text).toBe(200);
    expect(found.body.id).toBe(user.id);
    expectError(await api(h, "GET", `/user/username/${name}`, { key: other.memberKey }), 404, "not_found");
    expectError(
      await api(h, "GET", "/user/username/nobody_here", { key: tenant.memberKey }),
      404,
      "not_found",
    );
  });

  it("finds the user of a wallet-provider identity and the creators they own", async () => {
    const walletProviderId = `did:privy:${unique("owner")}`;
    const owner = await signUp(h, tenant, { walletProviderId });
    const older = await seedCreator(h, tenant, owner.id, { createdAt: new Date(Date.now() - 60_000) });
    const newer = await seedCreator(h, tenant, owner.id);
    const encoded = encodeURIComponent(walletProviderId);

    const profile = await api<User>(h, "GET", `/user/walletprovider/${encoded}/profile`, {
      key: tenant.memberKey,
    });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.id).toBe(owner.id);
    const raw = await api<User>(h, "GET", `/user/walletprovider/${walletProviderId}/profile`, {
      key: tenant.memberKey,
    });
    expect(raw.body.id).toBe(owner.id);

    const creators = await api<ApiSchema<"Creator">[]>(h, "GET", `/user/walletprovider/${encoded}/creators`, {
      key: tenant.memberKey,
    });
    expect(creators.status, creators.text).toBe(200);
    expect(creators.body.map((creator) => creator.id)).toEqual([newer.id, older.id]);
    expect(creators.body[0]).toMatchObject({ slug: newer.slug, owners: [{ userId: owner.id }] });
    expect(creators.headers.get("x-total-count")).toBe("2");
    const paged = await api<ApiSchema<"Creator">[]>(
      h,
      "GET",
      `/user/walletprovider/${encoded}/creators?limit=1&offset=1`,
      {
        key: tenant.memberKey,
      },
    );
    expect(paged.body.map((creator) => creator.id)).toEqual([older.id]);

    const fanIdentity = `did:privy:${unique("fan")}`;
    await signUp(h, tenant, { walletProviderId: fanIdentity });
    const none = await api(h, "GET", `/user/walletprovider/${encodeURIComponent(fanIdentity)}/creators`, {
      key: tenant.memberKey,
    });
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get("x-total-count")).toBe("0");
    expectError(
      await api(h, "GET", `/user/walletprovider/${unique("did:none:")}/creators`, {
        key: tenant.memberKey,
      }),
      404,
      "not_found",
    );

    expectError(
      await api(h, "GET", `/user/walletprovider/${encoded}/profile`, { key: other.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "GET", `/user/walletprovider/${encoded}/creators`, { key: other.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "GET", `/user/walletprovider/${encoded}/creators?limit=0`, {
        key: tenant.memberKey,
      }),
      422,
      "validation_failed",
    );
  });
});

describe("GET /user/{id}/shipping-address", () => {
  it("answers 404 until an address is saved, then the address", async () => {
    const user = await signUp(h, tenant);
    const missing = await api<ErrorBody>(h, "GET", `/user/${user.id}/shipping-address`, {
      key: tenant.memberKey,
    });
    expectError(missing, 404, "not_found");
    expect(missing.body.error).toMatch(/shipping address/i);
    const address = {
      firstName: "Ada",
      lastName: "Lovelace",
      line1: "1 Analytical St",
      city: "London",
      state: "LDN",
      postalCode: "N1 1AA",
      countryCode: "GB",
    };
    await h.database.db.update(users).set({ shippingAddress: address }).where(eq(users.id, user.id));
    const saved = await api(h, "GET", `/user/${user.id}/shipping-address`, {
      key: tenant.memberKey,
      userId: user.id,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual(address);
    const someone = await signUp(h, tenant);
    expectError(
      await api(h, "GET", `/user/${user.id}/shipping-address`, {
        key: tenant.memberKey,
        userId: someone.id,
      }),
      403,
      "acting_user_mismatch",
    );
    expectError(
      await api(h, "GET", `/user/${user.id}/shipping-address`, { key: other.memberKey }),
      404,
      "not_found",
    );
  });
});
