/** The USDC task pool (issue 25): tables owned by @tally/taskpool. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

/**
 * A task's statuses: spec 02's seven, plus `Creating` (the pool's amount is reserved and the escrow's
 * `createTask` is on its way; the row becomes Open once it is mined). The moves live in taskpool's
 * task/states.ts.
 */
export const taskStatuses = [
  "Creating",
  "Open",
  "Claimed",
  "SubmittedForVerification",
  "Verified",
  "Settled",
  "Expired",
  "Cancelled",
] as const;
export type TaskStatusValue = (typeof taskStatuses)[number];
export const taskVerificationMethods = ["Oracle", "Consensus", "AIEval"] as const;

/**
 * A pool withdrawal: PENDING (amount taken from the mirrored balance, the escrow's `withdrawPool` not yet
 * mined) -> CONFIRMED (paid) | FAILED (the call reverted or was never sent: the amount is back) | SENT
 * (the call was signed and may be on its way: the outcome is unknown and the amount stays taken).
 */
export const taskPoolWithdrawalStatuses = ["PENDING", "SENT", "CONFIRMED", "FAILED"] as const;

/**
 * One organization's pool on the task escrow. `balanceAtomic` mirrors the escrow's unescrowed pool
 * balance and `escrowedAtomic` the sum its live tasks hold, both in USDC atomic units (6 decimals);
 * they move only by conditional updates, and the CHECKs keep them from going negative whatever runs.
 */
export const taskPools = pgTable(
  "task_pools",
  {
    organizationId: text("organization_id").notNull().primaryKey(),
    /** keccak256 of the organization id, as the escrow keys the pool (0x + 64 hex). */
    tenantId: text("tenant_id").notNull(),
    escrowAddress: text("escrow_address").notNull(),
    chainId: integer("chain_id").notNull(),
    active: boolean("active").notNull().default(true),
    balanceAtomic: bigint("balance_atomic", { mode: "bigint" }).notNull().default(sql`0`),
    escrowedAtomic: bigint("escrowed_atomic", { mode: "bigint" }).notNull().default(sql`0`),
    /** Consensus verification: the pool's authorized verifiers (lowercase addresses) and M of them. */
    verifiers: text("verifiers").array().notNull().default(sql`'{}'::text[]`),
    verifierThreshold: integer("verifier_threshold").notNull().default(0),
    /** The `registerPool` transaction (null when the escrow had the pool registered already). */
    registerTxHash: text("register_tx_hash"),
    createdAt,
    updatedAt,
  },
  (t) => [
    check("task_pools_balance_nonnegative", sql`${t.balanceAtomic} >= 0`),
    check("task_pools_escrowed_nonnegative", sql`${t.escrowedAtomic} >= 0`),
    check("task_pools_threshold", sql`${t.verifierThreshold} >= 0`),
  ],
);

/** A deposit credited to the pool: the escrow's `PoolDeposited` log of a mined transaction. */
export const taskPoolDeposits = pgTable(
  "task_pool_deposits",
  {
    organizationId: text("organization_id").notNull(),
    txHash: text("tx_hash").notNull(),
    fromAddress: text("from_address").notNull(),
    amountAtomic: bigint("amount_atomic", { mode: "bigint" }).notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.txHash] }),
    check("task_pool_deposits_amount_positive", sql`${t.amountAtomic} > 0`),
  ],
);

/** Global registry: a deposit transaction hash is credited once, to one organization, across tenants. */
export const taskDepositHashes = pgTable(
  "task_deposit_hashes",
  {
    /** Lowercase 0x hash. */
    txHash: text("tx_hash").primaryKey(),
    organizationId: text("organization_id").notNull(),
    createdAt,
  },
  (t) => [check("task_deposit_hashes_lowercase", sql`${t.txHash} = lower(${t.txHash})`)],
);

/** A withdrawal from the pool's unescrowed balance to the organization's receiving address. */
export const taskPoolWithdrawals = pgTable(
  "task_pool_withdrawals",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    amountAtomic: bigint("amount_atomic", { mode: "bigint" }).notNull(),
    toAddress: text("to_address").notNull(),
    status: text("status", { enum: taskPoolWithdrawalStatuses }).notNull(),
    txHash: text("tx_hash"),
    blockNumber: bigint("block_number", { mode: "bigint" }),
    /** Why it failed (FAILED) or what is unknown (SENT). */
    failure: text("failure"),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("task_pool_withdrawals_created").on(t.organizationId, t.createdAt),
    check("task_pool_withdrawals_amount_positive", sql`${t.amountAtomic} > 0`),
  ],
);

