import type { Clock } from "@tally/core";
import Stripe from "stripe";
import type { CardProcessorEvent } from "./port.ts";

/** Seconds a signed event stays acceptable (the processor SDK's default). */
export const CARDPROC_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * One verification path for both adapters: the processor SDK's `constructEvent` (`t=…,v1=…`,
 * HMAC-SHA256 of `${t}.${payload}`), with the age measured against the clock port so tests that
 * advance a ManualClock stay consistent.
 */
export const verifyCardprocEvent = (
  rawBody: string | Uint8Array,
  header: string | undefined,
  secret: string,
  clock?: Clock,
): CardProcessorEvent => {
  if (!header) throw new Error("Missing Cardproc-Signature header");
  const event = Stripe.webhooks.constructEvent(
    typeof rawBody === "string" ? rawBody : Buffer.from(rawBody),
    header,
    secret,
    CARDPROC_SIGNATURE_TOLERANCE_SECONDS,
    undefined,
    (clock ?? { now: () => new Date() }).now().getTime(),
  );
  return event as unknown as CardProcessorEvent;
};

/** Signs a payload the way the processor does (used by the sandbox and by tests). */
export const signCardprocPayload = (payload: string, secret: string, timestampSeconds: number): string =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
