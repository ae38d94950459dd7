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

/**
 * Moves `amount` of the mirrored pool from the unescrowed balance to the escrowed total, as one
 * conditional update (`balance >= amount`): two concurrent creates can never both take the last of it.
 * 409 `insufficient_funds` (nothing written) when the balance is short.
 */
export const reserveForTask = async (
  { tx, now }: WriteContext,
  organizationId: string,
  amount: bigint,
): Promise<PoolRow> => {
  const [row] = await tx
    .update(taskPools)
    .set({
      balanceAtomic: sql`${taskPools.balanceAtomic} - ${amount}`,
      escrowedAtomic: sql`${taskPools.escrowedAtomic} + ${amount}`,
      updatedAt: now,
    })
    .where(and(eq(taskPools.organizationId, organizationId), gte(taskPools.balanceAtomic, amount)))
    .returning();
  if (row) return row;
  const pool = await requirePool(tx, organizationId);
  throw insufficient(pool.balanceAtomic, amount, "the task's amount");
};

/** A task's escrow back in the unescrowed balance (a cancel or expiry refund, or a create the escrow refused). */
export const releaseTaskEscrow = async (
  { tx, now }: WriteContext,
  organizationId: string,
  amount: bigint,
): Promise<void> => {
  await tx
    .update(taskPools)
    .set({
      balanceAtomic: sql`${taskPools.balanceAtomic} + ${amount}`,
      escrowedAtomic: sql`${taskPools.escrowedAtomic} - ${amount}`,
      updatedAt: now,
    })
    .where(eq(taskPools.organizationId, organizationId));
};

/** A withdrawal takes `amount` from the unescrowed balance (conditional: 409 `insufficient_funds` when short). */
export const takeForWithdrawal = async (
  { tx, now }: WriteContext,
  organizationId: string,
  amount: bigint,
): Promise<PoolRow> => {
  const [row] = await tx
    .update(taskPools)
    .set({ balanceAtomic: sql`${taskPools.balanceAtomic} - ${amount}`, updatedAt: now })
    .where(and(eq(taskPools.organizationId, organizationId), gte(taskPools.balanceAtomic, amount)))
    .returning();
  if (row) return row;
  const pool = await requirePool(tx, organizationId);
  throw insufficient(pool.balanceAtomic, amount, "the withdrawal (escrowed funds are never withdrawn)");
};

/** A deposit credited, or a failed withdrawal's amount given back: the unescrowed balance grows. */
export const creditPool = async (
  { tx, now }: WriteContext,
  organizationId: string,
  amount: bigint,
): Promise<PoolRow> => {
  const [row] = await tx
    .update(taskPools)
    .set({ balanceAtomic: sql`${taskPools.balanceAtomic} + ${amount}`, updatedAt: now })
    .where(eq(taskPools.organizationId, organizationId))
    .returning();
  if (!row) throw poolNotRegistered();
  return row;
};
