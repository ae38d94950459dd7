/** Token presales: tables owned by @tally/rewards's presales feature. */
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

/** DRAFT (before startsAt) -> ACTIVE (on sale) -> ENDED (at endsAt); DRAFT or ACTIVE -> CANCELED. */
export const tokenPresaleStatuses = ["DRAFT", "ACTIVE", "ENDED", "CANCELED"] as const;
export type TokenPresaleStatus = (typeof tokenPresaleStatuses)[number];
export const presaleCurrencies = ["POINTS", "USDC"] as const;
/** When a purchase's token is queued for minting: when the presale ends, or as soon as it is processed. */
export const presaleDistributions = ["AT_END", "IMMEDIATE"] as const;
/**
 * AWAITING_PAYMENT (USDC: unit claimed, order unpaid) -> PAID (price taken) | EXPIRED (USDC order unpaid by the
 * deadline: unit released); PAID -> DISTRIBUTED (mint queued) | FAILED (could not be granted; refunded) |
 * REFUNDED (canceled).
 */
export const presalePurchaseStatuses = [
  "AWAITING_PAYMENT",
  "PAID",
  "DISTRIBUTED",
  "FAILED",
  "REFUNDED",
  "EXPIRED",
] as const;
export type PresalePurchaseStatus = (typeof presalePurchaseStatuses)[number];

/**
 * A time-boxed, capped sale of one token each of a creator's published reward programme. `sold` only moves
 * by a conditional update (`sold < cap`), and the CHECK keeps it within the cap whatever runs.
 */
export const tokenPresales = pgTable(
  "token_presales",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    creatorId: text("creator_id").notNull(),
    rewardId: text("reward_id").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    priceCurrency: text("price_currency", { enum: presaleCurrencies }).notNull().default("POINTS"),
    /** POINTS presales: the creator's points one token costs. */
    pricePoints: integer("price_points"),
    /** USDC presales: atomic units (6 decimals). */
    priceAtomic: bigint("price_atomic", { mode: "bigint" }),
    cap: integer("cap").notNull(),
    sold: integer("sold").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
    status: text("status", { enum: tokenPresaleStatuses }).notNull().default("DRAFT"),
    distribution: text("distribution", { enum: presaleDistributions }).notNull().default("AT_END"),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("token_presales_creator").on(t.organizationId, t.creatorId, t.createdAt),
    index("token_presales_due").on(t.status, t.endsAt),
    check("token_presales_cap_positive", sql`${t.cap} > 0`),
    check("token_presales_sold_within_cap", sql`${t.sold} >= 0 and ${t.sold} <= ${t.cap}`),
    check("token_presales_window", sql`${t.endsAt} > ${t.startsAt}`),
    check(
      "token_presales_price",
      sql`(${t.priceCurrency} = 'POINTS' and ${t.pricePoints} > 0 and ${t.priceAtomic} is null) or (${t.priceCurrency} = 'USDC' and ${t.priceAtomic} > 0 and ${t.pricePoints} is null)`,
    ),
  ],
);

/**
 * One buyer's token of a presale. A user holds at most one live (AWAITING_PAYMENT, PAID or DISTRIBUTED) purchase per reward
 * programme, as the contract mints one token per wallet: the partial unique index makes it a database rule.
 */
export const presalePurchases = pgTable(
  "presale_purchases",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    presaleId: text("presale_id").notNull(),
    rewardId: text("reward_id").notNull(),
    userId: text("user_id").notNull(),
    status: text("status", { enum: presalePurchaseStatuses }).notNull().default("PAID"),
    /** POINTS presales: the creator's points paid. */
    pricePoints: integer("price_points"),
    /** USDC presales: the price in USDC atomic units (6 decimals), paid through the order. */
    priceAtomic: bigint("price_atomic", { mode: "bigint" }),
    /** USDC presales: the commerce order the buyer pays with a USDC rail. */
    orderId: text("order_id"),
    /** USDC presales: an order unpaid by then releases the unit (token-presale-monitor). */
    paymentDeadline: timestamp("payment_deadline", { withTimezone: true, mode: "date" }),
    /** The PRESALE point transaction that paid it (negative). */
    pointTransactionId: integer("point_transaction_id"),
    /** The PRESALE point transaction that gave the points back (FAILED, REFUNDED). */
    refundTransactionId: integer("refund_transaction_id"),
    /** The queued mint (reward_mints) once DISTRIBUTED. */
    mintId: text("mint_id"),
    /** Why it could not be granted (FAILED). */
    failure: text("failure"),
    /** When `presale-purchase-processed` handled it. */
    processedAt: timestamp("processed_at", { withTimezone: true, mode: "date" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("presale_purchases_one_per_user")
      .on(t.organizationId, t.rewardId, t.userId)
      .where(sql`${t.status} in ('AWAITING_PAYMENT', 'PAID', 'DISTRIBUTED')`),
    index("presale_purchases_presale").on(t.organizationId, t.presaleId, t.status),
    index("presale_purchases_user").on(t.organizationId, t.userId, t.createdAt),
    index("presale_purchases_payment_due").on(t.status, t.paymentDeadline),
    check(
      "presale_purchases_price",
      sql`(${t.pricePoints} > 0 and ${t.priceAtomic} is null) or (${t.priceAtomic} > 0 and ${t.pricePoints} is null)`,
    ),
  ],
);
