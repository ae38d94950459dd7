/** Tables owned by @tally/events. */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/** Events that exhausted their retries, for an operator to list and replay. */
export const deadLetters = pgTable(
  "dead_letters",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id"),
    event: text("event").notNull(),
    /** The subscriber whose queue gave up; null for a cron job or a letter of the per-event queues. */
    subscriber: text("subscriber"),
    jobId: text("job_id").notNull(),
    payload: jsonb("payload").notNull(),
    error: text("error"),
    attempts: integer("attempts").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    replayedAt: timestamp("replayed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("dead_letters_job").on(t.jobId),
    index("dead_letters_unreplayed").on(t.failedAt).where(sql`replayed_at is null`),
  ],
);

/** Deduplicates `/webhooks/events` and `/webhooks/cron` deliveries per (job, tick). */
export const webhookDeliveries = pgTable("webhook_deliveries", {
  deliveryKey: text("delivery_key").primaryKey(),
  receivedAt: createdAt,
});
