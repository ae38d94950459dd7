import type { EventBus } from "@tally/events";
import { registerFollowsHandlers } from "./follows/handlers.ts";
import type { CommerceHandlerDeps } from "./handler-deps.ts";
import { registerOrderHandlers } from "./orders/confirmations.ts";
import { registerProductsHandlers } from "./products/handlers.ts";
import { registerStorefrontHandlers } from "./storefront/handlers.ts";
import { registerUsersHandlers } from "./users/handlers.ts";

/** Registers commerce's event handlers on the bus (users, follows, products, storefront sync and order push, paid-order notices). */
export const registerCommerceHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  registerProductsHandlers(bus, deps);
  registerStorefrontHandlers(bus, deps);
  registerUsersHandlers(bus, deps);
  registerFollowsHandlers(bus, deps);
  registerOrderHandlers(bus, deps);
};
