import { expectError, useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

describe("API key authentication", () => {
  it("refuses a request without a key", async () => {
    expectError(await h.request("GET", "/api/v1/admin/subscription-tiers"), 401, "unauthorized");
  });

  it("refuses a malformed and an unknown key", async () => {
    expectError(
      await h.request("GET", "/api/v1/admin/subscription-tiers", { key: "nope" }),
      401,
      "unauthorized",
    );
    expectError(
      await h.request("GET", "/api/v1/admin/subscription-tiers", { key: `svc_test_${"x".repeat(40)}` }),
      401,
      "unauthorized",
    );
  });

  it("names the right environment for a live key on a test deployment", async () => {
    const response = await h.request("GET", "/api/v1/admin/subscription-tiers", {
      key: `svc_live_${"a".repeat(40)}`,
    });
    expectError(response, 401, "wrong_environment");
    expect((response.body as { error: string }).error).toContain("svc_test_");
  });

  it("accepts a valid key and reports its rate limit", async () => {
    const tenant = await h.createTenant();
    const response = await h.request<unknown[]>("GET", "/api/v1/admin/subscription-tiers", {
      key: tenant.memberKey,
    });
    expect(response.status).toBe(200);
    expect(response.body.map((tier) => (tier as { name: string }).name)).toEqual([
      "BUILDER",
      "GROWTH",
      "PRO",
    ]);
    expect(response.headers.get("ratelimit-limit")).toBe("200");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("blocks a deactivated key at once and lets it back in when reactivated", async () => {
    const tenant = await h.createTenant();
    const created = await h.request<{ id: string; key: string }>("POST", "/api/v1/admin/api-keys", {
      key: tenant.adminKey,
      body: { name: "to revoke" },
    });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^svc_test_[0-9A-Za-z]{40}$/);
    expect(
      (await h.request("GET", "/api/v1/admin/subscription-tiers", { key: created.body.key })).status,
    ).toBe(200);

    const revoked = await h.request("PATCH", `/api/v1/admin/api-keys/${created.body.id}`, {
      key: tenant.adminKey,
      body: { isActive: false },
    });
    expect(revoked.status).toBe(200);
    expectError(
      await h.request("GET", "/api/v1/admin/subscription-tiers", { key: created.body.key }),
      401,
      "key_inactive",
    );

    await h.request("PATCH", `/api/v1/admin/api-keys/${created.body.id}`, {
      key: tenant.adminKey,
      body: { isActive: true },
    });
    expect(
      (await h.request("GET", "/api/v1/admin/subscription-tiers", { key: created.body.key })).status,
    ).toBe(200);
  });

  it("rotates a key: same id, new value, old value refused", async () => {
    const tenant = await h.createTenant();
    const created = await h.request<{ id: string; key: string; keyPrefix: string }>(
      "POST",
      "/api/v1/admin/api-keys",
      {
        key: tenant.adminKey,
        body: {},
      },
    );
    expect(
      (await h.request("GET", "/api/v1/admin/subscription-tiers", { key: created.body.key })).status,
    ).toBe(200);
    const rotated = await h.request<{ id: string; key: string; previousKeyId: string; rotatedAt: string }>(
      "POST",
      `/api/v1/admin/api-keys/${created.body.id}/rotate`,
      { key: tenant.adminKey },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.id).toBe(created.body.id);
    expect(rotated.body.key).not.toBe(created.body.key);
    expect(rotated.body.previousKeyId).toBe(created.body.id);
    expectError(
      await h.request("GET", "/api/v1/admin/subscription-tiers", { key: created.body.key }),
      401,
      "unauthorized",
    );
    expect(
      (await h.request("GET", "/api/v1/admin/subscription-tiers", { key: rotated.body.key })).status,
    ).toBe(200);

    const read = await h.request<{ keyPrefix: string; rotatedAt: string }>(
      "GET",
      `/api/v1/admin/api-keys/${created.body.id}`,
      {
        key: tenant.adminKey,
      },
    );
    expect(read.body.keyPrefix).toBe(`svc_test_…${rotated.body.key.slice(-4)}`);
    expect(JSON.stringify(read.body)).not.toContain(rotated.body.key);
  });

  it("deletes a key permanently", async () => {
    const tenant = await h.createTenant();
    const created = await h.request<{ id: string; key: string }>("POST", "/api/v1/admin/api-keys", {
      key: tenant.adminKey,
      body: {},
    });
    const deleted = await h.request("DELETE", `/api/v1/admin/api-keys/${created.body.id}`, {
      key: tenant.adminKey,
    });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expectError(
      await h.request("GET", "/api/v1/admin/subscription-tiers", { key: created.body.key }),
      401,
      "unauthorized",
    );
    expectError(
      await h.request("GET", `/api/v1/admin/api-keys/${created.body.id}`, { key: tenant.adminKey }),
      404,
      "not_found",
    );
  });

  it("records lastUsedAt without a write per request", async () => {
    const tenant = await h.createTenant();
    const created = await h.request<{ id: string; key: string; lastUsedAt: null }>(
      "POST",
      "/api/v1/admin/api-keys",
      {
        key: tenant.adminKey,
        body: {},
      },
    );
    expect(created.body.lastUsedAt).toBeNull();
    await h.request("GET", "/api/v1/admin/subscription-tiers", { key: created.body.key });
    const read = await h.request<{ lastUsedAt: string | null }>(
      "GET",
      `/api/v1/admin/api-keys/${created.body.id}`,
      {
        key: tenant.adminKey,
      },
    );
    expect(read.body.lastUsedAt).not.toBeNull();
    await h.runtime.deps.services.platform.authenticator.lastUsed.flush();
  });
});

describe("roles and tenancy", () => {
  it("keeps MEMBER keys out of administration", async () => {
    const tenant = await h.createTenant();
    expectError(
      await h.request("GET", "/api/v1/admin/api-keys", { key: tenant.memberKey }),
      403,
      "role_required",
    );
    expectError(
      await h.request("GET", `/api/v1/admin/organizations/${tenant.organizationId}`, {
        key: tenant.memberKey,
      }),
      403,
      "role_required",
    );
  });

  it("lets an ADMIN mint keys up to its own role, never above", async () => {
    const tenant = await h.createTenant();
    expect(
      (await h.request("POST", "/api/v1/admin/api-keys", { key: tenant.adminKey, body: { role: "ADMIN" } }))
        .status,
    ).toBe(201);
    expectError(
      await h.request("POST", "/api/v1/admin/api-keys", { key: tenant.adminKey, body: { role: "OPERATOR" } }),
      403,
      "role_required",
    );
  });

  it("answers 404 for another organization's objects", async () => {
    const mine = await h.createTenant();
    const theirs = await h.createTenant();
    const theirKey = await h.request<{ id: string }>("POST", "/api/v1/admin/api-keys", {
      key: theirs.adminKey,
      body: {},
    });
    for (const [method, path] of [
      ["GET", `/api/v1/admin/api-keys/${theirKey.body.id}`],
      ["PATCH", `/api/v1/admin/api-keys/${theirKey.body.id}`],
      ["POST", `/api/v1/admin/api-keys/${theirKey.body.id}/rotate`],
      ["DELETE", `/api/v1/admin/api-keys/${theirKey.body.id}`],
      ["GET", `/api/v1/admin/organizations/${theirs.organizationId}`],
      ["GET", `/api/v1/admin/organizations/${theirs.organizationId}/settings`],
      ["PATCH", `/api/v1/admin/organizations/${theirs.organizationId}/settings`],
      ["GET", `/api/v1/admin/api-keys?organizationId=${theirs.organizationId}`],
    ] as const) {
      const body = method === "PATCH" ? { isActive: false } : undefined;
      const response = await h.request(method, path, {
        key: mine.adminKey,
        ...(body && !path.endsWith("settings") ? { body } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expectError(
      await h.request("POST", "/api/v1/admin/api-keys", {
        key: mine.adminKey,
        body: { organizationId: theirs.organizationId },
      }),
      404,
      "not_found",
    );
    // Their key still works: nothing was changed.
    const still = await h.request("GET", `/api/v1/admin/api-keys/${theirKey.body.id}`, {
      key: theirs.adminKey,
    });
    expect(still.body).toMatchObject({ isActive: true });
  });

  it("lets an OPERATOR run the platform", async () => {
    const tenant = await h.createTenant();
    const orgs = await h.request<{ id: string }[]>("GET", "/api/v1/admin/organizations", {
      key: h.operatorKey,
    });
    expect(orgs.status).toBe(200);
    expect(orgs.body.some((org) => org.id === tenant.organizationId)).toBe(true);
    const created = await h.request<{ id: string; subscriptionTierId: string }>(
      "POST",
      "/api/v1/admin/organizations",
      {
        key: h.operatorKey,
        body: { name: "Acme", domain: "acme.example.com", subscriptionTierId: "growth" },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[0-9a-z]+$/);
    const key = await h.request<{ organizationId: string }>("POST", "/api/v1/admin/api-keys", {
      key: h.operatorKey,
      body: { organizationId: created.body.id, role: "ADMIN" },
    });
    expect(key.status).toBe(201);
    expect(key.body.organizationId).toBe(created.body.id);
    expectError(
      await h.request("GET", "/api/v1/admin/organizations", { key: tenant.adminKey }),
      403,
      "role_required",
    );
    expectError(
      await h.request("POST", "/api/v1/admin/organizations", { key: tenant.adminKey, body: { name: "x" } }),
      403,
      "role_required",
    );
    expect((await h.request("GET", "/api/v1/admin/app-config", { key: h.operatorKey })).status).toBe(200);
    expectError(
      await h.request("GET", "/api/v1/admin/app-config", { key: tenant.adminKey }),
      403,
      "role_required",
    );
  });

  it("enforces the tier's maximum number of API keys", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    // BUILDER allows 5 keys; the tenant starts with 2.
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.request("POST", "/api/v1/admin/api-keys", { key: tenant.adminKey, body: {} }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const refused of results.filter((r) => r.status !== 201))
      expectError(refused, 403, "tier_limit_reached");
    const list = await h.request<unknown[]>("GET", "/api/v1/admin/api-keys", { key: tenant.adminKey });
    expect(list.body).toHaveLength(5);
  });
});
