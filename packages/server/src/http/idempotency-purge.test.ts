import { ManualClock, newId } from "@tally/core";
import { idempotencyKeys } from "@tally/db";
import { type ApiSchema, type Tenant, useHarness } from "@tally/testing";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createRuntime, type Runtime } from "../runtime.ts";

const HOUR_MS = 60 * 60 * 1000;
const KEYS = "/api/v1/admin/api-keys";

type CreatedKey = ApiSchema<"CreatedApiKey">;

// A moment no other test file uses: on a shared PostgreSQL the sweep deletes every key that expired
// before this clock's now, so it must not reach the keys of files running alongside.
const clock = new ManualClock(new Date("2002-02-02T00:00:00Z"));
const h = useHarness({ clock });

const createKey = (tenant: Tenant, idempotencyKey: string, name: string) =>
  h.request<CreatedKey>("POST", KEYS, {
    key: tenant.adminKey,
    body: { name },
    headers: { "idempotency-key": idempotencyKey },
  });

const storedKeys = async (tenant: Tenant) =>
  (
    await h.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.organizationId, tenant.organizationId))
  )
    .map((row) => row.key)
    .sort();

const createdCount = async (tenant: Tenant) => {
  const response = await h.request<CreatedKey[]>("GET", KEYS, { key: tenant.adminKey });
  expect(response.status).toBe(200);
  // The harness gives each tenant an ADMIN and a MEMBER key.
  return response.body.length - 2;
};

/** A process that runs the background loops (a worker), beside the harness's app instance. */
const startWorkerInstance = async (): Promise<{ runtime: Runtime; close(): Promise<void> }> => {
  const queueSchema = h.database.kind === "postgres" ? `pgboss_${newId().slice(0, 12)}` : undefined;
  const runtime = await createRuntime({
    config: h.config,
    database: h.database,
    clock,
    work: false,
    schedule: true,
    localChain: h.chain,
    ...(queueSchema ? { queueSchema } : {}),
  });
  return {
    runtime,
    async close() {
      await runtime.stop();
      if (queueSchema)
        await h.database.db.transaction(async (tx) => {
          // The lock the harness takes too: catalogue changes racing other files' grants fail otherwise.
          await tx.execute(sql`select pg_advisory_xact_lock(7243051)`);
          await tx.execute(sql.raw(`drop schema if exists "${queueSchema}" cascade`));
        });
    },
  };
};

describe("expired Idempotency-Key records", () => {
  it("are purged by the worker's sweep, fresh ones are kept, and a retry after the purge is a new request", async () => {
    const tenant = await h.createTenant();
    const expired = `expired-${newId()}`;
    const fresh = `fresh-${newId()}`;
    const first = await createKey(tenant, expired, "old");
    expect(first.status).toBe(201);
    clock.advance(23 * HOUR_MS);
    expect((await createKey(tenant, fresh, "fresh")).status).toBe(201);
    clock.advance(2 * HOUR_MS);
    // Control: both records are stored before a sweep runs (the first is 25 h old, the second 2 h).
    expect(await storedKeys(tenant)).toEqual([expired, fresh].sort());

    // Two workers sweeping at once: each runs its sweep at start, and the second finds nothing left.
    const workers = await Promise.all([startWorkerInstance(), startWorkerInstance()]);
    try {
      await expect.poll(() => storedKeys(tenant), { timeout: 10_000 }).toEqual([fresh]);
    } finally {
      for (const worker of workers) await worker.close();
    }
    expect(await storedKeys(tenant)).toEqual([fresh]);

    // The purged key is free again: the same key and body create a second API key, not a replay.
    const retried = await createKey(tenant, expired, "old");
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.body.id).not.toBe(first.body.id);
    // The kept key still replays.
    const replayed = await createKey(tenant, fresh, "fresh");
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await createdCount(tenant)).toBe(3);
    expect(await storedKeys(tenant)).toEqual([expired, fresh].sort());
  });
});
