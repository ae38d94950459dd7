import { AppError, errorBody } from "@tally/core";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type Context, ResponseHeaders } from "./context.ts";
import { toAppError } from "./errors.ts";
import { publicProcedure, router } from "./init.ts";
import { listRestOperations, type RestOperation, toHonoPath } from "./procedures.ts";
import { mountRestOperations } from "./rest-adapter.ts";

/** A GET procedure that answers with its own name and input, so a test sees which one ran. */
const probe = (name: string, path: `/${string}`) =>
  publicProcedure
    .meta({ openapi: { method: "GET", path, protect: false } })
    .input(z.record(z.string(), z.string()).optional())
    .output(z.unknown())
    .query(({ input }) => ({ name, input }));

// Declared parameter-first on purpose: declaration order must not decide routing.
const testRouter = router({
  tasks: router({
    byId: probe("task", "/tasks/{taskId}"),
    pools: probe("pools", "/tasks/pools"),
    claimById: probe("claim", "/tasks/{taskId}/claim"),
    poolsById: probe("pool", "/tasks/pools/{poolId}"),
  }),
  solver: router({
    byAddress: probe("solver", "/solver/{address}"),
    tasks: probe("solverTasks", "/solver/tasks"),
  }),
  creators: router({
    bySlugProducts: probe("slugProducts", "/creator/{slug}/products"),
    bySlug: probe("slug", "/creator/{slug}"),
    byIdProducts: probe("idProducts", "/creator/id/{creatorId}/products"),
    byId: probe("id", "/creator/id/{creatorId}"),
  }),
  grid: router({
    both: probe("both", "/a/{x}/{y}"),
    second: probe("second", "/a/{x}/static"),
    first: probe("first", "/a/static/{y}"),
    none: probe("none", "/a/static/static"),
  }),
  created: publicProcedure
    .meta({ openapi: { method: "POST", path: "/things", protect: false }, successStatus: 201 })
    .input(z.strictObject({ name: z.string() }))
    .output(z.object({ name: z.string() }))
    .mutation(({ input }) => input),
  hidden: publicProcedure
    .meta({ openapi: { method: "GET", path: "/hidden", enabled: false } })
    .query(() => "hidden"),
  plain: publicProcedure.query(() => "no meta"),
});

const operations = listRestOperations(testRouter);
const index = (path: string) => operations.findIndex((op) => op.path === path);

/** Does some URL match both templates? Same depth, and every position equal or a parameter. */
const overlap = (a: string, b: string) => {
  const sa = a.split("/");
  const sb = b.split("/");
  return (
    sa.length === sb.length &&
    sa.every((segment, i) => segment === sb[i] || segment.startsWith("{") || (sb[i] ?? "").startsWith("{"))
  );
};

/** At the first position where they differ, `a` is static and `b` a parameter. */
const moreSpecific = (a: string, b: string) => {
  const sa = a.split("/");
  const sb = b.split("/");
  const i = sa.findIndex((segment, j) => segment !== sb[j]);
  return i >= 0 && !(sa[i] as string).startsWith("{") && (sb[i] as string).startsWith("{");
};

