import type { campaignJourneys, Tx } from "@tally/db";
import type { EventBus } from "@tally/events";

export type JourneyRow = typeof campaignJourneys.$inferSelect;
export type Publisher = Pick<EventBus, "publish" | "publishMany">;
/** What participation writes run with: the caller's transaction, the request's instant, the event publisher. */
export interface ParticipationContext {
  tx: Tx;
  now: Date;
  events: Publisher;
}
