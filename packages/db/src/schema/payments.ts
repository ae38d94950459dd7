import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { createdAt, updatedAt } from "./columns.ts";

/** Stock held for an order while it is being paid: taken from the variant, given back or committed. */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    organizationId: text("organization_id").notNull(),
    orderId: text("order_id").notNull(),
    variantId: text("variant_id").notNull(),
    quantity: integer("quantity").notNull(),
    status: text("status", { enum: ["HELD", "COMMITTED", "RELEASED"] })
      .notNull()
      .default("HELD"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.orderId, t.variantId] }),
    index("stock_reservations_expiry").on(t.expiresAt).where(sql`${t.status} = 'HELD'`),
    check("stock_reservations_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const discountCodes = pgTable(
  "discount_codes",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    creatorId: text("creator_id").notNull(),
    /** Stored uppercase. */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["PERCENT", "FIXED"] }).notNull(),
    /** Percent 1-100, or cents. */
    value: integer("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("discount_codes_code").on(t.organizationId, t.creatorId, t.code),
    check("discount_codes_usage", sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
    check("discount_codes_value_positive", sql`${t.value} > 0`),
  ],
);

/** Links a card-processor payment intent to an order; at most one live intent per order. */
export const cardPaymentIntents = pgTable(
  "card_payment_intents",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    orderId: text("order_id").notNull(),
    processorIntentId: text("processor_intent_id").notNull(),
    clientSecret: text("client_secret").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    /** Processor-managed status (requires_payment_method, processing, succeeded, canceled, ...). */
    status: text("status").notNull(),
    /** Points applied when the intent was created (rule 1: changed points -> new intent). */
    points: integer("points").notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("card_payment_intents_processor").on(t.organizationId, t.processorIntentId),
    uniqueIndex("card_payment_intents_live")
      .on(t.organizationId, t.orderId)
      .where(sql`${t.status} not in ('canceled', 'succeeded', 'payment_failed')`),
  ],
);

export const payerCustomers = pgTable(
  "payer_customers",
  {
    organizationId: text("organization_id").notNull(),
    userId: text("user_id").notNull(),
    processorCustomerId: text("processor_customer_id").notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);

export const cryptoCommercePayments = pgTable(
  "crypto_commerce_payments",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    orderId: text("order_id").notNull(),
    chargeId: text("charge_id").notNull(),
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["PENDING", "COMPLETED", "FAILED"] })
      .notNull()
      .default("PENDING"),
    customer: jsonb("customer").$type<Record<string, unknown>>(),
    createdAt,
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // A charge that expired unpaid (FAILED) leaves the order free for a new charge.
    uniqueIndex("crypto_commerce_payments_order")
      .on(t.organizationId, t.orderId)
      .where(sql`${t.status} <> 'FAILED'`),
  ],
);

/** Global registry: a crypto-commerce charge pays at most one order anywhere. */
export const claimedCharges = pgTable("claimed_charges", {
  chargeId: text("charge_id").primaryKey(),
  organizationId: text("organization_id").notNull(),
  orderId: text("order_id").notNull(),
  createdAt,
});

/**
 * A payment the processor or provider reports as made that could not pay its order (amount or
 * currency differs from what is due, the order's points can no longer be spent, the order is no
 * longer payable): the order is left unpaid and the money is for an operator to refund or settle.
 */
export const paymentExceptions = pgTable(
  "payment_exceptions",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    orderId: text("order_id").notNull(),
    method: text("method").notNull(),
    /** The payment's own id at its rail: processor intent, charge, transaction hash. */
    reference: text("reference").notNull(),
    reason: text("reason", {
      enum: ["amount_mismatch", "currency_mismatch", "points_unavailable", "order_not_payable"],
    }).notNull(),
    expectedAmount: integer("expected_amount").notNull(),
    receivedAmount: integer("received_amount").notNull(),
    currency: text("currency").notNull(),
    createdAt,
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("payment_exceptions_reference").on(t.organizationId, t.method, t.reference, t.reason),
    index("payment_exceptions_open").on(t.organizationId, t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);

export const connectedAccounts = pgTable(
  "connected_accounts",
  {
    organizationId: text("organization_id").notNull(),
    creatorId: text("creator_id").notNull(),
    processorAccountId: text("processor_account_id").notNull(),
    status: text("status", { enum: ["PENDING", "RESTRICTED", "ENABLED"] })
      .notNull()
      .default("PENDING"),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    chargesEnabled: boolean("charges_enabled").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.creatorId] }),
    uniqueIndex("connected_accounts_processor").on(t.organizationId, t.processorAccountId),
  ],
);

export const creatorPayouts = pgTable(
  "creator_payouts",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    creatorId: text("creator_id").notNull(),
    orderId: text("order_id").notNull(),
    /** Cents: the amount charged minus the application fee. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: ["PENDING", "ELIGIBLE", "TRANSFERRED"] })
      .notNull()
      .default("PENDING"),
    eligibleAt: timestamp("eligible_at", { withTimezone: true, mode: "date" }).notNull(),
    transferId: text("transfer_id"),
    transferredAt: timestamp("transferred_at", { withTimezone: true, mode: "date" }),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("creator_payouts_order").on(t.organizationId, t.orderId),
    index("creator_payouts_due").on(t.status, t.eligibleAt),
    check("creator_payouts_amount_non_negative", sql`${t.amount} >= 0`),
  ],
);

/** The local sandbox card processor's own state (the real adapter talks to the processor). */
export const sandboxProcessorObjects = pgTable(
  "sandbox_processor_objects",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["payment_intent", "customer", "account", "transfer"] }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** Idempotency key of the create call (transfers are keyed by payout id). */
    idempotencyKey: text("idempotency_key").unique(),
    createdAt,
    updatedAt,
  },
  (t) => [index("sandbox_processor_objects_kind").on(t.kind)],
);

/** The local crypto-commerce adapter's charges. */
export const sandboxCryptoCharges = pgTable("sandbox_crypto_charges", {
  id: text("id").primaryKey(),
  amount: integer("amount").notNull(),
  status: text("status", { enum: ["NEW", "PENDING", "COMPLETED", "EXPIRED"] }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  createdAt,
});
