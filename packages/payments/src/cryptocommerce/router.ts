import { findOrderTenant, withUser } from "@tally/commerce";
import { takeAddressToken } from "@tally/platform";
import { authedProcedure, publicProcedure, router } from "@tally/trpc";
import {
  cryptoCommerceCheckoutResult,
  guestCryptoCommerceCheckoutInput,
  userCryptoCommerceCheckoutInput,
} from "./schemas.ts";
import { checkoutWithCryptoCommerce } from "./service.ts";

const tags = ["Checkout"];

/** Guest checkouts per client address (no API key to rate-limit). */
export const GUEST_CRYPTO_CHECKOUT_LIMIT = { scope: "guest-cryptocommerce", ratePerSecond: 1, burst: 10 };

const description = [
  "Pays the order with a crypto-commerce charge the client created and paid at the provider.",
  "The charge is read from the provider first and must exist, be priced in USD at exactly the amount due",
  "(`amount` must equal it too) and not be expired; otherwise 422 `payment_verification_failed` with",
  "`context.reason` (`charge_not_found`, `currency_mismatch`, `charge_expired`, `amount_mismatch`) and nothing changes.",
  "A charge pays one order only: using it again anywhere answers 409 `already_exists`.",
  "A live card payment intent of the order is cancelled first, and the order's points and stock are held.",
  "Only a charge the provider reports as paid pays the order: a COMPLETED charge makes the order PAID at once (stock",
  "committed, points spent, creator payout created, confirmations sent) with the CryptoCommercePayment COMPLETED; a",
  "charge not yet paid (NEW or PENDING at the provider) leaves the order PAYMENT_PENDING with the payment PENDING, and",
  "the poll job pays the order when the provider confirms the charge, or fails it (PAYMENT_FAILED, points and stock",
  "given back, payment FAILED) when the charge expires unpaid. Meanwhile another payment of the order answers 409",
  "`payment_in_progress`. Allowed from OPEN, PAYMENT_PENDING and PAYMENT_FAILED (409 `invalid_state` otherwise, or",
  "when the order has no items or nothing is due).",
].join(" ");

export const cryptocommerceRouter = router({
  checkout: authedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/user/{id}/order/{orderId}/checkout/cryptocommerce",
        tags,
        summary: "Pay the order with a crypto-commerce charge",
        description,
      },
    })
    .input(userCryptoCommerceCheckoutInput)
    .output(cryptoCommerceCheckoutResult)
    .mutation(async ({ ctx, input }) => {
      const { id, orderId, ...body } = input;
      await withUser(ctx, id, async () => undefined);
      return checkoutWithCryptoCommerce(
        { ...ctx.deps, logger: ctx.logger },
        { organizationId: ctx.principal.organizationId, orderId, payer: { kind: "user", userId: id } },
        body,
      );
    }),
  guestCheckout: publicProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/guest/order/{id}/checkout/cryptocommerce",
        tags,
        summary: "Pay a guest order with a crypto-commerce charge (no API key)",
        description: `${description} No API key: the order id is the capability, an unknown id answers 404 revealing nothing, and calls are rate-limited per client address (429). Guest orders only. A guest order without an e-mail takes \`customer.email\` for the receipt.`,
      },
    })
    .input(guestCryptoCommerceCheckoutInput)
    .output(cryptoCommerceCheckoutResult)
    .mutation(async ({ ctx, input }) => {
      const { id, ...body } = input;
      await takeAddressToken(ctx.deps.database.db, ctx.clientAddress, GUEST_CRYPTO_CHECKOUT_LIMIT);
      const organizationId = await findOrderTenant(ctx.deps.database.db, id);
      return checkoutWithCryptoCommerce(
        { ...ctx.deps, logger: ctx.logger },
        { organizationId, orderId: id, payer: { kind: "guest" } },
        body,
      );
    }),
});
