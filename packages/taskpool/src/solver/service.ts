import { AppError } from "@tally/core";
import { type Db, type Executor, taskSolvers, tasks } from "@tally/db";
import { takeAddressToken } from "@tally/platform";
import { and, asc, count, eq, gt, inArray, sql, sum } from "drizzle-orm";
import type { Hex } from "viem";
import type { TaskRow } from "../task/record.ts";
import { TASK_MACHINE } from "../task/states.ts";
import { findSolver, type SolverRow } from "./record.ts";
import type { RegisterSolverInput, SolverPerformance } from "./schemas.ts";
import { verifySolverSignature } from "./signature.ts";

/**
 * The solver routes' token bucket, keyed by the solver's address (or the client's address where the
 * request names no solver): 5 a second sustained, bursts of 50.
 */
export const SOLVER_LIMIT = { scope: "solver", ratePerSecond: 5, burst: 50 };

/** Takes one token of `key`'s solver bucket (429 `rate_limited` with Retry-After when empty). */
export const takeSolverToken = (db: Db, key: string | undefined): Promise<void> =>
  takeAddressToken(db, key, SOLVER_LIMIT);

/**
 * `POST /solver/register`: the signature proves control of the address (401 `signature_required`
 * otherwise); the first registration inserts the solver, a later one replaces its metadata. A
 * registration signed no later than the last accepted one is refused (a replayed signature).
 */
export const registerSolver = async (
  { db, now }: { db: Db; now: Date },
  input: RegisterSolverInput,
): Promise<SolverRow> => {
  const issuedAt = await verifySolverSignature({ now }, input.solverAddress as Hex, {
    ...input,
    action: { kind: "registration" },
  });
  const metadata = {
    name: input.metadata?.name ?? null,
    type: input.metadata?.type ?? null,
    capabilities: input.metadata?.capabilities ?? [],
  };
  const [row] = await db
    .insert(taskSolvers)
    .values({
      address: input.solverAddress,
      ...metadata,
      lastIssuedAt: issuedAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: taskSolvers.address,
      set: { ...metadata, lastIssuedAt: issuedAt, updatedAt: now },
      setWhere: sql`${taskSolvers.lastIssuedAt} < ${issuedAt.toISOString()}::timestamptz`,
    })
    .returning();
  if (!row)
    throw new AppError(
      "signature_required",
      "This signature is not later than the solver's last registration; sign a new message",
      { context: { reason: "replayed" } },
    );
  return row;
};

/** `GET /solver/{address}`. */
export const getSolver = (db: Executor, address: string): Promise<SolverRow> => findSolver(db, address);

/**
 * `GET /solver/tasks`: Open tasks of every organization whose deadline is ahead, the soonest deadline
 * first. Read outside any tenant (a solver works for all of them); the rows carry their organization.
 */
export const listOpenTasks = async (
  { db, now }: { db: Executor; now: Date },
  page: { campaignId?: string | undefined; limit: number; offset: number },
): Promise<{ rows: TaskRow[]; total: number }> => {
  const where = and(
    eq(tasks.status, "Open"),
    gt(tasks.deadline, now),
    page.campaignId ? eq(tasks.campaignId, page.campaignId) : undefined,
  );
  const rows = await db
    .select()
    .from(tasks)
    .where(where)
    .orderBy(asc(tasks.deadline), asc(tasks.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(tasks).where(where);
  return { rows, total: counted?.total ?? 0 };
};

/** The statuses a task can have after a claim: it was claimed by `claimedBy`. */
const CLAIMED_SINCE = TASK_MACHINE.states.filter(
  (status) => !["Creating", "Open", "Cancelled"].includes(status),
);

/**
 * `GET /solver/performance/{address}` from the tasks' rows of every organization: claimed = tasks whose
 * claimant it is (Claimed or any later state), completed = those Settled, earned = their amounts.
 * completionRate = completed / claimed (0 without claims); reputationScore = round(100 * completed /
 * (claimed + 3)), 0 to 100: the completion rate, damped while the solver has few claims.
 */
export const solverPerformance = async (db: Executor, address: string): Promise<SolverPerformance> => {
  await findSolver(db, address);
  const byStatus = await db
    .select({ status: tasks.status, tasks: count(), amount: sum(tasks.amountAtomic) })
    .from(tasks)
    .where(and(eq(tasks.claimedBy, address), inArray(tasks.status, CLAIMED_SINCE)))
    .groupBy(tasks.status);
  const claimed = byStatus.reduce((total, row) => total + row.tasks, 0);
  const settled = byStatus.find((row) => row.status === "Settled");
  const completed = settled?.tasks ?? 0;
  return {
    solver: address,
    totalTasksClaimed: claimed,
    totalTasksCompleted: completed,
    totalRewardsEarned: Number(settled?.amount ?? 0),
    completionRate: claimed === 0 ? 0 : completed / claimed,
    reputationScore: Math.round((100 * completed) / (claimed + 3)),
  };
};
