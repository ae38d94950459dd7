import { type AnyStateMachine, AppError, type MoveOf, type StateOf } from "@tally/core";
import { and, eq, getTableColumns, getTableName, inArray, isNull, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor, Tx } from "./client.ts";
import { preparedRowUpdates, type RowGuard } from "./row-update.ts";

/** A table a state machine governs: tenant-scoped rows (mostly with an `id`) and the machine's column. */
export type StatusTable = PgTable & { organizationId: PgColumn };

type ColumnsOf<T extends PgTable> = T["_"]["columns"];

/** The property of `T` whose SQL column is `Name` (`shippingStatus` for `shipping_status`). */
export type ColumnKey<T extends PgTable, Name extends string> = {
  [K in keyof ColumnsOf<T>]: ColumnsOf<T>[K]["_"]["name"] extends Name ? K : never;
}[keyof ColumnsOf<T>] &
  string;

/** The property of `T` that machine `M` governs. */
export type MachineKey<M extends AnyStateMachine, T extends PgTable> = ColumnKey<T, M["column"]>;

/** One row of such a table. */
export interface RowRef {
  organizationId: string;
  id: string | number;
}

/** What a write runs in: the transaction and the moment it happens (the clock is the caller's). */
export interface WriteContext {
  tx: Tx;
  now: Date;
}

/** A machine's writes also run on the database handle itself (a job's cross-tenant lease, a provider's own table). */
type MachineContext = { tx: Executor; now: Date };

type ChangeableColumns<T extends StatusTable, Key extends string> = Omit<
  T["$inferInsert"],
  Key | "organizationId" | "id" | "createdAt" | "updatedAt"
>;

/**
 * What a write may set besides the machine's column (`Key`): never the row's keys; a value or an SQL
 * expression (`sold + 1`).
 */
export type RowChanges<T extends StatusTable, Key extends string = "status"> = {
  [K in keyof ChangeableColumns<T, Key>]?: ChangeableColumns<T, Key>[K] | SQL;
};

export interface MoveInput<M extends AnyStateMachine, T extends StatusTable> {
  move: MoveOf<M>;
  /** Which of its targets a move with several lands in (one of `machine.targets(move)`). */
  to?: StateOf<M> | undefined;
  /** A narrower start than the move's own `from` (a subset of it). */
  from?: readonly StateOf<M>[] | undefined;
  set?: RowChanges<T, MachineKey<M, T>> | undefined;
  /** A further condition on the row (another column still as it was read). */
  where?: SQL | undefined;
}

export interface UpdateWhileInput<M extends AnyStateMachine, T extends StatusTable> {
  /** The row changes only while its state is one of these; the state itself stays. */
  while: readonly StateOf<M>[];
  set: RowChanges<T, MachineKey<M, T>>;
  where?: SQL | undefined;
  /**
   * False leaves `updatedAt` as it was: the edit records what a job observed of the row (a contract
   * check), not a change of it.
   */
  touch?: false | undefined;
}

export interface EnterInput<M extends AnyStateMachine, T extends StatusTable> {
  /** One of the machine's initial states. */
  to: StateOf<M>;
  set?: RowChanges<T, MachineKey<M, T>> | undefined;
  where?: SQL | undefined;
}

/**
 * Binds a machine to its table: the conditional updates that move a row (`update ... set status =
 * to where id and organization_id and status in (from) returning *`, on the machine's column), the
 * guarded edits that leave it as it is, and the insert values of a new row. A table with `updatedAt`
 * gets the context's `now` on every write. Only the machine's own file may use it (and set the column).
 */
