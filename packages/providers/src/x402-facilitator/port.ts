import type { Address, Hex } from "viem";

/** EIP-3009 TransferWithAuthorization fields, integers as decimal strings (x402 v1 "exact" on EVM). */
export interface X402Authorization {
  from: Address;
  to: Address;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: Hex;
}

export interface X402PaymentPayload {
  x402Version: 1;
  scheme: "exact";
  network: "base";
  payload: { signature: Hex; authorization: X402Authorization };
}

export interface X402PaymentRequirements {
  scheme: "exact";
  network: "base";
  maxAmountRequired: string;
  resource: string;
  description: string;
  mimeType: string;
  payTo: Address;
  maxTimeoutSeconds: number;
  asset: Address;
  /** The token's EIP-712 domain; without it x402 looks up the real Base USDC (ARCHITECTURE.md §6). */
  extra: { name: string; version: string };
}

export interface X402VerifyResult {
  isValid: boolean;
  invalidReason?: string;
  payer?: string;
}

export interface X402SettleResult {
  success: boolean;
  errorReason?: string;
  transaction?: Hex;
  network: string;
  payer?: string;
}

export type X402FacilitatorAdapterKind = "http" | "local";

/**
 * An x402 facilitator (ARCHITECTURE.md §6). verify does not reject an authorization that was already
 * used, and checks validAfter/validBefore against wall-clock time.
 */
export interface X402FacilitatorPort {
  readonly adapter: X402FacilitatorAdapterKind;
  verify(payload: X402PaymentPayload, requirements: X402PaymentRequirements): Promise<X402VerifyResult>;
  settle(payload: X402PaymentPayload, requirements: X402PaymentRequirements): Promise<X402SettleResult>;
}

/** Timeout, network error, 5xx or an unreadable answer: the outcome (of a settle especially) is unknown. */
export class FacilitatorUnavailableError extends Error {
  override readonly name = "FacilitatorUnavailableError";
}
