import { lockOrder, type OrderRef } from "@tally/commerce";
import { AppError } from "@tally/core";
import {
  cardPaymentIntents,
  type Database,
  type Executor,
  orders,
  preparedQuery,
  type Tx,
  type WriteContext,
  withTenant,
} from "@tally/db";
import { CardProcessorError, type CardProcessorPort, type Providers } from "@tally/providers";
import { and, eq, notInArray, sql } from "drizzle-orm";
import {
  markOrderPaymentFailed,
  type SettlementContext,
  type SettlementDeps,
} from "../settlement/service.ts";
import { ENDED_INTENT_STATUSES, followIntent, type IntentRow } from "./intent-state.ts";

export const CARD_CURRENCY = "usd";

/** The order's intent that has not ended (one at most, by a partial unique index), built once. */
const liveIntentRow = preparedQuery<{ organizationId: string; orderId: string }, IntentRow[]>(
  "card_live_intent",
  (executor: Executor) =>
    executor
      .select()
      .from(cardPaymentIntents)
      .where(
        and(
          eq(cardPaymentIntents.organizationId, sql.placeholder("organizationId")),
          eq(cardPaymentIntents.orderId, sql.placeholder("orderId")),
          notInArray(cardPaymentIntents.status, [...ENDED_INTENT_STATUSES]),
        ),
      ),
);

export const liveIntentOf = async (tx: Tx, ref: OrderRef): Promise<IntentRow | undefined> =>
  (await liveIntentRow(tx, { organizationId: ref.organizationId, orderId: ref.orderId }))[0];

/**
 * The processor idempotency key of resizing `intent` to `amount`: a retry of a call not yet recorded
 * repeats it; once recorded (the row's `updatedAt` moves) a later resize, even back to an earlier
 * amount, gets a new one.
 */
export const resizeKey = (
  intent: Pick<IntentRow, "processorIntentId" | "updatedAt">,
  amount: number,
): string => `resize:${intent.processorIntentId}:${intent.updatedAt.getTime()}:${amount}`;

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

/** Records that an intent was cancelled at the processor, unless it has ended meanwhile (its webhook came first). */
const recordIntentCanceled = async (context: WriteContext, intent: IntentRow): Promise<void> => {
  await followIntent(context, intent, { status: "canceled" });
};

/**
 * ARCHITECTURE §9 payment method switch: paying another way cancels the order's live card intent
 * first, in three steps: read it (only on an order the payer may pay: otherwise the rail's own
 * transaction answers), cancel it at the processor with no transaction open (409 `invalid_state`
 * when the card payment succeeded or is processing: the money moved, or may still move), record it.
 * The rail's transaction then refuses an intent that appeared meanwhile (`assertNoLiveCardIntent`).
 */
export const cancelLiveCardIntentFirst = async (
  deps: CardDeps & { database: Pick<Database, "db"> },
  ref: OrderRef,
  isVisible: (order: typeof orders.$inferSelect) => boolean,
): Promise<void> => {
  const live = await withTenant(deps.database.db, ref.organizationId, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.organizationId, ref.organizationId), eq(orders.id, ref.orderId)));
    return order && isVisible(order) ? liveIntentOf(tx, ref) : undefined;
  });
  if (!live) return;
  await cancelAtProcessor(deps.providers.cardProcessor, live);
  await withTenant(deps.database.db, ref.organizationId, (tx) =>
    recordIntentCanceled({ tx, now: deps.clock.now() }, live),
  );
};

/** In a rail's transaction: 409 `payment_in_progress` when a card checkout made an intent after it was cancelled first. */
export const assertNoLiveCardIntent = async (tx: Tx, ref: OrderRef): Promise<void> => {
  const live = await liveIntentOf(tx, ref);
  if (live)
    throw new AppError("payment_in_progress", "A card payment of this order started meanwhile; try again", {
      context: { cardPaymentIntentId: live.processorIntentId },
      headers: { "Retry-After": "1" },
    });
};

/**
 * `POST /user/{id}/order/{orderId}/payment-failed`, once the live intent read before is cancelled at
 * the processor (no transaction open then): records the cancellation and moves the order
 * PAYMENT_PENDING -> PAYMENT_FAILED (points reverted, stock released). Idempotent; an order in any
 * other state is left as it is (a late notice never un-pays an order).
 */
export const recordPaymentFailed = async (
  context: SettlementContext,
  ref: OrderRef,
  canceled: IntentRow | undefined,
): Promise<{ canceledIntentId: string | null; changed: boolean }> => {
  const { tx } = context;
  await lockOrder(tx, ref);
  if (canceled) await recordIntentCanceled({ tx, now: context.clock.now() }, canceled);
  const { changed } = await markOrderPaymentFailed(context, ref);
  return { canceledIntentId: canceled?.processorIntentId ?? null, changed };
};
