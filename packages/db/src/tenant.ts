import type { PGlite, Transaction as PGliteTransactionClient } from "@electric-sql/pglite";
import { DrizzleQueryError, is, type SQL, sql, type TablesRelationalConfig } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import { PgliteSession, PgliteTransaction } from "drizzle-orm/pglite";
import { PostgresJsSession, PostgresJsTransaction } from "drizzle-orm/postgres-js";
import type { Sql, TransactionSql } from "postgres";
import type { Db, Tx } from "./client.ts";
import { TENANT_ROLE } from "./tenant-security.ts";

const SET_TENANT = "select set_config('app.org_id', $1, true), set_config('role', $2, true)";

type FullSchema = Record<string, unknown>;
type SchemaConfig = ConstructorParameters<
  typeof PostgresJsTransaction<FullSchema, TablesRelationalConfig>
>[2];
type SessionOptions = ConstructorParameters<typeof PostgresJsSession>[3];
type TransactionClass = new (
  dialect: PgDialect,
  // biome-ignore lint/suspicious/noExplicitAny: either driver's session; drizzle types them apart
  session: any,
  schema: SchemaConfig | undefined,
) => { _: unknown; query: unknown };

/** What drizzle's own `db.transaction` reads from the database object (drizzle-orm 0.45, pinned). */
const internalsOf = (db: Db) => {
  const { dialect, session } = db as unknown as { dialect?: PgDialect; session?: PgSession };
  const { schema, options } = (session ?? {}) as unknown as { schema: SchemaConfig; options: SessionOptions };
  return { dialect: dialect!, session, schema, options };
};

/**
 * The transaction object drizzle's session builds for a transaction, without building its
 * relational query builders (`tx.query.<table>`, one per table of the schema) until first used:
 * tenant transactions rarely touch them, and their number grows with every table.
 */
const leanTransaction = (
  Transaction: TransactionClass,
  dialect: PgDialect,
  session: unknown,
  schema: SchemaConfig | undefined,
): Tx => {
  const tx = new Transaction(dialect, session, undefined);
  let full: { query: unknown } | undefined;
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
      full ??= new Transaction(dialect, session, schema);
      return full.query;
    },
  });
  return tx as unknown as Tx;
};

const tenantSettings = (organizationId: string): SQL =>
  sql`select set_config('app.org_id', ${organizationId}, true), set_config('role', ${TENANT_ROLE}, true)`;

/**
 * Runs `fn` in a transaction bound to one organization: `app.org_id` is set and the role drops to
 * the non-superuser tenant role, so row-level security hides every other tenant's rows even from a
 * query that forgets its organization filter. Both settings are transaction-local.
 *
 * The transaction is opened exactly as drizzle's `db.transaction` opens it (on PostgreSQL,
 * postgres.js `sql.begin`: BEGIN is acknowledged before anything else is sent), with two savings:
 * - on PostgreSQL the settings are pipelined with `fn`'s first statement instead of costing a round
 *   trip of their own: they are handed to the transaction's connection before `fn` runs, and
 *   postgres.js sends a transaction's statements in order on that one connection, so every statement
 *   of `fn` runs after them. If they fail, the transaction is aborted: `fn`'s statements fail with
 *   it, nothing commits, and the settings' error (wrapped as drizzle wraps it) is the one thrown;
 * - the transaction object is built without its relational query builders until they are used.
 * Any other driver gets drizzle's own transaction with the settings sent first.
 */
export const withTenant = <T>(db: Db, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> => {
  const { dialect, session, schema, options } = internalsOf(db);
  if (is(session, PostgresJsSession)) {
    return session.client.begin(async (transactionSql: TransactionSql) => {
      const params = [organizationId, TENANT_ROLE];
      const settings = transactionSql
        .unsafe(SET_TENANT, params)
        .execute()
        .catch((cause: unknown) => {
          throw new DrizzleQueryError(SET_TENANT, params, cause as Error);
        });
      // Awaited below; marked handled now, so a failure arriving while `fn` runs is not "unhandled".
      settings.catch(() => {});
      // drizzle does the same: a transaction's postgres.js handle stands where a `Sql` is typed.
      const txSession = new PostgresJsSession(transactionSql as unknown as Sql, dialect, schema, options);
      try {
        return await fn(leanTransaction(PostgresJsTransaction, dialect, txSession, schema));
      } finally {
        await settings;
      }
    }) as Promise<T>;
  }
  if (is(session, PgliteSession)) {
    return (session as unknown as { client: PGlite }).client.transaction(
      async (client: PGliteTransactionClient) => {
        const txSession = new PgliteSession(client as unknown as PGlite, dialect, schema, options);
        const params = [organizationId, TENANT_ROLE];
        // Straight to PGlite: through drizzle the query would copy PGlite's whole type-parser table.
        await client.query(SET_TENANT, params).catch((cause: unknown) => {
          throw new DrizzleQueryError(SET_TENANT, params, cause as Error);
        });
        return fn(leanTransaction(PgliteTransaction, dialect, txSession, schema));
      },
    );
  }
  return db.transaction(async (tx) => {
    await tx.execute(tenantSettings(organizationId));
    return fn(tx);
  });
};
