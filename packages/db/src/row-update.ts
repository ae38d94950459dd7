import { and, Column, eq, getTableColumns, getTableName, inArray, is, isNull, SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client.ts";
import { preparedQuery } from "./prepared-query.ts";

type Values = Record<string, unknown>;
type UpdateQuery = (executor: Executor, values: Values) => Promise<unknown[]>;

/** The states a row must be in for the update to apply, or `null`: the column must still be null. */
export type RowGuard = readonly string[] | null;

export interface RowUpdateInput {
  /** The row: its organization and id. */
  ref: { organizationId: string; id: string | number };
  guard: RowGuard;
  /** Column values by property name; undefined ones are left out, as drizzle's `set` leaves them. */
  changes: Values;
}

/**
 * The guarded update of one row by its key (`update ... set ... where organization_id and id and
 * <guard> returning *`), prepared once per shape: the columns it sets and its guard's states. Every
 * move and guarded edit of a row by its ref is this statement, in nearly every write request, and
 * drizzle would otherwise build its SQL on each call. Undefined when a change is an SQL expression
 * (`sold + 1`): such a statement is built per call by the caller.
 */
export const preparedRowUpdates = (table: PgTable & { organizationId: PgColumn }, guarded: PgColumn) => {
  const idColumn: PgColumn | undefined = getTableColumns(table).id;
  const tableName = getTableName(table);
  const queries = new Map<string, UpdateQuery>();
  const queryFor = (shape: string, guard: RowGuard, keys: string[], nulls: string[]): UpdateQuery => {
    let query = queries.get(shape);
    if (!query) {
      query = preparedQuery(`update_${tableName}:${shape}`, (executor) =>
        executor
          .update(table)
          .set(
            Object.fromEntries([
              ...keys.map((key) => [key, sql.placeholder(`set_${key}`)]),
              ...nulls.map((key) => [key, sql`null`]),
            ]),
          )
          .where(
            and(
              eq(table.organizationId, sql.placeholder("organizationId")),
              eq(idColumn!, sql.placeholder("id")),
              guard === null ? isNull(guarded) : inArray(guarded, [...guard]),
            ),
          )
          .returning(),
      );
      queries.set(shape, query);
    }
    return query;
  };
  return (executor: Executor, { ref, guard, changes }: RowUpdateInput): Promise<unknown[]> | undefined => {
    if (!idColumn) return undefined;
    const keys: string[] = [];
    // Written into the statement: drizzle would hand a bound null to the column's encoder.
    const nulls: string[] = [];
    const values: Values = { organizationId: ref.organizationId, id: ref.id };
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      if (is(value, SQL) || is(value, Column)) return undefined;
      if (value === null) {
        nulls.push(key);
        continue;
      }
      keys.push(key);
      values[`set_${key}`] = value;
    }
    const shape = `${guard === null ? "null" : guard.join(",")}|${keys.join(",")}|${nulls.map((key) => `${key}=null`).join(",")}`;
    return queryFor(shape, guard, keys, nulls)(executor, values);
  };
};
