import { createApp } from "@tally/server";
import { type TestResponse, useHarness } from "@tally/testing";
import { publicProcedure, router } from "@tally/trpc";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/**
 * The error surface of the HTTP layer (ARCHITECTURE §3, spec 01 "Errors"): malformed bodies, media
 * types, validation, unknown fields, size limits, unknown routes, request ids, query coercion. Every
 * refused mutation is followed by a read-back proving nothing changed.
 */

const h = useHarness();

const ERROR_KEYS = ["status", "error", "code", "details", "requestId"];

/** Nothing in an error body may reveal the server's internals (stack frames, file paths, causes). */
const expectNoInternals = (text: string) => {
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(text).not.toMatch(/node_modules|\/work\/|\.ts\b|\.js\b/);
  expect(text.toLowerCase()).not.toContain("stack");
};

const expectError = (response: TestResponse, status: number, code: string) => {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({
    status,
    code,
    error: expect.any(String),
    requestId: expect.any(String),
  });
  for (const key of Object.keys(response.body as object)) expect(ERROR_KEYS).toContain(key);
  expect((response.body as { requestId: string }).requestId).toBe(response.headers.get("x-request-id"));
  expectNoInternals(response.text);
};

/** A 422 whose `details` name exactly these fields (order irrelevant). */
const expectInvalidFields = (response: TestResponse, fields: string[]) => {
  expectError(response, 422, "validation_failed");
  const details = (response.body as { details: { field: string; message: string }[] }).details;
  expect(Array.isArray(details)).toBe(true);
  for (const detail of details)
    expect(detail).toEqual({ field: expect.any(String), message: expect.any(String) });
  expect([...new Set(details.map((detail) => detail.field))].sort()).toEqual([...fields].sort());
};

const json = { "content-type": "application/json" };

const listKeys = async (key: string) => {
  const response = await h.request<{ id: string; isActive: boolean; name: string | null }[]>(
    "GET",
    "/api/v1/admin/api-keys",
    { key },
  );
  expect(response.status).toBe(200);
  return response.body;
};

const settingsOf = async (organizationId: string) => {
  const response = await h.request<Record<string, unknown>>(
    "GET",
    `/api/v1/admin/organizations/${organizationId}/settings`,
    { key: h.operatorKey },
  );
  expect(response.status).toBe(200);
  return response.body;
};

const createKey = async (adminKey: string) => {
  const created = await h.request<{ id: string; key: string }>("POST", "/api/v1/admin/api-keys", {
    key: adminKey,
    body: { name: "probe" },
  });
  expect(created.status).toBe(201);
  return created.body;
};

