import { defineStateMachine } from "@tally/core";
import { cardPaymentIntents, type RowRef, stateMachineTable, type WriteContext } from "@tally/db";
import type { CardIntentStatus } from "@tally/providers";
import { eq } from "drizzle-orm";

const LIVE = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
] as const satisfies readonly CardIntentStatus[];

/**
 * An order's card payment intent, mirroring the processor's own statuses: live until it succeeds,
 * fails or is canceled (the order has at most one live intent: unique index). What the processor
 * answers or reports moves it. Only this file writes an intent's status.
 */
export const CARD_INTENT_MACHINE = defineStateMachine({
  name: "card payment intent",
  table: "card_payment_intents",
  states: [...LIVE, "succeeded", "canceled", "payment_failed"],
  /** An intent is recorded in the status the processor created it in. */
  initial: [...LIVE, "succeeded", "canceled", "payment_failed"],
  moves: {
    /** The processor's answer to a call on a live intent (its amount followed the order's). */
    follow: { from: LIVE, to: [...LIVE, "succeeded", "canceled", "payment_failed"] },
    /** Canceled at the processor by a method switch, a checkout or an amount of 0. */
    cancel: { from: LIVE, to: "canceled" },
    /** `payment_intent.processing`. */
    process: { from: LIVE, to: "processing" },
    /** `payment_intent.succeeded`: the money moved, whatever the row said. */
    succeed: { from: [...LIVE, "succeeded", "canceled", "payment_failed"], to: "succeeded" },
    /** `payment_intent.payment_failed`, unless it succeeded or was canceled first. */
    fail: { from: [...LIVE, "payment_failed"], to: "payment_failed" },
  },
  sets: {
    /** No longer the order's live intent. */
    ended: ["canceled", "succeeded", "payment_failed"],
  },
});

const INTENT_ROWS = stateMachineTable(CARD_INTENT_MACHINE, cardPaymentIntents);

export type IntentRow = typeof cardPaymentIntents.$inferSelect;
type IntentStatus = (typeof CARD_INTENT_MACHINE.states)[number];

/** Intent statuses that end an intent: anything else is the order's one live intent (unique index). */
export const ENDED_INTENT_STATUSES = CARD_INTENT_MACHINE.sets.ended;

/** The values of an intent the processor just created, in the status it answered. */
export const newIntentRow = <V extends Omit<typeof cardPaymentIntents.$inferInsert, "status">>(
  status: IntentStatus,
  values: V,
) => INTENT_ROWS.initialRow(status, values);

/**
 * A live intent takes the status (and amount) the processor answered; `whileUpdatedAt` also
 * requires the row unchanged since it was read. Undefined when it had ended or changed.
 */
export const followIntent = (
  context: WriteContext,
  intent: RowRef,
  change: { status: IntentStatus; amount?: number | undefined; whileUpdatedAt?: Date | undefined },
): Promise<IntentRow | undefined> =>
  INTENT_ROWS.tryTransition(context, intent, {
    move: change.status === "canceled" ? "cancel" : "follow",
    to: change.status,
    set: change.amount === undefined ? {} : { amount: change.amount },
    where: change.whileUpdatedAt ? eq(cardPaymentIntents.updatedAt, change.whileUpdatedAt) : undefined,
  });

/** What a processor webhook says of the intent: undefined when the intent's status refuses the move. */
export const recordIntentEvent = (
  context: WriteContext,
  intent: RowRef,
  move: "process" | "succeed" | "fail",
): Promise<IntentRow | undefined> => INTENT_ROWS.tryTransition(context, intent, { move });
