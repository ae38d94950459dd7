import { withUser } from "@tally/commerce";
import { authedProcedure, router } from "@tally/trpc";
import { embeddedWalletCheckoutInput, embeddedWalletCheckoutResult } from "./schemas.ts";
import { checkoutWithEmbeddedWallet } from "./service.ts";

const description = [
  "Pays the order with a USDC transfer the caller's backend already made from one of the user's wallets",
  "(`walletAddress`) to the organization's receiving address (`x402WalletAddress`) and waited to be confirmed.",
  "The service reads `txHash` from the chain (Base, chain id 8453) and checks: the transaction succeeded with enough",
  "confirmations (CHAIN_CONFIRMATIONS) and holds a USDC `Transfer` of exactly the amount due (order total in cents x 10^4",
  "atomic units; `amount` is the same value as a decimal USDC string) from `walletAddress` to the receiving address.",
  "Otherwise 422 `payment_verification_failed` with `context.reason`: `tx_not_found`, `tx_pending`, `tx_reverted`,",
  "`wrong_chain`, `insufficient_confirmations` (retry later), `wrong_token`, `wrong_recipient`, `wrong_sender`,",
  "`amount_mismatch`, `wallet_not_owned`; nothing changes. A transaction pays one order only: the same hash again, in any",
  "letter case and in any organization, is 409 `already_exists`. 409 `payment_method_unavailable` when the organization",
  "has no receiving address; 503 when the chain node is unreachable. On success a CryptoPaymentIntent is created",
  "CONFIRMED, the order becomes PAID (stock committed, held points finalized, payout created) and the order-confirmation",
  "event is published only when `email` is given. Allowed from OPEN, PAYMENT_PENDING and PAYMENT_FAILED.",
].join(" ");

export const embeddedWalletRouter = router({
  checkout: authedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/user/{id}/order/{orderId}/checkout/embedded-wallet",
        tags: ["Checkout"],
        summary: "Pay the order with a confirmed USDC transfer from the user's wallet",
        description,
      },
    })
    .input(embeddedWalletCheckoutInput)
    .output(embeddedWalletCheckoutResult)
    .mutation(async ({ ctx, input }) => {
      await withUser(ctx, input.id, async () => undefined);
      return checkoutWithEmbeddedWallet(
        { ...ctx.deps, logger: ctx.logger, confirmations: ctx.deps.config.CHAIN_CONFIRMATIONS },
        { organizationId: ctx.principal.organizationId, userId: input.id },
        input,
      );
    }),
});
