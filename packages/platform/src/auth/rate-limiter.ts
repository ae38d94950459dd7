import { AppError } from "@tally/core";
import type { Db } from "@tally/db";
import { sql } from "drizzle-orm";

export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

interface Lease {
  tokens: number;
  bucketRemaining: number;
  expiresAt: number;
}

const LEASE_LIFETIME_MS = 1_000;

/**
 * A per-key token bucket (refill `rate`/s, capacity 2 x rate) kept in PostgreSQL so it holds across
 * instances. Each process leases tokens in small batches (a tenth of the rate) instead of writing per
 * request; unused leased tokens lapse after a second. Lapsed tokens are never handed out twice, so
 * the limit is never exceeded across instances; the cost is that a process may refuse slightly early.
 */
export class RateLimiter {
  readonly #db: Db;
  readonly #leases = new Map<string, Lease>();
  /** Leases being taken from PostgreSQL, per key: concurrent requests share one instead of each taking its own. */
  readonly #leasing = new Map<string, Promise<number | undefined>>();

  constructor(db: Db) {
    this.#db = db;
  }

  async take(organizationId: string, keyId: string, rate: number): Promise<RateLimitState> {
    const batch = Math.max(1, Math.ceil(rate / 10));
    for (;;) {
      const lease = this.#leases.get(keyId);
      if (lease && lease.tokens > 0 && lease.expiresAt > Date.now()) {
        lease.tokens -= 1;
        return { limit: rate, remaining: lease.tokens + lease.bucketRemaining, resetSeconds: 1 };
      }
      // A lease of several tokens is on its way for this key: wait for it rather than take another
      // (which would replace it and let its tokens lapse unused), and again for the next one while
      // leases come through, so a burst takes one lease at a time. A lease the bucket refused ends
      // the wait: this request then asks the bucket itself. Leases of one token are not shared.
      const inFlight = batch > 1 ? this.#leasing.get(keyId) : undefined;
      if (!inFlight) break;
      if ((await inFlight.catch(() => undefined)) === undefined) break;
    }
    const capacity = rate * 2;
    const leasing = this.#lease(organizationId, keyId, rate, capacity, batch);
    if (batch > 1) {
      this.#leasing.set(keyId, leasing);
      void leasing
        .catch(() => {})
        .finally(() => {
          if (this.#leasing.get(keyId) === leasing) this.#leasing.delete(keyId);
        });
    }
    const granted = await leasing;
    if (granted === undefined) {
      const wait = await this.#secondsUntil(organizationId, keyId, rate, batch);
      throw new AppError("rate_limited", `Rate limit of ${rate} requests per second exceeded`, {
        headers: {
          "Retry-After": String(wait),
          "RateLimit-Limit": String(rate),
          "RateLimit-Remaining": "0",
          "RateLimit-Reset": String(wait),
        },
      });
    }
    // The lease lives from when the bucket answered, not from when it was asked: a busy database
    // (requests queued before the statement) would otherwise hand back a lease already lapsed, and
    // every request would then take a lease of its own, doubling the load that delayed it.
    this.#leases.set(keyId, {
      tokens: batch - 1,
      bucketRemaining: granted,
      expiresAt: Date.now() + LEASE_LIFETIME_MS,
    });
    return { limit: rate, remaining: batch - 1 + granted, resetSeconds: 1 };
  }

  /** Takes `batch` tokens from the bucket if it has them; returns what is left, or undefined. */
  async #lease(organizationId: string, keyId: string, rate: number, capacity: number, batch: number) {
    const milli = 1000;
    const rows = await this.#db.execute(sql`
      insert into rate_limit_buckets as b (organization_id, key_id, tokens_milli, refilled_at)
      values (${organizationId}, ${keyId}, ${(capacity - batch) * milli}, clock_timestamp())
      on conflict (organization_id, key_id) do update set
        tokens_milli = least(${capacity * milli}::bigint,
          b.tokens_milli + floor(extract(epoch from (clock_timestamp() - b.refilled_at)) * ${rate * milli})::bigint)
          - ${batch * milli},
        refilled_at = clock_timestamp()
      where least(${capacity * milli}::bigint,
          b.tokens_milli + floor(extract(epoch from (clock_timestamp() - b.refilled_at)) * ${rate * milli})::bigint)
        >= ${batch * milli}
      returning tokens_milli`);
    const row = rowsOf<{ tokens_milli: string | number }>(rows)[0];
    return row ? Math.floor(Number(row.tokens_milli) / milli) : undefined;
  }

  async #secondsUntil(organizationId: string, keyId: string, rate: number, batch: number): Promise<number> {
    const rows = await this.#db.execute(sql`
      select b.tokens_milli + floor(extract(epoch from (clock_timestamp() - b.refilled_at)) * ${rate * 1000}) as available
      from rate_limit_buckets b where b.organization_id = ${organizationId} and b.key_id = ${keyId}`);
    const available = Number(rowsOf<{ available: string | number }>(rows)[0]?.available ?? 0);
    return Math.max(1, Math.ceil((batch * 1000 - available) / (rate * 1000)));
  }
}

/** drizzle's `execute` returns rows directly on postgres.js and `{rows}` on PGlite. */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
