import { defineStateMachine } from "@tally/core";
import {
  type Executor,
  type RowChanges,
  type RowRef,
  stateMachineTable,
  type WriteContext,
  x402PaymentStatuses,
  x402Payments,
} from "@tally/db";
import { eq } from "drizzle-orm";

/**
 * An order's x402 payment: VERIFIED when the payer's authorization is claimed, then SETTLED by the
 * facilitator or FAILED; a new authorization after a failure reuses the row. Only this file writes
 * a payment's status.
 */
export const X402_PAYMENT_MACHINE = defineStateMachine({
  name: "x402 payment",
  table: "x402_payments",
  states: x402PaymentStatuses,
  initial: ["VERIFIED"],
  moves: {
    /** The payer presents a new authorization after a failed attempt: the row holds the new attempt. */
    reverify: { from: ["FAILED"], to: "VERIFIED" },
    settle: { from: ["PENDING", "VERIFIED"], to: "SETTLED" },
    fail: { from: ["PENDING", "VERIFIED"], to: "FAILED" },
    /** The settlement's transaction already paid another order. */
    refuseClaimed: { from: ["SETTLED"], to: "FAILED" },
  },
});

const X402_ROWS = stateMachineTable(X402_PAYMENT_MACHINE, x402Payments);

export type X402PaymentRow = typeof x402Payments.$inferSelect;

/** Verified, not decided yet: its money may be moving (the retry job takes it up when abandoned). */
export const UNSETTLED_X402_STATUSES = X402_PAYMENT_MACHINE.from("settle");

/** The values of a new payment: VERIFIED (its authorization was claimed). */
export const newX402PaymentRow = <V extends Omit<typeof x402Payments.$inferInsert, "status">>(values: V) =>
  X402_ROWS.initialRow("VERIFIED", values);

/**
 * Leases an unsettled payment to one retry run: one more attempt, `updatedAt` at `now`. Undefined when
 * another run leased it first (its `attempts` moved) or it was decided. Run on the database handle: the
 * retry job works across tenants.
 */
export const leaseX402Retry = (
  context: { tx: Executor; now: Date },
  payment: X402PaymentRow,
): Promise<X402PaymentRow | undefined> =>
  X402_ROWS.updateWhile(context, payment, {
    while: UNSETTLED_X402_STATUSES,
    set: { attempts: payment.attempts + 1 },
    // `attempts`, not `updated_at`: a timestamp read back into JS loses its microseconds.
    where: eq(x402Payments.attempts, payment.attempts),
  });

/** The attempt `payment` was read with stays unsettled, with why; undefined when it was decided meanwhile. */
export const recordUnsettledX402Payment = (
  context: WriteContext,
  payment: X402PaymentRow,
  settlementData: Record<string, unknown>,
): Promise<X402PaymentRow | undefined> =>
  X402_ROWS.updateWhile(context, payment, {
    while: UNSETTLED_X402_STATUSES,
    set: { settlementData },
    where: eq(x402Payments.nonce, payment.nonce),
  });

/** A FAILED payment takes a new attempt; undefined when it is no longer FAILED. */
export const reverifyX402Payment = (
  context: WriteContext,
  ref: RowRef,
  attempt: RowChanges<typeof x402Payments>,
): Promise<X402PaymentRow | undefined> =>
  X402_ROWS.tryTransition(context, ref, { move: "reverify", set: attempt });

/** The attempt `payment` was read with is decided: undefined when another worker decided it first. */
const decide = (
  context: WriteContext,
  payment: X402PaymentRow,
  move: "settle" | "fail",
  set: RowChanges<typeof x402Payments>,
): Promise<X402PaymentRow | undefined> =>
  X402_ROWS.tryTransition(context, payment, { move, set, where: eq(x402Payments.nonce, payment.nonce) });

export const settleX402Payment = (
  context: WriteContext,
  payment: X402PaymentRow,
  settlement: { txHash: string; settlementData: Record<string, unknown> },
): Promise<X402PaymentRow | undefined> =>
  decide(context, payment, "settle", { ...settlement, settledAt: context.now });

export const failX402Payment = (
  context: WriteContext,
  payment: X402PaymentRow,
  failureReason: string,
): Promise<X402PaymentRow | undefined> => decide(context, payment, "fail", { failureReason });

/** A settled payment whose transaction already paid another order fails after all. */
export const refuseClaimedX402Payment = (
  context: WriteContext,
  ref: RowRef,
): Promise<X402PaymentRow | undefined> =>
  X402_ROWS.tryTransition(context, ref, {
    move: "refuseClaimed",
    set: { failureReason: "transaction_already_claimed", txHash: null, settledAt: null },
  });
