import type { ShippingAddress, Tx } from "@tally/db";
import { orders } from "@tally/db";
import { and, eq, inArray } from "drizzle-orm";
import type { OrderRef, OrderRow } from "./amounts.ts";
import {
  EDITABLE_ORDER_STATUSES,
  ORDER_STATUS_FOR_SHIPPING,
  type OrderStatus,
  PAID_ORDER_STATUSES,
  type ShippingStatus,
  UNPAID_ORDER_STATUSES,
} from "./statuses.ts";

/** What a change of an order may set besides its status: never its ids, buyer or creation time. */
export type OrderChanges = Partial<
  Omit<typeof orders.$inferInsert, "organizationId" | "id" | "userId" | "createdAt" | "status" | "updatedAt">
>;

export interface OrderTransition {
  /** The change applies only while the order is in one of these statuses (a conditional update). */
  from: readonly OrderStatus[];
  to?: OrderStatus | undefined;
  set?: OrderChanges | undefined;
  /** And only while the shipping status is still this one. */
  whileShipping?: ShippingStatus | undefined;
  now: Date;
}

/**
 * The one write of an order row: a conditional update that applies only from the given statuses,
 * so two writers racing on one order cannot both move it. Returns the updated row, or undefined when
 * the order was not in `from` (or does not exist).
 */
export const transitionOrder = async (
  tx: Tx,
  ref: OrderRef,
  { from, to, set, whileShipping, now }: OrderTransition,
): Promise<OrderRow | undefined> => {
  const [row] = await tx
    .update(orders)
    .set({ ...set, ...(to ? { status: to } : {}), updatedAt: now })
    .where(
      and(
        eq(orders.organizationId, ref.organizationId),
        eq(orders.id, ref.orderId),
        inArray(orders.status, [...from]),
        whileShipping ? eq(orders.shippingStatus, whileShipping) : undefined,
      ),
    )
    .returning();
  return row;
};

/** A payment was started or is confirming: the order waits for it (from `from`, default any unpaid status). */
export const setOrderPaymentPending = (
  tx: Tx,
  ref: OrderRef,
  options: { now: Date; from?: readonly OrderStatus[]; set?: OrderChanges },
): Promise<OrderRow | undefined> =>
  transitionOrder(tx, ref, {
    from: options.from ?? UNPAID_ORDER_STATUSES,
    to: "PAYMENT_PENDING",
    set: options.set,
    now: options.now,
  });

export type OrderPaymentMethod = NonNullable<OrderRow["paymentMethod"]>;

/** An unpaid order is paid: what was charged, by which rail, when. */
export const setOrderPaid = (
  tx: Tx,
  ref: OrderRef,
  payment: { method: OrderPaymentMethod; amountPaid: number; now: Date },
): Promise<OrderRow | undefined> =>
  transitionOrder(tx, ref, {
    from: UNPAID_ORDER_STATUSES,
    to: "PAID",
    set: { paymentMethod: payment.method, amountPaid: payment.amountPaid, paidAt: payment.now },
    now: payment.now,
  });

/** PAYMENT_PENDING -> PAYMENT_FAILED only: a late failure never un-pays an order. */
export const setOrderPaymentFailed = (
  { tx, now }: { tx: Tx; now: Date },
  ref: OrderRef,
): Promise<OrderRow | undefined> =>
  transitionOrder(tx, ref, { from: ["PAYMENT_PENDING"], to: "PAYMENT_FAILED", now });

/** The points an unpaid order applies (the caller checked they are spendable). */
export const setOrderPoints = (
  { tx, now }: { tx: Tx; now: Date },
  ref: OrderRef,
  points: number,
): Promise<OrderRow | undefined> =>
  transitionOrder(tx, ref, { from: UNPAID_ORDER_STATUSES, set: { points }, now });

/** The discount code an editable order applies and the amount it takes off the subtotal now. */
export const setOrderDiscount = (
  tx: Tx,
  ref: OrderRef,
  discount: { discountCodeId: string; discountAmount: number; now: Date },
): Promise<OrderRow | undefined> =>
  transitionOrder(tx, ref, {
    from: EDITABLE_ORDER_STATUSES,
    set: { discountCodeId: discount.discountCodeId, discountAmount: discount.discountAmount },
    now: discount.now,
  });

/** The shipping rate chosen for an unpaid order: its fee, the address it was quoted for, the rate. */
export const setOrderShippingQuote = (
  tx: Tx,
  ref: OrderRef,
  quote: {
    shippingFee: number;
    shippingAddress: ShippingAddress;
    shippingInfo: Record<string, unknown>;
    now: Date;
  },
): Promise<OrderRow | undefined> =>
  transitionOrder(tx, ref, {
    from: UNPAID_ORDER_STATUSES,
    set: {
      shippingFee: quote.shippingFee,
      shippingAddress: quote.shippingAddress,
      shippingInfo: quote.shippingInfo,
    },
    now: quote.now,
  });

/** Contact details a payment brought for an unpaid order (a guest's e-mail, a shipping address). */
export const setOrderContact = (
  tx: Tx,
  ref: OrderRef,
  contact: { guestEmail?: string; shippingAddress?: ShippingAddress; now: Date },
): Promise<OrderRow | undefined> =>
  transitionOrder(tx, ref, {
    from: UNPAID_ORDER_STATUSES,
    set: {
      ...(contact.guestEmail === undefined ? {} : { guestEmail: contact.guestEmail }),
      ...(contact.shippingAddress === undefined ? {} : { shippingAddress: contact.shippingAddress }),
    },
    now: contact.now,
  });

/**
 * Fulfilment of a paid order: its shipping status (the order's status follows, per
 * `ORDER_STATUS_FOR_SHIPPING`) and shipping details. Applies only while the shipping status is still
 * the one `order` was read with, so two moves of one order cannot both apply.
 */
export const setOrderShipping = (
  tx: Tx,
  order: OrderRow,
  change: { shippingStatus?: ShippingStatus; shippingInfo?: Record<string, unknown>; now: Date },
): Promise<OrderRow | undefined> => {
  const next = change.shippingStatus;
  const moves = next !== undefined && next !== order.shippingStatus;
  return transitionOrder(
    tx,
    { organizationId: order.organizationId, orderId: order.id },
    {
      from: PAID_ORDER_STATUSES,
      to: moves ? (ORDER_STATUS_FOR_SHIPPING[next] ?? order.status) : undefined,
      set: {
        ...(change.shippingInfo === undefined ? {} : { shippingInfo: change.shippingInfo }),
        ...(moves ? { shippingStatus: next } : {}),
      },
      whileShipping: order.shippingStatus,
      now: change.now,
    },
  );
};
