import type { Database } from "@tally/db";
import { openTestDatabase } from "@tally/testing";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printFigures } from "./figures.ts";

/**
 * Ready for Citus (ARCHITECTURE §5, docs/scaling.md), read from the live catalogue of the migrated
 * database: every table with `organization_id` is a tenant table distributed by it, so its primary
 * key, unique constraints and unique indexes (partial ones too) include it, and its foreign keys to
 * other tenant tables pair it. Every other table is listed below with where it goes on Citus; a new
 * table without `organization_id` fails here until it is listed.
 */

type GlobalTable =
  /** Small, replicated to every node (`create_reference_table`): any shard joins it locally. */
  | { placement: "reference"; reason: string }
  /**
   * A fact unique across all tenants, distributed by that fact (`distributedBy`, in every unique
   * key), in a colocation group of its own; narrow rows, looked up by key.
   */
  | { placement: "registry"; distributedBy: string; reason: string }
  /** A local table on the coordinator: operator or local-adapter state, never joined with tenant rows. */
  | { placement: "coordinator"; reason: string };

const GLOBAL_TABLES: Record<string, GlobalTable> = {
  subscription_tiers: { placement: "reference", reason: "the seeded tier catalogue, read with every key" },
  organizations: { placement: "reference", reason: "one row per tenant, read with every key (tier, limits)" },
  app_config: { placement: "reference", reason: "the platform-wide singleton (id = 1)" },
  categories: { placement: "reference", reason: "the seeded category list tenant rows point at" },
  // Unique by hash and by key id, which only a reference table enforces together; keys change rarely.
  api_key_hashes: {
    placement: "reference",
    reason: "sha256(key) -> key: authentication precedes the tenant",
  },
  object_routes: {
    placement: "registry",
    distributedBy: "object_id",
    reason: "object id -> organization for keyless routes",
  },
  storefront_shops: {
    placement: "registry",
    distributedBy: "shop_domain",
    reason: "shop domain -> organization for keyless webhooks",
  },
  inbound_webhook_events: {
    placement: "registry",
    distributedBy: "event_id",
    reason: "an inbound event id is processed once anywhere",
  },
  webhook_deliveries: {
    placement: "registry",
    distributedBy: "delivery_key",
    reason: "an events/cron delivery (job, tick) runs once",
  },
  claimed_transactions: {
    placement: "registry",
    distributedBy: "tx_hash",
    reason: "a chain transaction pays one order anywhere",
  },
  claimed_charges: {
    placement: "registry",
    distributedBy: "charge_id",
    reason: "a crypto-commerce charge pays one order anywhere",
  },
  x402_authorizations: {
    placement: "registry",
    distributedBy: "nonce",
    reason: "an EIP-3009 authorization pays once anywhere",
  },
  task_deposit_hashes: {
    placement: "registry",
    distributedBy: "tx_hash",
    reason: "a task pool deposit is credited to one organization anywhere",
  },
  task_routes: {
    placement: "registry",
    distributedBy: "task_id",
    reason: "task id -> organization for the keyless solver routes",
  },
  task_solvers: {
    placement: "registry",
    distributedBy: "address",
    reason: "a solver is one address across every organization's tasks",
  },
  dead_letters: { placement: "coordinator", reason: "the operator's failed jobs, kept beside pg-boss" },
  email_outbox: { placement: "coordinator", reason: "the local email adapter's outbox (stands in for SMTP)" },
  local_chat_channels: { placement: "coordinator", reason: "the local chat adapter's channels" },
  local_chat_tokens: { placement: "coordinator", reason: "the local chat adapter's tokens" },
  sandbox_processor_objects: { placement: "coordinator", reason: "the sandbox card processor's state" },
  sandbox_crypto_charges: { placement: "coordinator", reason: "the local crypto-commerce adapter's charges" },
};

const TENANT_COLUMN = "organization_id";

interface TableRow {
  table: string;
  hasTenantColumn: boolean;
}

interface UniqueIndexRow {
  table: string;
  index: string;
  primary: boolean;
  definition: string;
  /** The key columns, comma-separated (an expression has no name and is left out). */
  columns: string;
}

interface ForeignKeyRow {
  name: string;
  table: string;
  referenced: string;
  pairsTenantColumn: boolean;
}

interface Catalogue {
  tables: TableRow[];
  uniqueIndexes: UniqueIndexRow[];
  foreignKeys: ForeignKeyRow[];
}

const rows = async <T>(database: Database, query: SQL): Promise<T[]> => {
  const result = await database.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
};

