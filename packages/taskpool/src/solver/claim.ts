import { AppError } from "@tally/core";
import { type Executor, type Tx, taskRoutes, tasks, withTenant } from "@tally/db";
import { and, eq, lte } from "drizzle-orm";
import type { TaskpoolDeps } from "../deps.ts";
import { findTask, type TaskRow } from "../task/record.ts";
import { applyTaskMove, illegalTaskMove } from "../task/states.ts";
import { findSolver } from "./record.ts";

/** The longest claim lease: 30 minutes, or less when the deadline comes first. */
export const CLAIM_LEASE_MS = 30 * 60 * 1000;

/** The organization a task belongs to, from the global `task_routes` (404 "Task not found" otherwise). */
export const taskTenant = async (db: Executor, taskId: string): Promise<string> => {
  const [route] = await db
    .select({ organizationId: taskRoutes.organizationId })
    .from(taskRoutes)
    .where(eq(taskRoutes.taskId, taskId));
  if (!route) throw findTask.notFound();
  return route.organizationId;
};

type Write = Pick<TaskpoolDeps, "clock"> & { tx: Tx };

/**
 * A Claimed task whose lease ran out (`claimExpiresAt` at or before now) goes back to Open, its claimant
 * cleared: the row after, or the row as it was when its lease has not run out (or it is not Claimed).
 */
export const releaseLapsedClaim = async ({ tx, clock }: Write, row: TaskRow): Promise<TaskRow> => {
  const now = clock.now();
  if (row.status !== "Claimed" || row.claimExpiresAt === null || row.claimExpiresAt > now) return row;
  // A submission on its way to the escrow keeps the claim: its outcome decides.
  if (row.submissionHash !== null) return row;
  const released = await applyTaskMove({ tx, now }, row, {
    move: "releaseClaim",
    set: { claimedBy: null, claimExpiresAt: null },
  });
  return released ?? row;
};

/**
 * `POST /solver/tasks/{taskId}/claim`: a registered solver (403 `forbidden` otherwise) takes an Open task
 * whose deadline is ahead, for a lease of min(30 min, time to the deadline). The row is locked, so of
 * concurrent claims exactly one moves it; the others get 409 `invalid_state` naming its state. A lapsed
 * lease is released first (lazily), and a job published with the claim releases it at the lease's end.
 */
export const claimTask = async (
  deps: Pick<TaskpoolDeps, "database" | "clock" | "events" | "logger">,
  taskId: string,
  solverAddress: string,
): Promise<TaskRow> => {
  const db = deps.database.db;
  const organizationId = await taskTenant(db, taskId);
  await findSolver(db, solverAddress).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "not_found"
      ? new AppError("forbidden", "Only a registered solver can claim a task: POST /solver/register first", {
          context: { reason: "solver_not_registered" },
        })
      : error;
  });
  const claimed = await withTenant(db, organizationId, async (tx) => {
    const locked = await findTask(tx, { organizationId, id: taskId }, { lock: true });
    const current = await releaseLapsedClaim({ tx, clock: deps.clock }, locked);
    const now = deps.clock.now();
    if (current.status === "Open" && current.deadline <= now)
      throw new AppError("invalid_state", "The task's deadline has passed", {
        context: { currentStatus: current.status, deadline: current.deadline.toISOString() },
      });
    const leaseEnd = new Date(Math.min(now.getTime() + CLAIM_LEASE_MS, current.deadline.getTime()));
    const moved = await applyTaskMove({ tx, now }, current, {
      move: "claim",
      set: { claimedBy: solverAddress, claimExpiresAt: leaseEnd },
    });
    if (!moved) throw illegalTaskMove("claim", current.status);
    await deps.events.publish(
      tx,
      "task-claim-lease-ended",
      { organizationId, taskId },
      { startAfter: leaseEnd },
    );
    return moved;
  });
  deps.logger.info({ organizationId, taskId, solverAddress }, "task claimed");
  return claimed;
};

/** The `task-claim-lease-ended` job: the task goes back to Open when its lease has run out unused. */
export const endClaimLease = async (
  deps: Pick<TaskpoolDeps, "database" | "clock">,
  payload: { organizationId: string; taskId: string },
): Promise<void> => {
  await withTenant(deps.database.db, payload.organizationId, async (tx) => {
    const [row] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.organizationId, payload.organizationId), eq(tasks.id, payload.taskId)))
      .for("update");
    if (row) await releaseLapsedClaim({ tx, clock: deps.clock }, row);
  });
};

/**
 * Releases up to `limit` lapsed leases of every organization, or of the one `scope` names: lazily on read
 * (what `GET /solver/tasks` runs first, so a task whose claimant let its lease run out is listed Open
 * again) and by the task pool's sweep.
 */
export const releaseLapsedClaims = async (
  deps: Pick<TaskpoolDeps, "database" | "clock">,
  scope: { organizationId?: string | undefined } = {},
  limit = 100,
): Promise<number> => {
  const lapsed = await deps.database.db
    .select({ organizationId: tasks.organizationId, taskId: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.status, "Claimed"),
        lte(tasks.claimExpiresAt, deps.clock.now()),
        scope.organizationId ? eq(tasks.organizationId, scope.organizationId) : undefined,
      ),
    )
    .limit(limit);
  for (const row of lapsed) await endClaimLease(deps, row);
  return lapsed.length;
};
