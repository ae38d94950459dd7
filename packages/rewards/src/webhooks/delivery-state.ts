import { defineStateMachine, isStatusIn } from "@tally/core";
import {
  type RowRef,
  rewardWebhookDeliveries,
  rewardWebhookStatuses,
  stateMachineTable,
  type WriteContext,
} from "@tally/db";
import { sql } from "drizzle-orm";

type DeliveryRow = typeof rewardWebhookDeliveries.$inferSelect;

/** Still to be delivered: QUEUED, or FAILED and replayed from dead_letters. */
const ATTEMPTABLE = ["QUEUED", "FAILED"] as const;

/**
 * A redemption's CUSTOM_REWARD webhook: QUEUED until an attempt is answered 2xx (DELIVERED) or its URL is
 * refused (REFUSED, never retried); an attempt that misses keeps it QUEUED for the queue's retry, or FAILED
 * on the last one (a replay of the dead letter attempts it again). Only this file writes a delivery's status.
 */
export const WEBHOOK_DELIVERY_MACHINE = defineStateMachine({
  name: "reward webhook delivery",
  table: "reward_webhook_deliveries",
  states: rewardWebhookStatuses,
  initial: ["QUEUED"],
  moves: {
    deliver: { from: ATTEMPTABLE, to: "DELIVERED" },
    refuse: { from: ATTEMPTABLE, to: "REFUSED" },
    miss: { from: ATTEMPTABLE, to: ["QUEUED", "FAILED"] },
  },
});

const DELIVERY_ROWS = stateMachineTable(WEBHOOK_DELIVERY_MACHINE, rewardWebhookDeliveries);

/** Whether an attempt may still send the delivery (not DELIVERED or REFUSED). */
export const isAttemptable = (delivery: Pick<DeliveryRow, "status">): boolean =>
  isStatusIn(ATTEMPTABLE, delivery.status);

/** The values of a new delivery: QUEUED. */
export const newDeliveryRow = <V extends Omit<typeof rewardWebhookDeliveries.$inferInsert, "status">>(
  values: V,
) => DELIVERY_ROWS.initialRow("QUEUED", values);

/** What one attempt found: the receiver's answer, if any, and why it did not deliver. */
export interface DeliveryAttemptRecord {
  outcome: "delivered" | "refused" | "retry";
  /** The queue will not retry it: a miss is FAILED rather than QUEUED. */
  lastAttempt: boolean;
  lastResponseStatus: number | null;
  lastError: string | null;
}

/**
 * Records an attempt at `now` and the status it leads to, counting it. Undefined when the delivery was no
 * longer attemptable (a concurrent attempt delivered it).
 */
export const recordDeliveryAttempt = (
  context: WriteContext,
  delivery: RowRef,
  attempt: DeliveryAttemptRecord,
): Promise<DeliveryRow | undefined> => {
  const set = {
    attempts: sql`${rewardWebhookDeliveries.attempts} + 1`,
    lastResponseStatus: attempt.lastResponseStatus,
    lastError: attempt.lastError,
    lastAttemptAt: context.now,
  };
  if (attempt.outcome === "delivered")
    return DELIVERY_ROWS.tryTransition(context, delivery, {
      move: "deliver",
      set: { ...set, deliveredAt: context.now },
    });
  if (attempt.outcome === "refused")
    return DELIVERY_ROWS.tryTransition(context, delivery, { move: "refuse", set });
  return DELIVERY_ROWS.tryTransition(context, delivery, {
    move: "miss",
    to: attempt.lastAttempt ? "FAILED" : "QUEUED",
    set,
  });
};
