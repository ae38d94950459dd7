import { AppError } from "@tally/core";
import { z } from "zod";
import { type JsonAnswer, requestJson } from "../http-json.ts";
import type { ProviderLogger } from "../logger.ts";
import { type ChatMember, type ChatPort, channelIdFor, parseMembers, parseSubject } from "./port.ts";

export interface HttpChatOptions {
  /** The provider's REST base, e.g. `https://chat.example.com/v1` (env `CHAT_API_URL`). */
  baseUrl: string;
  /** Server-side API key, sent as a bearer token (env `CHAT_API_KEY`). */
  apiKey: string;
  logger?: ProviderLogger | undefined;
  /** Per-call timeout; default 10 s. */
  timeoutMs?: number | undefined;
  /** Injected for tests; default the global fetch. */
  fetch?: typeof fetch | undefined;
}

/** Token calls `createUserTokens` keeps in flight. */
const TOKEN_CALLS_AT_ONCE = 8;

const tokenResponse = z.object({ token: z.string().min(1) });
const channelResponse = z.object({ id: z.string().min(1) });

/**
 * Real adapter for a Stream-like chat REST API:
 * - `POST {baseUrl}/users/{subject}/token` -> `{ token }` (upserts the user, issues a client token);
 * - `PUT {baseUrl}/channels/{channelId}` with `{ members: [{type, id}] }` -> `{ id }` (idempotent upsert).
 * The channel id is derived from the members (`channelIdFor`), as the local adapter does, so the
 * same pair always lands in the same channel. 400/422 answers are `validation_failed`; anything
 * else that is not a success (401/403 misconfiguration, 429, 5xx, network, timeout) is
 * `service_unavailable`, which the event bus retries.
 */
export class HttpChatAdapter implements ChatPort {
  readonly adapter = "http" as const;
  readonly #options: HttpChatOptions;
  readonly #baseUrl: string;

  constructor(options: HttpChatOptions) {
    if (!/^https?:\/\//.test(options.baseUrl))
      throw new Error("HttpChatAdapter: baseUrl must be an http(s) URL");
    if (!options.apiKey) throw new Error("HttpChatAdapter: apiKey is required");
    this.#options = options;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
  }

  async createUserToken(subject: string): Promise<string> {
    const valid = parseSubject(subject);
    const body = await this.#call("POST", `/users/${encodeURIComponent(valid)}/token`, {});
    const parsed = tokenResponse.safeParse(body);
    if (!parsed.success) throw new AppError("service_unavailable", "Chat provider answered without a token");
    return parsed.data.token;
  }

  /** The provider issues one token per call: a few calls at a time. */
  async createUserTokens(subjects: readonly string[]): Promise<Map<string, string>> {
    const pending = [...new Set(subjects.map(parseSubject))];
    const tokens = new Map<string, string>();
    const next = async (): Promise<void> => {
      for (let subject = pending.shift(); subject !== undefined; subject = pending.shift())
        tokens.set(subject, await this.createUserToken(subject));
    };
    await Promise.all(Array.from({ length: Math.min(TOKEN_CALLS_AT_ONCE, pending.length) }, next));
    return tokens;
  }

  async ensureChannel(members: ChatMember[]): Promise<{ channelId: string }> {
    const valid = parseMembers(members);
    const channelId = channelIdFor(valid);
    const body = await this.#call("PUT", `/channels/${channelId}`, {
      members: valid.map(({ type, id }) => ({ type, id })),
    });
    const parsed = channelResponse.safeParse(body);
    if (!parsed.success)
      throw new AppError("service_unavailable", "Chat provider answered without a channel id");
    this.#options.logger?.info({ channelId: parsed.data.id }, "chat channel ensured (http)");
    return { channelId: parsed.data.id };
  }

  async #call(method: "POST" | "PUT", path: string, payload: object): Promise<unknown> {
    let response: JsonAnswer;
    try {
      response = await requestJson({
        url: `${this.#baseUrl}${path}`,
        method,
        headers: { authorization: `Bearer ${this.#options.apiKey}` },
        payload,
        timeoutMs: this.#options.timeoutMs ?? 10_000,
        fetch: this.#options.fetch,
      });
    } catch (error) {
      this.#options.logger?.warn({ err: error, path }, "chat provider unreachable");
      throw new AppError("service_unavailable", "Chat provider unreachable", { cause: error });
    }
    const { body } = response;
    if (response.ok) return body;
    const reason = (body as { message?: unknown } | undefined)?.message;
    const detail = typeof reason === "string" ? `: ${reason.slice(0, 200)}` : "";
    this.#options.logger?.warn({ status: response.status, path }, "chat provider refused a call");
    if (response.status === 400 || response.status === 422) {
      throw new AppError("validation_failed", `Chat provider rejected the request${detail}`);
    }
    throw new AppError("service_unavailable", `Chat provider answered ${response.status}${detail}`);
  }
}
