import { AppError } from "@tally/core";
import {
  discountCodes,
  type FindRowOptions,
  orderItems,
  orders,
  organizationSettings,
  type RowKey,
  rowFinder,
  type Tx,
} from "@tally/db";
import { and, eq, sql } from "drizzle-orm";
import { flatRate, pendingFlatRate } from "../shipping/flat-rate.ts";
import { editOrder, type OrderRef, type OrderRow } from "./state.ts";

export type { OrderRef, OrderRow };

import { UNPAID_ORDER_STATUSES } from "./statuses.ts";

export type OrderItemRow = typeof orderItems.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Money owed for an order, all integer cents. */
export interface OrderAmounts {
  subtotal: number;
  discount: number;
  pointsValue: number;
  shippingFee: number;
  total: number;
}

/** An order, and in `of` the buyer (`userId`) or creator it must belong to: another's order is 404 too. */
export type OrderKey = OrderRef & Pick<RowKey<OrderRow>, "of">;

const findOrderRow = rowFinder(orders, "Order");

export const orderNotFound = findOrderRow.notFound;

/** The order row, or 404 `not_found` "Order not found"; `lock` holds it until the transaction ends. */
export const findOrder = (
  tx: Tx,
  { orderId, ...key }: OrderKey,
  options?: FindRowOptions,
): Promise<OrderRow> => findOrderRow(tx, { ...key, id: orderId }, options);

/** Locks and returns the order (so concurrent edits of one order run one after another). */
export const lockOrder = (tx: Tx, key: OrderKey): Promise<OrderRow> => findOrder(tx, key, { lock: true });

/** The discount a code gives on a subtotal: percent rounds down, fixed never exceeds the subtotal. */
export const discountFor = (code: Pick<DiscountCodeRow, "kind" | "value">, subtotal: number): number =>
  code.kind === "PERCENT"
    ? Math.floor((subtotal * Math.min(code.value, 100)) / 100)
    : Math.min(code.value, subtotal);

export const pointValueCentsOf = async (tx: Tx, organizationId: string): Promise<number> => {
  const [settings] = await tx
    .select({ pointValueCents: organizationSettings.pointValueCents })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return settings?.pointValueCents ?? 1;
};

/**
 * The largest order total: every amount column (card intent, amount paid, payout) is a 32-bit
 * integer of cents. Lines are summed in 64 bits, so a larger order is refused, never overflowed.
 */
export const MAX_ORDER_TOTAL_CENTS = 2_147_483_647;

/** 422 `validation_failed` naming the limit when the order's items cost more than an order may. */
export const assertWithinOrderLimit = (subtotal: number): void => {
  if (subtotal > MAX_ORDER_TOTAL_CENTS)
    throw new AppError(
      "validation_failed",
      `An order's items may cost at most ${MAX_ORDER_TOTAL_CENTS} cents`,
      {
        details: [
          {
            field: "quantity",
            message: `the order's items would cost ${subtotal} cents; the limit is ${MAX_ORDER_TOTAL_CENTS}`,
          },
        ],
        context: { subtotal, maxTotalCents: MAX_ORDER_TOTAL_CENTS },
      },
    );
};

export const subtotalOf = async (tx: Tx, { organizationId, orderId }: OrderRef): Promise<number> => {
  const [row] = await tx
    .select({ subtotal: sql<string | null>`sum(${orderItems.price}::bigint * ${orderItems.quantity})` })
    .from(orderItems)
    .where(and(eq(orderItems.organizationId, organizationId), eq(orderItems.orderId, orderId)));
  return Number(row?.subtotal ?? 0);
};

/** The discount the order's applied code gives on `subtotal` (0 without a code). */
export const orderDiscount = async (tx: Tx, order: OrderRow, subtotal: number): Promise<number> => {
  if (!order.discountCodeId) return 0;
  const [code] = await tx
    .select({ kind: discountCodes.kind, value: discountCodes.value })
    .from(discountCodes)
    .where(
      and(eq(discountCodes.organizationId, order.organizationId), eq(discountCodes.id, order.discountCodeId)),
    );
  // A code applied to an order stays applied even if it is disabled or expires later.
  return code ? discountFor(code, subtotal) : Math.min(order.discountAmount, subtotal);
};

export const amountsOf = async (tx: Tx, order: OrderRow): Promise<OrderAmounts> => {
  const ref = { organizationId: order.organizationId, orderId: order.id };
  const subtotal = await subtotalOf(tx, ref);
  const discount = await orderDiscount(tx, order, subtotal);
  const pointsValue = order.points * (await pointValueCentsOf(tx, order.organizationId));
  // Until a rate is chosen, the creator's flat rate (if any) is the fee the order would be paid with.
  const shippingFee = (await pendingFlatRate(tx, order)) ?? order.shippingFee;
  const total = Math.max(0, subtotal - discount - pointsValue + shippingFee);
  return { subtotal, discount, pointsValue, shippingFee, total };
};

/**
 * The most points the order can apply: the fewest that cover its amount due before points (items -
 * discount + shipping), so no point is spent on nothing.
 */
export const maxUsablePoints = async (tx: Tx, order: OrderRow): Promise<number> => {
  const { subtotal, discount, shippingFee } = await amountsOf(tx, order);
  const due = Math.max(0, subtotal - discount + shippingFee);
  return Math.ceil(due / (await pointValueCentsOf(tx, order.organizationId)));
};

/** 422 `points_exceed_amount_due` naming `maxPoints` when `points` is more than the order can use. */
export const assertPointsWithinAmountDue = async (tx: Tx, order: OrderRow, points: number): Promise<void> => {
  if (points === 0) return;
  const maxPoints = await maxUsablePoints(tx, order);
  if (points > maxPoints)
    throw new AppError(
      "points_exceed_amount_due",
      `The order's amount due needs at most ${maxPoints} points; ${points} were asked`,
      { context: { points, maxPoints } },
    );
};

/**
 * ARCHITECTURE §9 order total: items x quantity - discount - points x pointValueCents + shippingFee,
 * never below 0. Throws 404 when the order does not exist.
 */
export const orderAmounts = async (tx: Tx, ref: OrderRef): Promise<OrderAmounts> =>
  amountsOf(tx, await findOrder(tx, ref));

/**
 * The amounts a payment of the order is claimed at (every payment rail's claim step, with the order
 * locked): an order with no chosen rate whose creator has a flat rate first gets that rate as its
 * fee (rate `flat`), so that a later change of the creator's rate does not move what is being paid.
 */
export const amountsForPayment = async (
  { tx, now }: { tx: Tx; now: Date },
  ref: OrderRef,
): Promise<OrderAmounts> => {
  const order = await findOrder(tx, ref);
  const rate = await pendingFlatRate(tx, order);
  if (rate === undefined) return amountsOf(tx, order);
  const { id, carrier, service, estimatedDays } = flatRate(rate);
  const fixed = await editOrder({ tx, now }, ref, {
    while: UNPAID_ORDER_STATUSES,
    set: {
      shippingFee: rate,
      shippingInfo: { ...(order.shippingInfo ?? {}), rateId: id, carrier, service, estimatedDays },
    },
  });
  return amountsOf(tx, fixed ?? order);
};
