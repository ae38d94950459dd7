import { AppError } from "@tally/core";
import { and, eq, getTableColumns, getTableName, isNull, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client.ts";
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

/**
 * The finder of `table`'s rows by key: the tenant's row (of the owner `key.of` names), or 404
 * `not_found` "<what> not found". Every "load the row, lock it, 404 when missing or someone else's"
 * is this one query, so the refusal reads the same everywhere.
 */
export const rowFinder = <T extends KeyedTable>(table: T, what: string): RowFinder<T["$inferSelect"]> => {
  type Row = T["$inferSelect"];
  const columns: Record<string, PgColumn | undefined> = getTableColumns(table);
  const ownerCondition = ([name, value]: [string, unknown]): SQL => {
    const column = columns[name];
    if (!column || value === undefined)
      throw new Error(`${getTableName(table)}: cannot match ${name} = ${String(value)}`);
    return value === null ? isNull(column) : eq(column, value);
  };
  const notFound = () => new AppError("not_found", `${what} not found`);
  const find = async (db: Executor, key: RowKey<Row>, options: FindRowOptions = {}): Promise<Row> => {
    const query = db
      .select()
      .from(table as PgTable)
      .where(
        and(
          eq(table.organizationId, key.organizationId),
          eq(table.id, key.id),
          ...Object.entries(key.of ?? {}).map(ownerCondition),
        ),
      );
    const [row] = options.lock ? await query.for("update") : await query;
    if (!row) throw notFound();
    return row as Row;
  };
  return Object.assign(find, { notFound });
};
