import { base64Signature, hmacSha256, verifyWebhookSignature } from "@tally/core";

/**
 * The wallet provider signs with the Standard Webhooks scheme ("standard signature header"):
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`,
 * keyed by the secret (`whsec_<base64>` or raw text). Several space-separated signatures may be sent
 * while a secret rotates.
 */
const keyOf = (secret: string): Buffer =>
  secret.startsWith("whsec_") ? Buffer.from(secret.slice("whsec_".length), "base64") : Buffer.from(secret);

const digest = (secret: string, id: string, timestamp: string, rawBody: Uint8Array | string): Buffer =>
  hmacSha256(keyOf(secret), [`${id}.${timestamp}.`, rawBody]);

export interface WalletProviderSignatureHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** Signs a delivery as the provider does: for tests and for integrators relaying deliveries. */
export const signWalletProviderWebhook = (
  secret: string,
  input: { id: string; timestamp: number; rawBody: string },
): WalletProviderSignatureHeaders => ({
  "webhook-id": input.id,
  "webhook-timestamp": String(input.timestamp),
  "webhook-signature": `v1,${digest(secret, input.id, String(input.timestamp), input.rawBody).toString("base64")}`,
});

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "stale" | "mismatch" };

/** The shared webhook verifier (`@tally/core`) over the Standard Webhooks parts. */
export const verifyWalletProviderSignature = (
  secret: string,
  headers: { id?: string | undefined; timestamp?: string | undefined; signature?: string | undefined },
  rawBody: Uint8Array,
  now: Date,
): SignatureCheck => {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: "missing" };
  const signatures = signature
    .split(" ")
    .map((entry) => entry.split(",", 2))
    .filter(([version]) => version === "v1")
    .map(([, value]) => base64Signature(value))
    .filter((value): value is Buffer => value !== undefined);
  const verdict = verifyWebhookSignature(
    { signedParts: [`${id}.${timestamp}.`, rawBody], signatures, timestamp },
    [keyOf(secret)],
    { now, timestamped: true },
  );
  if (verdict.ok) return { ok: true };
  if (verdict.reason === "stale_timestamp") return { ok: false, reason: "stale" };
  if (verdict.reason === "malformed_timestamp") return { ok: false, reason: "missing" };
  return { ok: false, reason: "mismatch" };
};
