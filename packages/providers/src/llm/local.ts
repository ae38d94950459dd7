import { AppError } from "@tally/core";
import type { ProviderLogger } from "../logger.ts";
import {
  type LlmEvaluation,
  type LlmEvaluationRequest,
  type LlmJudgement,
  type LlmPort,
  LlmUnavailableError,
  parseEvaluationRequest,
} from "./port.ts";

export const LOCAL_LLM_MODEL = "local-terms-v1";

/** Text in the criteria or the content that makes the local adapter fail as the real one can. */
export const LOCAL_LLM_TRIGGERS = {
  /** Thrown as a retryable `LlmUnavailableError` (reason `server_error`), like a 503. */
  unavailable: "[llm:unavailable]",
  /** Thrown as a non-retryable `LlmUnavailableError` (reason `invalid_reply`), like a reply that is not the JSON asked for. */
  invalidReply: "[llm:invalid-reply]",
} as const;

/** The score at and above which the local verdict is `approve`. */
export const LOCAL_APPROVE_SCORE = 70;

/** Words of four letters or more that say nothing about what a submission must contain. */
const STOP_WORDS = new Set([
  "about",
  "also",
  "been",
  "being",
  "both",
  "could",
  "does",
  "each",
  "either",
  "every",
  "from",
  "have",
  "include",
  "includes",
  "including",
  "into",
  "least",
  "less",
  "more",
  "most",
  "must",
  "need",
  "needs",
  "only",
  "other",
  "over",
  "same",
  "shall",
  "should",
  "some",
  "such",
  "than",
  "that",
  "their",
  "them",
  "then",
  "there",
  "these",
  "they",
  "this",
  "those",
  "under",
  "very",
  "were",
  "what",
  "when",
  "where",
  "which",
  "while",
  "will",
  "with",
  "within",
  "without",
  "would",
  "your",
]);

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The criteria's distinct words of four letters or more, stop-words out, in the order they appear. */
export const requiredTerms = (criteria: string): string[] => [
  ...new Set(words(criteria).filter((word) => word.length >= 4 && !STOP_WORDS.has(word))),
];

/**
 * The local judgement, a pure function of the criteria and the submission:
 * - score = round(100 x required terms found / required terms), a term found when it is a whole
 *   word of the content or of the JSON of the metadata (case-insensitive); no terms = 0;
 * - confidence = 0.9 with 5 or more terms, 0.6 with 1 to 4 (short criteria), 0 with none; at most
 *   0.3 when the submission has no words at all;
 * - verdict = approve when score >= 70, else reject.
 */
export const judgeByTerms = (request: LlmEvaluationRequest): LlmJudgement => {
  const terms = requiredTerms(request.acceptanceCriteria);
  const { content, metadata } = request.submission;
  const found = new Set(words(`${content ?? ""} ${metadata ? JSON.stringify(metadata) : ""}`));
  const missing = terms.filter((term) => !found.has(term));
  const score = terms.length === 0 ? 0 : Math.round((100 * (terms.length - missing.length)) / terms.length);
  const byCriteria = terms.length >= 5 ? 0.9 : terms.length > 0 ? 0.6 : 0;
  const confidence = found.size === 0 ? Math.min(byCriteria, 0.3) : byCriteria;
  const reasoning =
    terms.length === 0
      ? "The acceptance criteria name no term to look for."
      : `Found ${terms.length - missing.length} of ${terms.length} required terms` +
        (missing.length > 0 ? `; missing: ${missing.join(", ")}.` : ".");
  return { score, confidence, verdict: score >= LOCAL_APPROVE_SCORE ? "approve" : "reject", reasoning };
};

export interface LocalLlmOptions {
  logger?: ProviderLogger | undefined;
}

/**
 * Deterministic local stand-in for the model (no network): it judges by `judgeByTerms`, returns its
 * judgement as the JSON text a model would (`evidence`), and keeps every evaluation by idempotency
 * key like a provider's idempotency store: the same key gives the same evaluation, and the same key
 * with a different request is refused. The `LOCAL_LLM_TRIGGERS` texts make it fail with the errors
 * the real adapter throws, so callers' failure paths are testable; a failure records nothing.
 */
export class LocalLlmAdapter implements LlmPort {
  readonly adapter = "local" as const;
  readonly model = LOCAL_LLM_MODEL;
  readonly #logger: ProviderLogger | undefined;
  readonly #evaluations = new Map<string, { request: string; evaluation: LlmEvaluation }>();

  constructor(options: LocalLlmOptions = {}) {
    this.#logger = options.logger;
  }

  async evaluate(request: LlmEvaluationRequest): Promise<LlmEvaluation> {
    parseEvaluationRequest(request);
    const fingerprint = JSON.stringify([request.acceptanceCriteria, request.submission]);
    const recorded = this.#evaluations.get(request.idempotencyKey);
    if (recorded) {
      if (recorded.request !== fingerprint) throw new AppError("idempotency_key_reused");
      return recorded.evaluation;
    }
    const text = `${request.acceptanceCriteria}\n${request.submission.content ?? ""}`;
    if (text.includes(LOCAL_LLM_TRIGGERS.unavailable))
      throw new LlmUnavailableError("server_error", "The model service answered 503 (local trigger)");
    if (text.includes(LOCAL_LLM_TRIGGERS.invalidReply))
      throw new LlmUnavailableError(
        "invalid_reply",
        "The model's reply is not the JSON object asked for (local trigger)",
      );
    const judgement = judgeByTerms(request);
    const evaluation: LlmEvaluation = {
      ...judgement,
      model: this.model,
      evidence: JSON.stringify(judgement),
    };
    this.#evaluations.set(request.idempotencyKey, { request: fingerprint, evaluation });
    this.#logger?.info(
      { idempotencyKey: request.idempotencyKey, score: evaluation.score, verdict: evaluation.verdict },
      "submission evaluated (local llm)",
    );
    return evaluation;
  }
}
