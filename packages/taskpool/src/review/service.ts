import { AppError } from "@tally/core";
import { type Executor, tasks, withTenant } from "@tally/db";
import { and, asc, count, eq, isNotNull, type SQL } from "drizzle-orm";
import type { Hex } from "viem";
import { evaluateSubmission, submissionKey } from "../aieval/evaluate.ts";
import type { TaskpoolDeps } from "../deps.ts";
import { concludeVerification } from "../task/conclude.ts";
import { findTask, type TaskRow } from "../task/record.ts";
import { illegalTaskMove } from "../task/states.ts";
import type { PendingReviewInput, ResolveTaskInput, RetryAction } from "./schemas.ts";

type ReviewDeps = Pick<TaskpoolDeps, "database" | "clock" | "events" | "providers" | "logger">;

const pendingWhere = (organizationId: string): SQL | undefined =>
  and(
    eq(tasks.organizationId, organizationId),
    eq(tasks.status, "SubmittedForVerification"),
    isNotNull(tasks.reviewRequestedAt),
  );

/** `GET /admin/tasks/pending-review`: the tasks flagged for review and still unresolved, oldest flag first. */
export const listPendingReview = async (
  db: Executor,
  organizationId: string,
  input: PendingReviewInput,
): Promise<{ rows: TaskRow[]; total: number }> => {
  const where = pendingWhere(organizationId);
  const rows = await db
    .select()
    .from(tasks)
    .where(where)
    .orderBy(asc(tasks.reviewRequestedAt), asc(tasks.id))
    .limit(input.limit)
    .offset(input.offset);
  const [counted] = await db.select({ total: count() }).from(tasks).where(where);
  return { rows, total: counted?.total ?? 0 };
};

const readTask = (deps: ReviewDeps, organizationId: string, taskId: string): Promise<TaskRow> =>
  withTenant(deps.database.db, organizationId, (tx) => findTask(tx, { organizationId, id: taskId }));

/**
 * `POST /admin/tasks/{taskId}/resolve`: an admin's verdict on an Oracle or AIEval task, resolved on chain
 * by `concludeVerification` (the escrow's `resolve`, with the attester or evaluator key) and recorded
 * with the admin's key and notes; the review flag goes. A Consensus task is 409: only its verifiers'
 * signatures resolve it.
 */
export const resolveByAdmin = async (
  deps: ReviewDeps,
  principal: { organizationId: string; keyId: string },
  input: ResolveTaskInput,
): Promise<TaskRow> => {
  const row = await readTask(deps, principal.organizationId, input.taskId);
  if (row.status !== "SubmittedForVerification")
    throw illegalTaskMove(input.approved ? "approve" : "reject", row.status);
  if (row.verificationMethod === "Consensus")
    throw new AppError(
      "invalid_state",
      "A Consensus task is resolved only by its verifiers' signatures (POST /tasks/{taskId}/verify)",
      { context: { currentStatus: row.status, verificationMethod: row.verificationMethod } },
    );
  const conclusion = await concludeVerification(deps, row, {
    approved: input.approved,
    resolutionMetadata: { evaluationType: "Admin" },
    admin: { keyId: principal.keyId, notes: input.adminNotes },
    send: (approved) => deps.providers.taskEscrow.resolve(row.id as Hex, approved),
  });
  deps.logger.info({ taskId: row.id, approved: input.approved }, "task resolved by an admin");
  return conclusion.task;
};

/**
 * `POST /admin/tasks/{taskId}/retry-verification` (SubmittedForVerification only). A resolution already
 * under way (Oracle or AIEval, `verifiedAt` set) is reconciled: `concludeVerification` reads the chain and
 * records its outcome, or sends the same verdict again while the task is still Submitted there. Else an
 * AIEval submission is evaluated again now (a new evaluation key) and answered; an Oracle or Consensus
 * task gets `task-verification-requested` published again.
 */
export const retryVerification = async (
  deps: ReviewDeps,
  organizationId: string,
  taskId: string,
): Promise<{ action: RetryAction; task: TaskRow }> => {
  const row = await readTask(deps, organizationId, taskId);
  if (row.status !== "SubmittedForVerification")
    throw new AppError(
      "invalid_state",
      `Retrying a verification needs a task that is SubmittedForVerification; this one is ${row.status}`,
      { context: { currentStatus: row.status, allowedFrom: ["SubmittedForVerification"] } },
    );
  if (
    row.verificationMethod !== "Consensus" &&
    row.verifiedAt !== null &&
    row.verificationApproved !== null
  ) {
    const conclusion = await concludeVerification(deps, row, {
      approved: row.verificationApproved,
      resolutionMetadata: (row.resolutionMetadata ?? undefined) as Record<string, unknown> | undefined,
      send: (approved) => deps.providers.taskEscrow.resolve(row.id as Hex, approved),
    });
    return { action: "reconciled", task: conclusion.task };
  }
  if (row.verificationMethod === "AIEval") {
    const key = `${submissionKey(row)}:retry:${deps.clock.now().getTime()}`;
    return { action: "evaluated", task: await evaluateSubmission(deps, row, key) };
  }
  await withTenant(deps.database.db, organizationId, (tx) =>
    deps.events.publish(tx, "task-verification-requested", {
      organizationId,
      taskId: row.id,
      submissionId: row.submissionHash ?? "",
    }),
  );
  return { action: "republished", task: row };
};
