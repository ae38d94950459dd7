import { type IntervalJob, startIntervalJob } from "@tally/core";
import { tasks } from "@tally/db";
import { and, asc, eq } from "drizzle-orm";
import { flagStalledEvaluations } from "./aieval/evaluate.ts";
import type { TaskpoolDeps } from "./deps.ts";
import { reconcileSentWithdrawals } from "./pool/reconcile.ts";
import { releaseLapsedClaims } from "./solver/claim.ts";
import { expireTask, expiryDueWhere } from "./task/expire.ts";

/** Rows each part of one sweep takes at most: the next run takes the rest. */
const BATCH = 50;

export interface SweepResult {
  expired: number;
  leasesReleased: number;
  withdrawalsSettled: number;
  evaluationsFlagged: number;
}

/**
 * The backstop of the task pool's jobs (a job lost, dead-lettered, or refused while the chain's clock
 * lagged): tasks whose expiry is due are expired (`expireTask`: idempotent, so a job running at the same
 * time refunds once), lapsed claim leases are released, SENT withdrawals are settled from the chain, and
 * AIEval submissions the model never evaluated go to an admin.
 * Bounded batches; every write in its tenant's transaction; a task the chain refuses waits for the next run.
 * The loop sweeps every organization; `scope` narrows it to one.
 */
export const sweepTaskPool = async (
  deps: Pick<TaskpoolDeps, "database" | "clock" | "events" | "providers" | "logger">,
  scope: { organizationId?: string | undefined } = {},
): Promise<SweepResult> => {
  const due = await deps.database.db
    .select({ organizationId: tasks.organizationId, id: tasks.id })
    .from(tasks)
    .where(
      and(
        expiryDueWhere(deps.clock.now()),
        scope.organizationId ? eq(tasks.organizationId, scope.organizationId) : undefined,
      ),
    )
    .orderBy(asc(tasks.deadline))
    .limit(BATCH);
  let expired = 0;
  for (const row of due) {
    const expiry = await expireTask(deps, row).catch((error: unknown) => {
      deps.logger.warn({ err: error, taskId: row.id }, "task pool sweep: expiry failed");
      return undefined;
    });
    if (expiry?.outcome === "expired") expired += 1;
  }
  const leasesReleased = await releaseLapsedClaims(deps, scope, BATCH);
  const withdrawalsSettled = await reconcileSentWithdrawals(deps, scope, BATCH);
  const evaluationsFlagged = await flagStalledEvaluations(deps, scope, BATCH);
  return { expired, leasesReleased, withdrawalsSettled, evaluationsFlagged };
};

/** Runs the sweep every minute in each process that works the queues (no cron slot of spec 01 fits it). */
export const startTaskPoolSweep = (
  deps: Pick<TaskpoolDeps, "database" | "clock" | "events" | "providers" | "logger">,
): IntervalJob =>
  startIntervalJob("task-pool-sweep", () => sweepTaskPool(deps), { intervalMs: 60_000, logger: deps.logger });
