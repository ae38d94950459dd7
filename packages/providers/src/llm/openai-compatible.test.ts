import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordingLogger } from "../email/test-support.ts";
import { LLM_SYSTEM_PROMPT, OpenAiCompatibleLlmAdapter } from "./openai-compatible.ts";
import { type LlmEvaluationRequest, LlmUnavailableError } from "./port.ts";

/** A stand-in for an OpenAI-compatible API: records each call and answers as the test says. */
type Reply = (response: ServerResponse) => void;
let reply: Reply;
const calls: {
  url: string | undefined;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}[] = [];
let server: Server;
let baseUrl: string;

const json =
  (status: number, body: unknown): Reply =>
  (response) => {
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
const completion = (content: string, model = "gpt-4o-mini-2024-07-18") =>
  json(200, {
    id: "chatcmpl-1",
    object: "chat.completion",
    model,
    choices: [{ index: 0, message: { role: "assistant", content } }],
  });

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => {
      calls.push({ url: request.url, headers: request.headers, body: JSON.parse(text) });
      reply(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  calls.length = 0;
});

const adapter = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
  new OpenAiCompatibleLlmAdapter({ baseUrl, model: "gpt-4o-mini", logger: recordingLogger(), ...options });

const request: LlmEvaluationRequest = {
  acceptanceCriteria: "A haiku about autumn that mentions a river.",
  submission: {
    submissionHash: `0x${"cd".repeat(32)}`,
    content: "Crimson leaves drift down / ...",
    metadata: { lines: 3 },
  },
  idempotencyKey: "task-7:submission-2",
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable(),
    (error: unknown) => error,
  );

describe("OpenAiCompatibleLlmAdapter", () => {
  it("asks for a JSON judgement at temperature 0 and returns it with the model's exact text as evidence", async () => {
    const text =
      '{"score": 85, "confidence": 0.9, "verdict": "approve", "reasoning": "A haiku about autumn by a river."}';
    reply = completion(text);
    const evaluation = await adapter({ apiKey: "sk-test" }).evaluate(request);
    expect(evaluation).toEqual({
      score: 85,
      confidence: 0.9,
      verdict: "approve",
      reasoning: "A haiku about autumn by a river.",
      model: "gpt-4o-mini-2024-07-18",
      evidence: text,
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe("/v1/chat/completions");
    expect(call?.headers.authorization).toBe("Bearer sk-test");
    expect(call?.body).toMatchObject({
      model: "gpt-4o-mini",
      temperature: 0,
      response_format: { type: "json_object" },
    });
    const messages = call?.body.messages as { role: string; content: string }[];
    expect(messages[0]).toEqual({ role: "system", content: LLM_SYSTEM_PROMPT });
    expect(JSON.parse(messages[1]!.content)).toEqual({
      acceptanceCriteria: request.acceptanceCriteria,
      submission: { ...request.submission },
    });
  });

  it("sends no authorization without a key, and names the configured model when the answer names none", async () => {
    reply = json(200, {
      choices: [
        { message: { content: '{"score":10,"confidence":0.4,"verdict":"reject","reasoning":"No river."}' } },
      ],
    });
    const evaluation = await adapter().evaluate(request);
    expect(evaluation.model).toBe("gpt-4o-mini");
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it("fails retryably on 429 and 5xx, and not on another 4xx", async () => {
    reply = json(429, { error: { message: "Rate limit reached" } });
    expect(await failure(adapter().evaluate(request))).toMatchObject({
      retryable: true,
      reason: "rate_limited",
      code: "service_unavailable",
    });
    reply = json(500, { error: { message: "boom" } });
    const serverError = await failure(adapter().evaluate(request));
    expect(serverError).toBeInstanceOf(LlmUnavailableError);
    expect(serverError).toMatchObject({
      retryable: true,
      reason: "server_error",
      message: "The model service answered 500",
    });
    reply = json(401, { error: { message: "Incorrect API key" } });
    expect(await failure(adapter().evaluate(request))).toMatchObject({
      retryable: false,
      reason: "refused",
      code: "bad_gateway",
    });
  });

  it("refuses a reply that is not the JSON asked for, saying why, and never repairs it", async () => {
    const refused = async (content: string) => {
      reply = completion(content);
      const error = await failure(adapter().evaluate(request));
      expect(error).toBeInstanceOf(LlmUnavailableError);
      expect(error).toMatchObject({ retryable: false, reason: "invalid_reply" });
      return (error as Error).message;
    };
    expect(await refused("Sure! The score is 85.")).toContain("the model's message is not JSON");
    expect(
      await refused('{"score": 101, "confidence": 0.9, "verdict": "approve", "reasoning": "x"}'),
    ).toContain("score");
    expect(
      await refused('{"score": 85.5, "confidence": 0.9, "verdict": "approve", "reasoning": "x"}'),
    ).toContain("score");
    expect(
      await refused('{"score": 85, "confidence": 1.2, "verdict": "approve", "reasoning": "x"}'),
    ).toContain("confidence");
    expect(await refused('{"score": 85, "confidence": 0.9, "verdict": "pass", "reasoning": "x"}')).toContain(
      "verdict",
    );
    expect(await refused('{"score": "85", "confidence": 0.9, "verdict": "approve"}')).toMatch(
      /score.*reasoning/,
    );
    reply = json(200, { choices: [] });
    expect(await failure(adapter().evaluate(request))).toMatchObject({
      reason: "invalid_reply",
      message: expect.stringContaining("not a chat completion"),
    });
    reply = (response) =>
      response.writeHead(200, { "content-type": "text/html" }).end("<html>gateway</html>");
    expect(await failure(adapter().evaluate(request))).toMatchObject({ reason: "invalid_reply" });
  });

  it("fails retryably when the service does not answer in time or cannot be reached", async () => {
    reply = (response) => {
      setTimeout(
        () => completion('{"score":1,"confidence":1,"verdict":"reject","reasoning":"late"}')(response),
        2_000,
      );
    };
    const started = Date.now();
    expect(await failure(adapter({ timeoutMs: 100 }).evaluate(request))).toMatchObject({
      retryable: true,
      reason: "unreachable",
    });
    expect(Date.now() - started).toBeLessThan(1_500);
    const closed = new OpenAiCompatibleLlmAdapter({ baseUrl: "http://127.0.0.1:1/v1", model: "m" });
    expect(await failure(closed.evaluate(request))).toMatchObject({ retryable: true, reason: "unreachable" });
  });

  it("validates the request before calling out, and its own settings at construction", async () => {
    await expect(
      adapter().evaluate({ ...request, submission: { submissionHash: "abc" } }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    expect(calls).toHaveLength(0);
    expect(() => new OpenAiCompatibleLlmAdapter({ baseUrl: "ftp://x", model: "m" })).toThrow("http(s) URL");
    expect(() => new OpenAiCompatibleLlmAdapter({ baseUrl, model: "" })).toThrow("model is required");
  });
});