/**
 * What the `llm` port answered for one submission of an AIEval task, under `key` (its idempotency key):
 * the judgement, or why none could be had (`failure`, a non-retryable reason).
 */
export type TaskAiEvaluation =
  | {
      key: string;
      score: number;
      confidence: number;
      verdict: "approve" | "reject";
      reasoning: string;
      model: string;
      evidenceHash: string;
    }
  | { key: string; failure: string };

/** A task: USDC escrowed on chain for a solver who completes `acceptanceCriteria` before `deadline`. */
export const tasks = pgTable(
  "tasks",
  {
    organizationId: text("organization_id").notNull(),
    /** The escrow's bytes32 task id (0x + 64 hex, lowercase). */
    id: text("id").notNull(),
    status: text("status", { enum: taskStatuses }).notNull(),
    merchantAddress: text("merchant_address").notNull(),
    amountAtomic: bigint("amount_atomic", { mode: "bigint" }).notNull(),
    acceptanceCriteria: text("acceptance_criteria").notNull(),
    verificationMethod: text("verification_method", { enum: taskVerificationMethods }).notNull(),
    deadline: timestamp("deadline", { withTimezone: true, mode: "date" }).notNull(),
    campaignId: text("campaign_id"),
    journeyId: text("journey_id"),
    claimedBy: text("claimed_by"),
    claimExpiresAt: timestamp("claim_expires_at", { withTimezone: true, mode: "date" }),
    submissionHash: text("submission_hash"),
    submissionMetadata: jsonb("submission_metadata"),
    submittedAt: timestamp("submitted_at", { withTimezone: true, mode: "date" }),
    verificationApproved: boolean("verification_approved"),
    verificationScore: integer("verification_score"),
    verificationEvidenceHash: text("verification_evidence_hash"),
    resolutionMetadata: jsonb("resolution_metadata"),
    /** AIEval: the model's last evaluation of a submission (its score and evidence hash also above). */
    aiEvaluation: jsonb("ai_evaluation").$type<TaskAiEvaluation>(),
    /** Flagged for an admin's review (AIEval below its thresholds, or the model failed); null once resolved. */
    reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true, mode: "date" }),
    reviewReason: text("review_reason"),
    /** An admin's resolution (`POST /admin/tasks/{taskId}/resolve`): its notes and the API key that gave it. */
    adminNotes: text("admin_notes"),
    resolvedBy: text("resolved_by"),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    createTxHash: text("create_tx_hash"),
    submitTxHash: text("submit_tx_hash"),
    resolveTxHash: text("resolve_tx_hash"),
    /** The escrow's cancelTask or expire: the amount went back to the pool on chain. */
    refundTxHash: text("refund_tx_hash"),
    /** When the mirrored pool got the amount back (Cancelled or Expired); null while the chain owes it. */
    refundedAt: timestamp("refunded_at", { withTimezone: true, mode: "date" }),
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("tasks_status").on(t.organizationId, t.status, t.createdAt),
    index("tasks_campaign").on(t.organizationId, t.campaignId, t.createdAt),
    index("tasks_deadline").on(t.status, t.deadline),
    index("tasks_review")
      .on(t.organizationId, t.reviewRequestedAt)
      .where(sql`${t.reviewRequestedAt} is not null`),
    check("tasks_amount_positive", sql`${t.amountAtomic} > 0`),
  ],
);

/** Global registry: task id -> organization, for the solver routes that carry no API key. */
export const taskRoutes = pgTable("task_routes", {
  taskId: text("task_id").primaryKey(),
  organizationId: text("organization_id").notNull(),
  createdAt,
});

export const solverTypes = ["human", "ai_agent", "hybrid"] as const;

/**
 * Global registry of solvers (not a tenant's: a solver works for every organization's pool). Keyed by
 * the lowercase address whose control the registration proved with an EIP-191 signature;
 * `lastIssuedAt` is that signature's time, and a later registration must be signed after it (replay).
 */
export const taskSolvers = pgTable(
  "task_solvers",
  {
    /** Lowercase 0x address. */
    address: text("address").primaryKey(),
    name: text("name"),
    type: text("type", { enum: solverTypes }),
    capabilities: text("capabilities").array().notNull().default(sql`'{}'::text[]`),
    lastIssuedAt: timestamp("last_issued_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [check("task_solvers_lowercase", sql`${t.address} = lower(${t.address})`)],
);
