import { type Database, migrateDatabase, openDatabase } from "@tally/db";
import { sql } from "drizzle-orm";

/**
 * A migrated database for one test file: in-memory PGlite by default, the PostgreSQL of
 * `DATABASE_URL` (or `TEST_DATABASE_URL`) when set. On PostgreSQL each file gets its own pg-boss
 * schema so files running in parallel never consume each other's jobs; `cleanup` drops it.
 */
export const openTestDatabase = async (): Promise<{
  database: Database;
  queueSchema: string;
  cleanup: () => Promise<void>;
}> => {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
  const database = await openDatabase({ url, poolSize: 4 });
  await migrateDatabase(database);
  const queueSchema =
    database.kind === "postgres" ? `pgboss_t${Math.random().toString(36).slice(2, 10)}` : "pgboss";
  return {
    database,
    queueSchema,
    async cleanup() {
      try {
        if (database.kind === "postgres")
          await database.db.execute(sql.raw(`drop schema if exists ${queueSchema} cascade`));
      } finally {
        await database.close();
      }
    },
  };
};

export const waitFor = async (
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 20_000, intervalMs = 50, message = "condition" } = {},
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${message}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

export const uniqueId = (): string => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
