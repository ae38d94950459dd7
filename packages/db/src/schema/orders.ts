/** Tables owned by @tally/commerce: its order aggregate, written only by commerce/orders. */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import type { ShippingAddress } from "./commerce.ts";
import { keyLookup } from "./key-lookup.ts";

export const orderStatuses = [
  "OPEN",
  "PAYMENT_PENDING",
  "PAID",
  "PAYMENT_FAILED",
  "PROCESSING",
  "SHIPPED",
  "DELIVERED",
  "CANCELED",
] as const;
export const shippingStatuses = [
  "PENDING",
  "PROCESSING",
  "LABEL_CREATED",
  "SHIPPED",
  "IN_TRANSIT",
  "DELIVERED",
  "RETURNED",
] as const;

/** Money in integer cents. `creator_id` is set by the first item: an order holds one creator's products. */
export const orders = pgTable(
  "orders",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    /** Null for guest orders. */
    userId: text("user_id"),
    guestEmail: text("guest_email"),
    creatorId: text("creator_id"),
    status: text("status", { enum: orderStatuses }).notNull().default("OPEN"),
    shippingStatus: text("shipping_status", { enum: shippingStatuses }).notNull().default("PENDING"),
    points: integer("points").notNull().default(0),
    shippingFee: integer("shipping_fee").notNull().default(0),
    discountAmount: integer("discount_amount").notNull().default(0),
    discountCodeId: text("discount_code_id"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    shippingInfo: jsonb("shipping_info").$type<Record<string, unknown>>(),
    /** The amount actually charged, fixed when the order is paid. */
    amountPaid: integer("amount_paid"),
    paymentMethod: text("payment_method", {
      enum: ["CARD", "X402", "EMBEDDED_WALLET", "CRYPTO_COMMERCE", "POINTS", "REWARD"],
    }),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    /** A FREE_PRODUCT reward's order: the redemption it was made for (at most one order each). */
    redemptionId: text("redemption_id"),
    /** A USDC token presale's order: the presale purchase it pays (at most one order each). */
    presalePurchaseId: text("presale_purchase_id"),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    keyLookup("orders_id", t.id),
    uniqueIndex("orders_one_open_per_user").on(t.organizationId, t.userId).where(sql`${t.status} = 'OPEN'`),
    uniqueIndex("orders_redemption")
      .on(t.organizationId, t.redemptionId)
      .where(sql`${t.redemptionId} is not null`),
    uniqueIndex("orders_presale_purchase")
      .on(t.organizationId, t.presalePurchaseId)
      .where(sql`${t.presalePurchaseId} is not null`),
    index("orders_user").on(t.organizationId, t.userId, t.createdAt),
    index("orders_creator").on(t.organizationId, t.creatorId, t.createdAt),
    check(
      "orders_money_non_negative",
      sql`${t.points} >= 0 and ${t.shippingFee} >= 0 and ${t.discountAmount} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    organizationId: text("organization_id").notNull(),
    id: serial("id").notNull(),
    orderId: text("order_id").notNull(),
    productId: text("product_id").notNull(),
    variantId: text("variant_id"),
    productName: text("product_name").notNull(),
    productSlug: text("product_slug").notNull(),
    quantity: integer("quantity").notNull(),
    /** Unit price in cents at the time it was added. */
    price: integer("price").notNull(),
    selectedAttributes: jsonb("selected_attributes").$type<Record<string, string>>().notNull().default({}),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("order_items_order").on(t.organizationId, t.orderId),
    index("order_items_product").on(t.organizationId, t.productId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_price_non_negative", sql`${t.price} >= 0`),
  ],
);
