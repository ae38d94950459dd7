import { idSchema, offsetPaginationInput } from "@tally/core";
import { taskStatuses, taskVerificationMethods } from "@tally/db";
import { z } from "zod";
import { amountUsdcInput } from "../amount.ts";

/** Spec 02's default and the bounds of `durationSeconds`: one hour by default, one minute to a year. */
export const DEFAULT_TASK_DURATION_SECONDS = 3600;
const MAX_TASK_DURATION_SECONDS = 365 * 86_400;

const taskIdSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "a task id (0x followed by 64 hex digits)")
  .transform((value) => value.toLowerCase())
  .meta({ description: "The escrow's bytes32 task id (hex)" });

export const taskIdParam = z.strictObject({ taskId: taskIdSchema });

export const createTaskInput = z.strictObject({
  merchantAddress: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address (0x followed by 40 hex digits)")
    .transform((value) => value.toLowerCase())
    .meta({ description: "The merchant's address, recorded with the task (the pool funds it)" }),
  amountUSDC: amountUsdcInput,
  acceptanceCriteria: z.string().trim().min(1).max(10_000),
  verificationMethod: z.enum(taskVerificationMethods).default("Oracle"),
  durationSeconds: z
    .number()
    .int()
    .min(60)
    .max(MAX_TASK_DURATION_SECONDS)
    .default(DEFAULT_TASK_DURATION_SECONDS)
    .meta({ description: "Seconds from now (the chain's time, if later) to the deadline" }),
  campaignId: idSchema.optional().meta({ description: "A campaign of the organization the task belongs to" }),
  journeyId: idSchema
    .optional()
    .meta({ description: "A participation journey of that campaign (needs campaignId)" }),
});
export type CreateTaskInput = z.infer<typeof createTaskInput>;

const taskEvaluationSchema = z
  .object({
    score: z.number().int().meta({ description: "0..100" }),
    confidence: z.number().meta({ description: "0..1" }),
    verdict: z.enum(["approve", "reject"]),
    reasoning: z.string(),
    model: z.string(),
    evidenceHash: z.string().meta({
      description: 'keccak256 of the evaluation\'s canonical JSON (docs/task-pool.md "AIEval verification")',
    }),
  })
  .meta({ id: "TaskEvaluation" });

export const taskSchema = z
  .object({
    taskId: z.string(),
    status: z.enum(taskStatuses).meta({
      description:
        "Spec 02's statuses, plus Creating: the amount is reserved and the escrow's createTask is not mined yet (docs/task-pool.md)",
    }),
    refundPending: z.boolean().meta({
      description:
        'Cancelled or Expired with the escrow\'s refund to the pool not recorded yet (extension; docs/task-pool.md "Deadlines and expiry")',
    }),
    merchantAddress: z.string(),
    amountUSDC: z.number(),
    amountAtomic: z
      .string()
      .meta({ description: "amountUSDC in atomic units (6 decimals), exact (extension)" }),
    acceptanceCriteria: z.string(),
    verificationMethod: z.enum(taskVerificationMethods),
    deadline: z.date(),
    campaignId: z.string().nullable(),
    journeyId: z.string().nullable(),
    claimedBy: z.string().nullable(),
    claimExpiresAt: z.date().nullable().meta({
      description: "When the claimant's lease ends: Open again unless it submitted by then (extension)",
    }),
    submissionHash: z.string().nullable().meta({
      description: "The solver's bytes32 deliverable (extension): set while it is relayed, then kept",
    }),
    submitTxHash: z.string().nullable().meta({ description: "The escrow's submit transaction (extension)" }),
    createTxHash: z
      .string()
      .nullable()
      .meta({ description: "The escrow's createTask transaction (extension)" }),
    refundTxHash: z
      .string()
      .nullable()
      .meta({ description: "The escrow's cancelTask or expire transaction (extension)" }),
    evaluation: taskEvaluationSchema.nullable().meta({
      description: "AIEval: the model's last evaluation of a submission (extension); null before any",
    }),
    reviewRequestedAt: z.date().nullable().meta({
      description:
        "Set while the task waits for an admin (GET /admin/tasks/pending-review); cleared once resolved (extension)",
    }),
    reviewReason: z.string().nullable().meta({
      description:
        "Why it was flagged: low_confidence, below_threshold, inconsistent, llm_failed or escrow_refused, then the facts (extension)",
    }),
    adminNotes: z
      .string()
      .nullable()
      .meta({ description: "An admin's notes with its resolution (extension)" }),
    resolvedBy: z
      .string()
      .nullable()
      .meta({ description: "The id of the API key whose admin resolved it; null otherwise (extension)" }),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "Task" });
export type TaskView = z.infer<typeof taskSchema>;

export const listTasksInput = z.strictObject({
  status: z.enum(taskStatuses).optional(),
  campaignId: idSchema.optional(),
  ...offsetPaginationInput.shape,
});
export type ListTasksInput = z.infer<typeof listTasksInput>;

export const taskListSchema = z
  .object({
    data: z.array(taskSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: "TaskList" });

export const taskSummarySchema = z
  .object({
    totalCreated: z
      .number()
      .int()
      .meta({ description: "Tasks whose escrow was created (Creating ones excluded)" }),
    active: z.number().int().meta({ description: "Open, Claimed, SubmittedForVerification or Verified" }),
    completed: z.number().int().meta({ description: "Settled" }),
    expired: z.number().int(),
    cancelled: z.number().int(),
    valueEscrowedUSDC: z.number().meta({ description: "What the active tasks hold in escrow" }),
    valueEscrowedAtomic: z.string(),
  })
  .meta({ id: "TaskAnalyticsSummary" });
export type TaskSummary = z.infer<typeof taskSummarySchema>;

export const noInput = z.strictObject({}).optional();
