import { AppError } from "@tally/core";
import { withTenant } from "@tally/db";
import type { EscrowWrite } from "@tally/providers";
import type { Address, Hex } from "viem";
import type { TaskpoolDeps } from "../deps.ts";
import { escrowFailure, isRevert, unknownOutcome } from "../escrow.ts";
import { scheduleExpiry } from "../task/expire.ts";
import { findTask, type TaskRow } from "../task/record.ts";
import { applyTaskMove, illegalTaskMove, updateTaskWhile } from "../task/states.ts";
import { releaseLapsedClaim, taskTenant } from "./claim.ts";
import type { SubmitTaskInput } from "./schemas.ts";

/** How long a submission in flight (its escrow call not answered) holds off another attempt. */
const IN_FLIGHT_MS = 2 * 60 * 1000;

/**
 * `POST /solver/tasks/{taskId}/submit`. Claim, call, record: (1) the claimant only (403 `forbidden`), with
 * its lease and the deadline ahead (409 `invalid_state` otherwise; a lapsed lease reopens the task), the
 * Claimed row takes the submission (`submissionHash`, `submittedAt`: a submission in flight, which the
 * lease release leaves alone); (2) the escrow's `submit` relays it on chain; (3) mined, Claimed ->
 * SubmittedForVerification with its tx hash and `task-verification-requested` is published. A refusal
 * (409 `conflict` naming the contract's error) or an unsent call (503) clears the submission: the task
 * stays Claimed and the solver may retry. A send with an unknown outcome keeps it (503 with the tx hash);
 * submitting again reads the chain and records the submission when it was mined.
 */
export const submitTask = async (
  deps: Pick<TaskpoolDeps, "database" | "clock" | "events" | "providers" | "logger">,
  taskId: string,
  input: SubmitTaskInput,
): Promise<TaskRow> => {
  const db = deps.database.db;
  const escrow = deps.providers.taskEscrow;
  const organizationId = await taskTenant(db, taskId);
  const started = await withTenant(db, organizationId, async (tx) => {
    const now = deps.clock.now();
    const locked = await findTask(tx, { organizationId, id: taskId }, { lock: true });
    const current = await releaseLapsedClaim({ tx, clock: deps.clock }, locked);
    if (current.status !== "Claimed") throw illegalTaskMove("submit", current.status);
    if (current.claimedBy !== input.solverAddress)
      throw new AppError("forbidden", "Only the task's claimant can submit it", {
        context: { reason: "not_claimant" },
      });
    if (current.deadline <= now)
      throw new AppError("invalid_state", "The task's deadline has passed", {
        context: { currentStatus: current.status, deadline: current.deadline.toISOString() },
      });
    const inFlight = current.submissionHash !== null && current.submittedAt !== null;
    if (
      inFlight &&
      current.submitTxHash === null &&
      now.getTime() - current.submittedAt!.getTime() < IN_FLIGHT_MS
    )
      throw new AppError("conflict", "A submission of this task is already on its way; try again shortly", {
        headers: { "Retry-After": "10" },
        context: { reason: "submission_in_flight" },
      });
    const marked = await updateTaskWhile({ tx, now }, current, {
      while: ["Claimed"],
      set: {
        submissionHash: input.submissionHash,
        submissionMetadata: input.metadata ?? null,
        submittedAt: now,
        ...(inFlight && current.submissionHash === input.submissionHash ? {} : { submitTxHash: null }),
      },
    });
    return marked ?? current;
  });
  let write: EscrowWrite | { txHash: Hex | null };
  try {
    const onChain = started.submitTxHash ? await escrow.getTask(taskId as Hex) : undefined;
    write =
      onChain?.status === "Submitted" && onChain.deliverable?.toLowerCase() === input.submissionHash
        ? { txHash: started.submitTxHash as Hex }
        : await escrow.submit(taskId as Hex, input.solverAddress as Address, input.submissionHash as Hex);
  } catch (error) {
    if (isRevert(error, "TaskNotOpen")) {
      // An earlier send of this claimant's (whose outcome was unknown) may have been mined.
      const onChain = await escrow.getTask(taskId as Hex).catch(() => undefined);
      if (
        onChain?.status === "Submitted" &&
        onChain.solver?.toLowerCase() === input.solverAddress &&
        onChain.deliverable
      )
        return recordSubmission(deps, started, {
          txHash: started.submitTxHash as Hex | null,
          submissionHash: onChain.deliverable.toLowerCase(),
        });
    }
    const pendingHash = unknownOutcome(error);
    await withTenant(db, organizationId, (tx) =>
      updateTaskWhile({ tx, now: deps.clock.now() }, started, {
        while: ["Claimed"],
        set: pendingHash
          ? { submitTxHash: pendingHash }
          : { submissionHash: null, submissionMetadata: null, submittedAt: null, submitTxHash: null },
      }),
    );
    deps.logger.warn({ organizationId, taskId, err: error }, "task submit: the escrow did not take it");
    if (isRevert(error, "TaskPastDeadline"))
      throw new AppError("invalid_state", "The escrow refused: the task's deadline has passed", {
        context: { currentStatus: "Claimed", revert: "TaskPastDeadline" },
      });
    throw escrowFailure(error, {
      taskId,
      status: "Claimed",
      ...(pendingHash ? { submissionPending: true } : {}),
    });
  }
  return recordSubmission(deps, started, { txHash: write.txHash, submissionHash: input.submissionHash });
};

/** The escrow holds the submission: Claimed -> SubmittedForVerification, `task-verification-requested`. */
const recordSubmission = (
  deps: Pick<TaskpoolDeps, "database" | "clock" | "events" | "logger">,
  row: TaskRow,
  mined: { txHash: Hex | null; submissionHash: string },
): Promise<TaskRow> =>
  withTenant(deps.database.db, row.organizationId, async (tx) => {
    const submitted = await applyTaskMove({ tx, now: deps.clock.now() }, row, {
      move: "submit",
      set: { submitTxHash: mined.txHash, submissionHash: mined.submissionHash },
    });
    if (!submitted) return findTask(tx, row);
    await scheduleExpiry({ tx, events: deps.events }, submitted);
    await deps.events.publish(tx, "task-verification-requested", {
      organizationId: row.organizationId,
      taskId: row.id,
      submissionId: mined.submissionHash,
    });
    deps.logger.info({ taskId: row.id, txHash: mined.txHash }, "task submitted for verification");
    return submitted;
  });
