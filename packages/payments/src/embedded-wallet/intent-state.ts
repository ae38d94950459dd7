import { defineStateMachine } from "@tally/core";
import { cryptoPaymentIntentStatuses, cryptoPaymentIntents, stateMachineTable } from "@tally/db";

/**
 * An order's embedded-wallet payment: recorded CONFIRMED once its transfer is verified on chain, so no move
 * is left to make (PENDING is never recorded). Only this file writes an intent's status.
 */
export const CRYPTO_PAYMENT_INTENT_MACHINE = defineStateMachine({
  name: "embedded-wallet payment",
  table: "crypto_payment_intents",
  states: cryptoPaymentIntentStatuses,
  initial: ["CONFIRMED"],
  moves: {},
});

const INTENT_ROWS = stateMachineTable(CRYPTO_PAYMENT_INTENT_MACHINE, cryptoPaymentIntents);

/** The values of an intent whose transfer was verified: CONFIRMED. */
export const newConfirmedIntentRow = <V extends Omit<typeof cryptoPaymentIntents.$inferInsert, "status">>(
  values: V,
) => INTENT_ROWS.initialRow("CONFIRMED", values);
