import { hexSignature, hmacSha256, type SignatureFailure, verifyWebhookSignature } from "@tally/core";

/**
 * Signatures of `/webhooks/events/{event}` and `/webhooks/cron/{job}`: HMAC-SHA256 over
 * `${timestamp}.${rawBody}`, hex, in `X-Signature`, with the unix-seconds timestamp in
 * `X-Signature-Timestamp`. Accepted with the current or the next signing key (rotation), within
 * the shared webhook tolerance (`WEBHOOK_SIGNATURE_TOLERANCE_SECONDS`, either way). Pure functions: the caller passes the keys and the time.
 */
export const SIGNATURE_HEADER = "X-Signature";
export const SIGNATURE_TIMESTAMP_HEADER = "X-Signature-Timestamp";

export type { SignatureFailure };

export interface SigningKeys {
  current: string;
  next?: string | undefined;
}

export type SignatureResult = { ok: true; key: "current" | "next" } | { ok: false; reason: SignatureFailure };

export const computeSignature = (key: string, timestamp: string | number, rawBody: string): string =>
  hmacSha256(key, [`${timestamp}.${rawBody}`]).toString("hex");

/** Headers for a request signed at `now` (the caller's clock). */
export const signEventRequest = (
  key: string,
  rawBody: string,
  now: Date,
): { [SIGNATURE_HEADER]: string; [SIGNATURE_TIMESTAMP_HEADER]: string } => {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [SIGNATURE_HEADER]: computeSignature(key, timestamp, rawBody),
    [SIGNATURE_TIMESTAMP_HEADER]: timestamp,
  };
};

export interface VerifyInput {
  rawBody: string;
  signature: string | null | undefined;
  timestamp: string | null | undefined;
  keys: SigningKeys;
}

/** The shared webhook verifier (`@tally/core`) over this scheme's parts. */
export const verifyEventSignature = ({ now }: { now: Date }, input: VerifyInput): SignatureResult => {
  const { rawBody, signature, timestamp, keys } = input;
  if (!signature || !timestamp) return { ok: false, reason: "missing_signature" };
  const given = hexSignature(signature);
  const verdict = verifyWebhookSignature(
    {
      signedParts: [`${timestamp}.`, rawBody],
      signatures: given ? [given] : [],
      timestamp,
    },
    [keys.current, keys.next ?? ""],
    { now, timestamped: true },
  );
  if (verdict.ok) return { ok: true, key: verdict.secretIndex === 0 ? "current" : "next" };
  // A signature that is not even hex is a mismatch, once the timestamp is acceptable.
  return {
    ok: false,
    reason: verdict.reason === "missing_signature" && !given ? "mismatch" : verdict.reason,
  };
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
