import { sandboxProcessorObjects } from "@tally/db";
import { signedEvent, type TestHarness } from "@tally/testing";
import { eq } from "drizzle-orm";

/**
 * The load of the crash-recovery gate: buyers paying their own order by card against an api process
 * over HTTP, as a client and the card processor would. Each step is safe to repeat, so after a crash
 * the same buyers are driven to completion through the public surface only.
 */

export interface Buyer {
  userId: string;
  orderId: string;
  /** The checkout's Idempotency-Key; replaced only when a crashed request still holds it. */
  idempotencyKey: string;
  intentId: string | null;
  /** The processor got a 2xx for the intent's payment_intent.succeeded (it stops delivering it). */
  delivered: boolean;
}

/** What the load saw, for the gate's figures and its assertions. */
export interface LoadTally {
  requests: number;
  /** Requests cut off by a crash (connection reset or refused) or answered 5xx: retried. */
  interrupted: number;
  /** Checkouts retried under a new Idempotency-Key: the crashed request's claim was still running. */
  keysInProgress: number;
  /** payment_intent.succeeded events the processor delivered again (the first never got a 2xx). */
  redeliveries: number;
  /** Accepted payments reported once more after all were delivered (at-least-once delivery). */
  duplicates: number;
  /** Answers no client step expects; the gate requires none. */
  unexpected: string[];
}

export const emptyTally = (): LoadTally => ({
  requests: 0,
  interrupted: 0,
  keysInProgress: 0,
  redeliveries: 0,
  duplicates: 0,
  unexpected: [],
});

/** Where the load goes: the api process's base URL and the tenant's key. */
export interface Target {
  base: string;
  key: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One HTTP call; undefined when the process is gone (the request was cut off or refused). */
const call = async (
  base: string,
  path: string,
  init: { key?: string; body?: string; headers?: Record<string, string> },
): Promise<Answer | undefined> => {
  try {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { text };
    }
    return { status: response.status, body };
  } catch {
    return undefined;
  }
};

/**
 * The processor sends the intent's succeeded event again, with the intent as the processor holds it,
 * under an id of its own: the first event's id died with the crashed process's answer.
 */
const redeliverSucceeded = async (h: TestHarness, base: string, intentId: string) => {
  const [intent] = await h.database.db
    .select({ data: sandboxProcessorObjects.data })
    .from(sandboxProcessorObjects)
    .where(eq(sandboxProcessorObjects.id, intentId));
  if (!intent) throw new Error(`the sandbox has no intent ${intentId}`);
  const signed = signedEvent(h, {
    id: `evt_redelivery_${intentId}_${Date.now()}`,
    type: "payment_intent.succeeded",
    object: intent.data,
  });
  return call(base, "/api/v1/webhooks/cardproc/payment-intent/succeeded", {
    body: signed.rawBody,
    headers: signed.headers,
  });
};

/**
 * The buyer's next step: check out (same Idempotency-Key on a retry), then the customer confirms the
 * payment through the sandbox, which delivers the signed webhook; an intent already succeeded whose
 * event never got a 2xx is delivered again, as the processor retries undelivered events.
 * Returns false when the api process did not answer.
 */
export const advance = async (
  h: TestHarness,
  target: Target,
  buyer: Buyer,
  tally: LoadTally,
): Promise<boolean> => {
  tally.requests += 1;
  const answered = (answer: Answer | undefined): answer is Answer => {
    if (answer && answer.status < 500) return true;
    tally.interrupted += 1;
    return false;
  };
  const unexpected = (step: string, answer: Answer) =>
    tally.unexpected.push(`${step} ${buyer.orderId}: ${answer.status} ${JSON.stringify(answer.body)}`);

  if (!buyer.intentId) {
    const answer = await call(target.base, `/api/v1/user/${buyer.userId}/order/${buyer.orderId}/checkout`, {
      key: target.key,
      body: "{}",
      headers: { "Idempotency-Key": buyer.idempotencyKey },
    });
    if (!answered(answer)) return false;
    if (answer.status === 409 && answer.body.code === "idempotency_in_progress") {
      // The crashed request's claim stays "running" for minutes; a client retries under a new key.
      tally.keysInProgress += 1;
      buyer.idempotencyKey = `${buyer.idempotencyKey}-retry`;
    } else if (answer.status === 200 && typeof answer.body.intentId === "string") {
      buyer.intentId = answer.body.intentId;
    } else unexpected("checkout", answer);
    return true;
  }

  const answer = await call(
    target.base,
    `/api/v1/test-helpers/cardproc/payment-intents/${buyer.intentId}/succeed`,
    {},
  );
  if (!answered(answer)) return false;
  const delivery = answer.body.delivery as { status?: number } | undefined;
  if (answer.status === 200 && delivery?.status === 200) {
    buyer.delivered = true;
    return true;
  }
  // 409: the intent already succeeded, but its event was cut off by the crash.
  if (answer.status !== 409 && answer.status !== 200) {
    unexpected("confirm", answer);
    return true;
  }
  tally.redeliveries += 1;
  const redelivered = await redeliverSucceeded(h, target.base, buyer.intentId);
  if (!answered(redelivered)) return false;
  if (redelivered.status === 200) buyer.delivered = true;
  else unexpected("redelivery", redelivered);
  return true;
};

/**
 * Drives the buyers, `concurrency` at a time, until each one's payment is delivered. Stops early
 * (leaving the rest for later) once `stopped()` is true, e.g. when the api process was killed.
 */
export const driveBuyers = async (
  h: TestHarness,
  target: Target,
  buyers: Buyer[],
  tally: LoadTally,
  options: { concurrency: number; stopped?: () => boolean; maxSteps?: number },
): Promise<void> => {
  const queue = buyers.filter((buyer) => !buyer.delivered);
  const lane = async () => {
    for (let buyer = queue.shift(); buyer; buyer = queue.shift()) {
      for (let step = 0; !buyer.delivered; step++) {
        if (options.stopped?.()) return;
        if (step >= (options.maxSteps ?? 10)) {
          tally.unexpected.push(`buyer ${buyer.orderId} not done after ${step} steps`);
          break;
        }
        if (!(await advance(h, target, buyer, tally))) await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, lane));
};

/**
 * At-least-once delivery: once every payment is delivered, the processor reports each accepted
 * payment once more (as after a 2xx lost in a crash). Settling is per payment, not per event id:
 * every one must answer that its order is already paid.
 */
export const reportAgain = async (
  h: TestHarness,
  target: Target,
  buyers: Buyer[],
  tally: LoadTally,
): Promise<void> => {
  for (const buyer of buyers) {
    if (!buyer.intentId) continue;
    tally.duplicates += 1;
    const answer = await redeliverSucceeded(h, target.base, buyer.intentId);
    if (answer?.status !== 200 || answer.body.outcome !== "already_paid")
      tally.unexpected.push(
        `report again ${buyer.orderId}: ${answer?.status} ${JSON.stringify(answer?.body)}`,
      );
  }
};
