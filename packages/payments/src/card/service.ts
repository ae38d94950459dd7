import {
  isOrderStatusIn,
  lockOrder,
  type OrderRef,
  orderAmounts,
  reserveStock,
  setOrderPaymentPending,
  setOrderPoints,
  UNPAID_ORDER_STATUSES,
} from "@tally/commerce";
import { AppError, newId } from "@tally/core";
import { cardPaymentIntents, orderItems, orders, payerCustomers, type Tx, users } from "@tally/db";
import { reserveOrderPoints } from "@tally/loyalty";
import {
  type CardPaymentIntent,
  CardProcessorError,
  type CardProcessorPort,
  cardProcessorWithin,
  type Providers,
} from "@tally/providers";
import { and, count, eq, notInArray } from "drizzle-orm";
import {
  markOrderPaymentFailed,
  markVerifiedOrderPaid,
  type SettlementContext,
  type SettlementDeps,
} from "../settlement/service.ts";
import { assertNoPaymentSettling } from "../settlement/settling.ts";

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

const setIntentStatus = async (tx: Tx, row: IntentRow, status: string, now: Date, amount?: number) => {
  await tx
    .update(cardPaymentIntents)
    .set({ status, updatedAt: now, ...(amount === undefined ? {} : { amount }) })
    .where(and(eq(cardPaymentIntents.organizationId, row.organizationId), eq(cardPaymentIntents.id, row.id)));
};

const processorFailed = (operation: string, error: unknown): AppError => {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError("bad_gateway", `The card processor refused to ${operation}: ${message}`);
};

/**
 * Cancels the intent at the processor. An intent the processor already cancelled counts as
 * cancelled; one that succeeded or is processing cannot be: 409 `invalid_state` (the money moved,
 * or may still move, so the caller must not switch methods).
 */
const cancelAtProcessor = async (processor: CardProcessorPort, row: IntentRow): Promise<void> => {
  try {
    await processor.cancelPaymentIntent(row.processorIntentId);
  } catch (error) {
    if (!(error instanceof CardProcessorError)) throw processorFailed("cancel the payment intent", error);
    const current = await processor.retrievePaymentIntent(row.processorIntentId).catch(() => undefined);
    if (!current || current.status === "canceled") return;
    if (current.status === "succeeded" || current.status === "processing")
      throw new AppError("invalid_state", `The order's card payment is ${current.status}`, {
        details: { cardPaymentIntentId: row.processorIntentId, cardPaymentStatus: current.status },
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
  await setIntentStatus(tx, live, "canceled", context.clock.now());
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
        details: { cardPaymentIntentId: live.processorIntentId },
      });
    throw processorFailed("update the payment intent amount", error);
  }
  await setIntentStatus(tx, live, live.status, context.clock.now(), total);
};

export interface CheckoutResult {
  /** The processor's intent id (null when the order was settled with points alone). */
  paymentIntentId: string | null;
  /** Alias of `paymentIntentId`, the spec's field name. */
  intentId: string | null;
  clientSecret: string | null;
  /** The intent's processor status, or `succeeded` when points covered everything. */
  status: string;
  /** Cents to pay by card. */
  amount: number;
  orderStatus: "PAYMENT_PENDING" | "PAID";
  /** Whether the call created a new intent (rule 1: first checkout, or points changed). */
  created: boolean;
}

const present = (intent: Pick<IntentRow, "processorIntentId" | "clientSecret" | "status" | "amount">) => ({
  paymentIntentId: intent.processorIntentId,
  intentId: intent.processorIntentId,
  clientSecret: intent.clientSecret,
  status: intent.status,
  amount: intent.amount,
});

