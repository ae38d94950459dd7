import { router } from "@tally/trpc";
import { checkoutRouter } from "./checkout/router.ts";
import { cryptocommerceRouter } from "./cryptocommerce/router.ts";
import { payoutsRouter } from "./payouts/router.ts";

export const paymentsRouter = router({
  checkout: checkoutRouter,
  cryptocommerce: cryptocommerceRouter,
  payouts: payoutsRouter,
});
export { registerPaymentsHandlers } from "./handlers.ts";
