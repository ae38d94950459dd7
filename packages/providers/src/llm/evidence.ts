import { keccak256, stringToHex } from "viem";
import type { LlmEvaluation } from "./port.ts";

/**
 * The hash the caller records (on chain) for an evaluation: keccak256, which a contract can
 * recompute, of the UTF-8 canonical JSON of `{confidence, evidence, model, reasoning, score,
 * verdict}`: keys sorted, no whitespace, numbers as JavaScript writes them (the shortest form that
 * reads back as the same number, e.g. `0.85`, `1`). Fields outside the evaluation never enter it.
 */
export const evidenceHash = (evaluation: LlmEvaluation): `0x${string}` =>
  keccak256(
    stringToHex(
      JSON.stringify({
        confidence: evaluation.confidence,
        evidence: evaluation.evidence,
        model: evaluation.model,
        reasoning: evaluation.reasoning,
        score: evaluation.score,
        verdict: evaluation.verdict,
      }),
    ),
  );
