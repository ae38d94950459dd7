import { type TestResponse, useHarness } from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";
import {
  loadPendingEndpoints,
  type PendingEndpoint,
  parsePendingEndpoints,
  pendingEndpointsOf,
} from "./pending-endpoints.ts";

const concrete = (template: string) =>
  `/api/v1${template.replace(/\{(\w+)\}/g, (_, name: string) => `s4mple${name.toLowerCase()}`)}`;

const expectBody = (response: TestResponse, status: number, code: string) => {
  expect(response.status, response.text).toBe(status);
  const body = response.body as Record<string, unknown>;
  expect(Object.keys(body).sort(), response.text).toEqual(["code", "error", "requestId", "status"]);
  expect(body).toMatchObject({ status, code, error: expect.any(String), requestId: expect.any(String) });
  expect(response.headers.get("x-request-id")).toBe(body.requestId);
  return body as { error: string };
};

describe("the pending list format", () => {
  it("reads `METHOD /path  # area` lines, skipping comments and blank lines", () => {
    const text = "# header\n\n# rewards\nPOST /nft-reward   # rewards\nGET /tasks/{taskId} #task pool  \n";
    expect(parsePendingEndpoints(text)).toEqual([
      { method: "POST", path: "/nft-reward", area: "rewards" },
      { method: "GET", path: "/tasks/{taskId}", area: "task pool" },
    ]);
  });

  it("refuses a line without an area, a bad method or path, and a repeated endpoint, naming the line", () => {
    expect(() => parsePendingEndpoints("# x\nPOST /nft-reward\n", "list")).toThrow(/^list:2: /);
    expect(() => parsePendingEndpoints("POST /nft-reward #   \n")).toThrow(/:1: /);
    expect(() => parsePendingEndpoints("FETCH /nft-reward # rewards\n")).toThrow(/:1: /);
    expect(() => parsePendingEndpoints("post /nft-reward # rewards\n")).toThrow(/:1: /);
    expect(() => parsePendingEndpoints("GET nft-reward # rewards\n")).toThrow(/:1: /);
    expect(() => parsePendingEndpoints("GET /a # x\n\nGET /a # y\n")).toThrow(/:3: GET \/a is listed twice/);
    // The same path with another method is another endpoint.
    expect(parsePendingEndpoints("GET /a # x\nPOST /a # x\n")).toHaveLength(2);
  });

  it("matches method and path template, preferring the template with the most literal segments", () => {
    const of = pendingEndpointsOf(
      parsePendingEndpoints(
        "GET /tasks/{taskId} # tasks\nGET /tasks/pools # pools\nPOST /solver/register # solvers\nGET /user/{id}/nfts # rewards\n",
      ),
      "/api/v1",
    );
    expect(of("GET", "/api/v1/tasks/pools")).toMatchObject({ path: "/tasks/pools", area: "pools" });
    expect(of("GET", "/api/v1/tasks/t1")).toMatchObject({ path: "/tasks/{taskId}", requiresKey: true });
    expect(of("POST", "/api/v1/solver/register")).toMatchObject({ area: "solvers", requiresKey: false });
    expect(of("GET", "/api/v1/user/u1/nfts")).toMatchObject({ path: "/user/{id}/nfts" });
    for (const [method, path] of [
      ["POST", "/api/v1/tasks/pools"],
      ["GET", "/api/v1/tasks"],
      ["GET", "/api/v1/tasks/a/b"],
      ["GET", "/api/v1/user//nfts"],
      ["GET", "/tasks/pools"],
      ["GET", "/api/v2/tasks/pools"],
      ["GET", "/api/v1/tasks/pools/"],
    ])
      expect(of(method as string, path as string), `${method} ${path}`).toBeUndefined();
  });
});

