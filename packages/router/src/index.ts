import { commerceRouter } from "@tally/commerce";
import { loyaltyRouter } from "@tally/loyalty";
import { paymentsRouter } from "@tally/payments";
import { platformRouter } from "@tally/platform";
import { router } from "@tally/trpc";

/** Every domain's router merged into one tree: the REST surface, `/trpc` and the typed client all come from it. */
export const appRouter = router({
  platform: platformRouter,
  commerce: commerceRouter,
  loyalty: loyaltyRouter,
  payments: paymentsRouter,
});

export type AppRouter = typeof appRouter;