export const stateMachineTable = <M extends AnyStateMachine, T extends StatusTable>(machine: M, table: T) => {
  if (getTableName(table) !== machine.table)
    throw new Error(`State machine ${machine.name} governs ${machine.table}, not ${getTableName(table)}`);
  type Row = T["$inferSelect"];
  type State = StateOf<M>;
  type Key = MachineKey<M, T>;
  const columns = getTableColumns(table);
  const governed = Object.entries(columns).find(([, column]) => column.name === machine.column);
  if (!governed) throw new Error(`State machine ${machine.name}: ${machine.table} has no ${machine.column}`);
  const [key, column] = governed as [Key, PgColumn];
  const stamps = "updatedAt" in columns;
  const rowWhere = (ref: RowRef) => {
    const id = columns.id;
    if (!id) throw new Error(`${machine.table} has no id: move its rows with transitionWhere`);
    return and(eq(table.organizationId, ref.organizationId), eq(id, ref.id));
  };

  const startOf = (input: MoveInput<M, T>): readonly State[] => {
    const declared = machine.from(input.move) as readonly State[];
    const narrowed = input.from ?? declared;
    const outside = narrowed.filter((state) => !declared.includes(state));
    if (outside.length > 0)
      throw new Error(`${machine.name} ${input.move} does not start from ${outside.join(", ")}`);
    return narrowed;
  };
  const targetOf = (input: MoveInput<M, T>): State => {
    const targets = machine.targets(input.move) as readonly State[];
    const to = input.to ?? (targets.length === 1 ? targets[0] : undefined);
    if (to === undefined || !targets.includes(to))
      throw new Error(
        `${machine.name} ${input.move} lands in one of ${targets.join(", ")}, not ${String(to)}`,
      );
    return to;
  };
  const initialOf = (state: State): State => {
    if (!(machine.initial as readonly string[]).includes(state))
      throw new Error(`No ${machine.name} is created ${state}`);
    return state;
  };

  const update = async (
    { tx, now }: MachineContext,
    where: SQL | undefined,
    changes: Record<string, unknown>,
    touch = true,
  ): Promise<Row[]> =>
    (await tx
      .update(table as PgTable)
      .set({ ...changes, ...(stamps && touch ? { updatedAt: now } : {}) })
      .where(where)
      .returning()) as Row[];

  const rowUpdates = preparedRowUpdates(table, column);
  /** One row's guarded update: prepared, unless a change is an SQL expression or a further condition comes. */
  const updateRow = async (
    context: MachineContext,
    ref: RowRef,
    guard: RowGuard,
    {
      changes,
      where,
      touch = true,
    }: { changes: Record<string, unknown>; where: SQL | undefined; touch?: boolean },
  ): Promise<Row | undefined> => {
    const stamped = stamps && touch ? { ...changes, updatedAt: context.now } : changes;
    const prepared =
      where === undefined ? rowUpdates(context.tx, { ref, guard, changes: stamped }) : undefined;
    const rows = await (prepared ??
      update(
        context,
        and(rowWhere(ref), guard === null ? isNull(column) : inArray(column, [...guard]), where),
        changes,
        touch,
      ));
    return rows[0] as Row | undefined;
  };

  const moveWhere = (base: SQL | undefined, input: MoveInput<M, T>) =>
    and(base, inArray(column, [...startOf(input)]), input.where);

  /** Moves every row matching `where` (always tenant-scoped by the caller) that may make the move. */
  const transitionWhere = (
    context: MachineContext,
    where: SQL | undefined,
    input: MoveInput<M, T>,
  ): Promise<Row[]> => update(context, moveWhere(where, input), { ...input.set, [key]: targetOf(input) });

  /** The moved row, or undefined when the row does not exist or is not in a state the move starts from. */
  const tryTransition = async (
    context: MachineContext,
    ref: RowRef,
    input: MoveInput<M, T>,
  ): Promise<Row | undefined> =>
    updateRow(context, ref, startOf(input), {
      changes: { ...input.set, [key]: targetOf(input) },
      where: input.where,
    });

  /** As `tryTransition`, but a row that is not there is 404 and one in another state 409 `invalid_state`. */
  const transition = async (context: MachineContext, ref: RowRef, input: MoveInput<M, T>): Promise<Row> => {
    const moved = await tryTransition(context, ref, input);
    if (moved) return moved;
    const [current] = await context.tx
      .select({ state: column })
      .from(table as PgTable)
      .where(rowWhere(ref));
    if (!current) throw new AppError("not_found", `The ${machine.name} was not found`);
    throw illegalMove(machine, input.move, String(current.state), startOf(input));
  };

  /** A guarded edit of every row matching `where` (tenant-scoped by the caller) while in one of the given states. */
  const updateWhileWhere = (
    context: MachineContext,
    where: SQL | undefined,
    input: UpdateWhileInput<M, T>,
  ): Promise<Row[]> =>
    update(
      context,
      and(where, inArray(column, [...input.while]), input.where),
      { ...input.set },
      input.touch ?? true,
    );

  /** A guarded edit: the row changes only while in one of the given states. */
  const updateWhile = async (
    context: MachineContext,
    ref: RowRef,
    input: UpdateWhileInput<M, T>,
  ): Promise<Row | undefined> =>
    updateRow(context, ref, input.while, {
      changes: { ...input.set },
      where: input.where,
      touch: input.touch ?? true,
    });

  /**
   * A row whose column is still null (a nullable column: the row has not entered the machine yet) enters
   * it in one of the initial states. Undefined when it had entered already.
   */
  const enter = async (
    context: MachineContext,
    ref: RowRef,
    input: EnterInput<M, T>,
  ): Promise<Row | undefined> => {
    if (column.notNull)
      throw new Error(`${machine.table}.${machine.column} is never null: create its rows with initialRow`);
    return updateRow(context, ref, null, {
      changes: { ...input.set, [key]: initialOf(input.to) },
      where: input.where,
    });
  };

  /** The values of a new row in one of the machine's initial states. */
  const initialRow = <V extends Omit<T["$inferInsert"], Key>>(
    status: State,
    values: V,
  ): V & Record<Key, State> => ({ ...values, [key]: initialOf(status) }) as V & Record<Key, State>;

  return {
    machine,
    table,
    transition,
    tryTransition,
    transitionWhere,
    updateWhile,
    updateWhileWhere,
    enter,
    initialRow,
  } as const;
};

/** 409 `invalid_state` naming the row's current state and the states `move` starts from. */
export const illegalMove = (
  machine: AnyStateMachine,
  move: string,
  current: string,
  from: readonly string[],
): AppError =>
  new AppError(
    "invalid_state",
    `Cannot ${move} the ${machine.name}: it is ${current}, and ${move} needs ${from.join(" or ")}`,
    { context: { currentStatus: current, allowedFrom: [...from] } },
  );
