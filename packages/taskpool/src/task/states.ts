import { AppError, defineStateMachine, isStatusIn, type MoveOf } from "@tally/core";
import { stateMachineTable, taskRoutes, taskStatuses, tasks, type WriteContext } from "@tally/db";
import { and, eq } from "drizzle-orm";
import type { TaskRow } from "./record.ts";

/**
 * Every move of a task's status (spec 02 "Task status" and issue 25), declared once. A task is inserted
 * `Creating` (its amount reserved from the pool mirror) and opens once the escrow's `createTask` is
 * mined; the moves after claim are declared here for the solver, verification and expiry routes that
 * apply them. Only this file writes a task's status.
 */
export const TASK_MACHINE = defineStateMachine({
  name: "task",
  table: "tasks",
  states: taskStatuses,
  initial: ["Creating"],
  moves: {
    /** The escrow's createTask is mined: the task is open to solvers (`POST /tasks`). */
    open: { from: ["Creating"], to: "Open", event: "task-created" },
    /** The merchant cancels an open task (`DELETE /tasks/{taskId}`): the escrow goes back to the pool. */
    cancel: { from: ["Open"], to: "Cancelled" },
    /** One solver takes it, with a claim lease. */
    claim: { from: ["Open"], to: "Claimed" },
    /** The claim lease ran out without a submission: open again. */
    releaseClaim: { from: ["Claimed"], to: "Open" },
    /** The claimant submits its bytes32 deliverable; verification is requested on chain. */
    submit: { from: ["Claimed"], to: "SubmittedForVerification", event: "task-verification-requested" },
    /** The verification (Oracle, Consensus, AIEval or an admin) approved the submission. */
    approve: { from: ["SubmittedForVerification"], to: "Verified" },
    /** The escrow credited the solver's claimable balance. */
    settle: { from: ["Verified"], to: "Settled" },
    /** The verification rejected it: open again while time remains, else expired (refunded). */
    reject: { from: ["SubmittedForVerification"], to: ["Open", "Expired"] },
    /** Open or claimed past the deadline: refunded to the pool. */
    expire: { from: ["Open", "Claimed"], to: "Expired" },
    /** Submitted but unresolved past the deadline plus the escrow's grace period: refunded to the pool. */
    expireUnresolved: { from: ["SubmittedForVerification"], to: "Expired" },
  },
  sets: {
    /** Holding escrow on chain and not finished: what the analytics call active. */
    active: ["Open", "Claimed", "SubmittedForVerification", "Verified"],
    /** Finished with the escrow back in the pool (once `refundedAt` is set). */
    refunded: ["Cancelled", "Expired"],
  },
});

const TASK_ROWS = stateMachineTable(TASK_MACHINE, tasks);

export type TaskMove = MoveOf<typeof TASK_MACHINE>;

/** The values of a new task: Creating, until the escrow holds its amount. */
export const newTaskRow = <V extends Omit<typeof tasks.$inferInsert, "status">>(values: V) =>
  TASK_ROWS.initialRow("Creating", values);

export const isActive = (status: string): boolean => isStatusIn(TASK_MACHINE.sets.active, status);

const WHAT: Record<TaskMove, string> = {
  open: "Opening a task",
  cancel: "Cancelling a task",
  claim: "Claiming a task",
  releaseClaim: "Releasing a task's claim",
  submit: "Submitting a task",
  approve: "Approving a task",
  settle: "Settling a task",
  reject: "Rejecting a task's submission",
  expire: "Expiring a task",
  expireUnresolved: "Expiring an unresolved task",
};

/** 409 `invalid_state` naming the task's state and the states the move starts from. */
export const illegalTaskMove = (move: TaskMove, status: string): AppError => {
  const from = TASK_MACHINE.from(move);
  return new AppError(
    "invalid_state",
    `${WHAT[move]} needs a task that is ${from.join(" or ")}; this one is ${status}`,
    {
      context: { currentStatus: status, allowedFrom: [...from] },
    },
  );
};

/**
 * Applies `move` as one conditional update, with `set` written alongside: the moved row, or undefined
 * when the row had left the states the move starts from (a concurrent move won).
 */
export const applyTaskMove = (
  context: WriteContext,
  row: Pick<TaskRow, "organizationId" | "id">,
  input: {
    move: TaskMove;
    to?: TaskRow["status"];
    set?: Parameters<typeof TASK_ROWS.tryTransition>[2]["set"];
  },
): Promise<TaskRow | undefined> => TASK_ROWS.tryTransition(context, row, input);

/** A guarded edit of a row that stays in its state (a cancelled task's refund once the chain returned it). */
export const updateTaskWhile = (
  context: WriteContext,
  row: Pick<TaskRow, "organizationId" | "id">,
  input: Parameters<typeof TASK_ROWS.updateWhile>[2],
): Promise<TaskRow | undefined> => TASK_ROWS.updateWhile(context, row, input);

/**
 * Removes a task that never became Open (the escrow refused its createTask, or it can no longer be mined):
 * the row and its route go, in the caller's transaction. The deleted row, or undefined when it had moved on.
 */
export const abandonCreatingTask = async (
  { tx }: WriteContext,
  row: Pick<TaskRow, "organizationId" | "id">,
): Promise<TaskRow | undefined> => {
  const [deleted] = await tx
    .delete(tasks)
    .where(
      and(eq(tasks.organizationId, row.organizationId), eq(tasks.id, row.id), eq(tasks.status, "Creating")),
    )
    .returning();
  if (deleted) await tx.delete(taskRoutes).where(eq(taskRoutes.taskId, row.id));
  return deleted;
};
