import { creators, type Tx } from "@tally/db";
import type { ShippingRate } from "@tally/providers";
import { and, eq } from "drizzle-orm";
import type { OrderRow } from "../orders/state.ts";

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
