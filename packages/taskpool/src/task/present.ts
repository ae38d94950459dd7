import type { TaskAiEvaluation } from "@tally/db";
import { atomicToUsdc } from "../amount.ts";
import { presentedStatus } from "./expire.ts";
import type { TaskRow } from "./record.ts";
import type { TaskView } from "./schemas.ts";

const evaluationOf = ({ key: _key, ...evaluation }: Exclude<TaskAiEvaluation, { failure: string }>) =>
  evaluation;

/**
 * Spec 02's Task as of `now`, with its amount in atomic units and its escrow transactions (extensions). A
 * task whose expiry is due is Expired even before its job ran, with `refundPending` until the refund is
 * recorded.
 */
export const presentTask = (row: TaskRow, now: Date): TaskView => {
  const status = presentedStatus(now, row);
  return {
    taskId: row.id,
    status,
    refundPending: (status === "Expired" || status === "Cancelled") && row.refundedAt === null,
    merchantAddress: row.merchantAddress,
    amountUSDC: atomicToUsdc(row.amountAtomic),
    amountAtomic: row.amountAtomic.toString(),
    acceptanceCriteria: row.acceptanceCriteria,
    verificationMethod: row.verificationMethod,
    deadline: row.deadline,
    campaignId: row.campaignId,
    journeyId: row.journeyId,
    claimedBy: row.claimedBy,
    claimExpiresAt: row.claimExpiresAt,
    submissionHash: row.submissionHash,
    submitTxHash: row.submitTxHash,
    createTxHash: row.createTxHash,
    refundTxHash: row.refundTxHash,
    evaluation: row.aiEvaluation && !("failure" in row.aiEvaluation) ? evaluationOf(row.aiEvaluation) : null,
    reviewRequestedAt: row.reviewRequestedAt,
    reviewReason: row.reviewReason,
    adminNotes: row.adminNotes,
    resolvedBy: row.resolvedBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
};
