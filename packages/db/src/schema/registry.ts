/** Tables owned by @tally/db itself: the global, tenant-less registries. */
import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/** Global registry: object id -> organization, for routes that carry no API key (guest, x402, solver). */
export const objectRoutes = pgTable("object_routes", {
  objectId: text("object_id").primaryKey(),
  kind: text("kind").notNull(),
  organizationId: text("organization_id").notNull(),
  createdAt: createdAt,
});

/** Global registry of processed inbound webhook event ids (storefront platform, later processors). */
export const inboundWebhookEvents = pgTable(
  "inbound_webhook_events",
  {
    source: text("source").notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: createdAt,
  },
  (t) => [primaryKey({ columns: [t.source, t.eventId] })],
);
