import { router } from "@tally/trpc";
import { checkoutRouter } from "./checkout/router.ts";
import { cryptocommerceRouter } from "./cryptocommerce/router.ts";
import { embeddedWalletRouter } from "./embedded-wallet/router.ts";
import { paymentExceptionsRouter } from "./exceptions/router.ts";
import { payoutsRouter } from "./payouts/router.ts";
import { serverWalletsRouter } from "./server-wallets/router.ts";

export const paymentsRouter = router({
  checkout: checkoutRouter,
  cryptocommerce: cryptocommerceRouter,
  embeddedWallet: embeddedWalletRouter,
  paymentExceptions: paymentExceptionsRouter,
  payouts: payoutsRouter,
  serverWallets: serverWalletsRouter,
});
