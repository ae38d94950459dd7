import type { Database } from "@tally/db";
import { sql } from "drizzle-orm";
import { type Checksums, VOLATILE_TABLES } from "./checksum.ts";

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];

/**
 * `tenantChecksums` in one round trip: the tenant tables are listed once, then every table's md5 comes
 * from a single `union all` query. The fuzz gate takes a checksum after every case (~1,500 of them),
 * so one query instead of one per table is what keeps the file within its time.
 */
export const tenantChecksummer = async (
  database: Database,
  organizationIds: string[],
): Promise<() => Promise<Checksums>> => {
  const listed = await database.db.execute(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'organization_id'
    order by table_name`);
  const tables = rowsOf<{ table_name: string }>(listed)
    .map((row) => row.table_name)
    .filter((table) => !(table in VOLATILE_TABLES));
  const ids = sql.join(
    organizationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const query = sql.join(
    tables.map(
      (
        table,
      ) => sql`select ${table} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum
        from ${sql.identifier(table)} t where t.organization_id in (${ids})`,
    ),
    sql` union all `,
  );
  return async () => {
    const rows = rowsOf<{ name: string; sum: string }>(await database.db.execute(query));
    return Object.fromEntries(rows.map((row) => [row.name, String(row.sum)]));
  };
};
