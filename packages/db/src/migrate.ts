import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Database } from "./client.ts";
import { applyTenantSecurity } from "./tenant-security.ts";

const migrationsFolder = fileURLToPath(new URL("../drizzle", import.meta.url));
const MIGRATION_LOCK = 7243051;

/** Applies the drizzle-kit migrations, then row-level security on every tenant table. */
export const migrateDatabase = async (database: Database): Promise<void> => {
  if (database.kind === "postgres" && database.url) {
    // One dedicated connection holding an advisory lock serialises concurrent boots
    // (several processes or test workers) on one PostgreSQL.
    const client = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
      const db = drizzlePostgres(client);
      await migratePostgres(db, { migrationsFolder });
      await applyTenantSecurity(db);
      await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    } finally {
      await client.end({ timeout: 5 });
    }
    return;
  }
  // biome-ignore lint/suspicious/noExplicitAny: the migrator takes the driver-specific drizzle type
  await migratePglite(database.db as any, { migrationsFolder });
  await applyTenantSecurity(database.db);
};
