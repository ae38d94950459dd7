import { pointTransactions } from "@tally/db";
import { signEventRequest } from "@tally/events";
import type { Tenant, TestHarness, TestResponse } from "@tally/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness } from "./harness.ts";
import { expectError, seedUser } from "./user-fixtures.ts";

/**
 * Body structure limits (issue 12, defect 1 and 6): every transport holds JSON to the same limits in
 * one linear pass, so a hostile body is refused in milliseconds, never stalls the process, and a
 * string the database cannot store is a 422 naming its field, never a 500.
 */

const SIGNING_KEY = "body-limits-signing-key-0123456789";
let h: TestHarness;
let tenant: Tenant;
let userId: string;

beforeAll(async () => {
  h = await startHarness({ env: { EVENTS_SIGNING_KEY: SIGNING_KEY } });
  tenant = await h.createTenant({ tier: "pro" });
  userId = (await seedUser(h, tenant)).id;
});
afterAll(async () => {
  await h?.close();
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
        headers: { ...json, ...signEventRequest(SIGNING_KEY, rawBody) },
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
        if (target.name === "/trpc") expect(response!.body).toHaveProperty("error.data.tally.requestId");
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
