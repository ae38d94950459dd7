import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The storefront platform's webhook signature: base64 HMAC-SHA256 of the raw body with the app's
 * shared secret, sent in `X-Storefront-Hmac-Sha256`. For tests and integrators who relay deliveries.
 */
export const signStorefrontWebhook = (secret: string, rawBody: string | Uint8Array): string =>
  createHmac("sha256", secret).update(rawBody).digest("base64");

/** Constant-time check of `X-Storefront-Hmac-Sha256` against the raw body. */
export const verifyStorefrontSignature = (
  secret: string,
  rawBody: Uint8Array,
  signature: string | null | undefined,
): boolean => {
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  const provided = Buffer.from((signature ?? "").trim(), "base64");
  // Compare equal lengths only (timingSafeEqual throws otherwise); the digest length is public.
  const comparable = provided.length === expected.length ? provided : Buffer.alloc(expected.length);
  return timingSafeEqual(comparable, expected) && provided.length === expected.length;
};
