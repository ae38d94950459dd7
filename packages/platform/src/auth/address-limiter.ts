import { AppError } from "@tally/core";
import type { Db } from "@tally/db";
import { sql } from "drizzle-orm";
import { rowsOf } from "./rate-limiter.ts";

export interface AddressLimit {
  /** Names the limit, so two routes do not share a bucket (e.g. `guest-order`). */
  scope: string;
  /** Sustained requests per second per address. */
  ratePerSecond: number;
  /** Bucket size: how many requests an address may send at once. */
  burst: number;
}

/** The peer address of a request served by @hono/node-server (its `env.incoming` socket); undefined in-process. */
export const clientAddressOf = (env: unknown): string | undefined =>
  (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;

/** Buckets of per-address limits live in `rate_limit_buckets` under this pseudo-organization. */
const ADDRESS_BUCKETS = "~address";

/**
 * A per-client-address token bucket for routes without an API key (guest orders), kept in
 * PostgreSQL like the per-key limiter so it holds across instances. One conditional upsert per
 * request (these routes are low-volume, so no leasing): refill by elapsed time, take one token if
 * there is one. Throws 429 `rate_limited` with Retry-After. A request without a known address is
 * counted under "unknown" rather than let through.
 */
export const takeAddressToken = async (
  db: Db,
  address: string | undefined,
  { scope, ratePerSecond, burst }: AddressLimit,
): Promise<void> => {
  const key = `${scope}:${address ?? "unknown"}`;
  const milli = 1000;
  const refill = sql`least(${burst * milli}::bigint,
      b.tokens_milli + floor(extract(epoch from (clock_timestamp() - b.refilled_at)) * ${ratePerSecond * milli})::bigint)`;
  const rows = await db.execute(sql`
    insert into rate_limit_buckets as b (organization_id, key_id, tokens_milli, refilled_at)
    values (${ADDRESS_BUCKETS}, ${key}, ${(burst - 1) * milli}, clock_timestamp())
    on conflict (organization_id, key_id) do update set
      tokens_milli = ${refill} - ${milli},
      refilled_at = clock_timestamp()
    where ${refill} >= ${milli}
    returning tokens_milli`);
  if (rowsOf(rows).length > 0) return;
  const wait = Math.max(1, Math.ceil(1 / ratePerSecond));
  throw new AppError("rate_limited", "Too many requests from this address", {
    headers: { "Retry-After": String(wait), "RateLimit-Limit": String(burst), "RateLimit-Remaining": "0" },
  });
};
