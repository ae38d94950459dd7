import { newId } from "@tally/core";
import { apiKeys, creators, usageCounters } from "@tally/db";
import {
  api,
  checkout,
  createCreator,
  createOrder,
  createUser,
  helper,
  publishedProduct,
  setPointsAccepted,
  startHarness,
  type TestHarness,
  testDatabaseUrl,
} from "@tally/testing";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printFigures } from "./figures.ts";
import { type Fleet, startFleet } from "./instances-fleet.ts";
import { cronOccurrences, jobsOf, settledJobs, signedWebhook } from "./instances-jobs.ts";

/**
 * Many instances (issue 14 B): two api processes (RUN_WORKER=off) and two worker processes on one
 * PostgreSQL, as a deployment scales out. Limits, key revocation, cron ticks and event effects must
 * hold across them exactly as they hold in one process.
 */
const onPostgres = testDatabaseUrl() !== undefined;
const POSTGRES_ONLY = "(PostgreSQL only: on PGlite one process holds the embedded database)";
const PROBE = "/api/v1/admin/subscription-tiers";

/** Tier figures of migration 0001 (spec 02 Limits, ARCHITECTURE §9). */
const BUILDER = { rate: 10, capacity: 20, maxApiKeys: 5, maxCreators: 2 };
const GROWTH = { rate: 50, capacity: 100 };
const PRO = { rate: 200, monthlyCalls: 1_000_000, quotaChunk: 100 };
/** Under PRO's bucket of 400 less what two processes may let lapse (2 x 19). */
const PRO_WITHIN_BUCKET = 300;

let h: TestHarness;
let fleet: Fleet;
/** When the cron schedules were shortened to every minute (see beforeAll). */
let cronShortenedAt = 0;
const figures: Record<string, number> = {};

beforeAll(async () => {
  if (!onPostgres) return;
  h = await startHarness();
  fleet = await startFleet(h);
  // The two handled schedules run every 30 minutes and daily; no setting shortens them, so the
  // test rewrites pg-boss's schedule rows (its data, not the app's code) to every minute: both
  // workers' cron passes then race for the same occurrences within the gate's few minutes.
  await h.database.db.execute(
    sql`update ${sql.raw(`"${fleet.queueSchema}"`)}.schedule set cron = '* * * * *' where name like 'cron.%'`,
  );
  cronShortenedAt = Date.now();
}, 240_000);

afterAll(async () => {
  if (Object.keys(figures).length > 0) printFigures("many-instances", figures);
  await fleet?.stop();
  await h?.close();
});

interface Outcome {
  instance: number;
  status: number;
  code: string | undefined;
}

