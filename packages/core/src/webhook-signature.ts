import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The one verifier of every inbound signed webhook (card processor, wallet provider, storefront,
 * events and cron). Each scheme only says where its parts are: the bytes that were signed, the
 * signatures offered and the time they were signed at. Verification is HMAC-SHA256 under each
 * accepted secret, compared in constant time, and one tolerance rule for the time: at most
 * `WEBHOOK_SIGNATURE_TOLERANCE_SECONDS` away from ours in EITHER direction, so a signature made
 * for the future cannot be stored and replayed later.
 */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

export interface SignedDelivery {
  /** The signed bytes, in order (e.g. `${timestamp}.` then the raw body). */
  signedParts: readonly (string | Uint8Array)[];
  /** Signatures offered, decoded to bytes (several while a secret rotates); malformed ones left out. */
  signatures: readonly Buffer[];
  /** The sender's signing time as sent (unix seconds), for schemes that sign one. */
  timestamp?: string | undefined;
}

export type SignatureFailure = "missing_signature" | "malformed_timestamp" | "stale_timestamp" | "mismatch";

export type SignatureVerdict = { ok: true; secretIndex: number } | { ok: false; reason: SignatureFailure };

const TIMESTAMP = /^\d{1,12}$/;

/** Whether `timestamp` (unix seconds) is within the tolerance of `now`, either way. */
export const isWithinSignatureTolerance = (timestampSeconds: number, now: Date): boolean =>
  Math.abs(now.getTime() / 1000 - timestampSeconds) <= WEBHOOK_SIGNATURE_TOLERANCE_SECONDS;

export const hmacSha256 = (secret: string | Buffer, parts: readonly (string | Uint8Array)[]): Buffer => {
  const hmac = createHmac("sha256", secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest();
};

/**
 * Verifies a delivery against the accepted secrets (current first, then the next one during a
 * rotation). `timestamped` schemes must carry a timestamp within the tolerance. Every secret is
 * checked against every signature, so the timing does not reveal which one matched.
 */
export const verifyWebhookSignature = (
  delivery: SignedDelivery,
  secrets: readonly (string | Buffer)[],
  options: { now: Date; timestamped: boolean },
): SignatureVerdict => {
  if (delivery.signatures.length === 0) return { ok: false, reason: "missing_signature" };
  if (options.timestamped) {
    if (delivery.timestamp === undefined) return { ok: false, reason: "missing_signature" };
    if (!TIMESTAMP.test(delivery.timestamp)) return { ok: false, reason: "malformed_timestamp" };
    if (!isWithinSignatureTolerance(Number(delivery.timestamp), options.now))
      return { ok: false, reason: "stale_timestamp" };
  }
  let matched = -1;
  secrets.forEach((secret, index) => {
    if (secret.length === 0) return;
    const expected = hmacSha256(secret, delivery.signedParts);
    for (const given of delivery.signatures) {
      if (given.length === expected.length && timingSafeEqual(given, expected) && matched < 0)
        matched = index;
    }
  });
  return matched >= 0 ? { ok: true, secretIndex: matched } : { ok: false, reason: "mismatch" };
};

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** A hex-encoded SHA-256 signature as bytes, or undefined when it is not one. */
export const hexSignature = (value: string | undefined): Buffer | undefined =>
  value !== undefined && HEX_SHA256.test(value.trim()) ? Buffer.from(value.trim(), "hex") : undefined;

/** A base64-encoded SHA-256 signature as bytes, or undefined when it does not decode to 32 bytes. */
export const base64Signature = (value: string | undefined): Buffer | undefined => {
  if (value === undefined) return undefined;
  const bytes = Buffer.from(value.trim(), "base64");
  return bytes.length === 32 ? bytes : undefined;
};
