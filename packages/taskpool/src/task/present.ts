import type { TaskAiEvaluation } from "@tally/db";
import { atomicToUsdc } from "../amount.ts";
import type { TaskRow } from "./record.ts";
import type { TaskView } from "./schemas.ts";

const evaluationOf = ({ key: _key, ...evaluation }: Exclude<TaskAiEvaluation, { failure: string }>) =>
  evaluation;

/** Spec 02's Task, with its amount in atomic units and its escrow transactions (extensions). */
export const presentTask = (row: TaskRow): TaskView => ({
  taskId: row.id,
  status: row.status,
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
});
