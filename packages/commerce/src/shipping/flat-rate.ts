import { creators, orderItems, type Tx } from "@tally/db";
import type { ShippingRate } from "@tally/providers";
import { and, eq } from "drizzle-orm";
import type { OrderRow } from "../orders/state.ts";
import { isOrderStatusIn, UNPAID_ORDER_STATUSES } from "../orders/statuses.ts";

/** The stable rate id under which a creator's flat shipping rate is quoted and recorded on an order. */
export const FLAT_RATE_ID = "flat";

/** The creator's flat rate as a quoted rate (the creator ships it: no carrier estimate). */
export const flatRate = (amount: number): ShippingRate => ({
  id: FLAT_RATE_ID,
  carrier: "creator",
  service: "Flat rate",
  amount,
  currency: "usd",
  estimatedDays: null,
});

/** The order's creator's flat shipping rate in cents; undefined when the creator has none (0 is none). */
export const creatorFlatRate = async (tx: Tx, order: OrderRow): Promise<number | undefined> => {
  if (!order.creatorId) return undefined;
  const [creator] = await tx
    .select({ rate: creators.flatShippingRate })
    .from(creators)
    .where(and(eq(creators.organizationId, order.organizationId), eq(creators.id, order.creatorId)));
  return creator && creator.rate > 0 ? creator.rate : undefined;
};

/** Whether a rate was chosen for the order (by a quote, or fixed by a payment claim): its fee stands. */
export const hasChosenRate = (order: OrderRow): boolean => typeof order.shippingInfo?.rateId === "string";

/**
 * The flat rate an order pays when no rate was chosen: an unpaid order with items whose creator has
 * a flat rate. Undefined otherwise (the order's own `shippingFee` applies).
 */
export const pendingFlatRate = async (tx: Tx, order: OrderRow): Promise<number | undefined> => {
  if (hasChosenRate(order) || !isOrderStatusIn(UNPAID_ORDER_STATUSES, order.status)) return undefined;
  // A presale order sells a token: nothing ships.
  if (order.presalePurchaseId !== null) return undefined;
  const rate = await creatorFlatRate(tx, order);
  if (rate === undefined) return undefined;
  const [item] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.organizationId, order.organizationId), eq(orderItems.orderId, order.id)))
    .limit(1);
  return item ? rate : undefined;
};
