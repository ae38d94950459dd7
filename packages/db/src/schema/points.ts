/** The points ledger (owned by @tally/points): its transactions and the running balances. */
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
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

export const pointTransactionTypes = ["API", "CAMPAIGN", "PURCHASE", "NFT_REDEMPTION", "PRESALE"] as const;

/**
 * The points ledger. A checkout reservation is a negative PURCHASE row with `reservation` RESERVED
 * (finalize sets FINALIZED; revert deletes the order's reserved rows). `amount` is never zero.
 */
export const pointTransactions = pgTable(
  "point_transactions",
  {
    organizationId: text("organization_id").notNull(),
    id: serial("id").notNull(),
    userId: text("user_id").notNull(),
    /** Null = organization-wide points. */
    creatorId: text("creator_id"),
    amount: integer("amount").notNull(),
    type: text("type", { enum: pointTransactionTypes }).notNull(),
    orderId: text("order_id"),
    reservation: text("reservation", { enum: ["RESERVED", "FINALIZED"] }),
    /** API grants: stored verbatim. */
    details: jsonb("details").$type<Record<string, unknown>>(),
    /** CAMPAIGN / NFT_REDEMPTION / PRESALE references. */
    reference: jsonb("reference").$type<Record<string, unknown>>(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("point_transactions_user").on(t.organizationId, t.userId, t.createdAt),
    index("point_transactions_order").on(t.organizationId, t.orderId),
    /** A CAMPAIGN transaction pays one completed journey: at most one per journey. */
    uniqueIndex("point_transactions_campaign_journey")
      .on(t.organizationId, sql`(${t.reference} ->> 'journeyId')`)
      .where(sql`${t.type} = 'CAMPAIGN'`),
    check("point_transactions_non_zero", sql`${t.amount} <> 0`),
  ],
);

/**
 * Running balances per (user, scope); scope '' = organization-wide, else a creator id. The CHECK
 * makes "never negative" a database invariant: a spend is a conditional update of this row.
 */
export const pointBalances = pgTable(
  "point_balances",
  {
    organizationId: text("organization_id").notNull(),
    userId: text("user_id").notNull(),
    scope: text("scope").notNull(),
    balance: integer("balance").notNull().default(0),
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.scope] }),
    check("point_balances_non_negative", sql`${t.balance} >= 0`),
  ],
);
