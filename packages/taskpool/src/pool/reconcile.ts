import { taskPoolWithdrawals, withTenant } from "@tally/db";
import type { DepositTransaction } from "@tally/providers";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Hex } from "viem";
import type { TaskpoolDeps } from "../deps.ts";
import { creditPool } from "./record.ts";
import { moveWithdrawal, type WithdrawalRow } from "./withdrawal-state.ts";

/** A SENT withdrawal the chain still does not know after this long was dropped: it will never be mined. */
export const WITHDRAWAL_DROPPED_AFTER_MS = 60 * 60 * 1000;

type Outcome = { move: "confirm"; blockNumber: bigint } | { move: "fail"; failure: string };

const outcomeOf = (receipt: DepositTransaction, row: WithdrawalRow, now: Date): Outcome | undefined => {
  if (receipt.status === "success") return { move: "confirm", blockNumber: receipt.blockNumber };
  if (receipt.status === "reverted") return { move: "fail", failure: "The withdrawal reverted on chain" };
  if (receipt.status === "not_found" && now.getTime() - row.updatedAt.getTime() > WITHDRAWAL_DROPPED_AFTER_MS)
    return { move: "fail", failure: "The withdrawal was never mined (dropped)" };
  return undefined;
};

/**
 * Settles up to `limit` SENT withdrawals (sent, outcome unknown; of every organization, or of the one
 * `scope` names) from their transaction's receipt (the
 * port's `depositOf` reads any transaction's receipt; a withdrawal's has no deposits): mined -> CONFIRMED;
 * reverted, or unknown to the chain an hour after it was sent -> FAILED with the amount back in the
 * mirrored balance. Each row moves once (a conditional move; the credit only with the move that won);
 * a transaction still pending, or a chain that cannot be read, waits for the next run.
 */
export const reconcileSentWithdrawals = async (
  deps: Pick<TaskpoolDeps, "database" | "clock" | "providers" | "logger">,
  scope: { organizationId?: string | undefined } = {},
  limit = 50,
): Promise<number> => {
  const sent = await deps.database.db
    .select()
    .from(taskPoolWithdrawals)
    .where(
      and(
        eq(taskPoolWithdrawals.status, "SENT"),
        isNotNull(taskPoolWithdrawals.txHash),
        scope.organizationId ? eq(taskPoolWithdrawals.organizationId, scope.organizationId) : undefined,
      ),
    )
    .orderBy(asc(taskPoolWithdrawals.updatedAt))
    .limit(limit);
  let settled = 0;
  for (const row of sent) {
    const receipt = await deps.providers.taskEscrow.depositOf(row.txHash as Hex).catch((error: unknown) => {
      deps.logger.warn({ err: error, withdrawalId: row.id }, "withdrawal reconcile: chain read failed");
      return undefined;
    });
    const now = deps.clock.now();
    const outcome = receipt && outcomeOf(receipt, row, now);
    if (!outcome) continue;
    const moved = await withTenant(deps.database.db, row.organizationId, async (tx) => {
      const context = { tx, now };
      if (outcome.move === "confirm")
        return moveWithdrawal(context, row, { move: "confirm", set: { blockNumber: outcome.blockNumber } });
      const failed = await moveWithdrawal(context, row, { move: "fail", set: { failure: outcome.failure } });
      if (failed) await creditPool(context, row.organizationId, row.amountAtomic);
      return failed;
    });
    if (!moved) continue;
    settled += 1;
    deps.logger.info({ withdrawalId: row.id, outcome: outcome.move }, "task pool withdrawal reconciled");
  }
  return settled;
};
