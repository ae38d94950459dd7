import { defineStateMachine } from "@tally/core";
import {
  type RowRef,
  stateMachineTable,
  type WriteContext,
  walletTransactionStatuses,
  walletTransactions,
} from "@tally/db";

export type WalletTransactionRow = typeof walletTransactions.$inferSelect;

/**
 * A transaction recorded for a wallet: a SEND from a SERVER wallet is PENDING until the chain mined it
 * (CONFIRMED) or refused, reverted or dropped it (FAILED), as the send's own wait, the wallet provider's
 * webhook or the reconcile job learns first; a PAYMENT is recorded CONFIRMED. Only this file writes a
 * transaction's status.
 */
export const WALLET_TRANSACTION_MACHINE = defineStateMachine({
  name: "wallet transaction",
  table: "wallet_transactions",
  states: walletTransactionStatuses,
  initial: ["PENDING", "CONFIRMED"],
  moves: {
    confirm: { from: ["PENDING"], to: "CONFIRMED" },
    fail: { from: ["PENDING"], to: "FAILED" },
  },
});

const TRANSACTION_ROWS = stateMachineTable(WALLET_TRANSACTION_MACHINE, walletTransactions);

/** The values of a send about to be broadcast: PENDING. */
export const newWalletSendRow = <V extends Omit<typeof walletTransactions.$inferInsert, "status">>(
  values: V,
) => TRANSACTION_ROWS.initialRow("PENDING", values);

/** The values of a payment verified on chain: CONFIRMED at `now`. */
export const newConfirmedWalletPaymentRow = <
  V extends Omit<typeof walletTransactions.$inferInsert, "status" | "confirmedAt">,
>(
  now: Date,
  values: V,
) => TRANSACTION_ROWS.initialRow("CONFIRMED", { ...values, confirmedAt: now });

/**
 * A PENDING send is CONFIRMED at `now` or FAILED with why (`providerTxId` when the wallet provider named it).
 * Undefined when it had settled already.
 */
export const settleWalletTransaction = (
  context: WriteContext,
  ref: RowRef,
  outcome: { status: "CONFIRMED" | "FAILED"; failureReason: string | null; providerTxId?: string | null },
): Promise<WalletTransactionRow | undefined> =>
  TRANSACTION_ROWS.tryTransition(context, ref, {
    move: outcome.status === "CONFIRMED" ? "confirm" : "fail",
    set: {
      failureReason: outcome.failureReason,
      confirmedAt: outcome.status === "CONFIRMED" ? context.now : null,
      ...(outcome.providerTxId === undefined ? {} : { providerTxId: outcome.providerTxId }),
    },
  });
