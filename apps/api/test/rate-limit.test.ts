import { ManualClock } from "@tally/core";
import { apiKeys, usageCounters } from "@tally/db";
import { rowsOf } from "@tally/platform";
import {
  type ApiProcess,
  startApiProcess,
  type Tenant,
  type TestRuntime,
  testDatabaseUrl,
  useHarness,
} from "@tally/testing";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** BUILDER: 10 requests/s per key, bucket capacity 2 x 10 = 20, 10 000 calls a month. */
const BUILDER_RATE = 10;
const BUILDER_CAPACITY = 20;
const BUILDER_QUOTA = 10_000;
const GROWTH_RATE = 50;
const PATH = "/api/v1/admin/subscription-tiers";

let second: TestRuntime;
// Only the monthly quota reads the clock (the token bucket runs on the database's clock): pin it an
// hour before a month ends, so the quota's Retry-After is exact and the month can be rolled over.
const clock = new ManualClock(new Date("2031-01-31T23:00:00Z"));
const h = useHarness({ clock });
beforeAll(async () => {
  second = await h.startInstance();
});
interface Outcome {
  instance: number;
  status: number;
  headers: Headers;
  body: { code?: string };
}

/** An in-process runtime, or the base URL of another API process. */
type Target = TestRuntime | string;

const send = async (target: Target, key: string, instance = 0): Promise<Outcome> => {
  const init = { headers: { authorization: `Bearer ${key}` } };
  const response =
    typeof target === "string" ? await fetch(`${target}${PATH}`, init) : await target.app.request(PATH, init);
  const body = (await response.json()) as Outcome["body"];
  return { instance, status: response.status, headers: response.headers, body };
};

/**
 * Sends `count` requests at once, alternating over `runtimes`, and times the whole burst. The bucket
 * is one PostgreSQL row and every grant a conditional update of it, so whatever the interleaving the
 * grants are at most the capacity plus what refills while the burst runs: ceil(rate x elapsed).
 *
 * Bursts are sized so that refusals are certain unless the server answers fewer than ~15 requests a
 * second (it answers well over 100 on both databases): `count` > capacity + rate x elapsed.
 */
const burst = async (runtimes: Target[], key: string, count: number) => {
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: count }, (_, i) => send(runtimes[i % runtimes.length]!, key, i % runtimes.length)),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  const ok = outcomes.filter((o) => o.status === 200);
  const limited = outcomes.filter((o) => o.status === 429);
  expect(ok.length + limited.length, "only 200 and 429 are expected").toBe(count);
  return { ok, limited, elapsedSeconds };
};

const memberKeyId = async (tenant: Tenant): Promise<string> => {
  const [row] = await h.database.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, tenant.organizationId), eq(apiKeys.role, "MEMBER")));
  return row!.id;
};

