import { createApp } from "@tally/server";
import { useHarness } from "@tally/testing";
import { publicProcedure, router } from "@tally/trpc";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { expectNoInternals, expectStrictError } from "./error-shape.ts";

/** Unknown routes and methods, request ids, and unexpected failures: the error body never leaks internals. */

const h = useHarness();

describe("routes and request ids", () => {
  it("answers 404 route_not_found in the error shape for unknown routes", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/nope"],
      ["POST", "/api/v1/admin/api-keys/x/y/z"],
      ["GET", "/nope"],
      ["DELETE", "/api/v2/admin/api-keys"],
    ] as const) {
      const response = await h.request(method, path, { key: h.operatorKey });
      expectStrictError(response, 404, "route_not_found");
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
      expectStrictError(response, 405, "method_not_allowed");
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
    expectStrictError(echoedError, 403, "role_required");
    expect((echoedError.body as { requestId: string }).requestId).toBe(mine);

    const seen = new Set<string>();
    for (const sent of [undefined, "has spaces in it", "a".repeat(129), "semi;colon", ""]) {
      const response = await h.request("GET", "/api/v1/admin/api-keys", {
        key: tenant.memberKey,
        headers: sent === undefined ? {} : { "x-request-id": sent },
      });
      expectStrictError(response, 403, "role_required");
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
