import { describe, expect, it } from "vitest";
import { recordingLogger } from "../email/test-support.ts";
import {
  judgeByTerms,
  LOCAL_LLM_MODEL,
  LOCAL_LLM_TRIGGERS,
  LocalLlmAdapter,
  requiredTerms,
} from "./local.ts";
import { type LlmEvaluationRequest, LlmUnavailableError } from "./port.ts";

const hash = `0x${"ab".repeat(32)}`;
const criteria = "Write a haiku about autumn leaves.\nMention the colour crimson and the river.";
const request = (content: string, overrides: Partial<LlmEvaluationRequest> = {}): LlmEvaluationRequest => ({
  acceptanceCriteria: criteria,
  submission: { submissionHash: hash, content },
  idempotencyKey: `key-${content}`,
  ...overrides,
});

describe("the local scoring rule", () => {
  it("takes the criteria's distinct words of four letters or more, stop-words out", () => {
    expect(requiredTerms(criteria)).toEqual([
      "write",
      "haiku",
      "autumn",
      "leaves",
      "mention",
      "colour",
      "crimson",
      "river",
    ]);
    expect(requiredTerms("It must be done with care. CARE!")).toEqual(["done", "care"]);
  });

  it("scores the share of terms found as whole words of the content and the metadata", () => {
    const all = judgeByTerms(
      request("Write: a haiku. Autumn leaves, crimson colour; the river.", {
        submission: {
          submissionHash: hash,
          content: "haiku autumn leaves crimson colour river",
          metadata: { tags: ["write", "mention"] },
        },
      }),
    );
    expect(all).toEqual({
      score: 100,
      confidence: 0.9,
      verdict: "approve",
      reasoning: "Found 8 of 8 required terms.",
    });
    const some = judgeByTerms(request("A haiku: autumn leaves drift on the rivers, crimson."));
    // "rivers" is not "river": whole words only.
    expect(some).toMatchObject({ score: 50, confidence: 0.9, verdict: "reject" });
    expect(some.reasoning).toBe("Found 4 of 8 required terms; missing: write, mention, colour, river.");
    expect(judgeByTerms(request("write haiku autumn leaves mention colour")).score).toBe(75);
    expect(judgeByTerms(request("write haiku autumn leaves mention colour")).verdict).toBe("approve");
    expect(judgeByTerms(request("write haiku autumn leaves mention")).verdict).toBe("reject");
  });

  it("is less confident on short criteria, on an empty submission, and has nothing to judge without terms", () => {
    const short = { acceptanceCriteria: "Contains a photo." };
    expect(judgeByTerms(request("contains photo", short))).toMatchObject({ score: 100, confidence: 0.6 });
    expect(judgeByTerms(request(""))).toMatchObject({ score: 0, confidence: 0.3, verdict: "reject" });
    expect(judgeByTerms(request("anything", { acceptanceCriteria: "Do it all." }))).toEqual({
      score: 0,
      confidence: 0,
      verdict: "reject",
      reasoning: "The acceptance criteria name no term to look for.",
    });
  });
});

describe("LocalLlmAdapter", () => {
  it("gives the same evaluation for the same request, its evidence being the JSON it returned", async () => {
    const first = await new LocalLlmAdapter().evaluate(
      request("haiku about crimson autumn leaves by the river"),
    );
    const second = await new LocalLlmAdapter().evaluate(
      request("haiku about crimson autumn leaves by the river"),
    );
    expect(second).toEqual(first);
    expect(first.model).toBe(LOCAL_LLM_MODEL);
    expect(JSON.parse(first.evidence)).toEqual({
      score: first.score,
      confidence: first.confidence,
      verdict: first.verdict,
      reasoning: first.reasoning,
    });
  });

  it("keeps each evaluation by idempotency key and refuses the key for another request", async () => {
    const logger = recordingLogger();
    const llm = new LocalLlmAdapter({ logger });
    const first = await llm.evaluate(request("haiku", { idempotencyKey: "task-1" }));
    expect(await llm.evaluate(request("haiku", { idempotencyKey: "task-1" }))).toBe(first);
    expect(logger.lines).toHaveLength(1);
    await expect(llm.evaluate(request("another haiku", { idempotencyKey: "task-1" }))).rejects.toMatchObject({
      code: "idempotency_key_reused",
    });
    const other = await llm.evaluate(request("another haiku", { idempotencyKey: "task-2" }));
    expect(other).not.toBe(first);
  });

  it("fails as the real service can when the criteria or content carry a trigger, recording nothing", async () => {
    const llm = new LocalLlmAdapter();
    const unavailable = await llm
      .evaluate(request(`haiku ${LOCAL_LLM_TRIGGERS.unavailable}`, { idempotencyKey: "t" }))
      .catch((error: unknown) => error);
    expect(unavailable).toBeInstanceOf(LlmUnavailableError);
    expect(unavailable).toMatchObject({
      retryable: true,
      reason: "server_error",
      code: "service_unavailable",
    });
    const invalid = await llm
      .evaluate(request("haiku", { acceptanceCriteria: `${criteria} ${LOCAL_LLM_TRIGGERS.invalidReply}` }))
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(LlmUnavailableError);
    expect(invalid).toMatchObject({ retryable: false, reason: "invalid_reply", code: "bad_gateway" });
    expect((invalid as Error).message).toContain("not the JSON object asked for");
    // The failed key was not recorded: the same key with a clean request evaluates.
    await expect(llm.evaluate(request("haiku", { idempotencyKey: "t" }))).resolves.toMatchObject({
      verdict: "reject",
    });
  });

  it("refuses a malformed request before judging", async () => {
    const llm = new LocalLlmAdapter();
    await expect(
      llm.evaluate({ ...request("x"), submission: { submissionHash: "0x1234", content: "x" } }),
    ).rejects.toMatchObject({ code: "validation_failed", details: [{ field: "submission.submissionHash" }] });
    await expect(llm.evaluate(request("x", { acceptanceCriteria: "  " }))).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(llm.evaluate(request("x", { idempotencyKey: "" }))).rejects.toMatchObject({
      code: "validation_failed",
    });
  });
});