describe("listRestOperations", () => {
  it("lists only procedures with enabled REST meta, with their facts", () => {
    expect(operations.map((op) => op.procedurePath)).not.toContain("hidden");
    expect(operations.map((op) => op.procedurePath)).not.toContain("plain");
    expect(operations).toHaveLength(15);
    const claim = operations.find((op) => op.path === "/tasks/{taskId}/claim") as RestOperation;
    expect(claim).toMatchObject({
      method: "GET",
      honoPath: "/tasks/:taskId/claim",
      procedurePath: "tasks.claimById",
      pathParams: ["taskId"],
      successStatus: 200,
    });
    expect(operations.find((op) => op.path === "/things")?.successStatus).toBe(201);
    expect(operations.find((op) => op.path === "/a/{x}/{y}")?.pathParams).toEqual(["x", "y"]);
  });

  it("puts static segments before parameters at every depth", () => {
    expect(index("/tasks/pools")).toBeLessThan(index("/tasks/{taskId}"));
    expect(index("/tasks/pools/{poolId}")).toBeLessThan(index("/tasks/{taskId}/claim"));
    expect(index("/solver/tasks")).toBeLessThan(index("/solver/{address}"));
    expect(index("/creator/id/{creatorId}")).toBeLessThan(index("/creator/{slug}/products"));
    expect(index("/creator/id/{creatorId}/products")).toBeLessThan(index("/creator/{slug}/products"));
    expect(index("/a/static/static")).toBeLessThan(index("/a/static/{y}"));
    expect(index("/a/static/{y}")).toBeLessThan(index("/a/{x}/static"));
    expect(index("/a/{x}/static")).toBeLessThan(index("/a/{x}/{y}"));
    // And generically: whenever two templates can match one URL, the more specific comes first.
    let pairs = 0;
    for (const a of operations)
      for (const b of operations)
        if (a !== b && a.method === b.method && overlap(a.path, b.path) && moreSpecific(a.path, b.path)) {
          pairs++;
          expect(index(a.path), `${a.path} before ${b.path}`).toBeLessThan(index(b.path));
        }
    expect(pairs).toBeGreaterThanOrEqual(8);
  });

  it("does not depend on declaration order", () => {
    const reversed = router(Object.fromEntries(Object.entries(testRouter._def.record).reverse()));
    expect(listRestOperations(reversed).map((op) => `${op.method} ${op.path}`)).toEqual(
      operations.map((op) => `${op.method} ${op.path}`),
    );
  });

  it("converts OpenAPI templates to Hono paths", () => {
    expect(toHonoPath("/creator/id/{creatorId}/product/{productId}")).toBe(
      "/creator/id/:creatorId/product/:productId",
    );
    expect(toHonoPath("/admin/api-keys")).toBe("/admin/api-keys");
  });
});

describe("mountRestOperations", () => {
  const app = new Hono<{ Variables: object }>();
  app.onError((error, c) => {
    const appError = toAppError(error);
    return c.json(errorBody(appError, "test"), appError.status as 400);
  });
  const createContext = () =>
    ({
      requestId: "test",
      responseHeaders: new ResponseHeaders(),
      authenticate: () => Promise.reject(new AppError("unauthorized")),
    }) as unknown as Context;
  mountRestOperations(app, testRouter, { createContext });

  const call = async (method: string, url: string, body?: unknown) => {
    const response = await app.request(url, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("dispatches each URL to the most specific operation", async () => {
    const cases: [string, string, Record<string, string>][] = [
      ["/tasks/pools", "pools", {}],
      ["/tasks/t1", "task", { taskId: "t1" }],
      ["/tasks/pools/p1", "pool", { poolId: "p1" }],
      ["/tasks/t1/claim", "claim", { taskId: "t1" }],
      ["/solver/tasks", "solverTasks", {}],
      ["/solver/0xabc", "solver", { address: "0xabc" }],
      ["/creator/id", "slug", { slug: "id" }],
      ["/creator/id/c1", "id", { creatorId: "c1" }],
      ["/creator/id/c1/products", "idProducts", { creatorId: "c1" }],
      ["/creator/shop/products", "slugProducts", { slug: "shop" }],
      ["/a/static/static", "none", {}],
      ["/a/static/v", "first", { y: "v" }],
      ["/a/u/static", "second", { x: "u" }],
      ["/a/u/v", "both", { x: "u", y: "v" }],
    ];
    for (const [url, name, input] of cases) {
      const response = await call("GET", url);
      expect(response, url).toEqual({ status: 200, body: { name, input } });
    }
  });

  it("answers with the operation's success status", async () => {
    expect(await call("POST", "/things", { name: "x" })).toEqual({ status: 201, body: { name: "x" } });
  });

  it("refuses a path parameter repeated in the query", async () => {
    const response = await call("GET", "/tasks/t1?taskId=t2");
    expect(response.status).toBe(422);
    expect(response.body.details).toEqual([{ field: "taskId", message: expect.any(String) }]);
  });
});