describe("pending spec endpoints over HTTP", () => {
  const h = useHarness();
  let pending: PendingEndpoint[];
  let adminKey: string;
  beforeAll(async () => {
    pending = loadPendingEndpoints();
    adminKey = (await h.createTenant()).adminKey;
  });
  const keyed = () => pending.filter((endpoint) => !/^\/(agentic|webhooks|solver)\//.test(endpoint.path));

  it("answers every listed endpoint 501 not_implemented naming the endpoint and its planned area", async () => {
    expect(pending.length).toBeGreaterThan(0);
    for (const endpoint of pending) {
      const response = await h.request(endpoint.method, concrete(endpoint.path), {
        key: adminKey,
        ...(endpoint.method === "GET" ? {} : { body: {} }),
      });
      const body = expectBody(response, 501, "not_implemented");
      expect(body.error).toContain(`${endpoint.method} ${endpoint.path}`);
      expect(body.error).toContain(`(${endpoint.area})`);
    }
  });

  it("names the area of each pending route with real-looking ids in its path", async () => {
    const withIds = pending.filter((endpoint) => endpoint.path.includes("{"));
    const areas = [...new Set(withIds.map((endpoint) => endpoint.area))];
    expect(areas.length).toBeGreaterThan(0);
    for (const area of areas) {
      const endpoint = withIds.find((candidate) => candidate.area === area) as PendingEndpoint;
      const url = `/api/v1${endpoint.path.replace(/\{\w+\}/g, "ck1234567890abcdefghijklm")}`;
      const response = await h.request(endpoint.method, url, {
        key: adminKey,
        ...(endpoint.method === "GET" ? {} : { body: {} }),
      });
      expect(expectBody(response, 501, "not_implemented").error, url).toContain(`(${area})`);
    }
  });

  it("answers 401 before 501 without a key or with an unknown key", async () => {
    expect(keyed().length).toBeGreaterThan(0);
    for (const endpoint of keyed()) {
      const url = concrete(endpoint.path);
      const body = endpoint.method === "GET" ? {} : { body: {} };
      const anonymous = await h.request(endpoint.method, url, body);
      expect(expectBody(anonymous, 401, "unauthorized").error, url).not.toContain(endpoint.area);
      expectBody(
        await h.request(endpoint.method, url, { ...body, key: `svc_test_${"0".repeat(40)}` }),
        401,
        "unauthorized",
      );
    }
  });

  it("keeps 404 route_not_found for typos and for another method on a pending path", async () => {
    const doc = await h.request<{ paths: Record<string, unknown> }>("GET", "/api/v1/openapi.json");
    // A pending path nothing serves yet, asked with a method the list does not name for it.
    const unserved = pending.find(
      (endpoint) =>
        !endpoint.path.includes("{") &&
        !(endpoint.path in doc.body.paths) &&
        !pending.some((other) => other.path === endpoint.path && other.method === "PATCH"),
    ) as PendingEndpoint;
    expect(unserved).toBeDefined();
    for (const [method, path] of [
      ["PATCH", `/api/v1${unserved.path}`],
      ["GET", "/api/v1/companion/order"],
      ["POST", "/api/v1/companion/orders/x/y/z"],
      ["GET", "/api/v1/companion"],
      ["GET", "/api/v1/companion/products/"],
      ["GET", "/api/v2/companion/products"],
      ["GET", "/companion/products"],
    ] as const) {
      const response = await h.request(method, path, {
        key: adminKey,
        ...(method === "GET" ? {} : { body: {} }),
      });
      expect(expectBody(response, 404, "route_not_found").error).toContain(path);
    }
  });

  it("leaves served endpoints and 405 as they were", async () => {
    const list = await h.request("GET", "/api/v1/admin/api-keys", { key: adminKey });
    expect(list.status, list.text).toBe(200);
    const wrongMethod = await h.request("PUT", "/api/v1/admin/api-keys", { key: adminKey, body: {} });
    expectBody(wrongMethod, 405, "method_not_allowed");
    expect(wrongMethod.headers.get("allow")?.split(", ").sort()).toEqual(["GET", "POST"]);
  });

  it("keeps pending endpoints out of the OpenAPI document", async () => {
    const doc = await h.request<{ paths: Record<string, Record<string, unknown>> }>(
      "GET",
      "/api/v1/openapi.json",
    );
    expect(doc.status).toBe(200);
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, "{}");
    const documented = new Set(
      Object.entries(doc.body.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${shape(path)}`),
      ),
    );
    expect(documented.size).toBeGreaterThan(10);
    for (const endpoint of pending)
      expect(documented.has(`${endpoint.method} ${shape(endpoint.path)}`)).toBe(false);
  });
});
