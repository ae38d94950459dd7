import { hash, randomBytes } from "node:crypto";

export type KeyEnvironment = "test" | "live";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 40;
const KEY_PATTERN = /^svc_(test|live)_([0-9A-Za-z]{32,})$/;

/** A fresh key value: `svc_<env>_` + 40 base62 characters (~238 bits). */
export const generateKeyValue = (environment: KeyEnvironment): string => {
  const bytes = randomBytes(SECRET_LENGTH * 2);
  let secret = "";
  for (const byte of bytes) {
    // Rejection sampling keeps the alphabet uniform (248 = 4 * 62).
    if (byte < 248) secret += ALPHABET[byte % 62];
    if (secret.length === SECRET_LENGTH) break;
  }
  return `svc_${environment}_${secret}`;
};

export const hashKey = (value: string): string => hash("sha256", value, "hex");

/** What later reads show instead of the value: the prefix and the last four characters. */
export const maskKey = (value: string): string => {
  const match = KEY_PATTERN.exec(value);
  return match ? `svc_${match[1]}_…${value.slice(-4)}` : "…";
};

export const keyEnvironment = (value: string): KeyEnvironment | undefined =>
  KEY_PATTERN.exec(value)?.[1] as KeyEnvironment | undefined;
