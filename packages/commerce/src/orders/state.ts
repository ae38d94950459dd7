import { defineStateMachine } from "@tally/core";
import {
  orderStatuses,
  orders,
  type ShippingAddress,
  type shippingStatuses,
  stateMachineTable,
  type Tx,
} from "@tally/db";
import type { SQL } from "drizzle-orm";

export type OrderRow = typeof orders.$inferSelect;

declare const locked: unique symbol;

/**
 * An order row read FOR UPDATE (or returned by an update) in the current transaction, as it stands
 * now: the transaction holds its lock, so a step given it neither reads nor locks the order again.
 */
export type LockedOrder = OrderRow & { readonly [locked]: true };

/** One order of one organization. */
export interface OrderRef {
  organizationId: string;
  orderId: string;
}

type OrderStatus = (typeof orderStatuses)[number];
type ShippingStatus = (typeof shippingStatuses)[number];

const UNPAID = ["OPEN", "PAYMENT_PENDING", "PAYMENT_FAILED"] as const satisfies readonly OrderStatus[];
const PAID = ["PAID", "PROCESSING", "SHIPPED", "DELIVERED"] as const satisfies readonly OrderStatus[];

/**
 * ARCHITECTURE §9 order machine: the buyer edits an OPEN (or failed) order, a payment rail moves it
 * to PAYMENT_PENDING and PAID (or PAYMENT_FAILED), fulfilment follows the shipping status. Only
 * this file writes an order's status.
 */
export const ORDER_MACHINE = defineStateMachine({
  name: "order",
  table: "orders",
  states: orderStatuses,
  /** A cart opens OPEN; a presale purchase's order waits for its payment; a reward order is paid by the redemption. */
  initial: ["OPEN", "PAYMENT_PENDING", "PAID"],
  moves: {
    /** Changing items reopens a failed order (the buyer may still edit it). */
    reopen: { from: ["OPEN", "PAYMENT_FAILED"], to: "OPEN" },
    startPayment: { from: UNPAID, to: "PAYMENT_PENDING" },
    pay: { from: UNPAID, to: "PAID", event: "purchase-processed" },
    /** A late failure never un-pays an order. */
    failPayment: { from: ["PAYMENT_PENDING"], to: "PAYMENT_FAILED" },
    /** A presale purchase that was not paid in time. */
    cancel: { from: UNPAID, to: "CANCELED" },
    /** The order's status follows its shipping status (`followShipping`). */
    fulfil: { from: PAID, to: ["PROCESSING", "SHIPPED", "DELIVERED"] },
  },
});

const ORDER_ROWS = stateMachineTable(ORDER_MACHINE, orders);

/** The order status a shipping status carries a paid order to (RETURNED leaves it as it is). */
const ORDER_STATUS_FOR_SHIPPING: Partial<Record<ShippingStatus, "PROCESSING" | "SHIPPED" | "DELIVERED">> = {
  PROCESSING: "PROCESSING",
  LABEL_CREATED: "PROCESSING",
  SHIPPED: "SHIPPED",
  IN_TRANSIT: "SHIPPED",
  DELIVERED: "DELIVERED",
};

type OrderContext = { tx: Tx; now: Date };

/** What a change of an order may set besides its status: never its ids, buyer or creation time. */
export type OrderChanges = Partial<
  Omit<typeof orders.$inferInsert, "organizationId" | "id" | "userId" | "createdAt" | "status" | "updatedAt">
>;

const rowOf = (ref: OrderRef) => ({ organizationId: ref.organizationId, id: ref.orderId });

/** The values of a new order in one of its initial statuses. */
export const newOrderRow = <V extends Omit<typeof orders.$inferInsert, "status">>(
  status: (typeof ORDER_MACHINE.initial)[number],
  values: V,
) => ORDER_ROWS.initialRow(status, values);

/**
 * Moves an order as one conditional update that applies only from the move's statuses, so two
 * writers racing on one order cannot both move it. Undefined when the order was not in them (or
 * does not exist): the callers decide whether that is a no-op or a refusal.
 */
export const moveOrder = (
  context: OrderContext,
  ref: OrderRef,
  input: Parameters<typeof ORDER_ROWS.tryTransition>[2],
): Promise<OrderRow | undefined> => ORDER_ROWS.tryTransition(context, rowOf(ref), input);

