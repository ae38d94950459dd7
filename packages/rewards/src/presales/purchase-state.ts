import { defineStateMachine } from "@tally/core";
import { presalePurchaseStatuses, presalePurchases, type RowRef, stateMachineTable } from "@tally/db";
import { eq } from "drizzle-orm";
import type { PresaleWriteContext, PurchaseRow } from "./record.ts";

/**
 * A buyer's token of a presale: a POINTS purchase is PAID as it is made, a USDC one AWAITING_PAYMENT until
 * its order is paid (or EXPIRED past its deadline); a PAID one is DISTRIBUTED once its mint is queued,
 * FAILED (refunded) when the grant is refused or the mint fails for good, REFUNDED when its presale is
 * canceled. Only this file writes a purchase's status.
 */
export const PURCHASE_MACHINE = defineStateMachine({
  name: "presale purchase",
  table: "presale_purchases",
  states: presalePurchaseStatuses,
  initial: ["AWAITING_PAYMENT", "PAID"],
  moves: {
    /** The USDC order was paid (`purchase-processed`). */
    pay: { from: ["AWAITING_PAYMENT"], to: "PAID", event: "presale-purchase-processed" },
    /** The USDC order was not paid by the deadline: the unit goes back on sale. */
    expire: { from: ["AWAITING_PAYMENT"], to: "EXPIRED" },
    distribute: { from: ["PAID"], to: "DISTRIBUTED" },
    /** The grant was refused (PAID) or the queued mint failed for good (DISTRIBUTED); points given back. */
    fail: { from: ["PAID", "DISTRIBUTED"], to: "FAILED" },
    /** The presale was canceled; points given back. */
    refund: { from: ["PAID"], to: "REFUNDED" },
  },
  sets: {
    /** A unit sold whose token is not queued yet: counted against the reward's maxSupply. */
    awaitingMint: ["PAID", "AWAITING_PAYMENT"],
  },
});

const PURCHASE_ROWS = stateMachineTable(PURCHASE_MACHINE, presalePurchases);

/** The values of a new purchase: PAID (points) or AWAITING_PAYMENT (USDC). */
export const newPurchaseRow = <V extends Omit<typeof presalePurchases.$inferInsert, "status">>(
  status: (typeof PURCHASE_MACHINE.initial)[number],
  values: V,
) => PURCHASE_ROWS.initialRow(status, values);

/** AWAITING_PAYMENT -> PAID for the purchase the order pays; undefined when it was not awaiting it. */
export const markPurchasePaid = (
  context: PresaleWriteContext,
  ref: RowRef,
  orderId: string,
): Promise<PurchaseRow | undefined> =>
  PURCHASE_ROWS.tryTransition(context, ref, { move: "pay", where: eq(presalePurchases.orderId, orderId) });

/** AWAITING_PAYMENT -> EXPIRED: the order was not paid by the deadline. */
export const expirePurchase = (context: PresaleWriteContext, ref: RowRef): Promise<PurchaseRow | undefined> =>
  PURCHASE_ROWS.tryTransition(context, ref, {
    move: "expire",
    set: { failure: "The order was not paid by the deadline" },
  });

/** PAID -> DISTRIBUTED with the queued mint. */
export const markPurchaseDistributed = (
  context: PresaleWriteContext,
  ref: RowRef,
  mintId: string,
): Promise<PurchaseRow | undefined> =>
  PURCHASE_ROWS.tryTransition(context, ref, { move: "distribute", set: { mintId } });

/** How a purchase whose points go back ends: REFUNDED (canceled presale), or FAILED with why, from `from`. */
export type PurchaseRefund =
  | { move: "refund" }
  | { move: "fail"; failure: string; from?: (typeof PURCHASE_MACHINE.moves.fail.from)[number] };

/** Moves a purchase to REFUNDED or FAILED, once; undefined when it was not in the move's start state. */
export const endRefundedPurchase = (
  context: PresaleWriteContext,
  ref: RowRef,
  outcome: PurchaseRefund,
): Promise<PurchaseRow | undefined> =>
  outcome.move === "refund"
    ? PURCHASE_ROWS.tryTransition(context, ref, { move: "refund", set: { failure: null } })
    : PURCHASE_ROWS.tryTransition(context, ref, {
        move: "fail",
        from: [outcome.from ?? "PAID"],
        set: { failure: outcome.failure },
      });
