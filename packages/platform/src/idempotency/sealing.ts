import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "v1";

/**
 * Stored idempotent responses can hold secrets (a created or rotated API key is shown once), so they
 * are sealed with AES-256-GCM under a key derived from the caller's own API key value, which the
 * database never holds (only its hash). A replay unseals it with the key presented on the retry.
 */
const sealingKey = (apiKeyValue: string, idempotencyKey: string): Buffer =>
  createHash("sha256").update(`tally idempotency ${VERSION}\0${apiKeyValue}\0${idempotencyKey}`).digest();

export const sealResponseBody = (body: string, apiKeyValue: string, idempotencyKey: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(apiKeyValue, idempotencyKey), iv);
  const sealed = Buffer.concat([cipher.update(body, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
};

/** The body, or undefined when it cannot be opened with this key (e.g. the key was rotated since). */
export const unsealResponseBody = (
  stored: string,
  apiKeyValue: string,
  idempotencyKey: string,
): string | undefined => {
  if (!stored.startsWith(`${VERSION}.`)) return undefined;
  const raw = Buffer.from(stored.slice(VERSION.length + 1), "base64");
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      sealingKey(apiKeyValue, idempotencyKey),
      raw.subarray(0, 12),
    );
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
};
