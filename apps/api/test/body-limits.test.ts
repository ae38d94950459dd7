import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pointTransactions } from "@tally/db";
import { signEventRequest } from "@tally/events";
import {
  type ApiProcess,
  expectError,
  seedUser,
  startApiProcess,
  type Tenant,
  type TestResponse,
  testDatabaseUrl,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Body structure limits: every transport holds JSON to the same limits in
 * one linear pass, so a hostile body is refused in milliseconds, never stalls the process, and a
 * string the database cannot store is a 422 naming its field, never a 500.
 */

const SIGNING_KEY = "body-limits-signing-key-0123456789";
let tenant: Tenant;
let userId: string;

const h = useHarness({ env: { EVENTS_SIGNING_KEY: SIGNING_KEY } });
beforeAll(async () => {
  tenant = await h.createTenant({ tier: "pro" });
  userId = (await seedUser(h, tenant)).id;
});
const MEGABYTE = 1000 * 1000;
/** About a megabyte each, inside the 1 MB body limit. */
const shapes = {
  deep: `{"a":${"[".repeat(MEGABYTE / 2 - 10)}${"]".repeat(MEGABYTE / 2 - 10)}}`,
  wide: `{"items":[${"0,".repeat(MEGABYTE / 2 - 20)}0]}`,
  longString: JSON.stringify({ email: "x".repeat(MEGABYTE - 30) }),
};

interface Target {
  name: string;
  send: (rawBody: string) => Promise<TestResponse<{ status: number; code: string }>>;
}

const json = { "content-type": "application/json" };
const targets = (): Target[] => [
  {
    name: "REST without a key (guest order)",
    send: (rawBody) => h.request("POST", "/api/v1/guest/order", { rawBody, headers: json }),
  },
  {
    name: "REST with a key",
    send: (rawBody) => h.request("POST", "/api/v1/user", { key: tenant.adminKey, rawBody, headers: json }),
  },
  {
    name: "/trpc",
    send: (rawBody) =>
      h.request("POST", "/trpc/commerce.users.create", { key: tenant.adminKey, rawBody, headers: json }),
  },
  {
    name: "signed events webhook",
    send: (rawBody) =>
      h.request("POST", "/api/v1/webhooks/events/user-created", {
        rawBody,
        headers: { ...json, ...signEventRequest(SIGNING_KEY, rawBody, new Date()) },
      }),
  },
];

/** The error code, from the REST body or the `/trpc` envelope (both carry the same body). */
const tallyCode = (response: TestResponse<unknown>): string | undefined => {
  const body = response.body as { code?: string; error?: { data?: { tally?: { code?: string } } } };
  return body.code ?? body.error?.data?.tally?.code;
};

describe("JSON body limits on every transport", () => {
  it("refuses a megabyte shaped deep, wide or as one long string within 100 ms, in the error shape", async () => {
    const figures: string[] = [];
    for (const target of targets()) {
      for (const [shape, rawBody] of Object.entries(shapes)) {
        // CPU time of this process, not wall time: other processes on a busy machine do not count,
        // and everything the request costs the server is spent here (the app runs in process).
        let best = Number.POSITIVE_INFINITY;
        let response: TestResponse<{ status: number; code: string }> | undefined;
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const started = process.cpuUsage();
          response = await target.send(rawBody);
          const used = process.cpuUsage(started);
          best = Math.min(best, (used.user + used.system) / 1000);
        }
        expect(
          response!.status,
          `${target.name} ${shape}: ${response!.text.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response!.status).toBeLessThan(500);
        expect(tallyCode(response!), `${target.name} ${shape}`).toMatch(
          /^(json_too_complex|validation_failed)$/,
        );
        // `/trpc` answers in tRPC's own error envelope, with the same body under `data.tally`.
        if (target.name.startsWith("/trpc"))
          expect(response!.body).toHaveProperty("error.data.tally.requestId");
        expect(best, `${target.name} ${shape}: ${best.toFixed(1)} ms of CPU`).toBeLessThan(100);
        figures.push(`${target.name} / ${shape}: ${best.toFixed(1)} ms of CPU`);
      }
    }
    console.info(`body limits, CPU time per request, best of 5:\n${figures.join("\n")}`);
  });

  it("keeps /healthz answering while hostile bodies are in flight", async () => {
    const hostile = Array.from({ length: 6 }, (_, index) =>
      targets()[index % 4]!.send(Object.values(shapes)[index % 3]!),
    );
    const started = performance.now();
    const health = await h.request("GET", "/healthz");
    const waited = performance.now() - started;
    expect(health.status).toBe(200);
    await Promise.all(hostile);
    // Before the limits one such body kept the event loop busy for minutes; now each costs
    // milliseconds, so even six in flight on a loaded machine delay the probe by well under 2 s.
    expect(waited, `healthz answered after ${waited.toFixed(1)} ms`).toBeLessThan(2_000);
  });

  it("answers 422 naming the field for NUL or a lone surrogate in a jsonb field or a key, and stores nothing", async () => {
    const cases = [
      { rawBody: '{"amount":5,"details":{"note":"\\ud800"}}', field: "details.note" },
      { rawBody: '{"amount":5,"details":{"\\udfff":"x"}}', field: "details.\udfff" },
      { rawBody: '{"amount":5,"details":{"note":"a\\u0000"}}', field: "details.note" },
      { rawBody: `{"amount":5,"details":${'{"n":'.repeat(40)}1${"}".repeat(40)}}`, field: "body" },
    ];
    for (const { rawBody, field } of cases) {
      const response = await h.request<{ details: { field: string }[] }>(
        "POST",
        `/api/v1/user/${userId}/points`,
        {
          key: tenant.adminKey,
          rawBody,
          headers: json,
        },
      );
      expect(response.status, response.text).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body.details.map((detail) => detail.field)).toEqual([field]);
    }
    const stored = await h.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, userId));
    expect(stored).toEqual([]);
    // The same body without the bad string is stored.
    const fine = await h.request("POST", `/api/v1/user/${userId}/points`, {
      key: tenant.adminKey,
      body: { amount: 5, details: { note: "fine \ud83d\ude00" } },
    });
    expect(fine.status, fine.text).toBe(201);
  });

  it("holds a /trpc query's ?input= to the same limits, before tRPC parses it", async () => {
    // A query's input travels in the URL (at most 16 KB over a socket: Node's header limit; any size
    // in process) and tRPC parses it itself. Deep nesting must cost no more than the same brackets
    // inside one string: refused from the text, never parsed (`JSON.parse` of 2 MB of nesting alone
    // takes 200-1,000 ms here).
    const brackets = `${"[".repeat(MEGABYTE)}${"]".repeat(MEGABYTE)}`;
    const inputs = { deep: brackets, sameCharactersInAString: JSON.stringify(brackets) };
    const cost: Record<string, number> = {};
    for (const [shape, input] of Object.entries(inputs)) {
      const path = `/trpc/platform.organizations.get?input=${encodeURIComponent(input)}`;
      cost[shape] = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const started = process.cpuUsage();
        const response = await h.request("GET", path, { key: tenant.adminKey });
        const used = process.cpuUsage(started);
        cost[shape] = Math.min(cost[shape]!, (used.user + used.system) / 1000);
        expect(response.status, `${shape}: ${response.text.slice(0, 200)}`).toBe(
          shape === "deep" ? 400 : 422,
        );
        expect(tallyCode(response)).toBe(shape === "deep" ? "json_too_complex" : "validation_failed");
        expect(response.body).toHaveProperty("error.data.tally.requestId");
      }
    }
    console.info(`?input= CPU, best of 3: ${JSON.stringify(cost)}`);
    expect(cost.deep!, JSON.stringify(cost)).toBeLessThan(cost.sameCharactersInAString! + 50);
    for (const [shape, rawBody] of Object.entries(shapes)) {
      const response = await h.request(
        "GET",
        `/trpc/platform.organizations.get?input=${encodeURIComponent(rawBody)}`,
        { key: tenant.adminKey },
      );
      expect(response.status, `${shape}: ${response.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(tallyCode(response)).toMatch(/^(json_too_complex|validation_failed)$/);
    }
  });

  it("holds query and path values to the same rules", async () => {
    expectError(
      await h.request("GET", `/api/v1/user/${userId}/points/history?creatorId=a%00b`, {
        key: tenant.adminKey,
      }),
      422,
      "validation_failed",
    );
    // The UTF-8 bytes of a lone surrogate, and a NUL, in a path parameter.
    for (const id of ["%ED%A0%80x", "a%00b"]) {
      const response = await h.request("GET", `/api/v1/user/${id}/points`, { key: tenant.adminKey });
      expect(response.status, `${id}: ${response.text}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });
});

/**
 * The same over a real socket, against `pnpm start`'s process: the probe and the hostile bodies
 * share one event loop there, as in production, so a body that costs the server seconds shows as a
 * probe that is not answered (before the limits, one 1 MB deep body kept `/healthz` silent for
 * minutes). The process runs on the suite's PostgreSQL when there is one, else on its own PGlite.
 */
describe("a server on a loopback port", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tally-body-limits-"));
  let api: ApiProcess | undefined;
  beforeAll(async () => {
    const database = testDatabaseUrl();
    api = await startApiProcess({
      ...(database ? { DATABASE_URL: database } : { DATABASE_URL: undefined, DATA_DIR: dataDir }),
      TEST_DATABASE_URL: undefined,
      DEPLOYMENT_ENV: "test",
      SEED_DEMO: "false",
      BOOTSTRAP_OPERATOR_KEY: "",
      RUN_WORKER: "off",
      LOG_LEVEL: "silent",
      EVENTS_SIGNING_KEY: SIGNING_KEY,
    });
  }, 180_000);
  afterAll(async () => {
    await api?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps answering /healthz while megabyte bodies shaped deep, wide and long arrive without a key", async () => {
    const base = api!.base;
    const hostile: { path: string; headers: Record<string, string> }[] = [
      { path: "/api/v1/guest/order", headers: json },
      { path: "/trpc/commerce.users.create", headers: json },
    ];
    const send = async (path: string, headers: Record<string, string>, body: string) => {
      const response = await fetch(`${base}${path}`, { method: "POST", headers, body });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const bodies = Object.values(shapes);
    const webhook = (body: string) => ({
      path: "/api/v1/webhooks/events/user-created",
      headers: { ...json, ...signEventRequest(SIGNING_KEY, body, new Date()) },
    });
    // A small body on each route first: a process just started compiles its code on the first calls.
    const small = '{"items":[[0]],"email":"x"}';
    for (const target of [...hostile, webhook(small)]) await send(target.path, target.headers, small);
    const answers: { status: number; body: unknown }[] = [];
    // Three senders keep hostile bodies in flight (REST keyless, /trpc keyless, the signed webhook)
    // for as long as the probes run.
    let probing = true;
    const senders = [0, 1, 2].map(async (sender) => {
      for (let round = 0; probing || round === 0; round += 1) {
        const body = bodies[(sender + round) % bodies.length]!;
        const target = sender < 2 ? hostile[sender]! : webhook(body);
        answers.push(await send(target.path, target.headers, body));
      }
    });
    // Should a probe fail, the senders' requests fail when the process is stopped: not unhandled.
    for (const sender of senders) sender.catch(() => undefined);
    const waits: number[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (let probe = 0; probe < 10; probe += 1) {
        const started = performance.now();
        const health = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
        waits.push(performance.now() - started);
        expect(health.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      probing = false;
    }
    await Promise.all(senders);
    console.info(`/healthz with hostile bodies in flight: ${waits.map((w) => w.toFixed(0)).join(", ")} ms`);
    expect(Math.max(...waits)).toBeLessThan(2_000);
    expect(answers.length).toBeGreaterThanOrEqual(3);
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(tallyCode({ body: answer.body } as TestResponse<unknown>)).toMatch(
        /^(json_too_complex|validation_failed)$/,
      );
    }
  }, 60_000);

  it("refuses a query's ?input= nested as deep as a URL allows, and a longer URL never reaches the app", async () => {
    const base = api!.base;
    const levels = 2_500; // `%5B` and `%5D` per level: 15 KB, inside Node's 16 KB header limit
    const deep = `${"[".repeat(levels)}${"]".repeat(levels)}`;
    const refused = await fetch(`${base}/trpc/platform.organizations.get?input=${encodeURIComponent(deep)}`);
    const body = (await refused.json()) as unknown;
    expect(refused.status, JSON.stringify(body).slice(0, 200)).toBe(400);
    expect(tallyCode({ body } as TestResponse<unknown>)).toBe("json_too_complex");
    const longer = `${"[".repeat(4_000)}${"]".repeat(4_000)}`;
    const tooLong = await fetch(
      `${base}/trpc/platform.organizations.get?input=${encodeURIComponent(longer)}`,
    );
    expect(tooLong.status).toBe(431);
  });
});