/** `count` GETs at once, alternating over the api processes, and over `keys` on each; timed. */
const burst = async (keys: string[], count: number) => {
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: count }, async (_, i): Promise<Outcome> => {
      const instance = i % fleet.apis.length;
      const key = keys[Math.floor(i / fleet.apis.length) % keys.length]!;
      const response = await fetch(`${fleet.apis[instance]!.base}${PROBE}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = (await response.json()) as { code?: string };
      return { instance, status: response.status, code: body.code };
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  const ok = outcomes.filter((outcome) => outcome.status === 200);
  const refused = outcomes.filter((outcome) => outcome.status !== 200);
  return { ok, refused, elapsedSeconds };
};

describe("many instances: two api and two worker processes on one PostgreSQL", () => {
  it.skipIf(!onPostgres)(
    `a key's rate limit holds across both api processes: accepted <= bucket + refill, no overshoot ${POSTGRES_ONLY}`,
    async () => {
      // BUILDER leases one token at a time; GROWTH five (a tenth of its rate), which lapse unused.
      // The bucket is one row and a lease is taken from it before it is spent, so the documented
      // overshoot across instances is zero: a lapsed token is never handed out again.
      const builder = await h.createTenant({ tier: "builder" });
      const small = await burst([builder.memberKey], 80);
      const smallBound = BUILDER.capacity + Math.ceil(BUILDER.rate * small.elapsedSeconds);
      expect(small.ok.length).toBeLessThanOrEqual(smallBound);
      // A refusal needs the bucket below one token: a full bucket is served first.
      expect(small.ok.length).toBeGreaterThanOrEqual(BUILDER.capacity);
      expect(new Set(small.refused.map((o) => o.instance)).size, "both processes refuse").toBe(2);
      expect(small.refused.every((o) => o.status === 429 && o.code === "rate_limited")).toBe(true);

      const growth = await h.createTenant({ tier: "growth" });
      const large = await burst([growth.memberKey], 300);
      const largeBound = GROWTH.capacity + Math.ceil(GROWTH.rate * large.elapsedSeconds);
      expect(large.ok.length).toBeLessThanOrEqual(largeBound);
      expect(new Set(large.ok.map((o) => o.instance)).size, "both processes serve").toBe(2);
      expect(large.refused.every((o) => o.status === 429 && o.code === "rate_limited")).toBe(true);

      // Nor does it refuse early: a PRO key's burst within its bucket (400) is served in full on
      // both processes. Each process leases 20 tokens at a time, so at most 19 a process lapse unused.
      const pro = await h.createTenant({ tier: "pro" });
      const within = await burst([pro.memberKey], PRO_WITHIN_BUCKET);
      expect(within.refused).toEqual([]);

      Object.assign(figures, {
        pro_burst_within_bucket: PRO_WITHIN_BUCKET,
        pro_refused: within.refused.length,
        builder_accepted: small.ok.length,
        builder_bound: smallBound,
        growth_accepted: large.ok.length,
        growth_bound: largeBound,
      });
    },
  );

  it.skipIf(!onPostgres)(
    `the monthly quota and the tier's counted limits hold across both api processes ${POSTGRES_ONLY}`,
    async () => {
      // Monthly quota: 250 calls left. Each process reserves 100 at a time, then one at a time near
      // the end; reserved calls count as used, so at most 250 are served and the counter stops at
      // the quota (the documented cost: up to one unspent chunk per process is never served).
      const left = 250;
      const tenant = await h.createTenant({ tier: "pro" });
      const month = new Date().toISOString().slice(0, 7);
      await h.database.db
        .insert(usageCounters)
        .values({ organizationId: tenant.organizationId, month, calls: PRO.monthlyCalls - left });
      // Two keys, so the rate limit (PRO: 400 a key, leased 20 at a time) refuses nothing here.
      const quota = await burst([tenant.memberKey, tenant.adminKey], 350);
      expect(quota.ok.length).toBeLessThanOrEqual(left);
      expect(quota.ok.length).toBeGreaterThanOrEqual(left - fleet.apis.length * PRO.quotaChunk);
      expect(quota.refused.filter((o) => o.status !== 429 || o.code !== "quota_exceeded")).toEqual([]);
      expect(new Set(quota.refused.map((o) => o.instance)).size, "both processes refuse").toBe(2);
      const [counter] = await h.database.db
        .select({ calls: usageCounters.calls })
        .from(usageCounters)
        .where(and(eq(usageCounters.organizationId, tenant.organizationId), eq(usageCounters.month, month)));
      expect(counter?.calls).toBeLessThanOrEqual(PRO.monthlyCalls);

      // Counted limits (BUILDER: 5 keys, 2 creators per organization), created at once on both.
      const keysTenant = await h.createTenant({ tier: "builder" });
      const keys = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          api(fleet.via(i), "POST", "/admin/api-keys", {
            key: keysTenant.adminKey,
            body: { name: `fleet-${i}` },
          }),
        ),
      );
      const [keyCount] = await h.database.db
        .select({ n: count() })
        .from(apiKeys)
        .where(eq(apiKeys.organizationId, keysTenant.organizationId));
      expect(keyCount?.n).toBe(BUILDER.maxApiKeys);
      expect(keys.filter((r) => r.status === 201)).toHaveLength(BUILDER.maxApiKeys - 2);
      expect(keys.filter((r) => r.status === 403).map((r) => (r.body as { code: string }).code)).toEqual(
        Array(8 - (BUILDER.maxApiKeys - 2)).fill("tier_limit_reached"),
      );

      const creatorsTenant = await h.createTenant({ tier: "builder" });
      const owners = await Promise.all(
        Array.from({ length: 6 }, (_, i) => createUser(fleet.via(i), creatorsTenant)),
      );
      const made = await Promise.all(
        owners.map((owner, i) =>
          api(fleet.via(i), "POST", `/user/${owner.id}/creator`, {
            key: creatorsTenant.adminKey,
            body: { displayName: `Fleet ${i}`, slug: `fleet-${newId().slice(0, 10)}`, categoryIds: [] },
          }),
        ),
      );
      expect(made.filter((r) => r.status === 201)).toHaveLength(BUILDER.maxCreators);
      expect(made.filter((r) => r.status === 403)).toHaveLength(owners.length - BUILDER.maxCreators);
      const [creatorCount] = await h.database.db
        .select({ n: count() })
        .from(creators)
        .where(eq(creators.organizationId, creatorsTenant.organizationId));
      expect(creatorCount?.n).toBe(BUILDER.maxCreators);

      Object.assign(figures, {
        quota_left: left,
        quota_served: quota.ok.length,
        keys_created: keyCount!.n,
        creators_created: creatorCount!.n,
      });
    },
  );

  it.skipIf(!onPostgres)(
    `a key revoked or deleted on one api process is refused by the other within a second ${POSTGRES_ONLY}`,
    async () => {
      const tenant = await h.createTenant({ tier: "pro" });
      const [a, b] = [fleet.via(0), fleet.via(1)];
      const probe = (target: TestHarness, key: string) => target.request("GET", PROBE, { key });
      /** Milliseconds from `change` answering until `target` refuses `key` (polled every 20 ms). */
      const refusedAfter = async (target: TestHarness, key: string, change: () => Promise<number>) => {
        expect((await probe(target, key)).status, "cached as valid first").toBe(200);
        expect(await change(), "the change is accepted").toBeLessThan(300);
        const changedAt = performance.now();
        for (;;) {
          const reply = await probe(target, key);
          const elapsed = performance.now() - changedAt;
          if (reply.status === 401) return elapsed;
          if (elapsed > 5_000) throw new Error(`still ${reply.status} after ${Math.round(elapsed)} ms`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const createKey = async () => {
        const created = await api<{ id: string; key: string }>(a, "POST", "/admin/api-keys", {
          key: tenant.adminKey,
          body: { name: "revocable" },
        });
        expect(created.status, created.text).toBe(201);
        return created.body;
      };

      const revoked = await createKey();
      const revokeMs = await refusedAfter(b, revoked.key, async () => {
        const response = await api(a, "PATCH", `/admin/api-keys/${revoked.id}`, {
          key: tenant.adminKey,
          body: { isActive: false },
        });
        return response.status;
      });
      const deleted = await createKey();
      const deleteMs = await refusedAfter(a, deleted.key, async () => {
        const response = await api(b, "DELETE", `/admin/api-keys/${deleted.id}`, { key: tenant.adminKey });
        return response.status;
      });
      expect(revokeMs).toBeLessThan(1_000);
      expect(deleteMs).toBeLessThan(1_000);
      Object.assign(figures, {
        revoke_refused_ms: Math.round(revokeMs),
        delete_refused_ms: Math.round(deleteMs),
      });
    },
  );

  it.skipIf(!onPostgres)(
    `no event is handled twice with effect: load and redelivered events across both workers ${POSTGRES_ONLY}`,
    async () => {
      const buyers = 12;
      const tenant = await h.createTenant({ tier: "pro" });
      const creator = await createCreator(fleet.via(0), tenant);
      await setPointsAccepted(h, tenant, creator.id, "ALL", 10);
      const product = await publishedProduct(fleet.via(1), tenant, creator.id, {
        price: 2500,
        stock: 100,
        pointEligible: true,
        publish: false,
      });
      const users = await Promise.all(
        Array.from({ length: buyers }, (_, i) => createUser(fleet.via(i), tenant)),
      );
      const follows = await Promise.all(
        users.map((user, i) =>
          api(fleet.via(i), "POST", `/user/${user.id}/creator/${creator.id}/followers/follow`, {
            key: tenant.adminKey,
            userId: user.id,
          }),
        ),
      );
      expect(follows.map((r) => r.status)).toEqual(Array(buyers).fill(201));
      const published = await api(
        fleet.via(0),
        "POST",
        `/creator/id/${creator.id}/product/${product.id}/publish`,
        {
          key: tenant.adminKey,
        },
      );
      expect(published.status, published.text).toBe(200);
      // Each buyer checks out through one api process and is confirmed through the other.
      const orders = await Promise.all(
        users.map(async (user, i) => {
          const order = await createOrder(fleet.via(i), tenant, user.id, { productId: product.id });
          const started = await checkout(fleet.via(i), tenant, user.id, order.id);
          expect(started.status, started.text).toBe(200);
          const paid = await helper(fleet.via(i + 1), started.body.paymentIntentId!, "succeed");
          expect(paid.status, paid.text).toBe(200);
          return order;
        }),
      );

      // At-least-once delivery: every follow and purchase event delivered twice more, through both
      // api processes with distinct delivery ids (so both are accepted and both workers may run
      // them), and once with one delivery id through both at once (accepted once).
      const key = h.config.EVENTS_SIGNING_KEY!;
      const deliver = (i: number, event: string, payload: object, deliveryId: string) =>
        signedWebhook(fleet.apis[i % 2]!.base, key, `/webhooks/events/${event}`, payload, {
          "x-delivery-id": deliveryId,
        });
      const base = { organizationId: tenant.organizationId };
      const redelivered = await Promise.all([
        ...users.flatMap((user, i) => {
          const payload = { ...base, userId: user.id, creatorId: creator.id };
          return [0, 1, 2, 3].map((n) =>
            deliver(i + n, "follow", payload, `follow-${user.id}-${n < 2 ? n : "same"}`),
          );
        }),
        ...orders.flatMap((order, i) =>
          [0, 1].map((n) =>
            deliver(i + n, "purchase-processed", { ...base, orderId: order.id }, `paid-${order.id}-${n}`),
          ),
        ),
      ]);
      expect(redelivered.every((r) => r.status === 202)).toBe(true);
      const accepted = redelivered.filter((r) => r.body.duplicate === false).length;
      // Per buyer: two distinct follow deliveries, one of the two same-id ones, two purchase ones.
      expect(accepted).toBe(buyers * 5);

      const jobs = await settledJobs(
        h,
        fleet.queueSchema,
        sql`name like 'event.%' and data->>'organizationId' = ${tenant.organizationId}`,
        60_000,
      );
      expect(jobs.filter((job) => job.state !== "completed")).toEqual([]);

      const effects = async (query: ReturnType<typeof sql>) =>
        (await h.database.db.execute(query)) as unknown as { cause: string; n: number }[];
      const org = tenant.organizationId;
      const notified = (type: string, cause: string) =>
        effects(sql`select ${sql.raw(cause)} as cause, count(*)::int as n from notifications
          where organization_id = ${org} and type = ${type} group by 1 order by 1`);
      const once = (rows: { n: number }[], expected: number) => {
        expect(rows.filter((row) => row.n !== 1)).toEqual([]);
        expect(rows).toHaveLength(expected);
      };
      // Each effect exactly once per cause.
      once(await notified("follow", "data->>'userId'"), buyers);
      once(await notified("product-published", "recipient_id"), buyers);
      once(await notified("purchase-processed", "data->>'orderId'"), buyers);
      once(await notified("points-received", "recipient_id"), buyers);
      once(
        await effects(sql`select order_id as cause, count(*)::int as n from point_transactions
          where organization_id = ${org} and type = 'PURCHASE' group by 1`),
        buyers,
      );
      // Welcome e-mails: the buyers and the creator's owner; order confirmations: one per order.
      once(
        await effects(sql`select "to" as cause, count(*)::int as n from email_outbox
          where organization_id = ${org} and template = 'welcome' group by 1`),
        buyers + 1,
      );
      once(
        await effects(sql`select subject || "to" as cause, count(*)::int as n from email_outbox
          where organization_id = ${org} and template = 'order-confirmation' group by 1`),
        buyers,
      );
      // And, whatever the effect, nothing recorded twice.
      expect(
        await effects(sql`select recipient_id || type || data::text as cause, count(*)::int as n
          from notifications where organization_id = ${org} group by 1 having count(*) > 1`),
      ).toEqual([]);
      const [dead] = await effects(
        sql`select 'dead' as cause, count(*)::int as n from dead_letters where organization_id = ${org}`,
      );
      expect(dead?.n).toBe(0);

      Object.assign(figures, {
        event_jobs: jobs.length,
        redeliveries_accepted: accepted,
        redeliveries_refused_as_duplicate: redelivered.length - accepted,
        buyers,
      });
    },
    120_000,
  );

  it.skipIf(!onPostgres)(
    `each cron job runs once per tick: the schedules across both workers, and a tick sent to both api processes ${POSTGRES_ONLY}`,
    async () => {
      // An outside scheduler's tick, sent three times to each api process at once: one run.
      const tick = `fleet-${newId()}`;
      const sent = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          signedWebhook(
            fleet.apis[i % 2]!.base,
            h.config.EVENTS_SIGNING_KEY!,
            "/webhooks/cron/payouts-sweep",
            {
              tick,
            },
          ),
        ),
      );
      expect(sent.map((r) => r.status)).toEqual(Array(6).fill(202));
      expect(sent.filter((r) => r.body.duplicate === false)).toHaveLength(1);
      const webhookRuns = await settledJobs(
        h,
        fleet.queueSchema,
        sql`name = 'cron.payouts-sweep' and data->>'tick' = ${tick}`,
        30_000,
      );
      expect(webhookRuns.map((job) => job.state)).toEqual(["completed"]);

      // The pg-boss schedules (every minute since beforeAll): both workers run cron passes, each of
      // which sees an occurrence for its whole minute; each occurrence must be sent once, and each
      // scheduled run (a cron job without a webhook tick) completes once.
      const scheduled = (await h.database.db.execute(
        sql`select distinct name from ${sql.raw(`"${fleet.queueSchema}"`)}.schedule order by name`,
      )) as unknown as { name: string }[];
      // Every cron job a domain registers is scheduled (more join as domains land: each is checked below).
      expect(scheduled.map((row) => row.name)).toEqual(
        expect.arrayContaining(["cron.cardproc-onboarding-reminder", "cron.payouts-sweep"]),
      );
      for (const { name } of scheduled) expect(name).toMatch(/^cron\.[a-z0-9-]+$/);
      const scheduledRuns = sql`name like 'cron.%' and (data is null or data->>'tick' is null)`;
      const runsOf = async () => jobsOf(h, fleet.queueSchema, scheduledRuns);
      const tally = (rows: { name: string }[], name: string) =>
        rows.filter((row) => row.name === name).length;
      // Until every job has had a tick and the run of every tick seen (a run follows its occurrence).
      // A minute slot passes at most a minute after the schedules were shortened, a cron pass (every
      // 30 s, by either worker) forwards it, and the forward is sent within 5 s: about 95 s at worst.
      const deadline = cronShortenedAt + 120_000;
      for (;;) {
        const occurrences = await cronOccurrences(h, fleet.queueSchema);
        const runs = await runsOf();
        const done = scheduled.every(
          ({ name }) => tally(occurrences, name) >= 1 && tally(runs, name) >= tally(occurrences, name),
        );
        if (done || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      // Runs first, then occurrences: every run read has its occurrence in the later read, so more
      // runs than occurrences means a tick ran twice.
      const runs = await settledJobs(h, fleet.queueSchema, scheduledRuns, 30_000);
      const occurrences = await cronOccurrences(h, fleet.queueSchema);
      for (const { name } of scheduled) {
        const ticks = occurrences.filter((o) => o.name === name);
        expect(ticks.length, `${name}: ticks seen`).toBeGreaterThanOrEqual(1);
        expect(
          ticks.filter((o) => o.forwarded !== 1),
          `${name}: each tick sent once`,
        ).toEqual([]);
        // The run of a tick forwarded after the runs were read may be missing: at most one.
        expect(tally(runs, name), `${name}: one run per tick`).toBeGreaterThanOrEqual(ticks.length - 1);
        expect(tally(runs, name), `${name}: one run per tick`).toBeLessThanOrEqual(ticks.length);
      }
      expect(runs.filter((run) => run.state !== "completed")).toEqual([]);
      Object.assign(figures, {
        cron_ticks: occurrences.length,
        cron_runs: runs.length,
        webhook_tick_posts: sent.length,
        webhook_tick_runs: webhookRuns.length,
      });
    },
    200_000,
  );
});