describe("malformed bodies", () => {
  it("answers 400 invalid_json to malformed JSON and creates nothing", async () => {
    const tenant = await h.createTenant();
    for (const rawBody of ['{"name": ', "{name: 'x'}", '{"name": "a",}', "\u0000"]) {
      expectError(
        await h.request("POST", "/api/v1/admin/api-keys", { key: tenant.adminKey, rawBody, headers: json }),
        400,
        "invalid_json",
      );
    }
    expect(await listKeys(tenant.adminKey)).toHaveLength(2);
  });

  it("answers 400 to a JSON body that is not an object", async () => {
    const tenant = await h.createTenant();
    for (const rawBody of ["[]", '[{"name":"a"}]', '"name"', "42", "true", "null"]) {
      const response = await h.request("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        rawBody,
        headers: json,
      });
      expectError(response, 400, "bad_request");
    }
    expect(await listKeys(tenant.adminKey)).toHaveLength(2);
  });

  it("answers 415 to a body that is not declared as JSON", async () => {
    const tenant = await h.createTenant();
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "application/jsonp"]) {
      expectError(
        await h.request("POST", "/api/v1/admin/api-keys", {
          key: tenant.adminKey,
          rawBody: '{"name":"x"}',
          headers: { "content-type": contentType },
        }),
        415,
        "unsupported_media_type",
      );
    }
    // A body without any Content-Type (fetch labels a string body text/plain) is refused the same way.
    expectError(
      await h.request("POST", "/api/v1/admin/api-keys", { key: tenant.adminKey, rawBody: '{"name":"x"}' }),
      415,
      "unsupported_media_type",
    );
    expect(await listKeys(tenant.adminKey)).toHaveLength(2);
    // JSON with parameters or a structured-syntax suffix is JSON.
    for (const contentType of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
      const response = await h.request("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        rawBody: '{"name":"typed"}',
        headers: { "content-type": contentType },
      });
      expect(response.status, contentType).toBe(201);
    }
  });

  it("runs a bodiless POST with no body and no Content-Type", async () => {
    const tenant = await h.createTenant();
    const created = await createKey(tenant.adminKey);
    const rotated = await h.request<{ id: string; key: string }>(
      "POST",
      `/api/v1/admin/api-keys/${created.id}/rotate`,
      { key: tenant.adminKey },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.id).toBe(created.id);
    expect(rotated.body.key).not.toBe(created.key);
  });

  it("treats an empty or blank body with Content-Type: application/json as {}", async () => {
    const tenant = await h.createTenant();
    const created = await createKey(tenant.adminKey);
    for (const rawBody of ["", "  \n"]) {
      const rotated = await h.request("POST", `/api/v1/admin/api-keys/${created.id}/rotate`, {
        key: tenant.adminKey,
        rawBody,
        headers: json,
      });
      expect(rotated.status, JSON.stringify(rawBody)).toBe(200);
    }
    const before = await settingsOf(tenant.organizationId);
    const patched = await h.request(
      "PATCH",
      `/api/v1/admin/organizations/${tenant.organizationId}/settings`,
      {
        key: tenant.adminKey,
        rawBody: "",
        headers: json,
      },
    );
    expect(patched.status).toBe(200);
    expect({ ...(await settingsOf(tenant.organizationId)), updatedAt: null }).toEqual({
      ...before,
      updatedAt: null,
    });
  });
});

describe("validation", () => {
  it("answers 422 with the failing fields and changes nothing", async () => {
    const tenant = await h.createTenant();
    const before = await settingsOf(tenant.organizationId);
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
    expect(await settingsOf(tenant.organizationId)).toEqual(before);
  });

  it("never coerces JSON body values: strings are not booleans or numbers", async () => {
    const tenant = await h.createTenant();
    const created = await createKey(tenant.adminKey);
    for (const isActive of ["false", "0", 0, null]) {
      expectInvalidFields(
        await h.request("PATCH", `/api/v1/admin/api-keys/${created.id}`, {
          key: tenant.adminKey,
          body: { isActive },
        }),
        ["isActive"],
      );
    }
    const before = await settingsOf(tenant.organizationId);
    expectInvalidFields(
      await h.request("PATCH", `/api/v1/admin/organizations/${tenant.organizationId}/settings`, {
        key: tenant.adminKey,
        body: { defaultChainId: "8453", x402Enabled: "true" },
      }),
      ["defaultChainId", "x402Enabled"],
    );
    expect(await settingsOf(tenant.organizationId)).toEqual(before);
    // The key is untouched and still works.
    expect((await listKeys(tenant.adminKey)).find((key) => key.id === created.id)?.isActive).toBe(true);
    expect((await h.request("GET", "/api/v1/admin/subscription-tiers", { key: created.key })).status).toBe(
      200,
    );
  });

  it("refuses unknown body fields by name, including path parameters smuggled into the body", async () => {
    const mine = await h.createTenant();
    const theirs = await h.createTenant();
    const myKey = await createKey(mine.adminKey);
    const theirKey = await createKey(theirs.adminKey);
    const mySettings = await settingsOf(mine.organizationId);
    const theirSettings = await settingsOf(theirs.organizationId);

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
        headers: json,
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
    expect(await settingsOf(mine.organizationId)).toEqual(mySettings);
    expect(await settingsOf(theirs.organizationId)).toEqual(theirSettings);
    expect((await listKeys(mine.adminKey)).map((key) => [key.name, key.isActive])).toEqual(
      expect.arrayContaining([["probe", true]]),
    );
    expect(await listKeys(mine.adminKey)).toHaveLength(3);
    expect((await listKeys(theirs.adminKey)).every((key) => key.isActive)).toBe(true);
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
    expect(await listKeys(tenant.adminKey)).toHaveLength(2);
  });
});

