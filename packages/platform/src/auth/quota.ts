import { AppError, type Clock } from "@tally/core";
import type { Db } from "@tally/db";
import { sql } from "drizzle-orm";
import { rowsOf } from "./rate-limiter.ts";

interface Allotment {
  month: string;
  calls: number;
}

const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/**
 * Monthly API calls per organization, counted in PostgreSQL. Each process reserves calls in chunks
 * (1% of the quota, at most 100) so the counter is not written per request; near the end of the
 * quota it reserves one call at a time, so the quota is never exceeded. Reserved but unused calls
 * count as used (bounded by one chunk per instance per month).
 */
export class MonthlyQuota {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #allotments = new Map<string, Allotment>();
  /** Chunks being reserved, per organization: concurrent requests share one instead of each reserving its own. */
  readonly #reserving = new Map<string, Promise<unknown>>();

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async take(organizationId: string, monthlyCalls: number): Promise<void> {
    const chunk = Math.max(1, Math.min(100, Math.floor(monthlyCalls / 100)));
    let waited = false;
    let month: string;
    for (;;) {
      month = monthOf(this.#clock.now());
      const allotment = this.#allotments.get(organizationId);
      if (allotment && allotment.month === month && allotment.calls > 0) {
        allotment.calls -= 1;
        return;
      }
      // A chunk is being reserved for this organization: wait for it once rather than reserve another.
      const inFlight = chunk > 1 && !waited ? this.#reserving.get(organizationId) : undefined;
      if (!inFlight) break;
      waited = true;
      await inFlight.catch(() => {});
    }
    const reserving = (async () =>
      (await this.#reserve(organizationId, month, chunk, monthlyCalls))
        ? chunk
        : chunk > 1 && (await this.#reserve(organizationId, month, 1, monthlyCalls))
          ? 1
          : 0)();
    if (chunk > 1) {
      this.#reserving.set(organizationId, reserving);
      void reserving
        .catch(() => {})
        .finally(() => {
          if (this.#reserving.get(organizationId) === reserving) this.#reserving.delete(organizationId);
        });
    }
    const granted = await reserving;
    if (granted === 0) {
      const now = this.#clock.now();
      const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
      throw new AppError("quota_exceeded", `The monthly quota of ${monthlyCalls} API calls is used up`, {
        headers: { "Retry-After": String(Math.ceil((nextMonth - now.getTime()) / 1000)) },
      });
    }
    // Calls reserved are counted as used: keep any still unspent here rather than drop them.
    const current = this.#allotments.get(organizationId);
    const unspent = current && current.month === month ? current.calls : 0;
    this.#allotments.set(organizationId, { month, calls: unspent + granted - 1 });
  }

  async #reserve(organizationId: string, month: string, calls: number, quota: number): Promise<boolean> {
    const rows = await this.#db.execute(sql`
      insert into usage_counters as u (organization_id, month, calls) values (${organizationId}, ${month}, ${calls})
      on conflict (organization_id, month) do update set calls = u.calls + ${calls}
      where u.calls + ${calls} <= ${quota}
      returning calls`);
    return rowsOf(rows).length > 0;
  }
}
