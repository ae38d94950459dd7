import type { orderStatuses, shippingStatuses } from "@tally/db";
import { ORDER_MACHINE } from "./state.ts";

export type OrderStatus = (typeof orderStatuses)[number];
export type ShippingStatus = (typeof shippingStatuses)[number];

/** The buyer may still change items, points and discount code: where editing reopens the order from. */
export const EDITABLE_ORDER_STATUSES = ORDER_MACHINE.from("reopen");
/** Not paid yet: a payment may start or settle, the shipping fee may change. */
export const UNPAID_ORDER_STATUSES = ORDER_MACHINE.from("pay");
/** Paid and later: counted as sales, fulfilled by the creator, never paid again. */
export const PAID_ORDER_STATUSES = ORDER_MACHINE.from("fulfil");

export const isOrderStatusIn = (statuses: readonly OrderStatus[], status: OrderStatus): boolean =>
  statuses.includes(status);