/** The processor customer of a user (PayerCustomer), created on first use. */
const payerCustomerOf = async (
  tx: Tx,
  processor: CardProcessorPort,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<string> => {
  const where = and(eq(payerCustomers.organizationId, organizationId), eq(payerCustomers.userId, userId));
  const [existing] = await tx.select().from(payerCustomers).where(where);
  if (existing) return existing.processorCustomerId;
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  let customer: { id: string };
  try {
    customer = await processor.createCustomer({
      ...(user?.email ? { email: user.email } : {}),
      metadata: { organizationId, userId },
    });
  } catch (error) {
    throw processorFailed("create the customer", error);
  }
  await tx
    .insert(payerCustomers)
    .values({ organizationId, userId, processorCustomerId: customer.id, createdAt: now })
    .onConflictDoNothing();
  const [row] = await tx.select().from(payerCustomers).where(where);
  return row?.processorCustomerId ?? customer.id;
};

export interface CheckoutInput extends OrderRef {
  /** Points to apply (sets `orders.points`); omitted = keep the order's current points. */
  points?: number | undefined;
}

/**
 * Card checkout (spec rule 1, ARCHITECTURE §9), in the caller's tenant transaction with the order
 * row locked: points (if given) set on the order, points reserved, stock held, amount = the order
 * total. The live intent is reused when its points are unchanged (its amount updated when the total
 * moved), cancelled and replaced when they changed; otherwise a new intent is created. A total of
 * 0 settles the order at once with points (PAID, method POINTS). The order ends PAYMENT_PENDING.
 */
export const checkoutOrder = async (
  context: SettlementContext & CardContext,
  input: CheckoutInput,
): Promise<CheckoutResult> => {
  const { tx } = context;
  const { organizationId, orderId } = input;
  const ref = { organizationId, orderId };
  const now = context.clock.now();
  const order = await lockOrder(tx, ref);
  await assertNoPaymentSettling(tx, ref);
  // A repeat checkout while PAYMENT_PENDING reuses or replaces the live intent.
  if (!isOrderStatusIn(UNPAID_ORDER_STATUSES, order.status))
    throw new AppError(
      "invalid_state",
      `The order is ${order.status}; checkout needs OPEN or PAYMENT_FAILED`,
      {
        details: { status: order.status },
      },
    );
  const [items] = await tx
    .select({ n: count() })
    .from(orderItems)
    .where(and(eq(orderItems.organizationId, organizationId), eq(orderItems.orderId, orderId)));
  if (!items || items.n === 0) throw new AppError("invalid_state", "The order has no items");
  let points = order.points;
  if (input.points !== undefined && input.points !== order.points) {
    points = input.points;
    await setOrderPoints({ tx, now }, ref, points);
  }
  await reserveOrderPoints(tx, ref);
  await reserveStock(tx, { ...ref, now });
  const { total } = await orderAmounts(tx, ref);
  const processor = cardProcessorWithin(context.providers.cardProcessor, tx);
  let live = await liveIntentOf(tx, ref);

  if (total === 0) {
    if (live) await cancelLiveCardIntent(context, ref);
    await markVerifiedOrderPaid(context, {
      organizationId,
      orderId,
      method: "POINTS",
      amountPaid: 0,
      reference: `points:${orderId}`,
      now,
    });
    return {
      paymentIntentId: null,
      intentId: null,
      clientSecret: null,
      status: "succeeded",
      amount: 0,
      orderStatus: "PAID",
      created: false,
    };
  }

  let result: CheckoutResult | undefined;
  if (live && live.points === points) {
    if (live.amount !== total) {
      try {
        const updated = await processor.updatePaymentIntentAmount(live.processorIntentId, total);
        await setIntentStatus(tx, live, updated.status, now, total);
        live = { ...live, amount: total, status: updated.status };
      } catch (error) {
        if (!(error instanceof CardProcessorError)) throw processorFailed("update the payment intent", error);
        // The intent can no longer change (cancelled out of band, processing...): replace it below.
        await cancelLiveCardIntent(context, ref);
        live = undefined;
      }
    }
    if (live) result = { ...present(live), orderStatus: "PAYMENT_PENDING", created: false };
  } else if (live) {
    await cancelLiveCardIntent(context, ref);
  }

  if (!result) {
    const [made] = await tx
      .select({ n: count() })
      .from(cardPaymentIntents)
      .where(
        and(eq(cardPaymentIntents.organizationId, organizationId), eq(cardPaymentIntents.orderId, orderId)),
      );
    const customerId = order.userId
      ? await payerCustomerOf(tx, processor, organizationId, order.userId, now)
      : undefined;
    let intent: CardPaymentIntent;
    try {
      intent = await processor.createPaymentIntent(
        {
          amount: total,
          currency: CARD_CURRENCY,
          metadata: {
            organizationId,
            orderId,
            ...(order.userId ? { userId: order.userId } : {}),
          },
          customerId,
        },
        // A retried transaction asks again with the same key and gets the same intent back.
        `checkout:${organizationId}:${orderId}:${made?.n ?? 0}:${total}:${points}`,
      );
    } catch (error) {
      throw processorFailed("create the payment intent", error);
    }
    const row = {
      organizationId,
      id: newId(),
      orderId,
      processorIntentId: intent.id,
      clientSecret: intent.clientSecret,
      amount: intent.amount,
      currency: intent.currency,
      status: intent.status,
      points,
      createdAt: now,
      updatedAt: now,
    };
    await tx.insert(cardPaymentIntents).values(row);
    result = { ...present(row), orderStatus: "PAYMENT_PENDING", created: true };
  }

  await setOrderPaymentPending(tx, ref, { now });
  return result;
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
