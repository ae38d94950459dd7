/** Tables owned by @tally/providers: the local adapters' own state. */
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

/** The local chat adapter's own state: channels it "hosts" (the real adapter talks to the chat provider). */
export const localChatChannels = pgTable("local_chat_channels", {
  id: text("id").primaryKey(),
  members: jsonb("members").$type<{ type: string; id: string }[]>().notNull(),
  createdAt,
});

/** The local chat adapter's user tokens. */
export const localChatTokens = pgTable("local_chat_tokens", {
  token: text("token").primaryKey(),
  subject: text("subject").notNull().unique(),
  createdAt,
});

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

/** A charge's statuses as the provider reports them; an unpaid (NEW) one reads as EXPIRED past its deadline. */
export const sandboxCryptoChargeStatuses = ["NEW", "PENDING", "COMPLETED", "EXPIRED"] as const;

/** The local crypto-commerce adapter's charges. */
export const sandboxCryptoCharges = pgTable("sandbox_crypto_charges", {
  id: text("id").primaryKey(),
  amount: integer("amount").notNull(),
  /** The order the charge was created for (the provider's charge metadata); a charge pays it only. */
  organizationId: text("organization_id"),
  orderId: text("order_id"),
  status: text("status", { enum: sandboxCryptoChargeStatuses }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  createdAt,
});

/** The local email adapter's outbox: every message the service would have sent. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    template: text("template"),
    /** Caller-chosen key so a retried event handler records one message, not two. */
    dedupeKey: text("dedupe_key").unique(),
    createdAt: createdAt,
  },
  (t) => [index("email_outbox_to").on(t.to)],
);
