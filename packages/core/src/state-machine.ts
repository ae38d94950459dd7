/**
 * One way to declare a status column's state machine: its states, the states a row is created in,
 * its named moves (from -> to, and the event the move's caller publishes), and named status sets
 * the code tests rows against. Everything else (terminal states, where a move starts) is derived,
 * so a set is written once, here, and the docs (`docs/state-machines.md`) render from it. The
 * conditional update that applies a move lives in `@tally/db` (`stateMachineTable`).
 */
export interface MoveDeclaration<State extends string> {
  /** The move applies only to a row in one of these states. */
  readonly from: readonly State[];
  /** The state it lands in, or the states the caller picks from (a processor's report, a shipment). */
  readonly to: State | readonly State[];
  /** The event the move's caller publishes once it applied, when it publishes one. */
  readonly event?: string;
}

export type MoveDeclarations<State extends string> = { readonly [move: string]: MoveDeclaration<State> };

export interface StateMachineDeclaration<
  State extends string,
  Moves extends MoveDeclarations<State>,
  Set extends string,
  Column extends string = "status",
> {
  /** What a row is called in errors and the docs: "order", "creator payout". */
  readonly name: string;
  /** The SQL table whose column the machine governs. */
  readonly table: string;
  /** The SQL column it governs, `status` unless named (a table may hold a machine per column). */
  readonly column?: Column;
  readonly states: readonly State[];
  /** The states a row may be inserted in. */
  readonly initial: readonly State[];
  readonly moves: Moves;
  /** Named status sets other code tests rows against (editable, live, ...). */
  readonly sets?: { readonly [S in Set]: readonly State[] };
}

export interface StateMachine<
  State extends string,
  Moves extends MoveDeclarations<State>,
  Set extends string,
  Column extends string = "status",
> extends StateMachineDeclaration<State, Moves, Set, Column> {
  readonly column: Column;
  readonly sets: { readonly [S in Set]: readonly State[] };
  /** States no move leaves (a move that only re-enters its own state does not count). */
  readonly terminal: readonly State[];
  /** The states `move` may start from. */
  from<Move extends keyof Moves & string>(move: Move): Moves[Move]["from"];
  /** The states `move` may land in. */
  targets(move: keyof Moves & string): readonly State[];
  /** The moves that may start from `state`. */
  movesFrom(state: State): (keyof Moves & string)[];
  /** Whether `move` may start from `state`. */
  canMove(move: keyof Moves & string, state: string): boolean;
}

/** Any machine, whatever its states and moves: what registries and renderers take. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds machines of every state type.
export type AnyStateMachine = StateMachine<any, any, any, any>;

export type StateOf<M extends AnyStateMachine> = M["states"][number];
export type MoveOf<M extends AnyStateMachine> = keyof M["moves"] & string;

const targetsOf = <State extends string>(move: MoveDeclaration<State>): readonly State[] =>
  typeof move.to === "string" ? [move.to] : (move.to as readonly State[]);

/** Checks the declaration (every state named is one of `states`) and derives the rest. */
export const defineStateMachine = <
  const State extends string,
  const Moves extends MoveDeclarations<State>,
  const Set extends string = never,
  const Column extends string = "status",
>(
  declaration: StateMachineDeclaration<State, Moves, Set, Column>,
): StateMachine<State, Moves, Set, Column> => {
  type Move = keyof Moves & string;
  const moves: Moves = declaration.moves;
  const sets = (declaration.sets ?? {}) as { readonly [S in Set]: readonly State[] };
  const known = new Set<string>(declaration.states);
  const named = [
    ...declaration.initial,
    ...Object.values<MoveDeclaration<State>>(moves).flatMap((move) => [...move.from, ...targetsOf(move)]),
    ...Object.values<readonly State[]>(sets).flat(),
  ];
  const unknown = named.filter((state) => !known.has(state));
  if (unknown.length > 0)
    throw new Error(
      `State machine ${declaration.name} names unknown states: ${[...new Set(unknown)].join(", ")}`,
    );
  const names = Object.keys(moves) as Move[];
  const declared = (move: Move): MoveDeclaration<State> => moves[move] as MoveDeclaration<State>;
  const from = <M extends Move>(move: M): Moves[M]["from"] => declared(move).from;
  const targets = (move: Move): readonly State[] => targetsOf(declared(move));
  const movesFrom = (state: State): Move[] => names.filter((move) => from(move).includes(state));
  return {
    ...declaration,
    column: declaration.column ?? ("status" as Column),
    sets,
    terminal: declaration.states.filter((state) =>
      movesFrom(state).every((move) => targets(move).every((target) => target === state)),
    ),
    from,
    targets,
    movesFrom,
    canMove: (move: Move, state: string) => (from(move) as readonly string[]).includes(state),
  };
};

/** Whether `status` is one of `states` (a status read from a row is a plain string to TypeScript's `includes`). */
export const isStatusIn = <State extends string>(states: readonly State[], status: string): status is State =>
  (states as readonly string[]).includes(status);
