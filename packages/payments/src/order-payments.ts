import type { OrderPaymentsPort } from "@tally/commerce";
import { type CardDeps, syncLiveCardIntentAmount } from "./card/service.ts";
import { hasSettlingPayment } from "./settlement/settling.ts";

/**
 * Payments' side of commerce's orders, built by the composition root for its runtime: the card
 * processor a live intent is resized on is this runtime's, whatever other runtime the process holds.
 */
export const createOrderPaymentsPort = (deps: CardDeps): OrderPaymentsPort => ({
  hasSettlingPayment,
  amountChanged: (tx, ref) => syncLiveCardIntentAmount({ ...deps, tx }, ref),
});