describe("body size", () => {
  const MB = 1024 * 1024;
  /** A JSON object of exactly `size` bytes: `{"name":"xxx…"}`. */
  const bodyOfSize = (size: number) => `{"name":"${"x".repeat(size - '{"name":""}'.length)}"}`;

  it("answers 413 above 1 MB, streamed or announced, and creates nothing", async () => {
    const tenant = await h.createTenant();
    expect(bodyOfSize(MB + 1)).toHaveLength(MB + 1);
    expectError(
      await h.request("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        rawBody: bodyOfSize(MB + 1),
        headers: json,
      }),
      413,
      "payload_too_large",
    );
    expectError(
      await h.request("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        rawBody: "{}",
        headers: { ...json, "content-length": String(10 * MB) },
      }),
      413,
      "payload_too_large",
    );
    // Exactly 1 MB passes the limit and reaches validation (the name is too long).
    expectInvalidFields(
      await h.request("POST", "/api/v1/admin/api-keys", {
        key: tenant.adminKey,
        rawBody: bodyOfSize(MB),
        headers: json,
      }),
      ["name"],
    );
    expect(await listKeys(tenant.adminKey)).toHaveLength(2);
  });

  it("applies the same limit to /trpc", async () => {
    const tenant = await h.createTenant();
    expectError(
      await h.request("POST", "/trpc/platform.apiKeys.create", {
        key: tenant.adminKey,
        rawBody: bodyOfSize(2 * MB),
        headers: json,
      }),
      413,
      "payload_too_large",
    );
    expectError(
      await h.request("POST", "/trpc/platform.apiKeys.create", {
        key: tenant.adminKey,
        rawBody: "{}",
        headers: { ...json, "content-length": String(10 * MB) },
      }),
      413,
      "payload_too_large",
    );
    expect(await listKeys(tenant.adminKey)).toHaveLength(2);
  });
});

