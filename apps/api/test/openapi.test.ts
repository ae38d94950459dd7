import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileErrors, validate } from "@readme/openapi-parser";
import { appRouter } from "@tally/router";
import { loadPendingEndpoints, type PendingEndpoint, parsePendingEndpoints } from "@tally/server";
import { useHarness } from "@tally/testing";
import { listRestOperations } from "@tally/trpc";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The served OpenAPI document (spec 01 "Versioning": OpenAPI 3.1, version 1.0.0) and how it matches
 * what the app routes. Everything here is generated from the document, the procedures, the spec's
 * endpoint list (docs/spec-endpoints.txt) and docs/spec-pending.txt, so later domains are covered
 * without editing this file.
 */

interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: ({ $ref: string } | { name: string; in: string; required?: boolean })[];
  requestBody?: unknown;
  responses: Record<string, ResponseObject>;
}
interface Document {
  openapi: string;
  info: { version: string; title: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }>;
    securitySchemes: Record<string, { type: string; scheme?: string }>;
  };
}

const METHODS = ["get", "post", "put", "patch", "delete"];
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
/**
 * The spec's endpoint list, committed (CI runs from a clone with no spec beside it); kept equal to
 * the spec's own file wherever that exists, so a spec change is noticed (docs/decisions.md).
 */
const specCopyFile = path.join(repoRoot, "docs/spec-endpoints.txt");
const specOriginals = [
  ...new Set([path.resolve(repoRoot, "../shared/spec/endpoints.txt"), "/work/shared/spec/endpoints.txt"]),
];

interface Endpoint {
  method: string;
  path: string;
}
const parseSpecEndpoints = (text: string): Endpoint[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const match = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(line);
      if (!match) throw new Error(`${specCopyFile}: not "METHOD /path": ${JSON.stringify(line)}`);
      return { method: match[1] as string, path: match[2] as string };
    });
const specEndpoints = existsSync(specCopyFile) ? parseSpecEndpoints(readFileSync(specCopyFile, "utf8")) : [];

