import { defineStateMachine } from "@tally/core";
import {
  cryptoCommercePaymentStatuses,
  cryptoCommercePayments,
  type RowRef,
  stateMachineTable,
  type WriteContext,
} from "@tally/db";

/**
 * An order's crypto-commerce payment, following its charge at the provider: COMPLETED when the
 * provider confirmed it (at checkout or by the poll job), FAILED when it expired unpaid. Only this
 * file writes a payment's status.
 */
export const CRYPTO_CHARGE_MACHINE = defineStateMachine({
  name: "crypto-commerce payment",
  table: "crypto_commerce_payments",
  states: cryptoCommercePaymentStatuses,
  /** The charge is recorded as the provider reports it at checkout: confirmed already, or not yet. */
  initial: ["PENDING", "COMPLETED"],
  moves: {
    complete: { from: ["PENDING"], to: "COMPLETED" },
    /** The charge expired or vanished unpaid. */
    expire: { from: ["PENDING"], to: "FAILED" },
  },
});

const CHARGE_ROWS = stateMachineTable(CRYPTO_CHARGE_MACHINE, cryptoCommercePayments);

export type CryptoChargePaymentRow = typeof cryptoCommercePayments.$inferSelect;

/** Submitted and not yet confirmed or expired: its money may be moving. */
export const SETTLING_CRYPTO_CHARGE_STATUSES = CRYPTO_CHARGE_MACHINE.from("complete");

/** The values of the payment recorded at checkout: COMPLETED at `now` when the charge is paid, else PENDING. */
export const newCryptoChargePaymentRow = <
  V extends Omit<typeof cryptoCommercePayments.$inferInsert, "status" | "completedAt">,
>(
  now: Date,
  paid: boolean,
  values: V,
) => CHARGE_ROWS.initialRow(paid ? "COMPLETED" : "PENDING", { ...values, completedAt: paid ? now : null });

/** A PENDING payment completes at `now` (its charge was paid) or fails (it expired); undefined when it had moved. */
export const settleCryptoChargePayment = (
  context: WriteContext,
  ref: RowRef,
  paid: boolean,
): Promise<CryptoChargePaymentRow | undefined> =>
  CHARGE_ROWS.tryTransition(
    context,
    ref,
    paid ? { move: "complete", set: { completedAt: context.now } } : { move: "expire" },
  );
