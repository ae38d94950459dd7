import type { OrderPaymentsPort } from "@tally/commerce";
import type { EventBus } from "@tally/events";
import { latestCardPaymentIntents } from "./card/order-intents.ts";
import { noticeAmountChanged } from "./card/resize.ts";
import { hasSettlingPayment } from "./settlement/settling.ts";

/**
 * Payments' side of commerce's orders, built by the composition root for its runtime: the events a
 * changed amount is published on are this runtime's, whatever other runtime the process holds.
 */
export const createOrderPaymentsPort = (deps: { events: Pick<EventBus, "publish"> }): OrderPaymentsPort => ({
  hasSettlingPayment,
  amountChanged: (tx, ref) => noticeAmountChanged({ tx, events: deps.events }, ref),
  latestCardPaymentIntents,
});
