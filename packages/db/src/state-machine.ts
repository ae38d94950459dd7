import { type AnyStateMachine, AppError, type MoveOf, type StateOf } from "@tally/core";
import { and, eq, getTableColumns, getTableName, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "./client.ts";

/** A table a state machine governs: tenant-scoped rows with a `status` column (and mostly an `id`). */
export type StatusTable = PgTable & { organizationId: PgColumn; status: PgColumn };

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

type ChangeableColumns<T extends StatusTable> = Omit<
  T["$inferInsert"],
  "status" | "organizationId" | "id" | "createdAt" | "updatedAt"
>;

/** What a write may set besides the status: never the row's keys; a value or an SQL expression (`sold + 1`). */
export type RowChanges<T extends StatusTable> = {
  [K in keyof ChangeableColumns<T>]?: ChangeableColumns<T>[K] | SQL;
};

export interface MoveInput<M extends AnyStateMachine, T extends StatusTable> {
  move: MoveOf<M>;
  /** Which of its targets a move with several lands in (one of `machine.targets(move)`). */
  to?: StateOf<M> | undefined;
  /** A narrower start than the move's own `from` (a subset of it). */
  from?: readonly StateOf<M>[] | undefined;
  set?: RowChanges<T> | undefined;
  /** A further condition on the row (another column still as it was read). */
  where?: SQL | undefined;
}

export interface UpdateWhileInput<M extends AnyStateMachine, T extends StatusTable> {
  /** The row changes only while its status is one of these; the status itself stays. */
  while: readonly StateOf<M>[];
  set: RowChanges<T>;
  where?: SQL | undefined;
}

/**
 * Binds a machine to its table: the conditional updates that move a row (`update ... set status =
 * to where id and organization_id and status in (from) returning *`), the guarded edits that leave
 * the status as it is, and the insert values of a new row. A table with `updatedAt` gets the
 * context's `now` on every write. Only the machine's own file may use it (and set the status).
 */
export const stateMachineTable = <M extends AnyStateMachine, T extends StatusTable>(machine: M, table: T) => {
  if (getTableName(table) !== machine.table)
    throw new Error(`State machine ${machine.name} governs ${machine.table}, not ${getTableName(table)}`);
  type Row = T["$inferSelect"];
  type State = StateOf<M>;
  const columns = getTableColumns(table);
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

  const update = async (
    { tx, now }: WriteContext,
    where: SQL | undefined,
    changes: Record<string, unknown>,
  ): Promise<Row[]> =>
    (await tx
      .update(table as PgTable)
      .set({ ...changes, ...(stamps ? { updatedAt: now } : {}) })
      .where(where)
      .returning()) as Row[];

  const moveWhere = (base: SQL | undefined, input: MoveInput<M, T>) =>
    and(base, inArray(table.status, [...startOf(input)]), input.where);

  /** Moves every row matching `where` (always tenant-scoped by the caller) that may make the move. */
  const transitionWhere = (
    context: WriteContext,
    where: SQL | undefined,
    input: MoveInput<M, T>,
  ): Promise<Row[]> => update(context, moveWhere(where, input), { ...input.set, status: targetOf(input) });

  /** The moved row, or undefined when the row does not exist or is not in a state the move starts from. */
  const tryTransition = async (
    context: WriteContext,
    ref: RowRef,
    input: MoveInput<M, T>,
  ): Promise<Row | undefined> => (await transitionWhere(context, rowWhere(ref), input))[0];

  /** As `tryTransition`, but a row that is not there is 404 and one in another state 409 `invalid_state`. */
  const transition = async (context: WriteContext, ref: RowRef, input: MoveInput<M, T>): Promise<Row> => {
    const moved = await tryTransition(context, ref, input);
    if (moved) return moved;
    const [current] = await context.tx
      .select({ status: table.status })
      .from(table as PgTable)
      .where(rowWhere(ref));
    if (!current) throw new AppError("not_found", `The ${machine.name} was not found`);
    throw illegalMove(machine, input.move, String(current.status), startOf(input));
  };

  /** A guarded edit: the row changes only while in one of the given states. */
  const updateWhile = async (
    context: WriteContext,
    ref: RowRef,
    input: UpdateWhileInput<M, T>,
  ): Promise<Row | undefined> =>
    (
      await update(context, and(rowWhere(ref), inArray(table.status, [...input.while]), input.where), {
        ...input.set,
      })
    )[0];

  /** The values of a new row in one of the machine's initial states. */
  const initialRow = <V extends Omit<T["$inferInsert"], "status">>(
    status: State,
    values: V,
  ): V & { status: State } => {
    if (!(machine.initial as readonly string[]).includes(status))
      throw new Error(`No ${machine.name} is created ${status}`);
    return { ...values, status };
  };

  return { machine, table, transition, tryTransition, transitionWhere, updateWhile, initialRow } as const;
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
