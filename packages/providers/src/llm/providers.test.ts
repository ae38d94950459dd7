import type { Database } from "@tally/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedMemoryDb, recordingLogger } from "../email/test-support.ts";
import { createProviders, describeProviders } from "../index.ts";

let database: Database;
beforeAll(async () => {
  database = await migratedMemoryDb();
});
afterAll(async () => {
  await database.close();
});

const build = (llm: Parameters<typeof createProviders>[0]["config"]["llm"]) =>
  createProviders({
    config: { emailFrom: "t@example.com", llm },
    db: database.db,
    logger: recordingLogger(),
  });

describe("createProviders: llm", () => {
  it("uses the local adapter unless LLM_BASE_URL is set, then the OpenAI-compatible one with LLM_MODEL", () => {
    expect(describeProviders(build(undefined)).llm).toBe("local");
    expect(build({ apiKey: "sk", model: "gpt-4o-mini" }).llm.adapter).toBe("local");
    const real = build({ baseUrl: "https://llm.example.com/v1", model: "gpt-4o-mini", timeoutMs: 5_000 }).llm;
    expect(real.adapter).toBe("openai-compatible");
    expect(real.model).toBe("gpt-4o-mini");
  });

  it("refuses a base URL without a model", () => {
    expect(() => build({ baseUrl: "https://llm.example.com/v1" })).toThrow(
      "LLM_MODEL is required when LLM_BASE_URL is set",
    );
  });
});
