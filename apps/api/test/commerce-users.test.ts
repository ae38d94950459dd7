import { users } from "@tally/db";
import { listOutbox } from "@tally/providers";
import {
  type ApiUser,
  type ApiWallet,
  eventually,
  expectError,
  fieldsOf,
  randomAddress,
  seedCreator,
  signUp,
  startHarness,
  type Tenant,
  type TestHarness,
  unique,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let h: TestHarness;
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  h = await startHarness();
  tenant = await h.createTenant();
  other = await h.createTenant();
});
afterAll(async () => {
  await h?.close();
});

const api = (path: string) => `/api/v1${path}`;

describe("POST /user", () => {
  it("creates a user with no wallet, publishes user-created: welcome e-mail and chat token", async () => {
    const email = `${unique("ada")}@example.com`;
    const walletProviderId = `did:privy:${unique("ada")}`;
    const response = await h.request<ApiUser>("POST", api("/user"), {
      key: tenant.memberKey,
      body: { email, walletProviderId },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-z]+$/),
      username: null,
      email,
      emailVerified: false,
      avatarUrl: null,
      bio: null,
      city: null,
      state: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      organizationId: tenant.organizationId,
      wallets: [],
      socialProfiles: [],
      interests: [],
    });
    const userId = response.body.id;

    const welcome = await eventually(async () => {
      const [row] = await listOutbox(h.database.db, { to: email, limit: 5 });
      return row;
    });
    expect(welcome).toMatchObject({
      template: "welcome",
      organizationId: tenant.organizationId,
      dedupeKey: `welcome:${tenant.organizationId}:${userId}`,
    });
    const token = await eventually(async () => {
      const [row] = await h.database.db
        .select({ chatToken: users.chatToken })
        .from(users)
        .where(and(eq(users.organizationId, tenant.organizationId), eq(users.id, userId)));
      return row?.chatToken ?? undefined;
    });
    expect(token).toMatch(/\S/);
    // The handler is idempotent: running it again sends no second e-mail and keeps the token.
    const [first] = await listOutbox(h.database.db, { to: email, limit: 5 });
    expect(first?.id).toBe(welcome.id);
  });

  it("records an EXTERNAL wallet, lowercased", async () => {
    const address = randomAddress().toUpperCase().replace("0X", "0x");
    const user = await signUp(h, tenant, { walletAddress: address });
    expect(user.wallets).toEqual([
      { address: address.toLowerCase(), type: "EXTERNAL", chainId: 8453, createdAt: expect.any(String) },
    ]);
  });

  it("records an EMBEDDED wallet when walletId comes with walletAddress", async () => {
    const address = randomAddress();
    const user = await signUp(h, tenant, { walletAddress: address, walletId: "emb_123" });
    expect(user.wallets).toEqual([
      { address, type: "EMBEDDED", chainId: 8453, createdAt: expect.any(String) },
    ]);
    const detail = await h.request<ApiWallet & { walletId: string }>(
      "GET",
      api(`/user/${user.id}/wallets/${address}`),
      { key: tenant.memberKey },
    );
    expect(detail.body.walletId).toBe("emb_123");
  });

  it("needs walletAddress with walletId", async () => {
    const response = await h.request("POST", api("/user"), {
      key: tenant.memberKey,
      body: { email: `${unique("w")}@example.com`, walletProviderId: unique("did:x:"), walletId: "emb_1" },
    });
    expectError(response, 422, "validation_failed");
    expect(fieldsOf(response)).toEqual(["walletAddress"]);
  });

  it("refuses a second user with the same e-mail in the organization, whatever its case", async () => {
    const user = await signUp(h, tenant);
    const response = await h.request("POST", api("/user"), {
      key: tenant.memberKey,
      body: { email: user.email.toUpperCase(), walletProviderId: unique("did:x:") },
    });
    expectError(response, 409, "already_exists");
    expect(fieldsOf(response)).toEqual(["email"]);
    // Another organization may have the same e-mail.
    const elsewhere = await h.request("POST", api("/user"), {
      key: other.memberKey,
      body: { email: user.email, walletProviderId: unique("did:x:") },
    });
    expect(elsewhere.status, elsewhere.text).toBe(201);
  });

  it("keeps walletProviderId unique per organization: another tenant's users never block a sign-up", async () => {
    const walletProviderId = `did:privy:${unique("dup")}`;
    await signUp(h, other, { walletProviderId });
    const response = await h.request<{ error: string }>("POST", api("/user"), {
      key: tenant.memberKey,
      body: { email: `${unique("x")}@example.com`, walletProviderId },
    });
    expect(response.status, response.text).toBe(201);
    const same = await h.request("POST", api("/user"), {
      key: other.memberKey,
      body: { email: `${unique("y")}@example.com`, walletProviderId },
    });
    expectError(same, 409, "already_exists");
  });

  it("walletProviderId twins: concurrent in two organizations both 201, each finding its own; in one, 201 and 409", async () => {
    // The identity is unique per organization, never across tenants: no squatting, no probing.
    const walletProviderId = `did:privy:${unique("twin")}`;
    const signUpIn = (org: typeof tenant, n: number) =>
      h.request<ApiUser>("POST", api("/user"), {
        key: org.memberKey,
        body: { email: `${unique(`twin${n}`)}@example.com`, walletProviderId },
      });
    const [inOther, inTenant] = await Promise.all([signUpIn(other, 1), signUpIn(tenant, 2)]);
    expect(inOther.status, inOther.text).toBe(201);
    expect(inTenant.status, inTenant.text).toBe(201);
    for (const [org, user] of [
      [tenant, inTenant],
      [other, inOther],
    ] as const) {
      const found = await h.request<ApiUser>(
        "GET",
        api(`/user/walletprovider/${encodeURIComponent(walletProviderId)}/profile`),
        { key: org.memberKey },
      );
      expect(found.status, found.text).toBe(200);
      expect(found.body.id).toBe(user.body.id);
      expect(found.body.organizationId).toBe(org.organizationId);
    }
    expectError(await signUpIn(tenant, 3), 409, "already_exists");

    const raced = `did:privy:${unique("raced")}`;
    const twins = await Promise.all(
      [1, 2].map((n) =>
        h.request("POST", api("/user"), {
          key: tenant.memberKey,
          body: { email: `${unique(`raced${n}`)}@example.com`, walletProviderId: raced },
        }),
      ),
    );
    expect(twins.map((response) => response.status).sort()).toEqual([201, 409]);
    expectError(twins.find((response) => response.status === 409)!, 409, "already_exists");
    const stored = await h.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, tenant.organizationId), eq(users.walletProviderId, raced)));
    expect(stored).toHaveLength(1);
  });

  it("lets exactly one of two concurrent sign-ups with the same e-mail through", async () => {
    const email = `${unique("race")}@example.com`;
    const responses = await Promise.all(
      [1, 2].map((n) =>
        h.request("POST", api("/user"), {
          key: tenant.memberKey,
          body: { email, walletProviderId: `did:privy:${unique(`race${n}`)}` },
        }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const same = await Promise.all(
      [1, 2].map((n) =>
        h.request("POST", api("/user"), {
          key: tenant.memberKey,
          body: { email: `${unique(`id${n}`)}@example.com`, walletProviderId: `did:privy:${email}` },
        }),
      ),
    );
    expect(same.map((response) => response.status).sort()).toEqual([201, 409]);
  });

  it("refuses a wallet address another user of the organization holds", async () => {
    const address = randomAddress();
    await signUp(h, tenant, { walletAddress: address });
    const response = await h.request("POST", api("/user"), {
      key: tenant.memberKey,
      body: {
        email: `${unique("z")}@example.com`,
        walletProviderId: unique("did:x:"),
        walletAddress: address,
      },
    });
    expectError(response, 409, "already_exists");
    expect(fieldsOf(response)).toEqual(["walletAddress"]);
  });

  it("validates the body and refuses fields clients may not set", async () => {
    const bad = await h.request("POST", api("/user"), {
      key: tenant.memberKey,
      body: { email: "not-an-email", walletAddress: "0x123" },
    });
    expectError(bad, 422, "validation_failed");
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(["email", "walletProviderId", "walletAddress"]));
    const mass = await h.request("POST", api("/user"), {
      key: tenant.memberKey,
      body: {
        email: `${unique("m")}@example.com`,
        walletProviderId: unique("did:x:"),
        id: "chosenid",
        organizationId: other.organizationId,
        emailVerified: true,
      },
    });
    expectError(mass, 422, "validation_failed");
    expect(fieldsOf(mass).join(" ")).toMatch(/id|organizationId|emailVerified/);
    expectError(await h.request("POST", api("/user"), { body: {} }), 401, "unauthorized");
  });
});

