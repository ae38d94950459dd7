import { keccak256, stringToHex } from "viem";
import { describe, expect, it } from "vitest";
import { evidenceHash } from "./evidence.ts";

describe("evidenceHash", () => {
  const evaluation = {
    score: 82,
    confidence: 0.85,
    verdict: "approve" as const,
    reasoning: "Meets the criteria.",
    model: "gpt-4o-mini",
    evidence: '{"score":82,"confidence":0.85,"verdict":"approve","reasoning":"Meets the criteria."}',
  };

  it("is keccak256 of the canonical JSON, whatever the key order or extra fields", () => {
    // Pinned: a change to the canonical form would change every hash already recorded.
    const canonical =
      '{"confidence":0.85,"evidence":"{\\"score\\":82,\\"confidence\\":0.85,\\"verdict\\":\\"approve\\",\\"reasoning\\":\\"Meets the criteria.\\"}","model":"gpt-4o-mini","reasoning":"Meets the criteria.","score":82,"verdict":"approve"}';
    expect(evidenceHash(evaluation)).toBe(keccak256(stringToHex(canonical)));
    expect(evidenceHash(evaluation)).toBe(
      "0x17cb81a7fb08a87500996c220aa5fe061db5e8c2974cddc1c96cb3baaefc5167",
    );
    const reordered = {
      evidence: evaluation.evidence,
      verdict: evaluation.verdict,
      model: evaluation.model,
      reasoning: evaluation.reasoning,
      confidence: evaluation.confidence,
      score: evaluation.score,
      extra: "ignored",
    };
    expect(evidenceHash(reordered)).toBe(evidenceHash(evaluation));
    expect(evidenceHash(evaluation)).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("changes when any field does", () => {
    const base = evidenceHash(evaluation);
    for (const change of [
      { score: 81 },
      { confidence: 0.86 },
      { verdict: "reject" as const },
      { reasoning: "Meets the criteria" },
      { model: "gpt-4o" },
      { evidence: `${evaluation.evidence} ` },
    ])
      expect(evidenceHash({ ...evaluation, ...change })).not.toBe(base);
  });
});
