import { users } from "@tally/db";
import { subscriberQueue } from "@tally/events";
import { listOutbox } from "@tally/providers";
import {
  type ApiSchema,
  api,
  eventually,
  expectError,
  fieldsOf,
  randomAddress,
  signUp,
  type Tenant,
  unique,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
  other = await h.createTenant();
});

type User = ApiSchema<"User">;

describe("POST /user", () => {
  it("creates a user with no wallet, publishes user-created: welcome e-mail and chat token", async () => {
    const email = `${unique("ada")}@example.com`;
    const walletProviderId = `did:privy:${unique("ada")}`;
    const response = await api<User>(h, "POST", "/user", {
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

  it("works user-created a batch at a time across tenants: one e-mail per user, a lost token restored", async () => {
    const signedUp = [
      ...(await Promise.all([1, 2, 3].map(() => signUp(h, tenant)))).map((user) => ({ tenant, user })),
      ...(await Promise.all([1, 2].map(() => signUp(h, other)))).map((user) => ({ tenant: other, user })),
    ];
    const tokenOf = async (organizationId: string, userId: string) => {
      const [row] = await h.database.db
        .select({ chatToken: users.chatToken })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
      return row?.chatToken ?? undefined;
    };
    const tokens = await Promise.all(
      signedUp.map(({ tenant: t, user }) => eventually(() => tokenOf(t.organizationId, user.id))),
    );
    const [lost] = signedUp;
    await h.database.db
      .update(users)
      .set({ chatToken: null })
      .where(and(eq(users.organizationId, tenant.organizationId), eq(users.id, lost!.user.id)));
    const { events } = h.runtime.deps;
    const jobIds = await h.database.db.transaction((tx) =>
      events.publishMany(tx, "user-created", [
        ...signedUp.map(({ tenant: t, user }) => ({ organizationId: t.organizationId, userId: user.id })),
        { organizationId: other.organizationId, userId: "no-such-user" },
      ]),
    );
    await eventually(async () => {
      const jobs = await Promise.all(
        jobIds.map((id) => events.boss.getJobById(subscriberQueue("user-created", "commerce"), id)),
      );
      return jobs.every((job) => job?.state === "completed") || undefined;
    });
    // The chat port is idempotent per user: the restored token is the one the user had.
    expect(await tokenOf(tenant.organizationId, lost!.user.id)).toBe(tokens[0]);
    for (const [index, { tenant: t, user }] of signedUp.entries()) {
      expect(await tokenOf(t.organizationId, user.id)).toBe(tokens[index]);
      const mails = await listOutbox(h.database.db, { to: user.email, limit: 5 });
      expect(mails.map((mail) => mail.dedupeKey)).toEqual([`welcome:${t.organizationId}:${user.id}`]);
    }
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
    const detail = await api<ApiSchema<"WalletDetail">>(h, "GET", `/user/${user.id}/wallets/${address}`, {
      key: tenant.memberKey,
    });
    expect(detail.body.walletId).toBe("emb_123");
  });

  it("needs walletAddress with walletId", async () => {
    const response = await api(h, "POST", "/user", {
      key: tenant.memberKey,
      body: { email: `${unique("w")}@example.com`, walletProviderId: unique("did:x:"), walletId: "emb_1" },
    });
    expectError(response, 422, "validation_failed");
    expect(fieldsOf(response)).toEqual(["walletAddress"]);
  });

  it("refuses a second user with the same e-mail in the organization, whatever its case", async () => {
    const user = await signUp(h, tenant);
    const response = await api(h, "POST", "/user", {
      key: tenant.memberKey,
      body: { email: user.email.toUpperCase(), walletProviderId: unique("did:x:") },
    });
    expectError(response, 409, "already_exists");
    expect(fieldsOf(response)).toEqual(["email"]);
    // Another organization may have the same e-mail.
    const elsewhere = await api(h, "POST", "/user", {
      key: other.memberKey,
      body: { email: user.email, walletProviderId: unique("did:x:") },
    });
    expect(elsewhere.status, elsewhere.text).toBe(201);
  });

  it("keeps walletProviderId unique per organization: another tenant's users never block a sign-up", async () => {
    const walletProviderId = `did:privy:${unique("dup")}`;
    await signUp(h, other, { walletProviderId });
    const response = await api<User>(h, "POST", "/user", {
      key: tenant.memberKey,
      body: { email: `${unique("x")}@example.com`, walletProviderId },
    });
    expect(response.status, response.text).toBe(201);
    const same = await api(h, "POST", "/user", {
      key: other.memberKey,
      body: { email: `${unique("y")}@example.com`, walletProviderId },
    });
    expectError(same, 409, "already_exists");
  });

  it("walletProviderId twins: concurrent in two organizations both 201, each finding its own; in one, 201 and 409", async () => {
    // The identity is unique per organization, never across tenants: no squatting, no probing.
    const walletProviderId = `did:privy:${unique("twin")}`;
    const signUpIn = (org: typeof tenant, n: number) =>
      api<User>(h, "POST", "/user", {
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
      const found = await api<User>(
        h,
        "GET",
        `/user/walletprovider/${encodeURIComponent(walletProviderId)}/profile`,
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
        api(h, "POST", "/user", {
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
        api(h, "POST", "/user", {
          key: tenant.memberKey,
          body: { email, walletProviderId: `did:privy:${unique(`race${n}`)}` },
        }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const same = await Promise.all(
      [1, 2].map((n) =>
        api(h, "POST", "/user", {
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
    const response = await api(h, "POST", "/user", {
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
    const bad = await api(h, "POST", "/user", {
      key: tenant.memberKey,
      body: { email: "not-an-email", walletAddress: "0x123" },
    });
    expectError(bad, 422, "validation_failed");
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(["email", "walletProviderId", "walletAddress"]));
    const mass = await api(h, "POST", "/user", {
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
    expectError(await api(h, "POST", "/user", { body: {} }), 401, "unauthorized");
  });
});
