import { DrizzleQueryError, is, sql, type TablesRelationalConfig } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import { PostgresJsSession, PostgresJsTransaction } from "drizzle-orm/postgres-js";
import type { Sql, TransactionSql } from "postgres";
import type { Db, Tx } from "./client.ts";
import { TENANT_ROLE } from "./tenant-security.ts";

const SET_TENANT = "select set_config('app.org_id', $1, true), set_config('role', $2, true)";

type SchemaConfig = ConstructorParameters<typeof PostgresJsTransaction>[2];

/** What drizzle's own `db.transaction` uses on postgres.js (drizzle-orm 0.45, pinned). */
interface PostgresJsInternals {
  dialect: PgDialect;
  client: Sql;
  schema: SchemaConfig;
  options: ConstructorParameters<typeof PostgresJsSession>[3];
}

const postgresJsInternals = (db: Db): PostgresJsInternals | undefined => {
  const { dialect, session } = db as unknown as { dialect?: PgDialect; session?: unknown };
  if (!dialect || !is(session, PostgresJsSession)) return undefined;
  const { schema, options } = session as unknown as Pick<PostgresJsInternals, "schema" | "options">;
  return { dialect, client: session.client, schema, options };
};

/**
 * The drizzle transaction object `PostgresJsSession.transaction` builds, without building the
 * relational query builders (`tx.query.<table>`, one per table of the schema) until they are used:
 * most tenant transactions never touch them, and their number grows with every table.
 */
const transactionOn = (internals: PostgresJsInternals, transactionSql: TransactionSql): Tx => {
  const { dialect, schema, options } = internals;
  type FullSchema = Record<string, unknown>;
  // drizzle does the same: a transaction's postgres.js handle is used where a `Sql` is typed.
  const session = new PostgresJsSession<Sql, FullSchema, TablesRelationalConfig>(
    transactionSql as unknown as Sql,
    dialect,
    schema,
    options,
  ) as unknown as ConstructorParameters<typeof PostgresJsTransaction<FullSchema, TablesRelationalConfig>>[1];
  const tx = new PostgresJsTransaction<FullSchema, TablesRelationalConfig>(dialect, session, undefined);
  let full: typeof tx | undefined;
  Object.assign(tx, {
    schema,
    _: schema
      ? { schema: schema.schema, fullSchema: schema.fullSchema, tableNamesMap: schema.tableNamesMap, session }
      : tx._,
  });
  Object.defineProperty(tx, "query", {
    configurable: true,
    enumerable: true,
    get: () => {
      full ??= new PostgresJsTransaction<FullSchema, TablesRelationalConfig>(dialect, session, schema);
      return full.query;
    },
  });
  return tx as unknown as Tx;
};

/**
 * Runs `fn` in a transaction bound to one organization: `app.org_id` is set and the role drops to
 * the non-superuser tenant role, so row-level security hides every other tenant's rows even from a
 * query that forgets its organization filter. Both settings are transaction-local.
 *
 * On PostgreSQL (postgres.js) the transaction is opened as drizzle's `db.transaction` opens it
 * (`sql.begin`: BEGIN is acknowledged before anything else is sent), but
 * - the settings are pipelined with `fn`'s first statement instead of costing a round trip of their
 *   own: they are handed to the transaction's connection before `fn` runs, and postgres.js sends a
 *   transaction's statements in order on that one connection, so every statement of `fn` runs after
 *   them. If they fail, the transaction is aborted: `fn`'s statements fail with it, nothing commits,
 *   and the settings' error is the one thrown;
 * - the transaction object is built without its relational query builders until first used.
 */
export const withTenant = <T>(db: Db, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> => {
  const internals = postgresJsInternals(db);
  if (!internals) {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.org_id', ${organizationId}, true), set_config('role', ${TENANT_ROLE}, true)`,
      );
      return fn(tx);
    });
  }
  return internals.client.begin(async (transactionSql) => {
    const params = [organizationId, TENANT_ROLE];
    // Wrapped as drizzle wraps a failed query, so callers see the same error as before.
    const settings = transactionSql
      .unsafe(SET_TENANT, params)
      .execute()
      .catch((cause: unknown) => {
        throw new DrizzleQueryError(SET_TENANT, params, cause as Error);
      });
    // Awaited below; marked handled now, so a failure arriving while `fn` still runs is not reported as unhandled.
    settings.catch(() => {});
    try {
      return await fn(transactionOn(internals, transactionSql));
    } finally {
      await settings;
    }
  }) as Promise<T>;
};
