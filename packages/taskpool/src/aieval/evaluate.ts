import { AppError } from "@tally/core";
import { type TaskAiEvaluation, tasks, withTenant } from "@tally/db";
import { evidenceHash, type LlmSubmission, LlmUnavailableError } from "@tally/providers";
import { and, eq, isNull, lte } from "drizzle-orm";
import type { Hex } from "viem";
import type { TaskpoolDeps } from "../deps.ts";
import { concludeVerification } from "../task/conclude.ts";
import { findTask, type TaskRow } from "../task/record.ts";
import { updateTaskWhile } from "../task/states.ts";

/** An AIEval submission is approved on its own with an `approve` verdict at this score (0..100) or above... */
export const AIEVAL_APPROVE_SCORE = 70;
/** ...and at least this confidence (0..1). Below it, whatever the verdict, an admin decides. */
export const AIEVAL_MIN_CONFIDENCE = 0.6;
/** A `reject` verdict below the approval score reopens the task on its own only this sure; a less sure one waits for an admin. */
export const AIEVAL_REJECT_CONFIDENCE = 0.8;

/** The `inbound_webhook_events` source of AIEval conclusions: one per evaluation key. */
export const AIEVAL_DELIVERY_SOURCE = "task-aieval";

type AiDeps = Pick<TaskpoolDeps, "database" | "clock" | "providers" | "logger">;
type Submitted = Pick<TaskRow, "id" | "submissionHash" | "submittedAt">;

/**
 * A submission's identity, the model's idempotency key: the task id and the submission hash, with the
 * submission's time, so the same hash submitted again after a rejection is a new evaluation.
 */
export const submissionKey = (row: Submitted): string =>
  `${row.id}:${row.submissionHash}:${row.submittedAt?.getTime() ?? 0}`;

/** Whether the recorded evaluation (the event's, or an admin's retry, `<key>:retry:<ms>`) is of this submission. */
const evaluatedThisSubmission = (row: Submitted & Pick<TaskRow, "aiEvaluation">): boolean =>
  row.aiEvaluation?.key.startsWith(submissionKey(row)) ?? false;

type Decision = { approved: boolean } | { review: string };

/** What an evaluation decides: approve, reject, or an admin's review with its reason. */
export const decisionOf = (evaluation: TaskAiEvaluation): Decision => {
  if ("failure" in evaluation) return { review: `llm_failed: ${evaluation.failure}` };
  const { score, confidence, verdict } = evaluation;
  const facts = `verdict ${verdict}, score ${score}, confidence ${confidence}`;
  if (confidence < AIEVAL_MIN_CONFIDENCE)
    return { review: `low_confidence: ${facts} (below ${AIEVAL_MIN_CONFIDENCE})` };
  const passes = score >= AIEVAL_APPROVE_SCORE;
  if (passes !== (verdict === "approve"))
    return { review: `inconsistent: ${facts} (approval needs ${AIEVAL_APPROVE_SCORE})` };
  if (passes) return { approved: true };
  if (confidence >= AIEVAL_REJECT_CONFIDENCE) return { approved: false };
  return {
    review: `below_threshold: ${facts} (a rejection without review needs confidence ${AIEVAL_REJECT_CONFIDENCE})`,
  };
};

/** The submission as the model reads it: `metadata.content` (a string) as its text, the rest as its facts. */
const llmSubmission = (row: TaskRow): LlmSubmission => {
  const { content, ...rest } = (row.submissionMetadata ?? {}) as Record<string, unknown>;
  const facts = typeof content === "string" ? rest : (row.submissionMetadata as Record<string, unknown>);
  return {
    submissionHash: row.submissionHash ?? "",
    ...(typeof content === "string" ? { content } : {}),
    ...(facts && Object.keys(facts).length > 0 ? { metadata: facts } : {}),
  };
};

/**
 * Asks the model under `key`, outside any transaction: its evaluation with the evidence hash, or the
 * reason a non-retryable failure gives (recorded, for an admin). A retryable failure (503) throws.
 */
const askModel = async (deps: AiDeps, row: TaskRow, key: string): Promise<TaskAiEvaluation> => {
  try {
    const evaluation = await deps.providers.llm.evaluate({
      acceptanceCriteria: row.acceptanceCriteria,
      submission: llmSubmission(row),
      idempotencyKey: key,
    });
    const { score, confidence, verdict, reasoning, model } = evaluation;
    return { key, score, confidence, verdict, reasoning, model, evidenceHash: evidenceHash(evaluation) };
  } catch (error) {
    if (error instanceof LlmUnavailableError && error.retryable) throw error;
    if (!(error instanceof AppError)) throw error;
    const reason = error instanceof LlmUnavailableError ? error.reason : error.code;
    return { key, failure: `${reason}: ${error.message}` };
  }
};

/**
 * Records the evaluation on the submission it judged (still SubmittedForVerification, no resolution
 * under way) with its score and evidence hash; the review flag follows its decision. Undefined when the
 * task moved on meanwhile.
 */
const recordEvaluation = (deps: AiDeps, row: TaskRow, evaluation: TaskAiEvaluation) =>
  withTenant(deps.database.db, row.organizationId, (tx) => {
    const now = deps.clock.now();
    const decision = decisionOf(evaluation);
    const judged = "failure" in evaluation ? undefined : evaluation;
    return updateTaskWhile({ tx, now }, row, {
      while: ["SubmittedForVerification"],
      where: and(
        eq(tasks.submissionHash, row.submissionHash ?? ""),
        row.submittedAt ? eq(tasks.submittedAt, row.submittedAt) : isNull(tasks.submittedAt),
        isNull(tasks.verifiedAt),
      ),
      set: {
        aiEvaluation: evaluation,
        verificationScore: judged?.score ?? null,
        verificationEvidenceHash: judged?.evidenceHash ?? null,
        reviewRequestedAt: "review" in decision ? now : null,
        reviewReason: "review" in decision ? decision.review : null,
      },
    });
  });

