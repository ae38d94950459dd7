import { sql } from "drizzle-orm";
import {
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
      .on(t.providerTxId)
      .where(sql`${t.providerTxId} is not null`),
    index("wallet_transactions_tx_hash").on(t.txHash).where(sql`${t.txHash} is not null`),
    check("wallet_transactions_amount_uint", sql`${t.amount} ~ '^[0-9]{1,78}$'`),
  ],
);

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
    status: text("status", { enum: ["PENDING", "CONFIRMED"] }).notNull(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("crypto_payment_intents_order").on(t.organizationId, t.orderId),
    uniqueIndex("crypto_payment_intents_tx").on(t.txHash),
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
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
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
    uniqueIndex("x402_payments_order").on(t.organizationId, t.orderId),
    uniqueIndex("x402_payments_tx").on(t.txHash).where(sql`${t.txHash} is not null`),
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
