import { tasks, withTenant } from "@tally/db";
import { isNull } from "drizzle-orm";
import type { Hex } from "viem";
import type { TaskpoolDeps } from "../deps.ts";
import { releaseTaskEscrow } from "../pool/record.ts";
import { findTask, type TaskRow } from "./record.ts";
import { applyTaskMove, TASK_MACHINE, updateTaskWhile } from "./states.ts";

/**
 * The escrow returned the task's amount to the pool on chain (its `cancelTask` or `expire`): the row
 * records the refund and the pool mirror follows, once. A cancelled task is Cancelled already (its
 * refund pending); an expired one moves here, Open or Claimed -> Expired (`expire`) or
 * SubmittedForVerification -> Expired (`expireUnresolved`), by the status it has now. A row that had
 * moved on (refunded by another path) is answered as it is.
 */
export const recordRefund = (
  deps: Pick<TaskpoolDeps, "database" | "clock">,
  row: Pick<TaskRow, "organizationId" | "id" | "amountAtomic">,
  input: { txHash: Hex | null; expire?: boolean },
): Promise<TaskRow> =>
  withTenant(deps.database.db, row.organizationId, async (tx) => {
    const context = { tx, now: deps.clock.now() };
    const set = { refundedAt: context.now, refundTxHash: input.txHash };
    let refunded: TaskRow | undefined;
    if (input.expire) {
      const current = await findTask(tx, row, { lock: true });
      const move = current.status === "SubmittedForVerification" ? "expireUnresolved" : "expire";
      refunded = await applyTaskMove(context, current, { move, set });
    } else
      refunded = await updateTaskWhile(context, row, {
        while: TASK_MACHINE.sets.refunded,
        set,
        where: isNull(tasks.refundedAt),
      });
    if (!refunded) return findTask(tx, row);
    await releaseTaskEscrow(context, row.organizationId, row.amountAtomic);
    return refunded;
  });
