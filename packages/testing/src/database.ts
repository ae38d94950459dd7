import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Database, migrateDatabase, type OpenDatabaseOptions, openDatabase } from "@tally/db";
import { EventBus } from "@tally/events";

/** The PostgreSQL the suite runs on, if any (CI runs the suite once without and once with it). */
export const testDatabaseUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

const snapshotPath = () =>
  join(tmpdir(), `tally-pglite-snapshot-${process.env.TALLY_TEST_RUN ?? process.pid}.tar.gz`);

/**
 * Once per test run: migrate (and create pg-boss's schema) so test files do not pay for it. On PGlite
 * the migrated data directory is dumped to a file that every test file loads (~0.5 s instead of
 * initdb + migrations); on PostgreSQL the database is migrated in place.
 */
export const prepareTestDatabase = async (): Promise<string | undefined> => {
  const database = await openDatabase({ url: testDatabaseUrl() });
  try {
    await migrateDatabase(database);
    const bus = new EventBus({ database, work: false });
    await bus.start();
    await bus.stop();
    if (database.kind === "pglite" && database.pglite) {
      const dump = await database.pglite.dumpDataDir("gzip");
      const path = snapshotPath();
      writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
      return path;
    }
    return undefined;
  } finally {
    await database.close();
  }
};

/** A database for one test file: a fresh PGlite loaded from the run's snapshot, or a pool on PostgreSQL. */
export const openTestDatabase = async (
  options: Pick<OpenDatabaseOptions, "onStatement"> = {},
): Promise<Database> => {
  const url = testDatabaseUrl();
  if (url) return openDatabase({ url, poolSize: 5, ...options });
  const path = process.env.TALLY_PGLITE_SNAPSHOT;
  if (!path || !existsSync(path)) {
    // Without the global setup (a single file run by hand), migrate from scratch.
    const database = await openDatabase(options);
    await migrateDatabase(database);
    return database;
  }
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(path)]) });
  return openDatabase({ pglite, ...options });
};
