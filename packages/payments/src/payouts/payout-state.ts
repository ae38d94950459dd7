import { defineStateMachine } from "@tally/core";
import {
  creatorPayoutStatuses,
  creatorPayouts,
  type RowRef,
  stateMachineTable,
  type WriteContext,
} from "@tally/db";
import { and, eq, lte } from "drizzle-orm";

/**
 * A creator's payout for a paid order: PENDING through the organization's hold, ELIGIBLE after it,
 * TRANSFERRED once the processor moved the money. Only this file writes a payout's status.
 */
export const PAYOUT_MACHINE = defineStateMachine({
  name: "creator payout",
  table: "creator_payouts",
  states: creatorPayoutStatuses,
  initial: ["PENDING"],
  moves: {
    /** The payouts-sweep job, once `eligibleAt` passed. */
    promote: { from: ["PENDING"], to: "ELIGIBLE" },
    /** The sweep's transfer (from ELIGIBLE), or the processor's `transfer.created` (whatever our hold said). */
    transfer: { from: ["PENDING", "ELIGIBLE"], to: "TRANSFERRED" },
  },
});

const PAYOUT_ROWS = stateMachineTable(PAYOUT_MACHINE, creatorPayouts);

export type PayoutRow = typeof creatorPayouts.$inferSelect;

/** The values of a new payout: PENDING. */
export const newPayoutRow = <V extends Omit<typeof creatorPayouts.$inferInsert, "status">>(values: V) =>
  PAYOUT_ROWS.initialRow("PENDING", values);

/** PENDING payouts of the organization whose hold ended at `now` become ELIGIBLE; answers their ids. */
export const promoteDuePayouts = async (context: WriteContext, organizationId: string): Promise<string[]> =>
  (
    await PAYOUT_ROWS.transitionWhere(
      context,
      and(eq(creatorPayouts.organizationId, organizationId), lte(creatorPayouts.eligibleAt, context.now)),
      { move: "promote" },
    )
  ).map((row) => row.id);

/**
 * The payout is TRANSFERRED with the processor's transfer id at `now`; undefined when it is not in
 * `from` (already transferred, or unknown).
 */
export const recordPayoutTransfer = (
  context: WriteContext,
  ref: RowRef,
  transfer: { transferId: string; from?: readonly ("PENDING" | "ELIGIBLE")[] },
): Promise<PayoutRow | undefined> =>
  PAYOUT_ROWS.tryTransition(context, ref, {
    move: "transfer",
    from: transfer.from,
    set: { transferId: transfer.transferId, transferredAt: context.now },
  });
