import { addressPolicy } from "../outbound/addresses.ts";
import {
  createGuardedFetch,
  type GuardedFetchOptions,
  OutboundRequestRefused,
  outboundUrlRefusal,
} from "../outbound/guarded-fetch.ts";
import type { OutboundWebhookPort, OutboundWebhookRequest, OutboundWebhookResult } from "./port.ts";

export interface HttpOutboundWebhookOptions {
  /** From the composition root only (a test's local receiver); unset on every deployment. */
  outbound?: Pick<GuardedFetchOptions, "allowAddresses" | "resolve"> | undefined;
  /** The whole exchange. Default 10 s. */
  timeoutMs?: number | undefined;
}

/** Receivers answer an acknowledgement; anything longer is cut off (and the attempt fails). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs through the guarded outbound client: every hop's address is checked when it connects (no
 * private, loopback, link-local or metadata address, DNS rebinding included), redirects are not
 * followed, the answer is capped.
 */
export class HttpOutboundWebhookAdapter implements OutboundWebhookPort {
  readonly adapter = "http" as const;
  readonly #fetch: typeof fetch;
  readonly #allowed: (address: string) => boolean;

  constructor(options: HttpOutboundWebhookOptions = {}) {
    this.#allowed = addressPolicy(options.outbound?.allowAddresses);
    this.#fetch = createGuardedFetch({
      ...options.outbound,
      timeoutMs: options.timeoutMs ?? 10_000,
      maxResponseBytes: MAX_ANSWER_BYTES,
      maxRedirects: 0,
    });
  }

  async post({ url, body, headers }: OutboundWebhookRequest): Promise<OutboundWebhookResult> {
    try {
      const response = await this.#fetch(url, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "user-agent": "Tally-Webhooks/1", ...headers },
        redirect: "manual",
      });
      return { outcome: "answered", status: response.status };
    } catch (error) {
      if (
        error instanceof OutboundRequestRefused &&
        (error.reason === "address" || error.reason === "scheme")
      )
        return { outcome: "refused", message: error.message };
      return { outcome: "failed", message: error instanceof Error ? error.message : String(error) };
    }
  }

  refusal(url: string): string | null {
    if (!URL.canParse(url)) return "not a URL";
    return outboundUrlRefusal(new URL(url), this.#allowed)?.message ?? null;
  }
}
