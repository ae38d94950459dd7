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

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async take(organizationId: string, monthlyCalls: number): Promise<void> {
    const month = monthOf(this.#clock.now());
    const allotment = this.#allotments.get(organizationId);
    if (allotment && allotment.month === month && allotment.calls > 0) {
      allotment.calls -= 1;
      return;
    }
    const chunk = Math.max(1, Math.min(100, Math.floor(monthlyCalls / 100)));
    const granted = (await this.#reserve(organizationId, month, chunk, monthlyCalls))
      ? chunk
      : chunk > 1 && (await this.#reserve(organizationId, month, 1, monthlyCalls))
        ? 1
        : 0;
    if (granted === 0) {
      const now = this.#clock.now();
      const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
      throw new AppError("quota_exceeded", `The monthly quota of ${monthlyCalls} API calls is used up`, {
        headers: { "Retry-After": String(Math.ceil((nextMonth - now.getTime()) / 1000)) },
      });
    }
    this.#allotments.set(organizationId, { month, calls: granted - 1 });
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
