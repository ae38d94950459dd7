import type { CommerceHandlerDeps } from "@tally/commerce";
import type { EventBus } from "@tally/events";
import { releaseStaleReservations } from "@tally/points";
import { followOrderAmount } from "./card/resize.ts";
import { claimOnboardingReminders, sendOnboardingReminder, sweepPayouts } from "./payouts/jobs.ts";
import type { PayoutProcessor } from "./payouts/service.ts";

type Deps = CommerceHandlerDeps;

/** The card processor of the providers, as payouts use it. */
const payoutProcessor = (deps: Deps): PayoutProcessor => deps.providers.cardProcessor;

const STALE_POINTS_MS = 24 * 60 * 60 * 1000;

/** Registers payments' event and cron handlers (card intents following order amounts, payouts sweep, onboarding reminders). */
export const registerPaymentsHandlers = (bus: EventBus, deps: Deps): void => {
  bus.subscribe("card-intent-amount-changed", "payments", (payload) => followOrderAmount(deps, payload));
  bus.subscribe("cardproc-onboarding-reminder", "payments", async (payload) => {
    await sendOnboardingReminder({ ...deps, email: deps.providers.email }, payload);
  });
  bus.registerCron("payouts-sweep", async () => {
    await sweepPayouts({ ...deps, processor: payoutProcessor(deps) });
    // Points held by orders left unpaid for 24 h go back to their owners (ARCHITECTURE §9). The spec
    // has no job of its own for it, so it rides on this half-hourly sweep.
    const now = deps.clock.now();
    await deps.database.db.transaction((tx) =>
      releaseStaleReservations({ tx, now }, { olderThan: new Date(now.getTime() - STALE_POINTS_MS) }),
    );
  });
  bus.registerCron("cardproc-onboarding-reminder", async () => {
    await claimOnboardingReminders({ ...deps, events: bus });
  });
};
