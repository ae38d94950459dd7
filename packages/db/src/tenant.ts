import type { PGlite, Transaction as PGliteTransactionClient } from "@electric-sql/pglite";
import { DrizzleQueryError, is, type TablesRelationalConfig } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import { PgliteSession, PgliteTransaction } from "drizzle-orm/pglite";
import { PostgresJsSession, PostgresJsTransaction } from "drizzle-orm/postgres-js";
import type { Sql } from "postgres";
import { type Db, type Tx, tenantPoolOf } from "./client.ts";
import { prepareStatements } from "./prepared-statements.ts";
import { TENANT_ROLE } from "./tenant-security.ts";

const SET_TENANT = "select set_config('app.org_id', $1, true), set_config('role', $2, true)";

/**
 * A PostgreSQL string literal for any text, whatever `standard_conforming_strings` says: an E'' string,
 * in which a backslash and a doubled quote are always escapes. PostgreSQL text cannot hold U+0000.
 */
const textLiteral = (value: string): string => {
  if (value.includes("\u0000")) throw new Error("A PostgreSQL text value cannot contain U+0000");
  return `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
};

/**
 * BEGIN and the tenant setting as one simple-protocol message: one statement for postgres.js to
 * build and answer instead of two (parameters need the extended protocol, one message per statement),
 * and no result row. SET LOCAL is what `set_config(…, true)` does. The role needs no setting: the
 * tenant pool's connections have it as their session role.
 */
const openingFor = (organizationId: string): string =>
  `begin; set local app.org_id = ${textLiteral(organizationId)}`;

/** A transaction in which a statement failed (even one whose error `fn` caught) kept nothing. */
const rolledBack = (cause?: unknown): Error =>
  new Error("The transaction was rolled back: a statement in it failed", { cause });

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

type ReservedSql = Sql & { release(): void; savepoint?: unknown };

/** What drizzle's nested `tx.transaction` calls on a transaction's handle: a savepoint around `fn`. */
const addSavepoints = (reserved: ReservedSql): void => {
  let count = 0;
  reserved.savepoint = async <T>(fn: (sql: Sql) => Promise<T>): Promise<T> => {
    const name = `tally_s${count++}`;
    await reserved.unsafe(`savepoint ${name}`);
    try {
      const result = await fn(reserved);
      await reserved.unsafe(`release savepoint ${name}`);
      return result;
    } catch (error) {
      await reserved.unsafe(`rollback to savepoint ${name}`);
      throw error;
    }
  };
};

/** Thrown when a function given to `withTenantStatement` sends a second statement. */
const secondStatement = (): Error =>
  new Error("withTenantStatement: fn sent a second statement; use withTenant for more than one");

/**
 * A transaction on one reserved postgres.js connection. BEGIN and the tenant setting (one message,
 * `openingFor`) are sent with `fn`'s first statement, in one write and one round trip (postgres.js's
 * `sql.begin` waits for BEGIN before anything else); statements on one connection run in the order
 * they were sent, so every statement of `fn` runs inside the transaction and after the setting. If BEGIN or the
 * settings fail, `fn`'s statements fail with them ("current transaction is aborted") and the
 * settings' error is the one thrown.
 *
 * With `oneStatement`, COMMIT is sent right behind `fn`'s statement, in the same write: the whole
 * transaction is one round trip. Any further statement is refused before it is sent (it would run
 * after COMMIT, outside the transaction and its settings).
 *
 * A statement that failed inside `fn` aborts the transaction even if `fn` caught its error:
 * PostgreSQL then answers COMMIT with ROLLBACK, and that is reported as a failure, never as success.
 */
const inPostgresTransaction = async <T>(
  client: Sql,
  organizationId: string,
  fn: (transactionSql: Sql) => Promise<T>,
  oneStatement: boolean,
): Promise<T> => {
  const openingSql = openingFor(organizationId);
  const reserved = prepareStatements((await client.reserve()) as ReservedSql);
  // A statement sent on a connection that has closed never settles: everything after the opening
  // races the connection's loss (what postgres.js's own `sql.begin` does with the same hook).
  let lost: Error | undefined;
  let reportLoss: (error: Error) => void = () => {};
  const loss = new Promise<never>((_, reject) => {
    reportLoss = reject;
  });
  loss.catch(() => {});
  const untilLost = <R>(work: Promise<R>): Promise<R> => Promise.race([work, loss]);
  const onexecute = (connection: { onclose?: (error?: Error) => void }) => {
    connection.onclose = (error) => {
      lost = error ?? new Error("The database connection closed during the transaction");
      reportLoss(lost);
    };
    return true;
  };
  // Nothing is sent once the connection is lost: postgres.js would write to its closed socket (an
  // uncaught TypeError) or, had the pool reconnected it meanwhile, run the statement in a new
  // session outside this transaction. Checked when postgres.js dispatches a statement, not when
  // drizzle creates it (dispatch happens a few microtasks later).
  const unguarded = reserved.unsafe;
  reserved.unsafe = ((...args: Parameters<Sql["unsafe"]>) => {
    // postgres.js 3.4 (pinned): a query is dispatched through its own `handler`, and `reject` settles it.
    const statement = unguarded(...args) as ReturnType<Sql["unsafe"]> & {
      handler: (query: unknown) => void;
      reject: (error: Error) => void;
    };
    const dispatch = statement.handler;
    statement.handler = (query) => (lost ? statement.reject(lost) : dispatch(query));
    return statement;
  }) as Sql["unsafe"];
  const opening = reserved
    .unsafe(openingSql, [], { onexecute } as object)
    .execute()
    .catch((cause: unknown) => {
      throw new DrizzleQueryError(openingSql, [], cause as Error);
    });
  // Awaited below; marked handled now, so a failure arriving while `fn` runs is not "unhandled".
  opening.catch(() => {});
  // Our own statements (COMMIT, ROLLBACK) bypass the one-statement guard below.
  const send = reserved.unsafe;
  let commit: Promise<{ command: string }> | undefined;
  if (oneStatement) {
    reserved.unsafe = ((...args: Parameters<Sql["unsafe"]>) => {
      if (commit) throw secondStatement();
      // Sent now rather than when drizzle awaits it, so that COMMIT, sent next, follows it.
      const statement = send(...args).execute();
      commit = send("commit").execute();
      commit.catch(() => {});
      return statement;
    }) as Sql["unsafe"];
  } else {
    addSavepoints(reserved);
  }
  let result: T;
  try {
    try {
      result = await untilLost(fn(reserved));
    } finally {
      await untilLost(opening);
    }
    const committed = await untilLost(commit ?? send("commit"));
    if (committed.command !== "COMMIT") throw rolledBack();
  } catch (error) {
    // A lost connection is already back in the pool as closed; releasing it would return it as open.
    if (!lost) {
      // A COMMIT already sent ends the transaction either way (ROLLBACK when a statement failed).
      await untilLost(commit ?? send("rollback")).catch(() => {});
      if (!lost) reserved.release();
    }
    throw error;
  }
  reserved.release();
  return result;
};

/**
 * Runs `fn` in a transaction bound to one organization: `app.org_id` is set and the role drops to
 * the non-superuser tenant role, so row-level security hides every other tenant's rows even from a
 * query that forgets its organization filter. Both settings are transaction-local.
 *
 * Two savings over drizzle's `db.transaction`:
 * - on PostgreSQL, BEGIN and the settings travel with `fn`'s first statement (`inPostgresTransaction`);
 *   on PGlite (one in-process connection, no round trips) the settings are sent first;
 * - the transaction object is built without its relational query builders until they are used.
 * Only databases opened by `openDatabase` (postgres.js with its tenant pool, or PGlite) are supported.
 */
export const withTenant = <T>(db: Db, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  inTenantTransaction(db, organizationId, fn, false);

/**
 * `withTenant` for a function that sends exactly one statement (a read by id, an UPDATE … RETURNING):
 * on PostgreSQL, BEGIN, the settings, the statement and COMMIT leave in one write, so the
 * transaction costs one round trip instead of two. A second statement, or a nested transaction,
 * fails on both databases instead of being sent.
 */
export const withTenantStatement = <T>(
  db: Db,
  organizationId: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> => inTenantTransaction(db, organizationId, fn, true);

/** PGlite's transaction client, refusing every statement after the first (drizzle sends through `query`). */
const oneStatementClient = (client: PGliteTransactionClient): PGliteTransactionClient => {
  let sent = false;
  const query: PGliteTransactionClient["query"] = (...args) => {
    if (sent) return Promise.reject(secondStatement());
    sent = true;
    return client.query(...args);
  };
  return Object.assign(Object.create(client) as PGliteTransactionClient, { query });
};

/** A savepoint is a second statement too: refused before anything is sent. */
const refuseNesting = (tx: Tx): Tx =>
  Object.assign(tx, { transaction: () => Promise.reject(secondStatement()) });

const inTenantTransaction = <T>(
  db: Db,
  organizationId: string,
  fn: (tx: Tx) => Promise<T>,
  oneStatement: boolean,
): Promise<T> => {
  const { dialect, session, schema, options } = internalsOf(db);
  if (is(session, PostgresJsSession)) {
    const tenantPool = tenantPoolOf(db);
    if (!tenantPool)
      return Promise.reject(new Error("Tenant transactions need a database opened by openDatabase"));
    return inPostgresTransaction(
      tenantPool,
      organizationId,
      (transactionSql) => {
        const txSession = new PostgresJsSession(transactionSql, dialect, schema, options);
        const tx = leanTransaction(PostgresJsTransaction, dialect, txSession, schema);
        return fn(oneStatement ? refuseNesting(tx) : tx);
      },
      oneStatement,
    );
  }
  if (is(session, PgliteSession)) {
    return (session as unknown as { client: PGlite }).client.transaction(
      async (client: PGliteTransactionClient) => {
        const params = [organizationId, TENANT_ROLE];
        // Straight to PGlite: through drizzle the query would copy PGlite's whole type-parser table.
        await client.query(SET_TENANT, params).catch((cause: unknown) => {
          throw new DrizzleQueryError(SET_TENANT, params, cause as Error);
        });
        const fnClient = oneStatement ? oneStatementClient(client) : client;
        const txSession = new PgliteSession(fnClient as unknown as PGlite, dialect, schema, options);
        const tx = leanTransaction(PgliteTransaction, dialect, txSession, schema);
        const result = await fn(oneStatement ? refuseNesting(tx) : tx);
        // PGlite would end an aborted transaction (a statement failed, `fn` caught it) as if it had
        // committed; a statement now fails instead, so the caller learns that nothing was kept.
        await client.query("select 1").catch((cause: unknown) => {
          throw rolledBack(cause);
        });
        return result;
      },
    );
  }
  return Promise.reject(new Error("Tenant transactions need a database opened by openDatabase"));
};
