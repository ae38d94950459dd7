import { type OrderRef, orderAmounts } from "@tally/commerce";
import { AppError } from "@tally/core";
import { cardPaymentIntents, orders, type Tx } from "@tally/db";
import {
  CardProcessorError,
  type CardProcessorPort,
  cardProcessorWithin,
  type Providers,
} from "@tally/providers";
import { and, eq, notInArray } from "drizzle-orm";
import {
  markOrderPaymentFailed,
  type SettlementContext,
  type SettlementDeps,
} from "../settlement/service.ts";

export type IntentRow = typeof cardPaymentIntents.$inferSelect;

/** Intent statuses that end an intent: anything else is the order's one live intent (unique index). */
export const ENDED_INTENT_STATUSES = ["canceled", "succeeded", "payment_failed"] as const;
export const CARD_CURRENCY = "usd";

export const liveIntentOf = async (tx: Tx, ref: OrderRef): Promise<IntentRow | undefined> => {
  const [row] = await tx
    .select()
    .from(cardPaymentIntents)
    .where(
      and(
        eq(cardPaymentIntents.organizationId, ref.organizationId),
        eq(cardPaymentIntents.orderId, ref.orderId),
        notInArray(cardPaymentIntents.status, [...ENDED_INTENT_STATUSES]),
      ),
    );
  return row;
};

export const setIntentStatus = async (
  tx: Tx,
  row: IntentRow,
  change: { status: string; now: Date; amount?: number | undefined },
) => {
  await tx
    .update(cardPaymentIntents)
    .set({
      status: change.status,
      updatedAt: change.now,
      ...(change.amount === undefined ? {} : { amount: change.amount }),
    })
    .where(and(eq(cardPaymentIntents.organizationId, row.organizationId), eq(cardPaymentIntents.id, row.id)));
};

export const processorFailed = (operation: string, error: unknown): AppError => {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError("bad_gateway", `The card processor refused to ${operation}: ${message}`);
};

/**
 * Cancels the intent at the processor. An intent the processor already cancelled counts as
 * cancelled; one that succeeded or is processing cannot be: 409 `invalid_state` (the money moved,
 * or may still move, so the caller must not switch methods).
 */
export const cancelAtProcessor = async (processor: CardProcessorPort, row: IntentRow): Promise<void> => {
  try {
    await processor.cancelPaymentIntent(row.processorIntentId);
  } catch (error) {
    if (!(error instanceof CardProcessorError)) throw processorFailed("cancel the payment intent", error);
    const current = await processor.retrievePaymentIntent(row.processorIntentId).catch(() => undefined);
    if (!current || current.status === "canceled") return;
    if (current.status === "succeeded" || current.status === "processing")
      throw new AppError("invalid_state", `The order's card payment is ${current.status}`, {
        context: { cardPaymentIntentId: row.processorIntentId, cardPaymentStatus: current.status },
      });
    throw processorFailed("cancel the payment intent", error);
  }
};

export interface CardDeps {
  providers: Pick<Providers, "cardProcessor">;
  clock: SettlementDeps["clock"];
}

/** The card deps in the caller's tenant transaction. */
export type CardContext = CardDeps & { tx: Tx };

/**
 * ARCHITECTURE §9 payment method switch: another payment method cancels the order's live card
 * intent first (processor and record, in the caller's transaction). Answers the cancelled
 * processor intent id, or null when there was none. 409 `invalid_state` when the card payment has
 * already succeeded or is processing.
 */
export const cancelLiveCardIntent = async (
  context: CardContext,
  ref: OrderRef,
): Promise<{ canceledIntentId: string | null }> => {
  const { tx } = context;
  const live = await liveIntentOf(tx, ref);
  if (!live) return { canceledIntentId: null };
  await cancelAtProcessor(cardProcessorWithin(context.providers.cardProcessor, tx), live);
  await setIntentStatus(tx, live, { status: "canceled", now: context.clock.now() });
  return { canceledIntentId: live.processorIntentId };
};

/**
 * Rule 2: the order's amount changed (shipping quote, discount) while a card intent may be live:
 * the live intent's amount follows the new total (a total of 0 cancels it: the next checkout
 * settles with points). 409 `invalid_state` when the intent can no longer change.
 */
export const syncLiveCardIntentAmount = async (context: CardContext, ref: OrderRef): Promise<void> => {
  const { tx } = context;
  const live = await liveIntentOf(tx, ref);
  if (!live) return;
  const { total } = await orderAmounts(tx, ref);
  if (total === live.amount) return;
  if (total === 0) {
    await cancelLiveCardIntent(context, ref);
    return;
  }
  const processor = cardProcessorWithin(context.providers.cardProcessor, tx);
  try {
    await processor.updatePaymentIntentAmount(live.processorIntentId, total);
  } catch (error) {
    if (error instanceof CardProcessorError && error.kind === "invalid_request")
      throw new AppError("invalid_state", "The order's card payment can no longer change its amount", {
        context: { cardPaymentIntentId: live.processorIntentId },
      });
    throw processorFailed("update the payment intent amount", error);
  }
  await setIntentStatus(tx, live, { status: live.status, now: context.clock.now(), amount: total });
};

/**
 * `POST /user/{id}/order/{orderId}/payment-failed`: the client saw the payment fail before the
 * webhook. Cancels the live intent (the next checkout gets a new one) and moves the order
 * PAYMENT_PENDING -> PAYMENT_FAILED (points reverted, stock released). Idempotent; an order in any
 * other state is left as it is (a late notice never un-pays an order).
 */
export const noticePaymentFailed = async (
  context: SettlementContext & CardContext,
  ref: OrderRef,
): Promise<{ canceledIntentId: string | null; changed: boolean }> => {
  const { tx } = context;
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.organizationId, ref.organizationId), eq(orders.id, ref.orderId)))
    .for("update");
  if (!order) throw new AppError("not_found", "Order not found");
  const { canceledIntentId } = await cancelLiveCardIntent(context, ref);
  const { changed } = await markOrderPaymentFailed(context, ref);
  return { canceledIntentId, changed };
};
