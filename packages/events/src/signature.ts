import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signatures of `/webhooks/events/{event}` and `/webhooks/cron/{job}`: HMAC-SHA256 over
 * `${timestamp}.${rawBody}`, hex, in `X-Signature`, with the unix-seconds timestamp in
 * `X-Signature-Timestamp`. Accepted with the current or the next signing key (rotation), within
 * a 300 s tolerance either way. Pure functions: the caller passes the keys and the time.
 */
export const SIGNATURE_HEADER = "X-Signature";
export const SIGNATURE_TIMESTAMP_HEADER = "X-Signature-Timestamp";
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface SigningKeys {
  current: string;
  next?: string | undefined;
}

export type SignatureFailure = "missing_signature" | "malformed_timestamp" | "stale_timestamp" | "mismatch";

export type SignatureResult = { ok: true; key: "current" | "next" } | { ok: false; reason: SignatureFailure };

export const computeSignature = (key: string, timestamp: string | number, rawBody: string): string =>
  createHmac("sha256", key).update(`${timestamp}.${rawBody}`).digest("hex");

/** Headers for a signed request; `now` defaults to the wall clock. */
export const signEventRequest = (
  key: string,
  rawBody: string,
  now: Date = new Date(),
): { [SIGNATURE_HEADER]: string; [SIGNATURE_TIMESTAMP_HEADER]: string } => {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [SIGNATURE_HEADER]: computeSignature(key, timestamp, rawBody),
    [SIGNATURE_TIMESTAMP_HEADER]: timestamp,
  };
};

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

const sameHex = (expected: string, given: string): boolean => {
  const a = Buffer.from(expected, "hex");
  const b = Buffer.from(given.toLowerCase(), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface VerifyInput {
  rawBody: string;
  signature: string | null | undefined;
  timestamp: string | null | undefined;
  keys: SigningKeys;
  now?: Date;
  toleranceSeconds?: number;
}

export const verifyEventSignature = (input: VerifyInput): SignatureResult => {
  const { rawBody, signature, timestamp, keys } = input;
  if (!signature || !timestamp) return { ok: false, reason: "missing_signature" };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "malformed_timestamp" };
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) return { ok: false, reason: "stale_timestamp" };
  const given = signature.trim();
  if (!HEX_SHA256.test(given)) return { ok: false, reason: "mismatch" };
  // Both keys are always checked, so the timing does not reveal which one matched.
  const current = keys.current ? sameHex(computeSignature(keys.current, timestamp, rawBody), given) : false;
  const next = keys.next ? sameHex(computeSignature(keys.next, timestamp, rawBody), given) : false;
  if (current) return { ok: true, key: "current" };
  if (next) return { ok: true, key: "next" };
  return { ok: false, reason: "mismatch" };
};

/** Header lookup helper for a `Headers` object or a plain record (case-insensitive). */
export const readSignatureHeaders = (
  headers: Headers | Record<string, string | undefined>,
): { signature: string | null; timestamp: string | null } => {
  const get = (name: string): string | null => {
    if (headers instanceof Headers) return headers.get(name);
    const lower = name.toLowerCase();
    for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === lower) return v ?? null;
    return null;
  };
  return { signature: get(SIGNATURE_HEADER), timestamp: get(SIGNATURE_TIMESTAMP_HEADER) };
};