/** An automatic conclusion the escrow refused: off to an admin, with the contract's error. */
const flagRefusal = (deps: AiDeps, row: TaskRow, error: AppError) =>
  withTenant(deps.database.db, row.organizationId, (tx) => {
    const now = deps.clock.now();
    return updateTaskWhile({ tx, now }, row, {
      while: ["SubmittedForVerification"],
      set: { reviewRequestedAt: now, reviewReason: `escrow_refused: ${error.message}` },
    });
  });

/**
 * Acts on the recorded evaluation: approve or reject through `concludeVerification` (the escrow's
 * `resolve`, signed by the evaluator key; the evaluation's key is the delivery, so it concludes once),
 * or nothing when it waits for an admin. The task as it is after.
 */
export const answerEvaluation = async (deps: AiDeps, row: TaskRow): Promise<TaskRow> => {
  const evaluation = row.aiEvaluation;
  if (row.status !== "SubmittedForVerification" || !evaluation || "failure" in evaluation) return row;
  const decision = decisionOf(evaluation);
  if (!("approved" in decision)) return row;
  const { key: _key, ...facts } = evaluation;
  const conclusion = await concludeVerification(deps, row, {
    approved: decision.approved,
    resolutionMetadata: { evaluationType: "AIEval", ...facts },
    delivery: { source: AIEVAL_DELIVERY_SOURCE, eventId: evaluation.key },
    send: (approved) => deps.providers.taskEscrow.resolve(row.id as Hex, approved),
  });
  return conclusion.task;
};

/**
 * A new evaluation of the task's current submission under `key`, recorded and answered: the task after.
 * A retryable model failure throws 503; a non-retryable one flags the task for review.
 */
export const evaluateSubmission = async (deps: AiDeps, row: TaskRow, key: string): Promise<TaskRow> => {
  const evaluation = await askModel(deps, row, key);
  const recorded = await recordEvaluation(deps, row, evaluation);
  if (!recorded) return withTenant(deps.database.db, row.organizationId, (tx) => findTask(tx, row));
  deps.logger.info(
    { taskId: row.id, decision: decisionOf(evaluation), evaluationKey: key },
    "task submission evaluated (AIEval)",
  );
  return answerEvaluation(deps, recorded);
};

/**
 * The `task-verification-requested` subscriber `taskpool-aieval`: an AIEval task in
 * SubmittedForVerification, on the submission the event names, is evaluated once (a replayed event
 * finds its evaluation recorded and only finishes what it decided: a conclusion a chain failure
 * interrupted). A retryable failure (model or chain) throws, so the bus retries; an escrow refusal
 * of the verdict flags the task for review. Every other task is left alone.
 */
export const verifyByAi = async (
  deps: AiDeps,
  payload: { organizationId: string; taskId: string; submissionId: string },
): Promise<void> => {
  let row: TaskRow | undefined;
  try {
    row = await withTenant(deps.database.db, payload.organizationId, (tx) =>
      findTask(tx, { organizationId: payload.organizationId, id: payload.taskId }),
    );
    if (
      row.verificationMethod !== "AIEval" ||
      row.status !== "SubmittedForVerification" ||
      row.submissionHash !== payload.submissionId
    )
      return;
    if (evaluatedThisSubmission(row)) await answerEvaluation(deps, row);
    else await evaluateSubmission(deps, row, submissionKey(row));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // No such task, or it moved on (concluded by another delivery, or expired): nothing left to do.
    if (!row || error.code === "invalid_state") return;
    if (error.code === "conflict" && error.context?.revert !== undefined) {
      deps.logger.warn({ taskId: row.id, err: error }, "AIEval: the escrow refused the verdict; flagged");
      await flagRefusal(deps, row, error);
      return;
    }
    throw error;
  }
};

/** How long after a submission an AIEval task with no evaluation goes to an admin: the bus gave up on the model. */
export const AIEVAL_STALLED_MS = 60 * 60 * 1000;

/**
 * The sweep's part for AIEval: a submission still without its evaluation an hour on (the model stayed
 * unavailable through every retry, and its job is dead-lettered) is flagged for review, so it shows in
 * `GET /admin/tasks/pending-review` instead of waiting for its deadline. The number flagged.
 */
export const flagStalledEvaluations = async (
  deps: AiDeps,
  scope: { organizationId?: string | undefined } = {},
  limit = 50,
): Promise<number> => {
  const now = deps.clock.now();
  const waiting = await deps.database.db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.status, "SubmittedForVerification"),
        eq(tasks.verificationMethod, "AIEval"),
        isNull(tasks.reviewRequestedAt),
        isNull(tasks.verifiedAt),
        lte(tasks.submittedAt, new Date(now.getTime() - AIEVAL_STALLED_MS)),
        scope.organizationId ? eq(tasks.organizationId, scope.organizationId) : undefined,
      ),
    )
    .limit(limit);
  let flagged = 0;
  for (const row of waiting.filter((candidate) => !evaluatedThisSubmission(candidate))) {
    const moved = await withTenant(deps.database.db, row.organizationId, (tx) =>
      updateTaskWhile({ tx, now }, row, {
        while: ["SubmittedForVerification"],
        where: and(isNull(tasks.reviewRequestedAt), isNull(tasks.verifiedAt)),
        set: {
          reviewRequestedAt: now,
          reviewReason: "llm_failed: no evaluation an hour after the submission",
        },
      }),
    );
    if (moved) flagged += 1;
  }
  return flagged;
};