/** The `public` schema only: pg-boss keeps its own schemas, which stay off the distributed cluster. */
const readCatalogue = async (database: Database): Promise<Catalogue> => ({
  tables: await rows<TableRow>(
    database,
    sql`select c.relname as "table",
          exists (select 1 from pg_attribute a
                  where a.attrelid = c.oid and a.attname = ${TENANT_COLUMN} and not a.attisdropped) as "hasTenantColumn"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by 1`,
  ),
  // Primary keys, unique constraints and unique indexes alike (partial and expression ones too) are
  // unique indexes; exclusion constraints are enforced per shard the same way. Key columns only
  // (indnkeyatts), so a column merely INCLUDEd does not count.
  uniqueIndexes: await rows<UniqueIndexRow>(
    database,
    sql`select t.relname as "table", i.relname as "index", x.indisprimary as "primary",
          pg_get_indexdef(x.indexrelid) as "definition",
          (select coalesce(string_agg(a.attname, ',' order by k), '')
           from generate_series(0, x.indnkeyatts - 1) k
           join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[k]) as "columns"
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public' and (x.indisunique or x.indisexclusion)
        order by 1, 2`,
  ),
  // Colocated tenant tables join on the distribution column: a foreign key must map the
  // referencing organization_id onto the referenced one, not merely mention it.
  foreignKeys: await rows<ForeignKeyRow>(
    database,
    sql`select con.conname as "name", src.relname as "table", dst.relname as "referenced",
          exists (select 1 from unnest(con.conkey, con.confkey) as k(source, target)
                  join pg_attribute sa on sa.attrelid = con.conrelid and sa.attnum = k.source
                  join pg_attribute ta on ta.attrelid = con.confrelid and ta.attnum = k.target
                  where sa.attname = ${TENANT_COLUMN} and ta.attname = ${TENANT_COLUMN}) as "pairsTenantColumn"
        from pg_constraint con
        join pg_class src on src.oid = con.conrelid
        join pg_class dst on dst.oid = con.confrelid
        join pg_namespace n on n.oid = src.relnamespace
        where con.contype = 'f' and n.nspname = 'public'
        order by 2, 1`,
  ),
});

const includes = (index: UniqueIndexRow, column: string): boolean =>
  index.columns.split(",").includes(column);

/** Distributed by organization_id: has the column and is not listed as global. */
const isTenantTable = (table: TableRow): boolean => table.hasTenantColumn && !(table.table in GLOBAL_TABLES);

describe("ready for Citus: organization_id is the distribution column of every tenant table", () => {
  let database: Database;
  let catalogue: Catalogue;
  let tenantTables: Set<string>;

  beforeAll(async () => {
    database = await openTestDatabase();
    catalogue = await readCatalogue(database);
    tenantTables = new Set(catalogue.tables.filter(isTenantTable).map((table) => table.table));
  }, 120_000);

  afterAll(async () => {
    printFigures("citus", {
      tenantTables: tenantTables.size,
      globalTables: catalogue.tables.length - tenantTables.size,
      uniqueConstraints: catalogue.uniqueIndexes.filter((index) => tenantTables.has(index.table)).length,
      foreignKeys: catalogue.foreignKeys.length,
    });
    await database.close();
  });

  it("reads a migrated catalogue", () => {
    expect(tenantTables.size).toBeGreaterThan(0);
    expect(catalogue.uniqueIndexes.length).toBeGreaterThan(0);
    expect(catalogue.foreignKeys.length).toBeGreaterThan(0);
  });

  it("the tables without organization_id are exactly the listed global tables", () => {
    const present = new Set(catalogue.tables.map((table) => table.table));
    const unlisted = catalogue.tables
      .filter((table) => !table.hasTenantColumn && !(table.table in GLOBAL_TABLES))
      .map((table) => `${table.table}: no ${TENANT_COLUMN} and not listed as a global table`);
    const missing = Object.keys(GLOBAL_TABLES)
      .filter((table) => !present.has(table))
      .map((table) => `${table}: listed as global but not in the database`);
    expect([...unlisted, ...missing]).toEqual([]);
  });

  it("every registry table has its distribution column in its primary key and every unique key", () => {
    const violations = Object.entries(GLOBAL_TABLES).flatMap(([table, global]) => {
      if (global.placement !== "registry") return [];
      const unique = catalogue.uniqueIndexes.filter((index) => index.table === table);
      if (!unique.some((index) => index.primary)) return [`${table}: a registry table without a primary key`];
      return unique
        .filter((index) => !includes(index, global.distributedBy))
        .map((index) => `${table}.${index.index}: without ${global.distributedBy}: ${index.definition}`);
    });
    expect(violations).toEqual([]);
  });

  it("every tenant table has organization_id in its primary key", () => {
    const violations = [...tenantTables].flatMap((table) => {
      const primary = catalogue.uniqueIndexes.find((index) => index.table === table && index.primary);
      if (!primary) return [`${table}: no primary key`];
      return includes(primary, TENANT_COLUMN) ? [] : [`${table}: ${primary.definition}`];
    });
    expect(violations).toEqual([]);
  });

  it("every unique constraint and unique index of a tenant table includes organization_id", () => {
    const violations = catalogue.uniqueIndexes
      .filter((index) => tenantTables.has(index.table) && !includes(index, TENANT_COLUMN))
      .map((index) => `${index.table}.${index.index}: ${index.definition}`);
    expect(violations).toEqual([]);
  });

  it("foreign keys pair organization_id between tenant tables and otherwise reference reference tables", () => {
    const violations = catalogue.foreignKeys.flatMap((key) => {
      if (GLOBAL_TABLES[key.referenced]?.placement === "reference") return [];
      if (tenantTables.has(key.table) && tenantTables.has(key.referenced))
        return key.pairsTenantColumn ? [] : [`${key.table}.${key.name}: does not pair ${TENANT_COLUMN}`];
      return [
        `${key.table}.${key.name}: references ${key.referenced}, neither colocated nor a reference table`,
      ];
    });
    expect(violations).toEqual([]);
  });
});
