import type { Hex } from "viem";
import { z } from "zod";
import { type JsonAnswer, requestJson } from "../http-json.ts";
import {
  FacilitatorUnavailableError,
  type X402FacilitatorPort,
  type X402PaymentPayload,
  type X402PaymentRequirements,
  type X402SettleResult,
  type X402VerifyResult,
} from "./port.ts";

export interface HttpX402FacilitatorOptions {
  /** `X402_FACILITATOR_URL`, the base the standard `/verify` and `/settle` routes hang off. */
  url: string;
  /** Per call; default 15 s. */
  timeoutMs?: number;
  /** Injected for tests; default the global fetch. */
  fetch?: typeof fetch;
  /** Sent with every call, e.g. a facilitator's API credentials. */
  headers?: Record<string, string>;
}

/** Facilitators differ on null vs absent for the optional fields; both read as absent. */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value || undefined);

const verifyResponse = z
  .object({ isValid: z.boolean(), invalidReason: optionalText, payer: optionalText })
  .transform(
    ({ isValid, invalidReason, payer }): X402VerifyResult => ({
      isValid,
      ...(invalidReason && { invalidReason }),
      ...(payer && { payer }),
    }),
  );

const settleResponse = z
  .object({
    success: z.boolean(),
    errorReason: optionalText,
    // A failed settle answers "" here.
    transaction: z.union([z.literal(""), z.string().regex(/^0x[0-9a-fA-F]+$/)]).nullish(),
    network: z.string(),
    payer: optionalText,
  })
  .transform(
    ({ success, errorReason, transaction, network, payer }): X402SettleResult => ({
      success,
      network,
      ...(errorReason && { errorReason }),
      ...(transaction && { transaction: transaction as Hex }),
      ...(payer && { payer }),
    }),
  );

/**
 * A facilitator over the standard x402 HTTP API: POST `{url}/verify` and `{url}/settle` with
 * `{ x402Version: 1, paymentPayload, paymentRequirements }`. An answer that parses as a verify/settle
 * response is returned, whatever its status (facilitators answer refusals with 4xx); anything else is
 * FacilitatorUnavailableError, since a settle may or may not have happened.
 */
export class HttpX402Facilitator implements X402FacilitatorPort {
  readonly adapter = "http" as const;
  readonly #options: HttpX402FacilitatorOptions;
  readonly #baseUrl: string;

  constructor(options: HttpX402FacilitatorOptions) {
    if (!/^https?:\/\//.test(options.url)) throw new Error("HttpX402Facilitator: url must be an http(s) URL");
    this.#options = options;
    this.#baseUrl = options.url.replace(/\/+$/, "");
  }

  verify(payload: X402PaymentPayload, requirements: X402PaymentRequirements): Promise<X402VerifyResult> {
    return this.#post("verify", payload, requirements, verifyResponse);
  }

  settle(payload: X402PaymentPayload, requirements: X402PaymentRequirements): Promise<X402SettleResult> {
    return this.#post("settle", payload, requirements, settleResponse);
  }

  async #post<T>(
    route: "verify" | "settle",
    paymentPayload: X402PaymentPayload,
    paymentRequirements: X402PaymentRequirements,
    schema: z.ZodType<T>,
  ): Promise<T> {
    let answer: JsonAnswer;
    try {
      answer = await requestJson({
        url: `${this.#baseUrl}/${route}`,
        method: "POST",
        headers: { ...this.#options.headers },
        payload: { x402Version: 1, paymentPayload, paymentRequirements },
        timeoutMs: this.#options.timeoutMs ?? 15_000,
        fetch: this.#options.fetch,
      });
    } catch (error) {
      throw new FacilitatorUnavailableError(`x402 facilitator ${route} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (answer.status < 500) {
      const parsed = schema.safeParse(answer.body);
      if (parsed.success) return parsed.data;
    }
    throw new FacilitatorUnavailableError(
      `x402 facilitator ${route} answered ${answer.status} without a ${route} response`,
    );
  }
}
