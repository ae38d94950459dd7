import { AppError, parseDecimalUnits } from "@tally/core";
import { z } from "zod";
import type { ProviderLogger } from "../logger.ts";
import {
  CHARGE_ID_PATTERN,
  type ChargeOrder,
  type CryptoChargeStatus,
  type CryptoCommerceCharge,
  type CryptoCommercePort,
} from "./port.ts";

export interface HttpCryptoCommerceOptions {
  /** The charge API's base, e.g. `https://api.commerce.coinbase.com` (env `CRYPTO_COMMERCE_API_URL`). */
  baseUrl: string;
  /** Server-side API key, sent as `X-CC-Api-Key` (env `CRYPTO_COMMERCE_API_KEY`). */
  apiKey: string;
  logger?: ProviderLogger | undefined;
  /** Per-call timeout; default 10 s. */
  timeoutMs?: number | undefined;
  /** Injected for tests; default the global fetch. */
  fetch?: typeof fetch | undefined;
}

export const DEFAULT_CRYPTO_COMMERCE_API_URL = "https://api.commerce.coinbase.com";
/** The API version header of the commerce charge API. */
const API_VERSION = "2018-03-22";

const money = z.object({ amount: z.string(), currency: z.string() });
const chargeResponse = z.object({
  data: z.object({
    id: z.string().min(1),
    code: z.string().optional(),
    status: z.string().optional(),
    pricing: z.object({ local: money.optional() }).partial().optional(),
    local_price: money.optional(),
    timeline: z.array(z.object({ status: z.string(), time: z.string().optional() })).optional(),
    expires_at: z.string(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  }),
});

/** The order a charge's metadata names: both ids as strings, or none. */
const orderOf = (metadata: Record<string, unknown> | null | undefined): ChargeOrder | null => {
  const organizationId = metadata?.organizationId;
  const orderId = metadata?.orderId;
  return typeof organizationId === "string" && typeof orderId === "string"
    ? { organizationId, orderId }
    : null;
};

/**
 * The provider's statuses onto ours: SIGNED (web3 transfer signed) and UNRESOLVED (paid, but not
 * the exact amount: awaiting the merchant) are not confirmed yet -> PENDING; RESOLVED (the merchant
 * accepted it) -> COMPLETED; FAILED, CANCELED and anything we do not know can no longer pay -> EXPIRED.
 */
const statusMap: Record<string, CryptoChargeStatus> = {
  NEW: "NEW",
  SIGNED: "PENDING",
  PENDING: "PENDING",
  UNRESOLVED: "PENDING",
  COMPLETED: "COMPLETED",
  CONFIRMED: "COMPLETED",
  RESOLVED: "COMPLETED",
  EXPIRED: "EXPIRED",
  FAILED: "EXPIRED",
  CANCELED: "EXPIRED",
  CANCELATION_COMPLETE: "EXPIRED",
};

/** "25.00" USD -> 2500; a price that is not a whole number of cents keeps its fraction (it matches no total). */
const toCents = (amount: string): number => {
  const atomic = parseDecimalUnits(amount.trim(), 6);
  return Number(atomic) / 10_000;
};

/**
 * Real adapter for a Coinbase-Commerce-like charge API: `GET {baseUrl}/charges/{id}` with headers
 * `X-CC-Api-Key` and `X-CC-Version`, answering `{ data: charge }`. The status is the charge's
 * `status` or else the last entry of its `timeline`; the amount is the local (fiat) price. 404 (and
 * 400, an id the provider cannot parse) -> undefined; anything else that is not a success
 * (401/403 misconfiguration, 429, 5xx, network, timeout, an unreadable body) -> `bad_gateway`.
 */
export class HttpCryptoCommerceAdapter implements CryptoCommercePort {
  readonly adapter = "http" as const;
  readonly #options: HttpCryptoCommerceOptions;
  readonly #baseUrl: string;

  constructor(options: HttpCryptoCommerceOptions) {
    if (!/^https?:\/\//.test(options.baseUrl))
      throw new Error("HttpCryptoCommerceAdapter: baseUrl must be an http(s) URL");
    if (!options.apiKey) throw new Error("HttpCryptoCommerceAdapter: apiKey is required");
    this.#options = options;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
  }

  async getCharge(chargeId: string): Promise<CryptoCommerceCharge | undefined> {
    if (!CHARGE_ID_PATTERN.test(chargeId)) return undefined;
    const doFetch = this.#options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.#baseUrl}/charges/${encodeURIComponent(chargeId)}`, {
        method: "GET",
        headers: {
          "X-CC-Api-Key": this.#options.apiKey,
          "X-CC-Version": API_VERSION,
          accept: "application/json",
        },
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      this.#options.logger?.warn({ err: error, chargeId }, "crypto-commerce provider unreachable");
      throw new AppError("bad_gateway", "Crypto-commerce provider unreachable", { cause: error });
    }
    const text = await response.text();
    if (response.status === 404 || response.status === 400) return undefined;
    if (!response.ok) {
      this.#options.logger?.warn(
        { status: response.status, chargeId },
        "crypto-commerce provider refused a call",
      );
      throw new AppError("bad_gateway", `Crypto-commerce provider answered ${response.status}`);
    }
    let parsed: z.infer<typeof chargeResponse>;
    let amount: number;
    let expiresAt: Date;
    try {
      parsed = chargeResponse.parse(JSON.parse(text));
      const price = parsed.data.pricing?.local ?? parsed.data.local_price;
      if (!price) throw new Error("no local price");
      amount = toCents(price.amount);
      expiresAt = new Date(parsed.data.expires_at);
      if (Number.isNaN(expiresAt.getTime())) throw new Error("bad expires_at");
      const rawStatus = parsed.data.status ?? parsed.data.timeline?.at(-1)?.status ?? "NEW";
      return {
        id: parsed.data.id,
        amount,
        currency: price.currency.toLowerCase(),
        status: statusMap[rawStatus.toUpperCase()] ?? "EXPIRED",
        expiresAt,
        order: orderOf(parsed.data.metadata),
      };
    } catch (error) {
      this.#options.logger?.warn(
        { err: error, chargeId },
        "crypto-commerce provider sent an unreadable charge",
      );
      throw new AppError("bad_gateway", "Crypto-commerce provider sent an unreadable charge", {
        cause: error,
      });
    }
  }
}
