import { AppError } from "@tally/core";
import { and, eq, getTableColumns, getTableName, isNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client.ts";
import { preparedQuery } from "./prepared-query.ts";
import type { RowRef } from "./state-machine.ts";

/** A tenant table whose rows are named by `id` within their organization. */
export type KeyedTable = PgTable & { organizationId: PgColumn; id: PgColumn };

/**
 * One row's key and, in `of`, the owner it must belong to (`{ creatorId }`, `{ userId }`): a row of
 * another owner is not found, exactly as a missing one, so a 404 never tells which it was.
 */
export interface RowKey<Row> extends RowRef {
  of?: Partial<Row>;
}

export interface FindRowOptions {
  /** FOR UPDATE: the row stays locked until the transaction ends. */
  lock?: boolean;
}

/** A table's finder (`findReward(tx, key, { lock })`) and the 404 it answers, for checks made after it. */
export type RowFinder<Row> = ((db: Executor, key: RowKey<Row>, options?: FindRowOptions) => Promise<Row>) & {
  notFound: () => AppError;
};

type FindQuery = (executor: Executor, values: Record<string, unknown>) => Promise<unknown[]>;

/**
 * The finder of `table`'s rows by key: the tenant's row (of the owner `key.of` names), or 404
 * `not_found` "<what> not found". Every "load the row, lock it, 404 when missing or someone else's"
 * is this one query, so the refusal reads the same everywhere. Finders run in nearly every request,
 * several times: each shape of the query (locked or not, which owner columns, which of them null)
 * is a prepared query, built on first use and then only bound.
 */
export const rowFinder = <T extends KeyedTable>(table: T, what: string): RowFinder<T["$inferSelect"]> => {
  type Row = T["$inferSelect"];
  const tableName = getTableName(table);
  const columns: Record<string, PgColumn | undefined> = getTableColumns(table);
  /** Checked on every call: a key names only the table's columns, each with a value (null included). */
  const assertOwner = ([name, value]: [string, unknown]): void => {
    if (!columns[name] || value === undefined)
      throw new Error(`${tableName}: cannot match ${name} = ${String(value)}`);
  };
  const ownerCondition = ([name, value]: [string, unknown]): SQL =>
    value === null ? isNull(columns[name]!) : eq(columns[name]!, sql.placeholder(`of_${name}`));
  const queries = new Map<string, FindQuery>();
  const queryFor = (owners: [string, unknown][], lock: boolean): FindQuery => {
    const shape = `${lock ? "lock" : "read"}:${owners.map(([name, value]) => (value === null ? `${name}=null` : name)).join(",")}`;
    let query = queries.get(shape);
    if (!query) {
      const conditions = owners.map(ownerCondition);
      query = preparedQuery(`find_${tableName}_${shape}`, (executor) => {
        const select = executor
          .select()
          .from(table as PgTable)
          .where(
            and(
              eq(table.organizationId, sql.placeholder("organizationId")),
              eq(table.id, sql.placeholder("id")),
              ...conditions,
            ),
          );
        return lock ? select.for("update") : select;
      });
      queries.set(shape, query);
    }
    return query;
  };
  const notFound = () => new AppError("not_found", `${what} not found`);
  const find = async (db: Executor, key: RowKey<Row>, options: FindRowOptions = {}): Promise<Row> => {
    const owners = Object.entries(key.of ?? {});
    owners.forEach(assertOwner);
    const values: Record<string, unknown> = { organizationId: key.organizationId, id: key.id };
    for (const [name, value] of owners) if (value !== null) values[`of_${name}`] = value;
    const [row] = await queryFor(owners, options.lock === true)(db, values);
    if (!row) throw notFound();
    return row as Row;
  };
  return Object.assign(find, { notFound });
};
