import { useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";
import { createKey, expectInvalidFields, JSON_HEADERS, listKeys, settingsOf } from "./error-shape.ts";

/** Validation and unknown fields of bodies, and query-string coercion: 422 naming the fields, nothing changed. */

const h = useHarness();

describe("validation", () => {
  it("answers 422 with the failing fields and changes nothing", async () => {
    const tenant = await h.createTenant();
    const before = await settingsOf(h, tenant.organizationId);
    const path = `/api/v1/admin/organizations/${tenant.organizationId}/settings`;
    expectInvalidFields(
      await h.request("PATCH", path, {
        key: tenant.adminKey,
        body: { defaultChainId: "x", x402Enabled: true },
      }),
      ["defaultChainId"],
    );
    expectInvalidFields(
      await h.request("PATCH", path, {
        key: tenant.adminKey,
        body: {
          defaultChainId: -1,
          rewardMode: "SOMETIMES",
          pointValueCents: 1.5,
          x402WalletAddress: "0x12",
        },
      }),
      ["defaultChainId", "rewardMode", "pointValueCents", "x402WalletAddress"],
    );
    expect(await settingsOf(h, tenant.organizationId)).toEqual(before);
  });

  it("never coerces JSON body values: strings are not booleans or numbers", async () => {
    const tenant = await h.createTenant();
    const created = await createKey(h, tenant.adminKey);
    for (const isActive of ["false", "0", 0, null]) {
      expectInvalidFields(
        await h.request("PATCH", `/api/v1/admin/api-keys/${created.id}`, {
          key: tenant.adminKey,
          body: { isActive },
        }),
        ["isActive"],
      );
    }
    const before = await settingsOf(h, tenant.organizationId);
    expectInvalidFields(
      await h.request("PATCH", `/api/v1/admin/organizations/${tenant.organizationId}/settings`, {
        key: tenant.adminKey,
        body: { defaultChainId: "8453", x402Enabled: "true" },
      }),
      ["defaultChainId", "x402Enabled"],
    );
    expect(await settingsOf(h, tenant.organizationId)).toEqual(before);
    // The key is untouched and still works.
    expect((await listKeys(h, tenant.adminKey)).find((key) => key.id === created.id)?.isActive).toBe(true);
    expect((await h.request("GET", "/api/v1/admin/subscription-tiers", { key: created.key })).status).toBe(
      200,
    );
  });

  it("refuses unknown body fields by name, including path parameters smuggled into the body", async () => {
    const mine = await h.createTenant();
    const theirs = await h.createTenant();
    const myKey = await createKey(h, mine.adminKey);
    const theirKey = await createKey(h, theirs.adminKey);
    const mySettings = await settingsOf(h, mine.organizationId);
    const theirSettings = await settingsOf(h, theirs.organizationId);

    expectInvalidFields(
      await h.request("POST", "/api/v1/admin/api-keys", {
        key: mine.adminKey,
        body: { name: "k", isActive: false, id: "chosen" },
      }),
      ["isActive", "id"],
    );
    expectInvalidFields(
      await h.request("PATCH", `/api/v1/admin/api-keys/${myKey.id}`, {
        key: mine.adminKey,
        body: { organizationId: theirs.organizationId, isActive: false },
      }),
      ["organizationId"],
    );
    // `id` is the path's: a body naming another id must not be silently ignored (nor obeyed).
    expectInvalidFields(
      await h.request("PATCH", `/api/v1/admin/api-keys/${myKey.id}`, {
        key: mine.adminKey,
        body: { id: theirKey.id, isActive: false },
      }),
      ["id"],
    );
    expectInvalidFields(
      await h.request("PATCH", `/api/v1/admin/organizations/${mine.organizationId}/settings`, {
        key: mine.adminKey,
        body: { id: theirs.organizationId, x402Enabled: true },
      }),
      ["id"],
    );
    expectInvalidFields(
      await h.request("PATCH", `/api/v1/admin/organizations/${mine.organizationId}/settings`, {
        key: mine.adminKey,
        body: { organizationId: theirs.organizationId, x402Enabled: true },
      }),
      ["organizationId"],
    );
    // The same goes for a query parameter naming a path parameter.
    expectInvalidFields(
      await h.request("GET", `/api/v1/admin/api-keys/${myKey.id}?id=${theirKey.id}`, { key: mine.adminKey }),
      ["id"],
    );
    // `__proto__` is just an unknown field, not a way to reach the prototype.
    expectInvalidFields(
      await h.request("PATCH", `/api/v1/admin/organizations/${mine.organizationId}/settings`, {
        key: mine.adminKey,
        rawBody: '{"__proto__": {"x402Enabled": true}}',
        headers: JSON_HEADERS,
      }),
      ["__proto__"],
    );
    expectInvalidFields(
      await h.request("POST", "/api/v1/admin/organizations", {
        key: h.operatorKey,
        body: { name: "Strict Inc", id: "chosenid", plan: "free" },
      }),
      ["id", "plan"],
    );

    // Read back: nothing changed on either side.
    expect(await settingsOf(h, mine.organizationId)).toEqual(mySettings);
    expect(await settingsOf(h, theirs.organizationId)).toEqual(theirSettings);
    expect((await listKeys(h, mine.adminKey)).map((key) => [key.name, key.isActive])).toEqual(
      expect.arrayContaining([["probe", true]]),
    );
    expect(await listKeys(h, mine.adminKey)).toHaveLength(3);
    expect((await listKeys(h, theirs.adminKey)).every((key) => key.isActive)).toBe(true);
    const orgs = await h.request<{ name: string }[]>("GET", "/api/v1/admin/organizations", {
      key: h.operatorKey,
    });
    expect(orgs.body.some((org) => org.name === "Strict Inc")).toBe(false);
  });

  it("answers 422, not 500, to text the database cannot store (NUL characters)", async () => {
    const tenant = await h.createTenant();
    expectInvalidFields(
      await h.request("POST", "/api/v1/admin/api-keys", { key: tenant.adminKey, body: { name: "a\u0000b" } }),
      ["name"],
    );
    expectInvalidFields(
      await h.request("POST", "/api/v1/admin/organizations", {
        key: h.operatorKey,
        body: { name: "\u0000" },
      }),
      ["name"],
    );
    expectInvalidFields(await h.request("GET", "/api/v1/admin/api-keys/%00", { key: tenant.adminKey }), [
      "id",
    ]);
    expectInvalidFields(
      await h.request("GET", "/api/v1/admin/api-keys?organizationId=a%00", { key: tenant.adminKey }),
      ["organizationId"],
    );
    const trpc = await h.request<{ error: { data: { httpStatus: number; tally: { code: string } } } }>(
      "POST",
      "/trpc/platform.apiKeys.create",
      { key: tenant.adminKey, body: { name: "x\u0000" } },
    );
    expect(trpc.status).toBe(422);
    expect(trpc.body.error.data.tally.code).toBe("validation_failed");
    expect(await listKeys(h, tenant.adminKey)).toHaveLength(2);
  });
});

describe("query coercion", () => {
  it("coerces query strings to the declared types and refuses what does not fit", async () => {
    const ok = await h.request<unknown[]>("GET", "/api/v1/admin/dead-letters?limit=5&pendingOnly=true", {
      key: h.operatorKey,
    });
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.body)).toBe(true);
    expect(ok.headers.get("x-total-count")).toMatch(/^\d+$/);
    expect(
      (
        await h.request("GET", "/api/v1/admin/dead-letters?limit=100&offset=0&pendingOnly=false", {
          key: h.operatorKey,
        })
      ).status,
    ).toBe(200);

    for (const [query, field] of [
      ["limit=abc", "limit"],
      ["limit=", "limit"],
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["limit=2.5", "limit"],
      ["limit=0x10", "limit"],
      ["offset=-1", "offset"],
      ["pendingOnly=yes", "pendingOnly"],
      ["pendingOnly=1", "pendingOnly"],
      ["pendingOnly=TRUE", "pendingOnly"],
    ] as const) {
      expectInvalidFields(
        await h.request("GET", `/api/v1/admin/dead-letters?${query}`, { key: h.operatorKey }),
        [field],
      );
    }
  });
});