describe("routes and request ids", () => {
  it("answers 404 route_not_found in the error shape for unknown routes", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/nope"],
      ["POST", "/api/v1/admin/api-keys/x/y/z"],
      ["GET", "/nope"],
      ["DELETE", "/api/v2/admin/api-keys"],
    ] as const) {
      const response = await h.request(method, path, { key: h.operatorKey });
      expectError(response, 404, "route_not_found");
      expect((response.body as { error: string }).error).toContain(path);
    }
  });

  it("answers 405 with Allow for a known path asked with another method, changing nothing", async () => {
    const tenant = await h.createTenant();
    for (const [method, path, allow] of [
      ["PUT", "/api/v1/admin/api-keys", ["GET", "POST"]],
      ["DELETE", "/api/v1/x402/orders/abc/pay", ["POST"]],
      ["POST", `/api/v1/admin/organizations/${tenant.organizationId}/settings`, ["GET", "PATCH"]],
    ] as const) {
      const response = await h.request(method, path, { key: tenant.adminKey, body: {} });
      expectError(response, 405, "method_not_allowed");
      expect(response.headers.get("allow")?.split(", ").sort()).toEqual([...allow]);
    }
    const keys = await h.request<unknown[]>("GET", "/api/v1/admin/api-keys", { key: tenant.adminKey });
    expect(keys.body).toHaveLength(2);
  });

  it("echoes a valid X-Request-Id and generates one when it is absent or invalid", async () => {
    const tenant = await h.createTenant();
    const mine = "req-2024.11:abc_DEF";
    const echoed = await h.request("GET", "/api/v1/admin/subscription-tiers", {
      key: tenant.memberKey,
      headers: { "x-request-id": mine },
    });
    expect(echoed.status).toBe(200);
    expect(echoed.headers.get("x-request-id")).toBe(mine);
    const echoedError = await h.request("GET", "/api/v1/admin/api-keys", {
      key: tenant.memberKey,
      headers: { "x-request-id": mine },
    });
    expectError(echoedError, 403, "role_required");
    expect((echoedError.body as { requestId: string }).requestId).toBe(mine);

    const seen = new Set<string>();
    for (const sent of [undefined, "has spaces in it", "a".repeat(129), "semi;colon", ""]) {
      const response = await h.request("GET", "/api/v1/admin/api-keys", {
        key: tenant.memberKey,
        headers: sent === undefined ? {} : { "x-request-id": sent },
      });
      expectError(response, 403, "role_required");
      const generated = response.headers.get("x-request-id") ?? "";
      expect(generated).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      seen.add(generated);
    }
    expect(seen.size).toBe(5);
    // The longest valid id (128 characters) is kept.
    const longest = "b".repeat(128);
    expect(
      (
        await h.request("GET", "/api/v1/admin/subscription-tiers", {
          key: tenant.memberKey,
          headers: { "x-request-id": longest },
        })
      ).headers.get("x-request-id"),
    ).toBe(longest);
  });

  it("puts the request id on every kind of response: 404, docs, /trpc", async () => {
    const tenant = await h.createTenant();
    const headers = { "x-request-id": "trace-1" };
    for (const [method, path] of [
      ["GET", "/api/v1/nope"],
      ["GET", "/api/v1/openapi.json"],
      ["GET", "/healthz"],
      ["GET", "/trpc/platform.tiers.list"],
      ["GET", "/trpc/platform.apiKeys.list"],
    ] as const) {
      const response = await h.request(method, path, { key: tenant.memberKey, headers });
      expect(response.headers.get("x-request-id"), `${method} ${path}`).toBe("trace-1");
    }
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

describe("unexpected failures", () => {
  it("answers 500 with a generic message and nothing internal, on REST, plain routes and /trpc", async () => {
    const secret = "password=hunter2 at /srv/secret/db.ts:12:34";
    const failing = router({
      boom: publicProcedure
        .meta({ openapi: { method: "GET", path: "/boom", protect: false } })
        .input(z.object({}).optional())
        .output(z.object({}))
        .query(() => {
          throw new Error(secret);
        }),
      wrapped: publicProcedure
        .meta({ openapi: { method: "POST", path: "/wrapped", protect: false } })
        .input(z.object({}).optional())
        .output(z.object({}))
        .mutation(() => {
          throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: secret, cause: new Error(secret) });
        }),
      badOutput: publicProcedure
        .meta({ openapi: { method: "GET", path: "/bad-output", protect: false } })
        .input(z.object({}).optional())
        .output(z.object({ count: z.number() }))
        .query(() => ({ count: secret }) as unknown as { count: number }),
    });
    const { app } = createApp({
      deps: h.runtime.deps,
      router: failing,
      plainRoutes: (api) => {
        api.get("/plain-boom", () => {
          throw new Error(secret);
        });
      },
    });
    for (const [method, path] of [
      ["GET", "/api/v1/boom"],
      ["POST", "/api/v1/wrapped"],
      ["GET", "/api/v1/bad-output"],
      ["GET", "/api/v1/plain-boom"],
      ["GET", "/trpc/boom"],
      ["POST", "/trpc/wrapped"],
      ["GET", "/trpc/badOutput"],
    ] as const) {
      const response = await app.request(
        path,
        method === "POST"
          ? { method, headers: { "content-type": "application/json" }, body: "{}" }
          : { method },
      );
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text}`).toBe(500);
      expect(text).not.toContain("hunter2");
      expect(text).not.toContain("/srv/secret");
      expectNoInternals(text);
      const body = JSON.parse(text) as Record<string, unknown>;
      const tally = path.startsWith("/trpc")
        ? ((body.error as { data: { tally: Record<string, unknown> } }).data.tally as Record<string, unknown>)
        : body;
      expect(tally).toMatchObject({ status: 500, code: "internal_error", error: "Internal server error" });
    }
  });
});
