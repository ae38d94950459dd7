import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { type Database, migrateDatabase, type OpenDatabaseOptions, openDatabase } from "@tally/db";
import { EventBus } from "@tally/events";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set by the global setup (global-setup.ts) of the packages whose files open the app. */
    preparedDatabase: PreparedDatabase | undefined;
  }
}

/** The PostgreSQL the suite runs on, if any (CI runs the suite once without and once with it). */
export const testDatabaseUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

/**
 * What the global setup made once for every test file: migrations, pg-boss's schema, the tenant
 * role's grants. On PGlite a data directory each file copies; on PostgreSQL the database itself,
 * which the files share (each with its own pg-boss schema, see harness.ts).
 */
export type PreparedDatabase = { kind: "pglite"; dataDir: string } | { kind: "postgres" };

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".test.ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

/**
 * What shapes the prepared database: the migrations and row-level security (@tally/db), pg-boss's
 * schema and grants (@tally/events, whose package.json pins pg-boss), this file, and the PGlite
 * pinned here. A change to any of them gives a new key, so a stale snapshot is never opened.
 */
export const preparedDatabaseKey = (): string => {
  const hash = createHash("sha256");
  const testingDir = dirname(import.meta.dirname);
  const inputs = [
    ...["db", "events"]
      .map((name) => join(testingDir, "..", name))
      .flatMap((dir) => [
        join(dir, "package.json"),
        ...filesUnder(join(dir, "src")),
        ...(existsSync(join(dir, "drizzle")) ? filesUnder(join(dir, "drizzle")) : []),
      ]),
    join(testingDir, "package.json"),
    fileURLToPath(import.meta.url),
  ];
  for (const file of inputs) hash.update(relative(testingDir, file)).update("\0").update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
};

/** Migrations, pg-boss's schema and queues, grants: what a runtime would otherwise do at its start. */
const prepare = async (database: Database): Promise<void> => {
  try {
    await migrateDatabase(database);
    const bus = new EventBus({ database, work: false });
    await bus.start();
    await bus.stop();
  } finally {
    await database.close();
  }
};

/** Copies of the data directory go to memory when the machine has a tmpfs there. */
const scratchRoot = () => (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());

/**
 * The PGlite data directory under `cacheDir`, made there unless an earlier package of the same run
 * (TALLY_TEST_CACHE_DIR in CI) already made it: built aside, then renamed into place whole.
 */
const preparePgliteDataDir = async (cacheDir: string): Promise<string> => {
  const dataDir = join(cacheDir, `pglite-${preparedDatabaseKey()}`);
  if (existsSync(dataDir)) return dataDir;
  mkdirSync(cacheDir, { recursive: true });
  const building = `${dataDir}.${process.pid}.building`;
  rmSync(building, { recursive: true, force: true });
  await prepare(await openDatabase({ pglite: await PGlite.create(building) }));
  try {
    renameSync(building, dataDir);
  } catch (error) {
    // Another run renamed the same snapshot first: theirs is as good.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(dataDir)) throw error;
  }
  return dataDir;
};

/**
 * Once per test run (vitest globalSetup): the prepared database, and how to remove it afterwards.
 * With `cacheDir` the PGlite data directory is kept there for later packages of the run instead.
 */
export const prepareTestDatabase = async (
  options: { cacheDir?: string | undefined } = {},
): Promise<{ prepared: PreparedDatabase; remove(): Promise<void> }> => {
  const url = testDatabaseUrl();
  if (!url) {
    const cacheDir = options.cacheDir ?? mkdtempSync(join(scratchRoot(), "tally-test-"));
    const dataDir = await preparePgliteDataDir(cacheDir);
    return {
      prepared: { kind: "pglite", dataDir },
      remove: async () => {
        if (!options.cacheDir) rmSync(cacheDir, { recursive: true, force: true });
      },
    };
  }
  await prepare(await openDatabase({ url }));
  return { prepared: { kind: "postgres" }, remove: async () => {} };
};

/** The file's copy of the prepared PGlite data directory, removed when the database closes. */
const openPgliteCopy = async (
  dataDir: string,
  options: Pick<OpenDatabaseOptions, "onStatement">,
): Promise<Database> => {
  const copy = mkdtempSync(join(scratchRoot(), "tally-test-db-"));
  cpSync(dataDir, copy, { recursive: true });
  const database = await openDatabase({ pglite: await PGlite.create(copy), ...options });
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
};

/**
 * A database for one test file: its own copy of the prepared PGlite data directory, or a pool on the
 * prepared PostgreSQL. Without the global setup's preparation, the database is migrated here.
 */
export const openTestDatabase = async (
  options: Pick<OpenDatabaseOptions, "onStatement"> & { prepared?: PreparedDatabase | undefined } = {},
): Promise<Database> => {
  const { prepared = inject("preparedDatabase"), ...openOptions } = options;
  const url = testDatabaseUrl();
  if (!url && prepared?.kind === "pglite") return openPgliteCopy(prepared.dataDir, openOptions);
  const database = await openDatabase({ url, poolSize: 5, ...openOptions });
  if (!(url && prepared?.kind === "postgres")) await migrateDatabase(database);
  return database;
};
