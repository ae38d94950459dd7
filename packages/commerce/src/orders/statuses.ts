import type { orderStatuses, shippingStatuses } from "@tally/db";

export type OrderStatus = (typeof orderStatuses)[number];
export type ShippingStatus = (typeof shippingStatuses)[number];

/** The buyer may still change items, points and discount code. */
export const EDITABLE_ORDER_STATUSES = ["OPEN", "PAYMENT_FAILED"] as const satisfies readonly OrderStatus[];
/** Not paid yet: a payment may start or settle, the shipping fee may change. */
export const UNPAID_ORDER_STATUSES = [
  "OPEN",
  "PAYMENT_PENDING",
  "PAYMENT_FAILED",
] as const satisfies readonly OrderStatus[];
/** Paid and later: counted as sales, fulfilled by the creator, never paid again. */
export const PAID_ORDER_STATUSES = [
  "PAID",
  "PROCESSING",
  "SHIPPED",
  "DELIVERED",
] as const satisfies readonly OrderStatus[];

export const isOrderStatusIn = (statuses: readonly OrderStatus[], status: OrderStatus): boolean =>
  statuses.includes(status);

/** ARCHITECTURE §9 shipping machine. */
export const SHIPPING_TRANSITIONS: Record<ShippingStatus, readonly ShippingStatus[]> = {
  PENDING: ["PROCESSING"],
  PROCESSING: ["LABEL_CREATED", "SHIPPED"],
  LABEL_CREATED: ["SHIPPED"],
  SHIPPED: ["IN_TRANSIT", "DELIVERED", "RETURNED"],
  IN_TRANSIT: ["DELIVERED", "RETURNED"],
  DELIVERED: ["RETURNED"],
  RETURNED: [],
};

/** The order status a shipping status carries a paid order to (RETURNED leaves it as it is). */
export const ORDER_STATUS_FOR_SHIPPING: Partial<Record<ShippingStatus, OrderStatus>> = {
  PROCESSING: "PROCESSING",
  LABEL_CREATED: "PROCESSING",
  SHIPPED: "SHIPPED",
  IN_TRANSIT: "SHIPPED",
  DELIVERED: "DELIVERED",
};