describe("per-key rate limit (token bucket in PostgreSQL)", () => {
  it("lets a BUILDER key burst to its bucket capacity and refuses the rest with 429", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    const { ok, limited, elapsedSeconds } = await burst([h.runtime], tenant.memberKey, 60);

    // Never more than the bucket plus its refill during the burst...
    expect(ok.length).toBeLessThanOrEqual(BUILDER_CAPACITY + Math.ceil(BUILDER_RATE * elapsedSeconds));
    // ...and never less than a full bucket: a refusal needs the bucket below one token, which takes
    // 20 grants (BUILDER leases one token at a time, so no leased token is left unused).
    expect(ok.length).toBeGreaterThanOrEqual(BUILDER_CAPACITY);
    expect(limited.length).toBeGreaterThan(0);

    for (const response of ok) {
      expect(response.headers.get("ratelimit-limit")).toBe(String(BUILDER_RATE));
      const remaining = Number(response.headers.get("ratelimit-remaining"));
      expect(remaining).toBeGreaterThanOrEqual(0);
      expect(remaining).toBeLessThan(BUILDER_CAPACITY);
      expect(response.headers.get("ratelimit-reset")).toBe("1");
    }
    // The first grant leaves capacity - 1 in the bucket.
    expect(Math.max(...ok.map((o) => Number(o.headers.get("ratelimit-remaining"))))).toBe(
      BUILDER_CAPACITY - 1,
    );

    for (const response of limited) {
      expect(response.body).toMatchObject({
        status: 429,
        code: "rate_limited",
        error: expect.any(String),
        requestId: expect.any(String),
      });
      // Refused means less than one token: at 10 tokens/s the next one is under a second away.
      expect(response.headers.get("retry-after")).toBe("1");
      expect(response.headers.get("ratelimit-limit")).toBe(String(BUILDER_RATE));
      expect(response.headers.get("ratelimit-remaining")).toBe("0");
      expect(response.headers.get("ratelimit-reset")).toBe("1");
    }
  });

  it("limits per key: the same organization's other key and other tenants are unaffected", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    const other = await h.createTenant({ tier: "builder" });
    const { limited } = await burst([h.runtime], tenant.memberKey, 60);
    expect(limited.length).toBeGreaterThan(0);

    // Each has a full bucket of its own: the first grant leaves capacity - 1.
    const sameOrganization = await send(h.runtime, tenant.adminKey);
    expect(sameOrganization.status).toBe(200);
    expect(sameOrganization.headers.get("ratelimit-remaining")).toBe(String(BUILDER_CAPACITY - 1));
    const otherTenant = await send(h.runtime, other.memberKey);
    expect(otherTenant.status).toBe(200);
    expect(otherTenant.headers.get("ratelimit-remaining")).toBe(String(BUILDER_CAPACITY - 1));
  });

  it("refills: shortly after a refusal the key is served again", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    const { limited } = await burst([h.runtime], tenant.memberKey, 60);
    expect(limited.length).toBeGreaterThan(0);
    // At the last refusal the bucket held less than one token; one token refills in 1/10 s.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await send(h.runtime, tenant.memberKey)).status).toBe(200);
  });

  it("holds across two instances on one database: one global budget per key", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    const started = performance.now();
    // Instance A spends half the bucket...
    for (let i = 0; i < BUILDER_CAPACITY / 2; i++) {
      expect((await send(h.runtime, tenant.memberKey)).status).toBe(200);
    }
    // ...then A and B hammer the key together.
    const { ok, limited } = await burst([h.runtime, second], tenant.memberKey, 50);
    const elapsedSeconds = (performance.now() - started) / 1000;
    // With a bucket per instance 10 + 10 + 20 = 40 would pass; one global bucket allows 20 plus the
    // refill since A's first request.
    expect(BUILDER_CAPACITY / 2 + ok.length).toBeLessThanOrEqual(
      BUILDER_CAPACITY + Math.ceil(BUILDER_RATE * elapsedSeconds),
    );
    // B draws on what is left of the same bucket, not on a fresh one (one token per lease: exact).
    expect(ok.length).toBeGreaterThanOrEqual(BUILDER_CAPACITY / 2);
    expect(limited.length).toBeGreaterThan(0);
    expect(new Set(limited.map((o) => o.instance)).size, "both instances refuse").toBe(2);
  });

  it("leases tokens in batches per instance (GROWTH: 5 at a time) and never grants a token twice", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const keyId = await memberKeyId(tenant);
    // Start the bucket full at a known database time, so its row accounts exactly for what was leased.
    const [start] = rowsOf<{ t0: string }>(
      await h.database.db.execute(sql`
        insert into rate_limit_buckets (organization_id, key_id, tokens_milli, refilled_at)
        values (${tenant.organizationId}, ${keyId}, ${2 * GROWTH_RATE * 1000}, clock_timestamp())
        returning refilled_at::text as t0`),
    );
    const { ok } = await burst([h.runtime, second], tenant.memberKey, 200);
    const [end] = rowsOf<{ tokens_milli: string | number; window: string | number }>(
      await h.database.db.execute(sql`
        select tokens_milli, extract(epoch from (refilled_at - ${start!.t0}::timestamptz)) as window
        from rate_limit_buckets where organization_id = ${tenant.organizationId} and key_id = ${keyId}`),
    );
    // Leased = capacity + refills (at most rate x the time between the first and the last lease)
    // - what is still in the bucket. Every 200 spent a leased token; unused leased tokens lapse.
    const leased = 2 * GROWTH_RATE + GROWTH_RATE * Number(end!.window) - Number(end!.tokens_milli) / 1000;
    expect(ok.length).toBeLessThanOrEqual(Math.floor(leased + 1e-6));
    expect(new Set(ok.map((o) => o.instance)).size, "both instances serve").toBe(2);
    expect(ok.every((o) => o.headers.get("ratelimit-limit") === String(GROWTH_RATE))).toBe(true);
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
    // The quota is the organization's: every key, on every instance.
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
    const [counter] = await h.database.db
      .select({ calls: usageCounters.calls })
      .from(usageCounters)
      .where(and(eq(usageCounters.organizationId, tenant.organizationId), eq(usageCounters.month, month)));
    expect(counter?.calls).toBe(BUILDER_QUOTA);

    clock.advance(60 * 60 * 1000);
    expect(clock.now().toISOString().slice(0, 7)).toBe("2031-02");
    expect((await send(h.runtime, tenant.memberKey)).status).toBe(200);
    expect((await send(second, tenant.memberKey)).status).toBe(200);
  });
});

describe.runIf(testDatabaseUrl() !== undefined)("across two API processes on one PostgreSQL", () => {
  let other: ApiProcess | undefined;
  let base: string;
  beforeAll(async () => {
    other = await startApiProcess({
      DATABASE_URL: testDatabaseUrl(),
      RUN_WORKER: "off",
      LOG_LEVEL: "silent",
      DEPLOYMENT_ENV: "test",
      SEED_DEMO: "false",
      BOOTSTRAP_OPERATOR_KEY: "",
    });
    base = other.base;
  }, 180_000);
  afterAll(async () => {
    await other?.stop();
  });

  it("one key's budget is shared by this process and another `tally start` process", async () => {
    const tenant = await h.createTenant({ tier: "builder" });
    const started = performance.now();
    // The other process spends half the bucket...
    for (let i = 0; i < BUILDER_CAPACITY / 2; i++) {
      expect((await send(base, tenant.memberKey)).status).toBe(200);
    }
    // ...then both processes serve the key together.
    const { ok, limited } = await burst([h.runtime, base], tenant.memberKey, 50);
    const elapsedSeconds = (performance.now() - started) / 1000;
    expect(BUILDER_CAPACITY / 2 + ok.length).toBeLessThanOrEqual(
      BUILDER_CAPACITY + Math.ceil(BUILDER_RATE * elapsedSeconds),
    );
    expect(ok.length).toBeGreaterThanOrEqual(BUILDER_CAPACITY / 2);
    expect(limited.length).toBeGreaterThan(0);
    expect(new Set(limited.map((o) => o.instance)).size, "both processes refuse").toBe(2);
    const refusedThere = limited.find((o) => o.instance === 1)!;
    expect(refusedThere.body).toMatchObject({ code: "rate_limited" });
    expect(refusedThere.headers.get("retry-after")).toBe("1");
    expect(refusedThere.headers.get("ratelimit-remaining")).toBe("0");
  });
});
