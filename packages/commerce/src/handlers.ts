import type { Clock, Logger } from "@tally/core";
import type { Database } from "@tally/db";
import type { EventBus } from "@tally/events";
import type { Providers } from "@tally/providers";

/** What commerce's event handlers need; given by the composition root. */
export interface CommerceHandlerDeps {
  database: Database;
  providers: Providers;
  clock: Clock;
  logger: Logger;
}

/** Registers commerce's event handlers on the bus (user-created, follow, product-published, storefront sync). */
export const registerCommerceHandlers = (_bus: EventBus, _deps: CommerceHandlerDeps): void => {};
