import { AppError } from "@tally/core";
import { type Executor, taskPools, type WriteContext } from "@tally/db";
import { and, eq, gte, sql } from "drizzle-orm";

export type PoolRow = typeof taskPools.$inferSelect;

/** The organization's pool, or undefined before `POST /tasks/pools`. */
export const readPool = async (db: Executor, organizationId: string): Promise<PoolRow | undefined> => {
  const [row] = await db.select().from(taskPools).where(eq(taskPools.organizationId, organizationId));
  return row;
};

/** 409 for a pool operation before the pool exists. */
export const poolNotRegistered = (): AppError =>
  new AppError("conflict", "The organization has no task pool yet: POST /tasks/pools first", {
    context: { reason: "pool_not_registered" },
  });

/** 409 for Consensus verification while the pool has no verifier set (the escrow's NoVerifiers). */
export const noVerifierSet = (): AppError =>
  new AppError(
    "conflict",
    "Consensus verification needs the pool's verifier set: PUT /tasks/pools/verifiers first",
    {
      context: { reason: "no_verifiers" },
    },
  );

/** The organization's pool, or 409 when it has none. */
export const requirePool = async (db: Executor, organizationId: string): Promise<PoolRow> => {
  const row = await readPool(db, organizationId);
  if (!row) throw poolNotRegistered();
  return row;
};

const insufficient = (available: bigint, required: bigint, what: string): AppError =>
  new AppError("insufficient_funds", `The pool's unescrowed balance does not cover ${what}`, {
    context: { availableAtomic: available.toString(), requiredAtomic: required.toString() },
  });

/** A change of the mirrored pool: signed deltas of its unescrowed balance and of its escrowed total. */
interface PoolMovement {
  balance: bigint;
  escrowed?: bigint;
  /** What a decrease of the balance pays for, named in the 409 when the balance is short. */
  paysFor?: string;
}

/**
 * Every change of the mirror is this one update. A decrease of the unescrowed balance is conditional
 * (`balance >= amount`), so two concurrent takers can never both take the last of it: 409
 * `insufficient_funds` (nothing written) when it is short, 409 without a pool.
 */
const movePool = async (
  { tx, now }: WriteContext,
  organizationId: string,
  { balance, escrowed = 0n, paysFor = "the amount" }: PoolMovement,
): Promise<PoolRow> => {
  const [row] = await tx
    .update(taskPools)
    .set({
      balanceAtomic: sql`${taskPools.balanceAtomic} + ${balance}`,
      ...(escrowed === 0n ? {} : { escrowedAtomic: sql`${taskPools.escrowedAtomic} + ${escrowed}` }),
      updatedAt: now,
    })
    .where(
      and(
        eq(taskPools.organizationId, organizationId),
        balance < 0n ? gte(taskPools.balanceAtomic, -balance) : undefined,
      ),
    )
    .returning();
  if (row) return row;
  const pool = await requirePool(tx, organizationId);
  throw insufficient(pool.balanceAtomic, -balance, paysFor);
};

/** A new task's amount moves from the unescrowed balance to the escrowed total. */
export const reserveForTask = (
  context: WriteContext,
  organizationId: string,
  amount: bigint,
): Promise<PoolRow> =>
  movePool(context, organizationId, { balance: -amount, escrowed: amount, paysFor: "the task's amount" });

/** A task's escrow back in the unescrowed balance (a cancel or expiry refund, or a create the escrow refused). */
export const releaseTaskEscrow = (
  context: WriteContext,
  organizationId: string,
  amount: bigint,
): Promise<PoolRow> => movePool(context, organizationId, { balance: amount, escrowed: -amount });

/** A withdrawal takes `amount` from the unescrowed balance; escrowed funds are never withdrawn. */
export const takeForWithdrawal = (
  context: WriteContext,
  organizationId: string,
  amount: bigint,
): Promise<PoolRow> =>
  movePool(context, organizationId, {
    balance: -amount,
    paysFor: "the withdrawal (escrowed funds are never withdrawn)",
  });

/** A deposit credited, or a failed withdrawal's amount given back: the unescrowed balance grows. */
export const creditPool = (context: WriteContext, organizationId: string, amount: bigint): Promise<PoolRow> =>
  movePool(context, organizationId, { balance: amount });

/** A task settled: its amount leaves the escrowed total for the solver's claimable balance (not the pool's). */
export const settleTaskEscrow = (
  context: WriteContext,
  organizationId: string,
  amount: bigint,
): Promise<PoolRow> => movePool(context, organizationId, { balance: 0n, escrowed: -amount });
