import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@tally/core";
import type { AppDeps } from "@tally/trpc";

/** Signs event passes when REWARD_PASS_SIGNING_KEY is unset on a `test` deployment; never on `live`. */
export const DEV_REWARD_PASS_SIGNING_KEY = "tally-development-reward-pass-signing-key";
const VERSION = "tp1";

/** What an EVENT_PASS pass states; the creator's verify route checks it against the redemption. */
export interface PassClaims {
  organizationId: string;
  redemptionId: string;
  rewardId: string;
  userId: string;
  eventName: string;
  eventDate: string | null;
}

/** The pass signing key: the configured one, the development one on `test`, else 503 (passes cannot be issued). */
export const passSigningKey = (
  config: Pick<AppDeps["config"], "REWARD_PASS_SIGNING_KEY" | "DEPLOYMENT_ENV">,
): string => {
  const key =
    config.REWARD_PASS_SIGNING_KEY ??
    (config.DEPLOYMENT_ENV === "test" ? DEV_REWARD_PASS_SIGNING_KEY : undefined);
  if (!key)
    throw new AppError(
      "service_unavailable",
      "REWARD_PASS_SIGNING_KEY is not configured on this deployment: event passes cannot be issued or verified",
    );
  return key;
};

const mac = (key: string, body: string) => createHmac("sha256", key).update(`${VERSION}.${body}`).digest();

/** `tp1.<base64url JSON claims>.<base64url HMAC-SHA256 of "tp1.<claims>">`: the same claims give the same pass. */
export const signPass = (key: string, claims: PassClaims): string => {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${VERSION}.${body}.${mac(key, body).toString("base64url")}`;
};

/** The pass's claims when its signature holds; the reason otherwise. */
export const readPass = (
  key: string,
  pass: string,
): { claims: PassClaims } | { reason: "malformed" | "bad_signature" } => {
  const [version, body, signature, ...rest] = pass.split(".");
  if (version !== VERSION || !body || !signature || rest.length > 0) return { reason: "malformed" };
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { reason: "bad_signature" };
  try {
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as PassClaims;
    if (typeof claims?.redemptionId !== "string" || typeof claims.rewardId !== "string")
      return { reason: "malformed" };
    return { claims };
  } catch {
    return { reason: "malformed" };
  }
};
