import { base64Signature, hmacSha256, verifyWebhookSignature } from "@tally/core";

/**
 * The storefront platform's webhook signature: base64 HMAC-SHA256 of the raw body with the app's
 * shared secret, sent in `X-Storefront-Hmac-Sha256`. For tests and integrators who relay deliveries.
 */
export const signStorefrontWebhook = (secret: string, rawBody: string | Uint8Array): string =>
  hmacSha256(secret, [rawBody]).toString("base64");

/**
 * `X-Storefront-Hmac-Sha256` against the raw body, through the shared webhook verifier. The platform
 * signs no timestamp; a replay is caught by the webhook id registry instead.
 */
export const verifyStorefrontSignature = (
  secret: string,
  rawBody: Uint8Array,
  signature: string | null | undefined,
): boolean => {
  const given = base64Signature(signature ?? undefined);
  return verifyWebhookSignature({ signedParts: [rawBody], signatures: given ? [given] : [] }, [secret], {
    now: new Date(),
    timestamped: false,
  }).ok;
};