/** Changes an order's other columns only while its status is one of `while` (the status stays). */
export const editOrder = (
  context: OrderContext,
  ref: OrderRef,
  input: { while: readonly OrderStatus[]; set: OrderChanges; where?: SQL },
): Promise<OrderRow | undefined> => ORDER_ROWS.updateWhile(context, rowOf(ref), input);

/** A payment was started or is confirming: the order waits for it (from `from`, default any unpaid status). */
export const setOrderPaymentPending = (
  context: OrderContext,
  ref: OrderRef,
  options: { from?: readonly (typeof UNPAID)[number][]; set?: OrderChanges } = {},
): Promise<OrderRow | undefined> =>
  moveOrder(context, ref, { move: "startPayment", from: options.from, set: options.set });

export type OrderPaymentMethod = NonNullable<OrderRow["paymentMethod"]>;

/** An unpaid order is paid: what was charged, by which rail; it is paid at the context's `now`. */
export const setOrderPaid = (
  context: OrderContext,
  ref: OrderRef,
  payment: { method: OrderPaymentMethod; amountPaid: number },
): Promise<OrderRow | undefined> =>
  moveOrder(context, ref, {
    move: "pay",
    set: { paymentMethod: payment.method, amountPaid: payment.amountPaid, paidAt: context.now },
  });

/** PAYMENT_PENDING -> PAYMENT_FAILED only: a late failure never un-pays an order. */
export const setOrderPaymentFailed = (context: OrderContext, ref: OrderRef): Promise<OrderRow | undefined> =>
  moveOrder(context, ref, { move: "failPayment" });

/** An unpaid presale order is canceled. */
export const cancelOrder = (context: OrderContext, ref: OrderRef): Promise<OrderRow | undefined> =>
  moveOrder(context, ref, { move: "cancel" });

/** The points an unpaid order applies (the caller checked they are spendable); the row as updated, still locked. */
export const setOrderPoints = (
  context: OrderContext,
  ref: OrderRef,
  points: number,
): Promise<LockedOrder | undefined> =>
  editOrder(context, ref, { while: UNPAID, set: { points } }) as Promise<LockedOrder | undefined>;

/** The discount code an editable order applies and the amount it takes off the subtotal now. */
export const setOrderDiscount = (
  context: OrderContext,
  ref: OrderRef,
  discount: { discountCodeId: string; discountAmount: number },
): Promise<OrderRow | undefined> =>
  editOrder(context, ref, {
    while: ORDER_MACHINE.from("reopen"),
    set: { discountCodeId: discount.discountCodeId, discountAmount: discount.discountAmount },
  });

/** The shipping rate chosen for an unpaid order: its fee, the address it was quoted for, the rate. */
export const setOrderShippingQuote = (
  context: OrderContext,
  ref: OrderRef,
  quote: { shippingFee: number; shippingAddress: ShippingAddress; shippingInfo: Record<string, unknown> },
): Promise<OrderRow | undefined> =>
  editOrder(context, ref, {
    while: UNPAID,
    set: {
      shippingFee: quote.shippingFee,
      shippingAddress: quote.shippingAddress,
      shippingInfo: quote.shippingInfo,
    },
  });

/** Contact details a payment brought for an unpaid order (a guest's e-mail, a shipping address). */
export const setOrderContact = (
  context: OrderContext,
  ref: OrderRef,
  contact: { guestEmail?: string; shippingAddress?: ShippingAddress },
): Promise<OrderRow | undefined> =>
  editOrder(context, ref, {
    while: UNPAID,
    set: {
      ...(contact.guestEmail === undefined ? {} : { guestEmail: contact.guestEmail }),
      ...(contact.shippingAddress === undefined ? {} : { shippingAddress: contact.shippingAddress }),
    },
  });

/**
 * A paid order's status follows its new shipping status (`ORDER_STATUS_FOR_SHIPPING`; RETURNED leaves it
 * as it is): undefined when it does not move.
 */
export const followShipping = async (
  context: OrderContext,
  ref: OrderRef,
  shippingStatus: ShippingStatus,
): Promise<OrderRow | undefined> => {
  const to = ORDER_STATUS_FOR_SHIPPING[shippingStatus];
  return to ? moveOrder(context, ref, { move: "fulfil", to }) : undefined;
};
