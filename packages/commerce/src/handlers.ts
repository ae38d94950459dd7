import type { Clock, Logger } from "@tally/core";
import type { Database } from "@tally/db";
import type { EventBus } from "@tally/events";
import type { Providers } from "@tally/providers";
import { registerFollowsHandlers } from "./follows/handlers.ts";
import { registerOrderHandlers } from "./orders/confirmations.ts";
import { registerProductsHandlers } from "./products/handlers.ts";
import { registerStorefrontHandlers } from "./storefront/handlers.ts";
import { registerUsersHandlers } from "./users/handlers.ts";

/** What commerce's event handlers need; given by the composition root. */
export interface CommerceHandlerDeps {
  database: Database;
  providers: Providers;
  clock: Clock;
  logger: Logger;
}

/** Registers commerce's event handlers on the bus (users, follows, products, storefront sync and order push, paid-order notices). */
export const registerCommerceHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  registerProductsHandlers(bus, deps);
  registerStorefrontHandlers(bus, deps);
  registerUsersHandlers(bus, deps);
  registerFollowsHandlers(bus, deps);
  registerOrderHandlers(bus, deps);
};
