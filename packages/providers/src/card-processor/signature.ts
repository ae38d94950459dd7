import {
  type Clock,
  hexSignature,
  parseJsonObject,
  systemClock,
  utf8Text,
  verifyWebhookSignature,
} from "@tally/core";
import Stripe from "stripe";
import type { CardProcessorEvent } from "./port.ts";

/**
 * One verification path for both adapters, through the shared webhook verifier: the processor's
 * `Cardproc-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (several `v1`
 * while the processor rolls its secret), with the shared tolerance applied both ways — the
 * processor SDK's own check lets any future timestamp through — and the age measured against the
 * clock port so tests that advance a ManualClock stay consistent.
 */
export const verifyCardprocEvent = (
  rawBody: string | Uint8Array,
  header: string | undefined,
  secret: string,
  clock: Clock = systemClock,
): CardProcessorEvent => {
  if (!header) throw new Error("Missing Cardproc-Signature header");
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const item of header.split(",")) {
    const [key, value] = item.split("=", 2).map((part) => part.trim());
    if (key === "t") timestamp = value;
    else if (key === "v1") {
      const signature = hexSignature(value);
      if (signature) signatures.push(signature);
    }
  }
  const verdict = verifyWebhookSignature(
    { signedParts: [`${timestamp}.`, rawBody], signatures, timestamp },
    [secret],
    { now: clock.now(), timestamped: true },
  );
  if (!verdict.ok) throw new Error(`Cardproc-Signature refused: ${verdict.reason}`);
  const text = typeof rawBody === "string" ? rawBody : utf8Text(rawBody);
  return parseJsonObject(text) as unknown as CardProcessorEvent;
};

/** Signs a payload the way the processor does (used by the sandbox and by tests). */
export const signCardprocPayload = (payload: string, secret: string, timestampSeconds: number): string =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
