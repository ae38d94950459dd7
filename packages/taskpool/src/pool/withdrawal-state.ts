import { defineStateMachine } from "@tally/core";
import {
  stateMachineTable,
  taskPoolWithdrawalStatuses,
  taskPoolWithdrawals,
  type WriteContext,
} from "@tally/db";

/**
 * A pool withdrawal: recorded PENDING (its amount taken from the mirrored balance) before the escrow's
 * `withdrawPool` is sent; CONFIRMED once mined; FAILED when the escrow refused or nothing was sent (the
 * amount goes back to the balance); SENT when the call was signed but its outcome is unknown (the RPC
 * failed after sending): the amount stays taken until the transaction is found. Only this file writes
 * a withdrawal's status.
 */
export const WITHDRAWAL_MACHINE = defineStateMachine({
  name: "task pool withdrawal",
  table: "task_pool_withdrawals",
  states: taskPoolWithdrawalStatuses,
  initial: ["PENDING"],
  moves: {
    confirm: { from: ["PENDING", "SENT"], to: "CONFIRMED" },
    fail: { from: ["PENDING", "SENT"], to: "FAILED" },
    markSent: { from: ["PENDING"], to: "SENT" },
  },
});

const WITHDRAWAL_ROWS = stateMachineTable(WITHDRAWAL_MACHINE, taskPoolWithdrawals);

export type WithdrawalRow = typeof taskPoolWithdrawals.$inferSelect;

/** Records a withdrawal about to be sent (PENDING). */
export const insertPendingWithdrawal = async (
  { tx }: WriteContext,
  values: Omit<typeof taskPoolWithdrawals.$inferInsert, "status">,
): Promise<WithdrawalRow> => {
  const [row] = await tx
    .insert(taskPoolWithdrawals)
    .values(WITHDRAWAL_ROWS.initialRow("PENDING", values))
    .returning();
  return row!;
};

/** Applies a withdrawal's move (one conditional update); undefined when it had moved already. */
export const moveWithdrawal = (
  context: WriteContext,
  row: Pick<WithdrawalRow, "organizationId" | "id">,
  input: Parameters<typeof WITHDRAWAL_ROWS.tryTransition>[2],
): Promise<WithdrawalRow | undefined> => WITHDRAWAL_ROWS.tryTransition(context, row, input);
