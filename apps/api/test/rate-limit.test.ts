import { ManualClock } from "@tally/core";
import { usageCounters } from "@tally/db";
import type { TestHarness, TestRuntime } from "@tally/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness } from "./harness.ts";

/** BUILDER: 10 requests/s per key, bucket capacity 2 x 10 = 20, 10 000 calls a month. */
const BUILDER_RATE = 10;
const BUILDER_CAPACITY = 20;
const BUILDER_QUOTA = 10_000;
const PATH = "/api/v1/admin/subscription-tiers";

let h: TestHarness;
let second: TestRuntime;
// Only the monthly quota reads the clock (the token bucket runs on the database's clock): pin it
// an hour before a month ends, so the quota's Retry-After is exact.
const clock = new ManualClock(new Date("2031-01-31T23:00:00Z"));
beforeAll(async () => {
  h = await startHarness({ clock });
  second = await h.startInstance();
});
afterAll(async () => {
  await h?.close();
});

interface Outcome {
  instance: number;
  status: number;
  headers: Headers;
  body: { code?: string };
}

const send = async (runtime: TestRuntime, key: string, instance = 0): Promise<Outcome> => {
  const response = await runtime.app.request(PATH, { headers: { authorization: `Bearer ${key}` } });
  const body = (await response.json()) as Outcome["body"];
  return { instance, status: response.status, headers: response.headers, body };
};

/**
 * Sends `count` requests at once (alternating over `runtimes`) and times the whole burst. The bucket
 * is in PostgreSQL and every grant is a conditional update of one row, so whatever the interleaving,
 * the grants are at most the capacity plus what refills while the burst runs: rate x elapsed.
 */
const burst = async (runtimes: TestRuntime[], key: string, count: number) => {
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: count }, (_, i) => send(runtimes[i % runtimes.length]!, key, i % runtimes.length)),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  const ok = outcomes.filter((o) => o.status === 200);
  const limited = outcomes.filter((o) => o.status === 429);
  expect(ok.length + limited.length, "only 200 and 429 are expected").toBe(count);
  // A refill of `rate` tokens per second can add at most ceil(rate x elapsed) grants.
  const ceiling = BUILDER_CAPACITY + Math.ceil(BUILDER_RATE * elapsedSeconds);
  return { ok, limited, elapsedSeconds, ceiling };
};

describe("per-key rate limit (token bucket in PostgreSQL)", () => {
  it("lets a BUILDER key burst to its bucket capacity and refuses the rest with 429", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    const { ok, limited, ceiling, elapsedSeconds } = await burst([h.runtime], tenant.memberKey, 40);

    // Never more than the bucket plus its refill during the burst...
    expect(ok.length).toBeLessThanOrEqual(ceiling);
    // ...and never less than a full bucket: the limiter must not refuse early on one instance
    // (BUILDER leases one token at a time, so no leased token is ever lost).
    expect(ok.length).toBeGreaterThanOrEqual(BUILDER_CAPACITY);
    // The burst is far faster than the 2 s a refill of 20 tokens takes, so some are refused.
    expect(elapsedSeconds).toBeLessThan(2);
    expect(limited.length).toBeGreaterThan(0);

    for (const response of ok) {
      expect(response.headers.get("ratelimit-limit")).toBe(String(BUILDER_RATE));
      const remaining = Number(response.headers.get("ratelimit-remaining"));
      expect(remaining).toBeGreaterThanOrEqual(0);
      expect(remaining).toBeLessThan(BUILDER_CAPACITY);
      expect(Number(response.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
    }
    // The first grant leaves capacity - 1 in the bucket.
    expect(Math.max(...ok.map((o) => Number(o.headers.get("ratelimit-remaining"))))).toBe(
      BUILDER_CAPACITY - 1,
    );

    for (const response of limited) {
      expect(response.body).toMatchObject({ status: 429, code: "rate_limited", requestId: expect.any(String) });
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(2);
      expect(response.headers.get("ratelimit-limit")).toBe(String(BUILDER_RATE));
      expect(response.headers.get("ratelimit-remaining")).toBe("0");
      expect(response.headers.get("ratelimit-reset")).toBe(String(retryAfter));
    }
  });

  it("limits per key: the same organization's other key and other tenants are unaffected", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    const other = await h.createTenant({ tier: "builder" });
    const { limited } = await burst([h.runtime], tenant.memberKey, 40);
    expect(limited.length).toBeGreaterThan(0);
    const exhausted = await send(h.runtime, tenant.memberKey);
    expect(exhausted.status).toBe(429);

    const sameOrganization = await send(h.runtime, tenant.adminKey);
    expect(sameOrganization.status).toBe(200);
    expect(sameOrganization.headers.get("ratelimit-remaining")).toBe(String(BUILDER_CAPACITY - 1));
    const otherTenant = await send(h.runtime, other.memberKey);
    expect(otherTenant.status).toBe(200);
    expect(otherTenant.headers.get("ratelimit-remaining")).toBe(String(BUILDER_CAPACITY - 1));
  });

  it("refills: after Retry-After seconds the key is served again", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    await burst([h.runtime], tenant.memberKey, 30);
    const refused = await send(h.runtime, tenant.memberKey);
    expect(refused.status).toBe(429);
    // One token takes 1/10 s to refill; Retry-After rounds up to whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await send(h.runtime, tenant.memberKey)).status).toBe(200);
  });

  it("holds across two instances on one database: one global budget per key", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    const { ok, limited, ceiling, elapsedSeconds } = await burst([h.runtime, second], tenant.memberKey, 40);
    expect(ok.length).toBeLessThanOrEqual(ceiling);
    expect(ok.length).toBeGreaterThanOrEqual(BUILDER_CAPACITY);
    expect(elapsedSeconds).toBeLessThan(2);
    expect(limited.length).toBeGreaterThan(0);
    // Both instances took part in serving the one budget.
    expect(new Set(ok.map((o) => o.instance))).toEqual(new Set([0, 1]));
    // And once it is spent, the key is refused on both.
    expect((await send(h.runtime, tenant.memberKey)).status).toBe(429);
    expect((await send(second, tenant.memberKey)).status).toBe(429);
  });
});

describe("monthly quota", () => {
  it("serves the last call of the month's quota, then answers 429 quota_exceeded until the month ends", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    const other = await h.createTenant({ tier: "builder" });
    const month = clock.now().toISOString().slice(0, 7);
    expect(month).toBe("2031-01");
    await h.database.db
      .insert(usageCounters)
      .values({ organizationId: tenant.organizationId, month, calls: BUILDER_QUOTA - 1 });

    expect((await send(h.runtime, tenant.memberKey)).status).toBe(200);
    for (const runtime of [h.runtime, second]) {
      for (const key of [tenant.memberKey, tenant.adminKey]) {
        const refused = await send(runtime, key);
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ status: 429, code: "quota_exceeded" });
        // An hour until the month ends.
        expect(refused.headers.get("retry-after")).toBe("3600");
      }
    }
    expect((await send(h.runtime, other.memberKey)).status).toBe(200);

    // The counter never went past the quota.
    const rows = await h.database.db.select().from(usageCounters);
    expect(rows.find((row) => row.organizationId === tenant.organizationId && row.month === month)?.calls).toBe(
      BUILDER_QUOTA,
    );

    clock.advance(60 * 60 * 1000);
    expect(clock.now().toISOString().slice(0, 7)).toBe("2031-02");
    expect((await send(h.runtime, tenant.memberKey)).status).toBe(200);
    expect((await send(second, tenant.memberKey)).status).toBe(200);
  });
});
