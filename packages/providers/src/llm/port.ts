import { AppError } from "@tally/core";
import { z } from "zod";

/** What a submission is judged on: its hash (as recorded on chain), its text and any facts about it. */
export interface LlmSubmission {
  /** 0x followed by 64 hex digits. */
  submissionHash: string;
  content?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
}

export interface LlmEvaluationRequest {
  acceptanceCriteria: string;
  submission: LlmSubmission;
  /** One evaluation per key: the caller records it (score and evidence hash) and never asks twice. */
  idempotencyKey: string;
}

/** The judgement as the model gave it, with `evidence`, the exact text the model returned. */
export interface LlmEvaluation {
  /** Integer 0..100. */
  score: number;
  /** 0..1. */
  confidence: number;
  verdict: "approve" | "reject";
  reasoning: string;
  /** The model that answered. */
  model: string;
  evidence: string;
}

export type LlmAdapterKind = "openai-compatible" | "local";

/**
 * The model that verifies a task submission against its acceptance criteria (ARCHITECTURE.md §6).
 * A failure throws `LlmUnavailableError`, never an invented evaluation; what to do with a low score
 * or a low confidence (admin review) is the caller's decision.
 */
export interface LlmPort {
  readonly adapter: LlmAdapterKind;
  readonly model: string;
  evaluate(request: LlmEvaluationRequest): Promise<LlmEvaluation>;
}

/** Why an evaluation failed: the service was unreachable, refused the call, or answered off-contract. */
export type LlmFailureReason = "unreachable" | "rate_limited" | "server_error" | "refused" | "invalid_reply";

/**
 * The one error both adapters throw when no evaluation can be had. `retryable` failures (network,
 * timeout, 429, 5xx) are `service_unavailable`, which the event bus retries; the others (4xx, a reply
 * that is not the JSON asked for) are `bad_gateway`: asking again would get the same answer.
 */
export class LlmUnavailableError extends AppError {
  readonly retryable: boolean;
  readonly reason: LlmFailureReason;

  constructor(reason: LlmFailureReason, message: string, options: { cause?: unknown } = {}) {
    const retryable = reason === "unreachable" || reason === "rate_limited" || reason === "server_error";
    super(retryable ? "service_unavailable" : "bad_gateway", message, options);
    this.name = "LlmUnavailableError";
    this.retryable = retryable;
    this.reason = reason;
  }
}

const requestSchema = z.object({
  acceptanceCriteria: z.string().trim().min(1, "the acceptance criteria are empty"),
  submission: z.object({
    submissionHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "0x followed by 64 hex digits"),
    content: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
  idempotencyKey: z.string().min(1, "an idempotency key is required").max(255),
});

/** Refuses a malformed request before any call, as both adapters must. */
export const parseEvaluationRequest = (request: LlmEvaluationRequest): LlmEvaluationRequest => {
  const parsed = requestSchema.safeParse(request);
  if (parsed.success) return request;
  throw new AppError("validation_failed", "Invalid evaluation request", {
    details: parsed.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message })),
  });
};

/**
 * The JSON object the model must return. Nothing is clamped or coerced: a score of 101, a
 * fractional score or a confidence of 1.2 is an invalid reply.
 */
export const judgementSchema = z.object({
  score: z.number().int().min(0).max(100),
  confidence: z.number().min(0).max(1),
  verdict: z.enum(["approve", "reject"]),
  reasoning: z.string().min(1),
});
export type LlmJudgement = z.infer<typeof judgementSchema>;