/** `{id}` and `{userId}` name the same segment: templates are compared by shape. */
const shapeOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path.replace(/\{[^}]+\}/g, "{}")}`;

/**
 * Every spec endpoint is served or pending, never both, and every pending line is a spec endpoint:
 * the problems found, each naming the spec's template and the served one where they differ.
 */
const coverageProblems = (spec: Endpoint[], served: Endpoint[], pending: PendingEndpoint[]): string[] => {
  const servedByShape = new Map(served.map((endpoint) => [shapeOf(endpoint), endpoint]));
  const pendingByLabel = new Map(pending.map((endpoint) => [label(endpoint), endpoint]));
  const specLabels = new Set(spec.map(label));
  const problems: string[] = [];
  for (const endpoint of spec) {
    const servedAs = servedByShape.get(shapeOf(endpoint));
    const isPending = pendingByLabel.has(label(endpoint));
    const as = servedAs && servedAs.path !== endpoint.path ? ` (served as ${label(servedAs)})` : "";
    if (servedAs && isPending)
      problems.push(`${label(endpoint)} is served${as}: remove it from docs/spec-pending.txt`);
    if (!servedAs && !isPending)
      problems.push(`${label(endpoint)} is neither served nor listed in docs/spec-pending.txt`);
  }
  for (const endpoint of pending)
    if (!specLabels.has(label(endpoint)))
      problems.push(
        `${label(endpoint)} in docs/spec-pending.txt is not a spec endpoint (write it as the spec does)`,
      );
  return problems;
};

const label = (op: Endpoint) => `${op.method} ${op.path}`;

let doc: Document;
let operations: { method: string; path: string; operation: Operation }[];
const h = useHarness();
beforeAll(async () => {
  const served = await h.request<Document>("GET", "/api/v1/openapi.json");
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toContain("application/json");
  doc = served.body;
  operations = Object.entries(doc.paths).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path: route, operation })),
  );
});

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1, version 1.0.0, served as built at boot", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.servers?.[0]?.url).toBe("/api/v1");
    expect(doc).toEqual(JSON.parse(JSON.stringify(h.runtime.openApiDocument)));
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(operations.length).toBeGreaterThan(10);
  });

  it("gives every operation a unique operationId and at least one tag", () => {
    const ids = operations.map((op) => op.operation.operationId);
    for (const op of operations) {
      expect(op.operation.operationId, label(op)).toMatch(/\S/);
      expect(op.operation.tags?.length, label(op)).toBeGreaterThan(0);
      for (const tag of op.operation.tags ?? []) expect(tag.trim(), label(op)).not.toBe("");
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents each operation's real success status", async () => {
    const restOperations = new Map(listRestOperations(appRouter).map((op) => [label(op), op]));
    expect(restOperations.size).toBeGreaterThan(0);
    for (const op of operations) {
      const successes = Object.keys(op.operation.responses).filter((status) => /^2\d\d$/.test(status));
      const rest = restOperations.get(label(op));
      // A procedure has one success status; a plain route may have more (x402 pay: 200 paid, 202 settling).
      if (rest) {
        expect(successes, label(op)).toHaveLength(1);
        expect(Number(successes[0]), label(op)).toBe(rest.successStatus);
      } else expect(successes.length, label(op)).toBeGreaterThan(0);
      for (const status of successes) {
        const success = op.operation.responses[status] as ResponseObject;
        if (status === "204") expect(success.content, label(op)).toBeUndefined();
        else expect(success.content?.["application/json"]?.schema, label(op)).toBeDefined();
      }
    }
    // Every procedure with REST meta is in the document.
    for (const key of restOperations.keys()) expect(operations.map(label)).toContain(key);

    const successOf = (method: string, route: string) =>
      Object.keys(doc.paths[route]?.[method]?.responses ?? {}).find((status) => status.startsWith("2"));
    expect(successOf("post", "/admin/api-keys")).toBe("201");
    expect(successOf("post", "/admin/organizations")).toBe("201");
    expect(successOf("delete", "/admin/api-keys/{id}")).toBe("204");
    expect(successOf("get", "/admin/api-keys")).toBe("200");
    expect(successOf("post", "/webhooks/cron/{job}")).toBe("202");
    expect(Object.keys(doc.paths["/x402/orders/{id}/pay"]?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "202", "400", "402", "404", "409", "429"]),
    );
    expect(
      Object.keys(doc.paths["/user/{id}/order/{orderId}/checkout/embedded-wallet"]?.patch?.responses ?? {}),
    ).toEqual(expect.arrayContaining(["200", "409", "422"]));

    // And the app answers with those statuses.
    const tenant = await h.createTenant();
    const created = await h.request<{ id: string }>("POST", "/api/v1/admin/api-keys", {
      key: tenant.adminKey,
      body: {},
    });
    expect(created.status).toBe(201);
    expect(
      (await h.request("DELETE", `/api/v1/admin/api-keys/${created.body.id}`, { key: tenant.adminKey }))
        .status,
    ).toBe(204);
    expect(
      (
        await h.request("POST", "/api/v1/admin/organizations", {
          key: h.operatorKey,
          body: { name: "Status Co" },
        })
      ).status,
    ).toBe(201);
  });

  it("describes every error response with the shared Error schema", () => {
    const error = doc.components.schemas.Error;
    expect(error?.required).toEqual(expect.arrayContaining(["status", "error", "code", "requestId"]));
    expect(Object.keys(error?.properties ?? {})).toEqual(
      expect.arrayContaining(["status", "error", "code", "details", "context", "requestId"]),
    );
    // One shape for `details`; anything else machine-readable is `context`.
    expect(error?.properties?.details).toMatchObject({
      type: "array",
      items: { type: "object", required: ["message"], properties: { field: {}, message: {} } },
    });
    expect(error?.properties?.details).not.toHaveProperty("oneOf");
    expect(error?.properties?.context).toMatchObject({ type: "object", additionalProperties: true });
    for (const op of operations) {
      const { responses } = op.operation;
      const statuses = Object.keys(responses);
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        expect(responses[status]?.content?.["application/json"]?.schema?.$ref, `${label(op)} ${status}`).toBe(
          "#/components/schemas/Error",
        );
      }
      const expected = ["400", "422", "500"];
      if (op.operation.security?.length) expected.push("401", "403", "429");
      if (op.path.includes("{")) expected.push("404");
      if (op.operation.requestBody) expected.push("413", "415");
      expect(statuses, label(op)).toEqual(expect.arrayContaining(expected));
      if (responses["429"])
        expect(Object.keys(responses["429"].headers ?? {}), label(op)).toContain("Retry-After");
    }
    // Hand-written plain routes keep the error statuses they were written with.
    const cron = doc.paths["/webhooks/cron/{job}"]?.post;
    expect(Object.keys(cron?.responses ?? {})).toEqual(expect.arrayContaining(["401", "404", "501", "503"]));
  });

  it("puts the bearer scheme on protected operations and none on webhooks", () => {
    const schemes = doc.components.securitySchemes;
    const bearer = Object.entries(schemes).filter(
      ([, scheme]) => scheme.type === "http" && scheme.scheme === "bearer",
    );
    expect(bearer).toHaveLength(1);
    const bearerName = (bearer[0] as [string, unknown])[0];
    for (const op of operations) {
      const { security } = op.operation;
      if (op.path.startsWith("/admin/")) expect(security, label(op)).toEqual([{ [bearerName]: [] }]);
      if (op.path.startsWith("/webhooks/")) expect(security ?? [], label(op)).toEqual([]);
      for (const requirement of security ?? [])
        for (const name of Object.keys(requirement)) expect(Object.keys(schemes), label(op)).toContain(name);
      // Idempotency keys are scoped per organization: only keyed operations can offer them.
      const refs = (op.operation.parameters ?? []).map((p) => ("$ref" in p ? p.$ref : p.name));
      if (!security?.length) expect(refs, label(op)).not.toContain("#/components/parameters/IdempotencyKey");
    }
  });
});

describe("coverage of the spec's endpoints (the gate)", () => {
  it("has the spec's endpoint list committed, equal to the spec's own file wherever that exists", () => {
    expect(existsSync(specCopyFile), `${specCopyFile} is missing`).toBe(true);
    expect(specEndpoints.length).toBeGreaterThan(100);
    expect(new Set(specEndpoints.map(label)).size).toBe(specEndpoints.length);
    const compared = specOriginals.filter((file) => existsSync(file));
    for (const file of compared)
      expect(readFileSync(specCopyFile, "utf8"), `${specCopyFile} differs from ${file}: copy it over`).toBe(
        readFileSync(file, "utf8"),
      );
    console.log(
      compared.length > 0
        ? `Spec endpoint list: committed copy equals ${compared.join(", ")}`
        : `Spec endpoint list: no original beside this clone (${specOriginals.join(", ")}); the committed copy is used`,
    );
  });

  it("finds every spec endpoint served or in docs/spec-pending.txt, never both", () => {
    const pending = loadPendingEndpoints();
    const problems = coverageProblems(specEndpoints, operations, pending);
    const servedShapes = new Set(operations.map(shapeOf));
    const served = specEndpoints.filter((endpoint) => servedShapes.has(shapeOf(endpoint))).length;
    console.log(
      `Spec coverage: ${served} of ${specEndpoints.length} spec endpoints served, ${pending.length} pending`,
    );
    expect(problems).toEqual([]);
    expect(served).toBeGreaterThan(0);
  });

  it("fails on a pending endpoint that is served, on one in neither place and on a line not in the spec", () => {
    // Guards the gate against passing vacuously, on a made-up spec.
    const spec = [
      { method: "GET", path: "/user/{id}/nfts" },
      { method: "POST", path: "/campaign" },
      { method: "GET", path: "/tasks" },
    ];
    const served = [{ method: "GET", path: "/user/{userId}/nfts" }];
    const pending = (lines: string) => parsePendingEndpoints(lines);
    expect(coverageProblems(spec, served, pending("POST /campaign # c\nGET /tasks # t\n"))).toEqual([]);
    expect(
      coverageProblems(
        spec,
        served,
        pending("GET /user/{id}/nfts # r\nPOST /campaign # c\nGET /tasks # t\n"),
      ),
    ).toEqual([
      "GET /user/{id}/nfts is served (served as GET /user/{userId}/nfts): remove it from docs/spec-pending.txt",
    ]);
    expect(coverageProblems(spec, served, pending("POST /campaign # c\n"))).toEqual([
      "GET /tasks is neither served nor listed in docs/spec-pending.txt",
    ]);
    expect(
      coverageProblems(spec, served, pending("POST /campaign # c\nGET /tasks # t\nGET /task # t\n")),
    ).toEqual(["GET /task in docs/spec-pending.txt is not a spec endpoint (write it as the spec does)"]);
    // Shape, not names: a served `{userId}` covers the spec's `{id}`, but not another method or path.
    expect(
      coverageProblems(
        spec,
        [{ method: "POST", path: "/user/{id}/nfts" }],
        pending("POST /campaign # c\nGET /tasks # t\n"),
      ),
    ).toEqual(["GET /user/{id}/nfts is neither served nor listed in docs/spec-pending.txt"]);
    expect(() => parseSpecEndpoints("GET /a\nget /b\n")).toThrow(/not "METHOD \/path"/);
  });
});

describe("routing", () => {
  /** `{name}` and Hono's `:name` (with an optional `{regex}`) are the same placeholder. */
  const normalize = (route: string) => route.replace(/\{\w+\}|:\w+(\{[^}]*\})?/g, "{}");
  const concrete = (route: string) =>
    `/api/v1${route.replace(/\{(\w+)\}/g, (_, name: string) => `s4mple${name.toLowerCase()}`)}`;

  /**
   * The path pattern of the endpoint the real app dispatches to: its first matching route that is not
   * a middleware (registered for all methods, or for some methods on a wildcard path).
   */
  const routedPattern = (app: Hono, method: string, url: string): string | undefined => {
    const [matches] = app.router.match(method, url);
    for (const [[, route]] of matches)
      if (route.method !== "ALL" && !route.path.endsWith("*")) return route.path;
    return undefined;
  };

  it("answers every spec path and documented operation with that operation, never a sibling", async () => {
    const app = h.runtime.app as unknown as Hono;
    const targets = [...operations, ...specEndpoints];
    let routed = 0;
    for (const target of targets) {
      const url = concrete(target.path);
      const pattern = routedPattern(app, target.method, url);
      if (pattern === undefined) {
        // Not built yet: fine for a spec path, a defect for a documented one.
        expect(operations.map(label), `${label(target)} is documented but not routed`).not.toContain(
          label(target),
        );
        continue;
      }
      routed++;
      expect(normalize(pattern), `${target.method} ${url}`).toBe(normalize(`/api/v1${target.path}`));
    }
    expect(routed).toBeGreaterThanOrEqual(operations.length);

    // The same through real requests: every documented operation is reached (no key, so nothing runs).
    for (const op of operations) {
      const response = await h.request(op.method, concrete(op.path), op.method === "GET" ? {} : { body: {} });
      expect((response.body as { code?: string }).code, label(op)).not.toBe("route_not_found");
    }
  });

  it("detects shadowing: a parameter route registered first would answer a static path", () => {
    // Guards the check above against passing vacuously: a probe app with the wrong order is caught.
    const app = h.runtime.app as unknown as Hono;
    const probe = new (app.constructor as new () => Hono)();
    probe.use(async (_c, next) => next());
    probe.get("/api/v1/tasks/:taskId", (c) => c.text("param"));
    probe.get("/api/v1/tasks/pools", (c) => c.text("static"));
    probe.get("/api/v1/solver/tasks", (c) => c.text("static"));
    probe.get("/api/v1/solver/:address", (c) => c.text("param"));
    expect(routedPattern(probe, "GET", concrete("/tasks/pools"))).toBe("/api/v1/tasks/:taskId");
    expect(routedPattern(probe, "GET", concrete("/solver/tasks"))).toBe("/api/v1/solver/tasks");
    expect(routedPattern(probe, "GET", concrete("/solver/{address}"))).toBe("/api/v1/solver/:address");
    expect(routedPattern(probe, "POST", concrete("/solver/tasks"))).toBeUndefined();
  });
});

describe("the API reference", () => {
  it("serves an HTML page that loads the locally served script", async () => {
    const page = await h.request("GET", "/api/v1/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).toMatch(/<script[^>]+src="\/api\/v1\/docs\/scalar\.js"/);
    expect(page.text).toContain("/api/v1/openapi.json");
    expect(page.text).not.toMatch(/https?:\/\/cdn\./);

    const script = await h.request("GET", "/api/v1/docs/scalar.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect(script.text.length).toBeGreaterThan(100_000);
  });
});