describe("PATCH /user/{id}", () => {
  it("sets, keeps and clears fields; replaces interests and social profiles", async () => {
    const user = await signUp(h, tenant);
    const username = unique("Ada_");
    const set = await h.request<ApiUser>("PATCH", api(`/user/${user.id}`), {
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

    const kept = await h.request<ApiUser>("PATCH", api(`/user/${user.id}`), {
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

    const cleared = await h.request<ApiUser>("PATCH", api(`/user/${user.id}`), {
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

    const empty = await h.request<ApiUser>("PATCH", api(`/user/${user.id}`), { key: tenant.memberKey });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.state).toBe("ARA");
  });

  it("keeps usernames unique in the organization, case-insensitively", async () => {
    const first = await signUp(h, tenant);
    const second = await signUp(h, tenant);
    const name = unique("taken_");
    expect(
      (
        await h.request("PATCH", api(`/user/${first.id}`), {
          key: tenant.memberKey,
          body: { username: name },
        })
      ).status,
    ).toBe(200);
    const clash = await h.request("PATCH", api(`/user/${second.id}`), {
      key: tenant.memberKey,
      body: { username: name.toUpperCase() },
    });
    expectError(clash, 409, "already_exists");
    expect(fieldsOf(clash)).toEqual(["username"]);
    // The owner may re-set (or re-case) their own name.
    expect(
      (
        await h.request("PATCH", api(`/user/${first.id}`), {
          key: tenant.memberKey,
          body: { username: name.toUpperCase() },
        })
      ).status,
    ).toBe(200);
    // Another organization may use it.
    const elsewhere = await signUp(h, other);
    expect(
      (
        await h.request("PATCH", api(`/user/${elsewhere.id}`), {
          key: other.memberKey,
          body: { username: name },
        })
      ).status,
    ).toBe(200);
  });

  it("validates usernames, reserved words, URLs and categories with field details", async () => {
    const user = await signUp(h, tenant);
    for (const username of ["ab", "has space", "-dash", "x".repeat(31), "Username", "walletprovider", "ME"]) {
      const response = await h.request("PATCH", api(`/user/${user.id}`), {
        key: tenant.memberKey,
        body: { username },
      });
      expectError(response, 422, "validation_failed");
      expect(fieldsOf(response), username).toEqual(["username"]);
    }
    const urls = await h.request("PATCH", api(`/user/${user.id}`), {
      key: tenant.memberKey,
      body: { avatarUrl: "javascript:alert(1)", socialProfiles: [{ platform: "x", url: "ftp://x" }] },
    });
    expectError(urls, 422, "validation_failed");
    expect(fieldsOf(urls)).toEqual(expect.arrayContaining(["avatarUrl", "socialProfiles.0.url"]));
    const categories = await h.request("PATCH", api(`/user/${user.id}`), {
      key: tenant.memberKey,
      body: { categoryIds: [1, 9999] },
    });
    expectError(categories, 422, "validation_failed");
    expect(fieldsOf(categories)).toEqual(["categoryIds.1"]);
    const mass = await h.request("PATCH", api(`/user/${user.id}`), {
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
      await h.request("PATCH", api(`/user/${stranger.id}`), { key: tenant.memberKey, body: { bio: "x" } }),
      404,
      "not_found",
    );
    expectError(
      await h.request("PATCH", api("/user/nosuchuser"), { key: tenant.memberKey, body: { bio: "x" } }),
      404,
      "not_found",
    );
    const someoneElse = await signUp(h, tenant);
    expectError(
      await h.request("PATCH", api(`/user/${user.id}`), {
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
    await h.request("PATCH", api(`/user/${user.id}`), { key: tenant.memberKey, body: { username: name } });
    const found = await h.request<ApiUser>("GET", api(`/user/username/${name.toLowerCase()}`), {
      key: tenant.memberKey,
    });
    expect(found.status, found.text).toBe(200);
    expect(found.body.id).toBe(user.id);
    expectError(
      await h.request("GET", api(`/user/username/${name}`), { key: other.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await h.request("GET", api("/user/username/nobody_here"), { key: tenant.memberKey }),
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

    const profile = await h.request<ApiUser>("GET", api(`/user/walletprovider/${encoded}/profile`), {
      key: tenant.memberKey,
    });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.id).toBe(owner.id);
    const raw = await h.request<ApiUser>("GET", api(`/user/walletprovider/${walletProviderId}/profile`), {
      key: tenant.memberKey,
    });
    expect(raw.body.id).toBe(owner.id);

    const creators = await h.request<{ id: string; slug: string; owners: { userId: string }[] }[]>(
      "GET",
      api(`/user/walletprovider/${encoded}/creators`),
      { key: tenant.memberKey },
    );
    expect(creators.status, creators.text).toBe(200);
    expect(creators.body.map((creator) => creator.id)).toEqual([newer.id, older.id]);
    expect(creators.body[0]).toMatchObject({ slug: newer.slug, owners: [{ userId: owner.id }] });
    expect(creators.headers.get("x-total-count")).toBe("2");
    const paged = await h.request<{ id: string }[]>(
      "GET",
      api(`/user/walletprovider/${encoded}/creators?limit=1&offset=1`),
      {
        key: tenant.memberKey,
      },
    );
    expect(paged.body.map((creator) => creator.id)).toEqual([older.id]);

    const fanIdentity = `did:privy:${unique("fan")}`;
    await signUp(h, tenant, { walletProviderId: fanIdentity });
    const none = await h.request(
      "GET",
      api(`/user/walletprovider/${encodeURIComponent(fanIdentity)}/creators`),
      {
        key: tenant.memberKey,
      },
    );
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get("x-total-count")).toBe("0");
    expectError(
      await h.request("GET", api(`/user/walletprovider/${unique("did:none:")}/creators`), {
        key: tenant.memberKey,
      }),
      404,
      "not_found",
    );

    expectError(
      await h.request("GET", api(`/user/walletprovider/${encoded}/profile`), { key: other.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await h.request("GET", api(`/user/walletprovider/${encoded}/creators`), { key: other.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await h.request("GET", api(`/user/walletprovider/${encoded}/creators?limit=0`), {
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
    const missing = await h.request<{ error: string }>("GET", api(`/user/${user.id}/shipping-address`), {
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
    const saved = await h.request("GET", api(`/user/${user.id}/shipping-address`), {
      key: tenant.memberKey,
      userId: user.id,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual(address);
    const someone = await signUp(h, tenant);
    expectError(
      await h.request("GET", api(`/user/${user.id}/shipping-address`), {
        key: tenant.memberKey,
        userId: someone.id,
      }),
      403,
      "acting_user_mismatch",
    );
    expectError(
      await h.request("GET", api(`/user/${user.id}/shipping-address`), { key: other.memberKey }),
      404,
      "not_found",
    );
  });
});

describe("wallets", () => {
  it("lists and shows the user's wallets", async () => {
    const address = randomAddress();
    const user = await signUp(h, tenant, { walletAddress: address });
    const list = await h.request<ApiWallet[]>("GET", api(`/user/${user.id}/wallets`), {
      key: tenant.memberKey,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toEqual([{ address, type: "EXTERNAL", chainId: 8453, createdAt: expect.any(String) }]);
    expect(list.headers.get("x-total-count")).toBe("1");
    const detail = await h.request(
      "GET",
      api(`/user/${user.id}/wallets/${address.toUpperCase().replace("0X", "0x")}`),
      {
        key: tenant.memberKey,
      },
    );
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toEqual({
      address,
      type: "EXTERNAL",
      chainId: 8453,
      createdAt: expect.any(String),
      walletId: null,
      balances: {
        usdc: { tokenAddress: h.chain.usdcAddress, amount: "0", decimals: 6 },
        native: { amount: "0", decimals: 18 },
      },
    });
  });

  it("answers 404 for an unknown wallet or user, 422 for a bad address, 403 for another acting user", async () => {
    const address = randomAddress();
    const user = await signUp(h, tenant, { walletAddress: address });
    const otherUser = await signUp(h, tenant, { walletAddress: randomAddress() });
    expectError(
      await h.request("GET", api(`/user/${user.id}/wallets/${randomAddress()}`), { key: tenant.memberKey }),
      404,
      "not_found",
    );
    // Another user's wallet is not this user's.
    expectError(
      await h.request("GET", api(`/user/${otherUser.id}/wallets/${address}`), { key: tenant.memberKey }),
      404,
      "not_found",
    );
    const bad = await h.request("GET", api(`/user/${user.id}/wallets/0xnothex`), { key: tenant.memberKey });
    expectError(bad, 422, "validation_failed");
    expect(fieldsOf(bad)).toEqual(["address"]);
    expectError(
      await h.request("GET", api(`/user/${user.id}/wallets`), { key: other.memberKey }),
      404,
      "not_found",
    );
    expectError(
      await h.request("GET", api(`/user/${user.id}/wallets/${address}`), {
        key: tenant.memberKey,
        userId: otherUser.id,
      }),
      403,
      "acting_user_mismatch",
    );
  });

  it("refuses a send from a wallet the service does not hold, after validating and finding it", async () => {
    const address = randomAddress();
    const user = await signUp(h, tenant, { walletAddress: address });
    const body = { recipient: randomAddress(), tokenAddress: randomAddress(), amount: "1000000" };
    const send = await h.request<{ error: string }>("POST", api(`/user/${user.id}/wallets/${address}/send`), {
      key: tenant.memberKey,
      body,
    });
    expectError(send, 409, "invalid_state");
    expect(send.body.error).toMatch(/SERVER/);
    const history = await h.request("GET", api(`/user/${user.id}/wallets/${address}/transactions`), {
      key: tenant.memberKey,
    });
    expect(history.status, history.text).toBe(200);
    expect(history.body).toEqual([]);
    expect(history.headers.get("x-total-count")).toBe("0");

    const invalid = await h.request("POST", api(`/user/${user.id}/wallets/${address}/send`), {
      key: tenant.memberKey,
      body: { recipient: "nope", amount: -1, decimals: 99 },
    });
    expectError(invalid, 422, "validation_failed");
    expect(fieldsOf(invalid)).toEqual(
      expect.arrayContaining(["recipient", "tokenAddress", "amount", "decimals"]),
    );
    expectError(
      await h.request("POST", api(`/user/${user.id}/wallets/${randomAddress()}/send`), {
        key: tenant.memberKey,
        body,
      }),
      404,
      "not_found",
    );
    expectError(
      await h.request("GET", api(`/user/${user.id}/wallets/${randomAddress()}/transactions`), {
        key: tenant.memberKey,
      }),
      404,
      "not_found",
    );
    expectError(
      await h.request("POST", api(`/user/${user.id}/wallets/${address}/send`), {
        key: other.memberKey,
        body,
      }),
      404,
      "not_found",
    );
  });
});
