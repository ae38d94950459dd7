/** Tables owned by @tally/payments. */
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
import { keyLookup } from "./key-lookup.ts";

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
    keyLookup("card_payment_intents_id", t.id),
    uniqueIndex("card_payment_intents_processor").on(t.organizationId, t.processorIntentId),
    keyLookup("card_payment_intents_processor_id", t.processorIntentId),
    // An order's intents, every status (the live index covers only the open ones): read by each checkout.
    index("card_payment_intents_order").on(t.organizationId, t.orderId, t.createdAt),
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

export const cryptoCommercePaymentStatuses = ["PENDING", "COMPLETED", "FAILED"] as const;

export const cryptoCommercePayments = pgTable(
  "crypto_commerce_payments",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    orderId: text("order_id").notNull(),
    chargeId: text("charge_id").notNull(),
    amount: integer("amount").notNull(),
    status: text("status", { enum: cryptoCommercePaymentStatuses }).notNull().default("PENDING"),
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

export const connectedAccountStatuses = ["PENDING", "RESTRICTED", "ENABLED"] as const;

export const connectedAccounts = pgTable(
  "connected_accounts",
  {
    organizationId: text("organization_id").notNull(),
    creatorId: text("creator_id").notNull(),
    processorAccountId: text("processor_account_id").notNull(),
    status: text("status", { enum: connectedAccountStatuses }).notNull().default("PENDING"),
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

export const creatorPayoutStatuses = ["PENDING", "ELIGIBLE", "TRANSFERRED"] as const;

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
    status: text("status", { enum: creatorPayoutStatuses }).notNull().default("PENDING"),
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

export const cryptoPaymentIntentStatuses = ["PENDING", "CONFIRMED"] as const;

/** An embedded-wallet payment of an order (created CONFIRMED once the transfer is verified on chain). */
export const cryptoPaymentIntents = pgTable(
  "crypto_payment_intents",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    orderId: text("order_id").notNull(),
    /** Lowercase. */
    txHash: text("tx_hash").notNull(),
    walletAddress: text("wallet_address").notNull(),
    /** USDC atomic units (6 decimals). */
    amount: text("amount").notNull(),
    chainId: integer("chain_id").notNull(),
    blockNumber: text("block_number").notNull(),
    status: text("status", { enum: cryptoPaymentIntentStatuses }).notNull(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("crypto_payment_intents_order").on(t.organizationId, t.orderId),
    // Unique per tenant; a transaction pays one order anywhere through claimed_transactions.
    uniqueIndex("crypto_payment_intents_tx").on(t.organizationId, t.txHash),
  ],
);

/**
 * Global registry: an on-chain transaction pays at most one order anywhere (embedded-wallet
 * submissions and x402 settlements alike), whatever the letter case it was submitted in.
 */
export const claimedTransactions = pgTable(
  "claimed_transactions",
  {
    /** Lowercase 0x hash. */
    txHash: text("tx_hash").primaryKey(),
    organizationId: text("organization_id").notNull(),
    orderId: text("order_id").notNull(),
    method: text("method", { enum: ["EMBEDDED_WALLET", "X402"] }).notNull(),
    createdAt,
  },
  (t) => [check("claimed_transactions_lowercase", sql`${t.txHash} = lower(${t.txHash})`)],
);

export const x402PaymentStatuses = ["PENDING", "VERIFIED", "SETTLED", "FAILED"] as const;

/** One x402 payment per order; a FAILED one is reused by the next attempt. */
export const x402Payments = pgTable(
  "x402_payments",
  {
    id: integer("id").notNull().generatedAlwaysAsIdentity(),
    organizationId: text("organization_id").notNull(),
    orderId: text("order_id").notNull(),
    /** Lowercase settlement transaction hash, once settled. */
    txHash: text("tx_hash"),
    network: text("network").notNull(),
    asset: text("asset").notNull(),
    /** USDC atomic units. */
    amount: text("amount").notNull(),
    payTo: text("pay_to").notNull(),
    payer: text("payer").notNull(),
    /** The EIP-3009 nonce of the authorization being settled. */
    nonce: text("nonce").notNull(),
    status: text("status", { enum: x402PaymentStatuses }).notNull().default("PENDING"),
    /** The decoded X-PAYMENT payload and the requirements it answered, kept so a retry can settle it. */
    paymentPayload: jsonb("payment_payload").$type<Record<string, unknown>>().notNull(),
    requirements: jsonb("requirements").$type<Record<string, unknown>>().notNull(),
    settlementData: jsonb("settlement_data").$type<Record<string, unknown>>(),
    failureReason: text("failure_reason"),
    attempts: integer("attempts").notNull().default(0),
    createdAt,
    updatedAt,
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("x402_payments_order").on(t.organizationId, t.orderId),
    // Unique per tenant; a settlement pays one order anywhere through claimed_transactions.
    uniqueIndex("x402_payments_tx").on(t.organizationId, t.txHash).where(sql`${t.txHash} is not null`),
    index("x402_payments_unsettled").on(t.updatedAt).where(sql`${t.status} in ('PENDING', 'VERIFIED')`),
  ],
);

/**
 * Global registry of EIP-3009 authorizations presented to the x402 endpoint: the facilitator's
 * verify does not reject a used authorization, so this unique key is what makes one pay once.
 */
export const x402Authorizations = pgTable(
  "x402_authorizations",
  {
    asset: text("asset").notNull(),
    authorizer: text("authorizer").notNull(),
    nonce: text("nonce").notNull(),
    organizationId: text("organization_id").notNull(),
    orderId: text("order_id").notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.asset, t.authorizer, t.nonce] })],
);

export const walletTransactionStatuses = ["PENDING", "CONFIRMED", "FAILED"] as const;
export const walletTransactionKinds = ["SEND", "PAYMENT"] as const;

/**
 * The transactions the service recorded for a wallet: sends it made from a SERVER wallet and
 * payments it accepted from a wallet. Amounts are in the token's smallest unit, as text (uint256).
 */
export const walletTransactions = pgTable(
  "wallet_transactions",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    /** Lowercase 0x address of the wallet the transaction belongs to. */
    walletAddress: text("wallet_address").notNull(),
    userId: text("user_id").notNull(),
    kind: text("kind", { enum: walletTransactionKinds }).notNull(),
    /** Lowercase; null until broadcast. */
    txHash: text("tx_hash"),
    /** The wallet provider's id of the transaction, when it was sent through the provider. */
    providerTxId: text("provider_tx_id"),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    tokenAddress: text("token_address").notNull(),
    amount: text("amount").notNull(),
    chainId: integer("chain_id").notNull(),
    status: text("status", { enum: walletTransactionStatuses }).notNull().default("PENDING"),
    failureReason: text("failure_reason"),
    createdAt,
    updatedAt,
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("wallet_transactions_wallet").on(t.organizationId, t.walletAddress, t.createdAt),
    uniqueIndex("wallet_transactions_hash")
      .on(t.organizationId, t.walletAddress, t.txHash)
      .where(sql`${t.txHash} is not null`),
    uniqueIndex("wallet_transactions_provider_tx")
      .on(t.organizationId, t.providerTxId)
      .where(sql`${t.providerTxId} is not null`),
    index("wallet_transactions_tx_hash").on(t.txHash).where(sql`${t.txHash} is not null`),
    check("wallet_transactions_amount_uint", sql`${t.amount} ~ '^[0-9]{1,78}$'`),
  ],
);
