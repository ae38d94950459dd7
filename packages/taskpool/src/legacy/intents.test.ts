import {
  allListedTasks,
  api,
  expectError,
  fundedTaskPool,
  postTask,
  readTaskPool,
  type TaskRecord,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

type TaskList = { data: TaskRecord[]; total: number; limit: number; offset: number };

/** The legacy operations and their successors, as the OpenAPI document and the Link header name them. */
const LEGACY = [
  ["get", "/intents", "/tasks"],
  ["get", "/intents/analytics", "/tasks/analytics/summary"],
  ["get", "/intents/treasury", "/tasks/pools"],
  ["post", "/intents/treasury/create", "/tasks/pools"],
  ["get", "/solver/intents/pending", "/solver/tasks"],
] as const;

const expectRetired = (response: { headers: Headers }, successor: string) => {
  expect(response.headers.get("deprecation")).toBe(`@${Date.parse("2026-11-29T00:00:00Z") / 1000}`);
  expect(response.headers.get("sunset")).toBe("Mon, 31 May 2027 23:59:59 GMT");
  expect(response.headers.get("link")).toBe(`</api/v1${successor}>; rel="successor-version"`);
};

describe("the legacy intents routes", () => {
  it("answer from the task pool, each with Deprecation, Sunset and a Link to its successor", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const key = tenant.adminKey;
    expectError(await api(h, "GET", "/intents/treasury", { key }), 404, "not_found");

    const created = await api<Record<string, unknown>>(h, "POST", "/intents/treasury/create", { key });
    expect(created.status, created.text).toBe(200);
    expectRetired(created, "/tasks/pools");
    const pool = await readTaskPool(h, tenant);
    expect(created.body).toMatchObject({
      treasuryAddress: pool.taskPoolAddress,
      status: "active",
      balanceUSDC: 0,
      escrowedUSDC: 0,
    });

    await fundedTaskPool(h, tenant, 10);
    const task = (await postTask(h, tenant, { amountUSDC: 2.5 })).body;
    const treasury = await api<Record<string, unknown>>(h, "GET", "/intents/treasury", { key });
    expectRetired(treasury, "/tasks/pools");
    expect(treasury.body).toMatchObject({ balanceUSDC: 7.5, escrowedUSDC: 2.5, balanceAtomic: "7500000" });

    const intents = await api<TaskList>(h, "GET", "/intents?limit=5", { key });
    expectRetired(intents, "/tasks");
    const tasks = await api<TaskList>(h, "GET", "/tasks?limit=5", { key });
    expect(intents.body).toEqual(tasks.body);
    expect(intents.body.data.map((row) => row.taskId)).toEqual([task.taskId]);
    expect(intents.headers.get("x-total-count")).toBe("1");

    const analytics = await api(h, "GET", "/intents/analytics", { key });
    expectRetired(analytics, "/tasks/analytics/summary");
    expect(analytics.body).toEqual({ total: 1, fulfilled: 0, pending: 1, expired: 0, cancelled: 0 });
    expect((await api(h, "DELETE", `/tasks/${task.taskId}`, { key })).status).toBe(204);
    expect((await api(h, "GET", "/intents/analytics", { key })).body).toEqual({
      total: 1,
      fulfilled: 0,
      pending: 0,
      expired: 0,
      cancelled: 1,
    });
  });

  it("lists every organization's open tasks to solvers without a key, as GET /solver/tasks", async () => {
    const tenant = await h.createTenant({ tier: "pro" });
    await fundedTaskPool(h, tenant, 5);
    const task = (await postTask(h, tenant, { amountUSDC: 1 })).body;
    const pending = await api<TaskList>(h, "GET", "/solver/intents/pending?limit=1");
    expect(pending.status, pending.text).toBe(200);
    expectRetired(pending, "/solver/tasks");
    expect(pending.body.data).toHaveLength(1);
    const listed = await allListedTasks(h, "/solver/intents/pending");
    expect(listed.map((row) => row.taskId)).toContain(task.taskId);
  });

  it("keep the task pool's gates: a MEMBER key and a tier without the task pool are refused", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    expectError(await api(h, "GET", "/intents", { key: tenant.memberKey }), 403, "role_required");
    const builder = await h.createTenant({ tier: "builder" });
    expectError(await api(h, "GET", "/intents", { key: builder.adminKey }), 403, "tier_required");
  });

  it("are documented deprecated, with their successor and the headers they answer with", async () => {
    const document = await h.request<{
      paths: Record<
        string,
        Record<string, { deprecated?: boolean; description?: string; responses: object }>
      >;
    }>("GET", "/api/v1/openapi.json");
    for (const [method, path, successor] of LEGACY) {
      const operation = document.body.paths[path]?.[method];
      expect(operation?.deprecated, `${method} ${path}`).toBe(true);
      expect(operation?.description).toContain(`use \`${method.toUpperCase()} ${successor}\``);
      const [, answer] =
        Object.entries(operation?.responses ?? {}).find(([status]) => status.startsWith("2")) ?? [];
      expect(Object.keys((answer as { headers?: object } | undefined)?.headers ?? {})).toEqual(
        expect.arrayContaining(["Deprecation", "Sunset", "Link"]),
      );
    }
    expect(document.body.paths["/tasks"]?.get?.deprecated).toBeUndefined();
  });
});
