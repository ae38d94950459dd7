import type { Database } from "@tally/db";
import { sql } from "drizzle-orm";

/**
 * Tables whose rows move with any request, accepted or not, so they are left out of "nothing
 * changed": rate-limit leases and usage counters count every request; an API key's `last_used_at`
 * moves on every authenticated call.
 */
export const VOLATILE_TABLES: Record<string, string> = {
  rate_limit_buckets: "every request takes a token",
  usage_counters: "every request is counted",
  api_keys: "last_used_at moves on every authenticated request",
};

export type Checksums = Record<string, string>;

/**
 * One md5 per table over the rows of the given organizations (every tenant table has
 * `organization_id`), so files running side by side on a shared PostgreSQL do not disturb it.
 * Global tables (no `organization_id`) are not covered.
 */
export const tenantChecksums = async (
  database: Database,
  organizationIds: string[],
  ignore: Record<string, string> = VOLATILE_TABLES,
): Promise<Checksums> => {
  const tables = (await database.db.execute(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'organization_id'
    order by table_name`)) as unknown as { table_name: string }[];
  const rowsOf = (result: unknown) =>
    Array.isArray(result) ? result : ((result as { rows: unknown[] }).rows ?? []);
  const checksums: Checksums = {};
  const ids = sql.join(
    organizationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  for (const { table_name: table } of rowsOf(tables) as { table_name: string }[]) {
    if (table in ignore) continue;
    const result = await database.db.execute(
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum
          from ${sql.identifier(table)} t where t.organization_id in (${ids})`,
    );
    checksums[table] = String((rowsOf(result)[0] as { sum: string }).sum);
  }
  return checksums;
};

/** The tables whose checksum differs. */
export const changedTables = (before: Checksums, after: Checksums): string[] =>
  Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
