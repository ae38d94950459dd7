import { AppError, parseJsonText, parseWith } from "@tally/core";
import type { X402PaymentPayload, X402PaymentRequirements } from "@tally/providers";
import { z } from "zod";

/** x402 protocol version 1 (what stock clients such as x402-fetch speak). */
export const X402_VERSION = 1;
export const X402_NETWORK = "base";
export const PAYMENT_HEADER = "X-PAYMENT";
export const REQUIREMENTS_HEADER = "X-PAYMENT-REQUIREMENTS";
export const RESPONSE_HEADER = "X-PAYMENT-RESPONSE";
/** The EIP-712 domain of USDC on Base (and of the local MockUSDC); without it clients look up the real token. */
const USDC_DOMAIN = { name: "USD Coin", version: "2" } as const;
/** How long a signed authorization must stay valid for the facilitator to settle it. */
const MAX_TIMEOUT_SECONDS = 300;

export const buildRequirements = (input: {
  orderId: string;
  resource: string;
  payTo: `0x${string}`;
  asset: `0x${string}`;
  amountAtomic: bigint;
}): X402PaymentRequirements => ({
  scheme: "exact",
  network: X402_NETWORK,
  maxAmountRequired: input.amountAtomic.toString(),
  resource: input.resource,
  description: `Order ${input.orderId}`,
  mimeType: "application/json",
  payTo: input.payTo,
  maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
  asset: input.asset,
  extra: { ...USDC_DOMAIN },
});

/** The spec's flat requirement fields and the standard x402 v1 `accepts` array, in one body. */
export const requirementsBody = (requirements: X402PaymentRequirements) => ({
  x402Version: X402_VERSION,
  schemes: ["exact"],
  network: requirements.network,
  payTo: requirements.payTo,
  maxAmountRequired: requirements.maxAmountRequired,
  asset: requirements.asset,
  resource: requirements.resource,
  accepts: [requirements],
});

export const toBase64Json = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64");

const hex = (bytes: number) => z.string().regex(new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`));
const uint = z.string().regex(/^\d{1,78}$/, "a non-negative integer string");
const address = hex(20).transform((value) => value.toLowerCase() as `0x${string}`);

const paymentPayloadSchema = z.object({
  x402Version: z.literal(X402_VERSION),
  scheme: z.string().max(32),
  network: z.string().max(64),
  payload: z.object({
    signature: z.string().regex(/^0x[0-9a-fA-F]{130,4096}$/, "a hex signature"),
    authorization: z.object({
      from: address,
      to: address,
      value: uint,
      validAfter: uint,
      validBefore: uint,
      nonce: hex(32).transform((value) => value.toLowerCase() as `0x${string}`),
    }),
  }),
});

/** Decodes `X-PAYMENT` (base64 JSON of an x402 v1 payment payload); malformed -> 400, naming what is wrong. */
export const decodePaymentHeader = (header: string): X402PaymentPayload => {
  if (header.length > 16_384) throw new AppError("bad_request", "X-PAYMENT is too large");
  let json: unknown;
  try {
    json = parseJsonText(Buffer.from(header.trim(), "base64").toString("utf8"));
  } catch {
    throw new AppError("bad_request", "X-PAYMENT must be base64-encoded JSON within the JSON limits");
  }
  return parseWith(paymentPayloadSchema, json, {
    code: "bad_request",
    message: "X-PAYMENT is not an x402 v1 payment payload",
  }) as X402PaymentPayload;
};

/**
 * What the service checks itself before asking the facilitator: the scheme and network it offers,
 * the receiving address, and an amount equal to the order total (the facilitator only checks "at
 * least"). Returns the failing reason, or undefined.
 */
export const mismatchReason = (
  payment: X402PaymentPayload,
  requirements: X402PaymentRequirements,
): string | undefined => {
  const { authorization } = payment.payload;
  if (payment.scheme !== requirements.scheme) return "unsupported_scheme";
  if (payment.network !== requirements.network) return "invalid_network";
  if (authorization.to !== requirements.payTo.toLowerCase()) return "recipient_mismatch";
  if (authorization.value !== requirements.maxAmountRequired) return "amount_mismatch";
  return undefined;
};
