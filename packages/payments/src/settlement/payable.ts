import {
  amountsForPayment,
  assertAcceptsPaymentMethod,
  isOrderStatusIn,
  lockOrder,
  type OrderPaymentMethod,
  orderNotFound,
  reserveStock,
  UNPAID_ORDER_STATUSES,
} from "@tally/commerce";
import { AppError } from "@tally/core";
import { orderItems, type orders, type Tx } from "@tally/db";
import { reserveOrderPoints } from "@tally/points";
import { and, eq } from "drizzle-orm";
import { assertNoLiveCardIntent } from "../card/service.ts";
import { assertNoPaymentSettling } from "./settling.ts";

type OrderRow = typeof orders.$inferSelect;

/**
 * Locks the order row for the rest of the transaction (two payments of one order queue up) and
 * checks it can be paid now by `method`: visible to the payer (404 otherwise, revealing nothing), a
 * method the order accepts (409 `payment_method_unavailable`), unpaid, with items and something due
 * (409 `invalid_state` naming the status). Returns the amount due in cents, the shipping fee fixed
 * for the payment (`amountsForPayment`).
 */
export const lockPayableOrder = async (
  { tx, now }: { tx: Tx; now: Date },
  ref: { organizationId: string; orderId: string },
  payment: { method: OrderPaymentMethod; isVisible: (order: OrderRow) => boolean },
): Promise<{ order: OrderRow; total: number }> => {
  const order = await lockOrder(tx, ref);
  if (!payment.isVisible(order)) throw orderNotFound();
  assertAcceptsPaymentMethod(order, payment.method);
  if (!isOrderStatusIn(UNPAID_ORDER_STATUSES, order.status))
    throw new AppError("invalid_state", `The order is ${order.status}: only an unpaid order can be paid`, {
      context: { status: order.status },
    });
  await assertNoPaymentSettling(tx, ref);
  const [item] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.organizationId, ref.organizationId), eq(orderItems.orderId, ref.orderId)))
    .limit(1);
  if (!item)
    throw new AppError("invalid_state", "The order has no items", { context: { status: order.status } });
  const { total } = await amountsForPayment({ tx, now }, order);
  if (total === 0)
    throw new AppError("invalid_state", "Nothing is due: card checkout settles a zero total with points", {
      context: { status: order.status, total },
    });
  return { order, total };
};

/** 422 `payment_verification_failed` with a machine-readable `context.reason`; nothing is written. */
export const paymentVerificationFailed = (
  reason: string,
  message: string,
  extra: Record<string, unknown> = {},
): AppError => new AppError("payment_verification_failed", message, { context: { reason, ...extra } });

/**
 * Holds what a non-card payment takes (the order's points, then its stock: 409 `insufficient_points`
 * / `out_of_stock`), once the rail has cancelled a live card intent first (`cancelLiveCardIntentFirst`):
 * 409 `payment_in_progress` if a card checkout made a new one meanwhile.
 */
export const holdForPayment = async (
  { tx, now }: { tx: Tx; now: Date },
  ref: { organizationId: string; orderId: string; points: number },
): Promise<void> => {
  const order = { organizationId: ref.organizationId, orderId: ref.orderId };
  await assertNoLiveCardIntent(tx, order);
  if (ref.points > 0) await reserveOrderPoints({ tx, now }, order);
  await reserveStock({ tx, now }, order);
};
