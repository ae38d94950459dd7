import { AppError } from "@tally/core";
import { type Tx, tasks, withTenant } from "@tally/db";
import { TASK_ESCROW_GRACE_SECONDS } from "@tally/providers";
import { and, eq, gt, inArray, lte, or, type SQL } from "drizzle-orm";
import type { Hex } from "viem";
import type { TaskpoolDeps } from "../deps.ts";
import { isRevert } from "../escrow.ts";
import { findTask, type TaskRow } from "./record.ts";
import { recordRefund } from "./refund.ts";

/** The escrow's window after the deadline to resolve a submitted task (TaskEscrow.GRACE): then it expires. */
export const EXPIRY_GRACE_MS = Number(TASK_ESCROW_GRACE_SECONDS) * 1000;

/** How soon a job the chain refused as early runs again, at the least (the chain's clock lags a little). */
const RETRY_MIN_MS = 15_000;

type ExpiryDeps = Pick<TaskpoolDeps, "database" | "clock" | "events" | "providers" | "logger">;

/** When the task expires: Open or Claimed at its deadline, SubmittedForVerification at deadline + grace; else never. */
export const expiryDueAt = (row: Pick<TaskRow, "status" | "deadline">): Date | undefined => {
  if (row.status === "Open" || row.status === "Claimed") return row.deadline;
  if (row.status === "SubmittedForVerification") return new Date(row.deadline.getTime() + EXPIRY_GRACE_MS);
  return undefined;
};

export const isExpiryDue = (now: Date, row: Pick<TaskRow, "status" | "deadline">): boolean => {
  const due = expiryDueAt(row);
  return due !== undefined && due <= now;
};

/** What a read shows: a task whose expiry is due is Expired, whether or not the job has run yet. */
export const presentedStatus = (now: Date, row: Pick<TaskRow, "status" | "deadline">): TaskRow["status"] =>
  isExpiryDue(now, row) ? "Expired" : row.status;

/** Rows whose expiry is due at `now` (by the database clock; the chain may lag). */
export const expiryDueWhere = (now: Date): SQL =>
  or(
    and(inArray(tasks.status, ["Open", "Claimed"]), lte(tasks.deadline, now)),
    and(
      eq(tasks.status, "SubmittedForVerification"),
      lte(tasks.deadline, new Date(now.getTime() - EXPIRY_GRACE_MS)),
    ),
  )!;

/** Rows a read presents with `status` at `now` (`presentedStatus`), written so the status index still serves it. */
export const presentedStatusWhere = (now: Date, status: TaskRow["status"]): SQL => {
  switch (status) {
    case "Open":
    case "Claimed":
      return and(eq(tasks.status, status), gt(tasks.deadline, now))!;
    case "SubmittedForVerification":
      return and(eq(tasks.status, status), gt(tasks.deadline, new Date(now.getTime() - EXPIRY_GRACE_MS)))!;
    case "Expired":
      return or(eq(tasks.status, "Expired"), expiryDueWhere(now))!;
    default:
      return eq(tasks.status, status);
  }
};

/**
 * Publishes the task's `task-deadline-reached` job, due when it expires, in the caller's transaction:
 * at open (due at the deadline) and at submission (due at deadline + grace).
 */
export const scheduleExpiry = async (
  { tx, events }: { tx: Tx; events: TaskpoolDeps["events"] },
  row: Pick<TaskRow, "organizationId" | "id" | "status" | "deadline">,
): Promise<void> => {
  const due = expiryDueAt(row);
  if (!due) return;
  await events.publish(
    tx,
    "task-deadline-reached",
    { organizationId: row.organizationId, taskId: row.id },
    { startAfter: due },
  );
};

export type Expiry =
  /** Expired with its refund recorded (now, or before by another path). */
  | { outcome: "expired"; task: TaskRow }
  /** Nothing to do: not due by the clock, or finished another way (settled, cancelled). */
  | { outcome: "not_due"; task: TaskRow }
  /** Due by the clock but the escrow refused as early (the chain's clock lags): due there about `retryAt`. */
  | { outcome: "chain_behind"; task: TaskRow; retryAt: Date };

/**
 * Expires a task whose expiry is due, with its refund. Claim, call, record: (1) the locked row is checked
 * (status and deadline against the clock); (2) the escrow's `expire` returns the amount to the pool on
 * chain, outside any transaction; (3) `recordRefund` moves the row to Expired and the mirror follows,
 * once. Idempotent: a second run (the job, the sweep and a read racing) finds it Expired, or the escrow
 * refuses and the chain shows it Expired, and records nothing twice. An unreachable chain throws (the
 * job retries; a read shows the task as Expired with its refund pending).
 */
export const expireTask = async (
  deps: ExpiryDeps,
  row: Pick<TaskRow, "organizationId" | "id">,
): Promise<Expiry> => {
  const escrow = deps.providers.taskEscrow;
  const taskId = row.id as Hex;
  const current = await withTenant(deps.database.db, row.organizationId, (tx) =>
    findTask(tx, row, { lock: true }),
  );
  const now = deps.clock.now();
  if (!isExpiryDue(now, current))
    return { outcome: current.status === "Expired" ? "expired" : "not_due", task: current };
  let txHash: Hex | null = null;
  try {
    txHash = (await escrow.expire(taskId)).txHash;
  } catch (error) {
    if (!isRevert(error)) throw error;
    const onChain = await escrow.getTask(taskId);
    if (onChain.status === "Open" || onChain.status === "Submitted") {
      const chainNow = await escrow.chainTime();
      const expirableAt =
        onChain.status === "Submitted" ? onChain.deadline + TASK_ESCROW_GRACE_SECONDS : onChain.deadline;
      const waitMs = expirableAt > chainNow ? Number(expirableAt - chainNow) * 1000 : 0;
      return {
        outcome: "chain_behind",
        task: current,
        retryAt: new Date(now.getTime() + Math.max(waitMs, RETRY_MIN_MS)),
      };
    }
    if (onChain.status !== "Expired") {
      // Settled or cancelled on chain: the path that did it records it.
      deps.logger.warn({ taskId, onChain: onChain.status }, "task expiry: the chain finished it otherwise");
      return { outcome: "not_due", task: current };
    }
  }
  const task = await recordRefund(deps, current, { txHash, expire: true });
  deps.logger.info({ organizationId: row.organizationId, taskId, txHash }, "task expired");
  return { outcome: task.status === "Expired" ? "expired" : "not_due", task };
};

/**
 * The `task-deadline-reached` job: expires the task. When the chain refused as early, the job is published
 * again, due when the chain should allow it; an unreachable chain throws, so the bus retries it.
 */
export const onDeadlineReached = async (
  deps: ExpiryDeps,
  payload: { organizationId: string; taskId: string },
): Promise<void> => {
  const expiry = await expireTask(deps, { organizationId: payload.organizationId, id: payload.taskId }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") return undefined;
      throw error;
    },
  );
  if (expiry?.outcome !== "chain_behind") return;
  await withTenant(deps.database.db, payload.organizationId, (tx) =>
    deps.events.publish(tx, "task-deadline-reached", payload, { startAfter: expiry.retryAt }),
  );
};
