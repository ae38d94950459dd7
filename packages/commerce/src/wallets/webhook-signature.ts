import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The wallet provider signs with the Standard Webhooks scheme ("standard signature header"):
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`,
 * keyed by the secret (`whsec_<base64>` or raw text). Several space-separated signatures may be sent
 * while a secret rotates.
 */
export const WALLETPROVIDER_TOLERANCE_SECONDS = 300;

const keyOf = (secret: string): Buffer =>
  secret.startsWith("whsec_") ? Buffer.from(secret.slice("whsec_".length), "base64") : Buffer.from(secret);

const digest = (secret: string, id: string, timestamp: string, rawBody: Uint8Array | string): Buffer =>
  createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.`).update(rawBody).digest();

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

export const verifyWalletProviderSignature = (
  secret: string,
  headers: { id?: string | undefined; timestamp?: string | undefined; signature?: string | undefined },
  rawBody: Uint8Array,
  now: Date,
): SignatureCheck => {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp))
    return { ok: false, reason: "missing" };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WALLETPROVIDER_TOLERANCE_SECONDS)
    return { ok: false, reason: "stale" };
  const expected = digest(secret, id, timestamp, rawBody);
  for (const entry of signature.split(" ")) {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) continue;
    const provided = Buffer.from(value, "base64");
    if (provided.length === expected.length && timingSafeEqual(provided, expected)) return { ok: true };
  }
  return { ok: false, reason: "mismatch" };
};
