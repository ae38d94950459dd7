import type { Db } from "@tally/db";
import { sql } from "drizzle-orm";

/**
 * Records when each key was last used without a write per request: uses are kept in memory and
 * flushed in one statement every few seconds (and on shutdown).
 */
export class LastUsedTracker {
  readonly #db: Db;
  readonly #pending = new Map<string, { organizationId: string; at: Date }>();
  #timer: NodeJS.Timeout | undefined;

  constructor(db: Db) {
    this.#db = db;
  }

  touch(organizationId: string, keyId: string, at: Date): void {
    this.#pending.set(keyId, { organizationId, at });
  }

  pending(keyId: string): Date | undefined {
    return this.#pending.get(keyId)?.at;
  }

  start(intervalMs = 5_000): void {
    this.#timer = setInterval(() => void this.flush().catch(() => {}), intervalMs); // retried next tick
    this.#timer.unref();
  }

  async flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = [...this.#pending.entries()];
    this.#pending.clear();
    const values = sql.join(
      batch.map(
        ([keyId, use]) => sql`(${use.organizationId}, ${keyId}, ${use.at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    try {
      await this.#db.execute(sql`
        update api_keys k set last_used_at = greatest(k.last_used_at, v.at)
        from (values ${values}) as v(organization_id, id, at)
        where k.organization_id = v.organization_id and k.id = v.id`);
    } catch (error) {
      // Keep the uses for the next flush unless a newer one arrived meanwhile.
      for (const [keyId, use] of batch) if (!this.#pending.has(keyId)) this.#pending.set(keyId, use);
      throw error;
    }
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.flush();
  }
}
