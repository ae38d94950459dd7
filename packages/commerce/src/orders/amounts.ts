import { AppError } from "@tally/core";
import {
  creators,
  discountCodes,
  type Executor,
  type FindRowOptions,
  orderItems,
  orders,
  organizationSettings,
  preparedQuery,
  type RowKey,
  rowFinder,
  type Tx,
} from "@tally/db";
import { and, eq, sql } from "drizzle-orm";
import { flatRate, hasChosenRate } from "../shipping/flat-rate.ts";
import { editOrder, type LockedOrder, type OrderRef, type OrderRow } from "./state.ts";

export type { LockedOrder, OrderRef, OrderRow };

import { isOrderStatusIn, UNPAID_ORDER_STATUSES } from "./statuses.ts";

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
export const lockOrder = (tx: Tx, key: OrderKey): Promise<LockedOrder> =>
  findOrder(tx, key, { lock: true }) as Promise<LockedOrder>;

/** The order an order step works on: the caller's locked row as given, else the order of `ref`, locked now. */
export const heldOrder = async (tx: Tx, order: OrderRef | LockedOrder): Promise<LockedOrder> =>
  "status" in order ? order : lockOrder(tx, order);

/** The ref of an order given as a ref or as its locked row. */
export const orderRefOf = (order: OrderRef | LockedOrder): OrderRef =>
  "status" in order ? { organizationId: order.organizationId, orderId: order.id } : order;

/** The discount a code gives on a subtotal: percent rounds down, fixed never exceeds the subtotal. */
export const discountFor = (code: Pick<DiscountCodeRow, "kind" | "value">, subtotal: number): number =>
  code.kind === "PERCENT"
    ? Math.floor((subtotal * Math.min(code.value, 100)) / 100)
    : Math.min(code.value, subtotal);

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

const subtotalRow = preparedQuery<{ organizationId: string; orderId: string }, { subtotal: string | null }[]>(
  "order_subtotal",
  (executor: Executor) =>
    executor
      .select({ subtotal: sql<string | null>`sum(${orderItems.price}::bigint * ${orderItems.quantity})` })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.organizationId, sql.placeholder("organizationId")),
          eq(orderItems.orderId, sql.placeholder("orderId")),
        ),
      ),
);

export const subtotalOf = async (tx: Tx, ref: OrderRef): Promise<number> => {
  const [row] = await subtotalRow(tx, { organizationId: ref.organizationId, orderId: ref.orderId });
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

interface AmountInputs {
  /** Null when the order has no items. */
  subtotal: string | null;
  discountKind: DiscountCodeRow["kind"] | null;
  discountValue: number | null;
  pointValueCents: number | null;
  creatorFlatRate: number | null;
}

/**
 * Everything an order's amounts read besides the order row, in one statement: its items' sum, its
 * applied code, the organization's point value and the creator's flat rate. Amounts are computed
 * several times in every order and payment request, so this is one round trip, prepared once.
 */
const amountInputs = preparedQuery<
  { organizationId: string; orderId: string; discountCodeId: string | null; creatorId: string | null },
  AmountInputs[]
>("order_amount_inputs", (executor: Executor) => {
  const organizationId = sql.placeholder("organizationId");
  return (
    executor
      .select({
        subtotal: sql<string | null>`(select sum(${orderItems.price}::bigint * ${orderItems.quantity})
        from ${orderItems}
        where ${orderItems.organizationId} = ${organizationId} and ${orderItems.orderId} = ${sql.placeholder("orderId")})`,
        discountKind: discountCodes.kind,
        discountValue: discountCodes.value,
        pointValueCents: organizationSettings.pointValueCents,
        creatorFlatRate: creators.flatShippingRate,
      })
      // One row whatever exists: each join adds its row, or nulls.
      .from(sql`(select 1) as one`)
      .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizationId))
      .leftJoin(
        discountCodes,
        and(
          eq(discountCodes.organizationId, organizationId),
          eq(discountCodes.id, sql.placeholder("discountCodeId")),
        ),
      )
      .leftJoin(
        creators,
        and(eq(creators.organizationId, organizationId), eq(creators.id, sql.placeholder("creatorId"))),
      )
  );
});

/**
 * The flat rate an order pays when no rate was chosen: an unpaid order with items, not a presale's
 * (a token ships nothing), whose creator has a flat rate (0 is none). Undefined otherwise (the
 * order's own `shippingFee` applies).
 */
const pendingFlatRateOf = (order: OrderRow, inputs: AmountInputs): number | undefined =>
  hasChosenRate(order) ||
  !isOrderStatusIn(UNPAID_ORDER_STATUSES, order.status) ||
  order.presalePurchaseId !== null ||
  inputs.subtotal === null ||
  !inputs.creatorFlatRate
    ? undefined
    : inputs.creatorFlatRate;

const amountsWith = async (tx: Tx, order: OrderRow) => {
  // Always one row (selected from `(select 1)`): nulls stand for what does not exist.
  const [inputs] = (await amountInputs(tx, {
    organizationId: order.organizationId,
    orderId: order.id,
    discountCodeId: order.discountCodeId,
    creatorId: order.creatorId,
  })) as [AmountInputs];
  const subtotal = Number(inputs.subtotal ?? 0);
  // A code applied to an order stays applied even if it is disabled or expires later.
  const discount = !order.discountCodeId
    ? 0
    : inputs.discountKind !== null && inputs.discountValue !== null
      ? discountFor({ kind: inputs.discountKind, value: Number(inputs.discountValue) }, subtotal)
      : Math.min(order.discountAmount, subtotal);
  const pointValueCents = Number(inputs.pointValueCents ?? 1);
  // Until a rate is chosen, the creator's flat rate (if any) is the fee the order would be paid with.
  const pendingFlatRate = pendingFlatRateOf(order, inputs);
  const shippingFee = pendingFlatRate ?? order.shippingFee;
  const total = Math.max(0, subtotal - discount - order.points * pointValueCents + shippingFee);
  return {
    amounts: { subtotal, discount, pointsValue: order.points * pointValueCents, shippingFee, total },
    pointValueCents,
    pendingFlatRate,
  };
};

export const amountsOf = async (tx: Tx, order: OrderRow): Promise<OrderAmounts> =>
  (await amountsWith(tx, order)).amounts;

/**
 * The most points the order can apply: the fewest that cover its amount due before points (items -
 * discount + shipping), so no point is spent on nothing.
 */
export const maxUsablePoints = async (tx: Tx, order: OrderRow): Promise<number> => {
  const { amounts, pointValueCents } = await amountsWith(tx, order);
  const due = Math.max(0, amounts.subtotal - amounts.discount + amounts.shippingFee);
  return Math.ceil(due / pointValueCents);
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
  scope: OrderRef | LockedOrder,
): Promise<OrderAmounts> => {
  const ref = orderRefOf(scope);
  const order = "status" in scope ? scope : await findOrder(tx, ref);
  const found = await amountsWith(tx, order);
  const rate = found.pendingFlatRate;
  if (rate === undefined) return found.amounts;
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
