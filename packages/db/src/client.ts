import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres, { type Sql } from "postgres";
import { acquireDataDirLock } from "./lock.ts";
import { prepareStatements } from "./prepared-statements.ts";
import * as schema from "./schema/index.ts";
import { TENANT_ROLE } from "./tenant-security.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Unlisten = () => Promise<void>;

/** One open database: drizzle plus the driver-level pieces the platform needs (notify, pg-boss, close). */
export interface Database {
  readonly kind: "pglite" | "postgres";
  readonly db: Db;
  /** The PGlite instance in embedded mode (pg-boss shares it). */
  readonly pglite?: PGlite;
  /** The connection string in PostgreSQL mode (pg-boss opens its own pool). */
  readonly url?: string;
  listen(channel: string, onMessage: (payload: string) => void): Promise<Unlisten>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; unset = embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; ignored with `url`. Undefined = in memory. */
  dataDir?: string | undefined;
  /** A PGlite instance already open (tests clone a migrated one). */
  pglite?: PGlite;
  /** postgres.js pool size. */
  poolSize?: number;
  /** Called with the text of every statement sent (measurement: statements per request). */
  onStatement?: ((statement: string) => void) | undefined;
}

export const openDatabase = async (options: OpenDatabaseOptions): Promise<Database> => {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.onStatement);
  return openPglite(options);
};

/**
 * The pool `withTenant` runs its transactions on, per database: connections that log in with the
 * non-superuser tenant role as their session role (a startup parameter, so even RESET ROLE stays
 * there), where row-level security always applies.
 */
const TENANT_POOL = Symbol("tally.tenantPool");

/** The tenant pool lives on the database instance it belongs to, never in a process-wide map. */
export const tenantPoolOf = (db: Db): Sql | undefined => (db as { [TENANT_POOL]?: Sql })[TENANT_POOL];

const openPostgres = async (
  url: string,
  max: number,
  onStatement: OpenDatabaseOptions["onStatement"],
): Promise<Database> => {
  const debug = onStatement ? (_connection: number, statement: string) => onStatement(statement) : undefined;
  const client = prepareStatements(postgres(url, { max, onnotice: () => {}, ...(debug ? { debug } : {}) }));
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  // Connects on first use, after migrations have created the role.
  const tenantPool = prepareStatements(
    postgres(url, {
      max,
      onnotice: () => {},
      connection: { role: TENANT_ROLE } as Record<string, string>,
      ...(debug ? { debug } : {}),
    }),
  );
  // drizzle configures the client it is given (its own JSON and timestamp serializers and parsers);
  // the tenant pool carries drizzle's statements too, so it gets the very same configuration.
  drizzlePostgres(tenantPool, { schema });
  Object.defineProperty(db, TENANT_POOL, { value: tenantPool });
  return {
    kind: "postgres",
    db,
    url,
    async listen(channel, onMessage) {
      const subscription = await client.listen(channel, onMessage);
      return () => subscription.unlisten();
    },
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), tenantPool.end({ timeout: 5 })]);
    },
  };
};

type Queries = Pick<PGlite, "query" | "exec">;

/** Reports every statement run on the instance or in one of its transactions (measurement only). */
const countStatements = (instance: PGlite, onStatement: (statement: string) => void): void => {
  const report = <T extends Queries>(target: T): T => {
    const { query, exec } = target;
    target.query = ((statement: string, ...rest: unknown[]) => {
      onStatement(statement);
      return (query as (...args: unknown[]) => unknown).call(target, statement, ...rest);
    }) as T["query"];
    target.exec = ((statement: string, ...rest: unknown[]) => {
      onStatement(statement);
      return (exec as (...args: unknown[]) => unknown).call(target, statement, ...rest);
    }) as T["exec"];
    return target;
  };
  report(instance);
  const transaction = instance.transaction.bind(instance);
  instance.transaction = ((callback: (tx: Queries) => Promise<unknown>) =>
    transaction((tx) => callback(report(tx)))) as PGlite["transaction"];
};

const openPglite = async (options: OpenDatabaseOptions): Promise<Database> => {
  let release: (() => void) | undefined;
  let pglite = options.pglite;
  if (!pglite) {
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      release = acquireDataDirLock(options.dataDir);
    }
    pglite = await PGlite.create(options.dataDir ? join(options.dataDir, "pg") : undefined);
  }
  const instance = pglite;
  if (options.onStatement) countStatements(instance, options.onStatement);
  const db = drizzlePglite(instance, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    pglite: instance,
    async listen(channel, onMessage) {
      const unlisten = await instance.listen(channel, onMessage);
      return unlisten;
    },
    async close() {
      if (!instance.closed) await instance.close();
      release?.();
    },
  };
};
