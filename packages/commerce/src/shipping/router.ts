import { authedProcedure, router } from "@tally/trpc";
import { inTenant, withCreator } from "../access/scope.ts";
import { presentOrder } from "../orders/presenter.ts";
import { creatorOrderParams } from "../orders/schemas.ts";
import { labelOutput, quoteInput, quoteOutput } from "./schemas.ts";
import { createShippingLabel, quoteShipping } from "./service.ts";

const tags = ["Shipping"];

export const shippingRouter = router({
  quote: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/order/{orderId}/shipping/quote",
        tags,
        summary: "Quote shipping rates; sets the order's shipping fee and saves the address",
        description:
          "Rates come from the shipping provider for the order's parcel and the address; when the order's creator has a `flatShippingRate` (above 0) it is offered too, first, as rate id `flat`. The fee is SET (not added) to the chosen `rateId`, by default the creator's flat rate or else the cheapest rate, the address is stored on the order and, for a user's order, as the user's shipping address (`GET /user/{id}/shipping-address`), and a live card payment intent is resized. Allowed until the order is paid (409 `invalid_state`). With `X-User-Id`, it must name the order's buyer (403 `acting_user_mismatch`; a guest order has no buyer, so it is quoted with the key alone or through the guest routes).",
      },
    })
    .input(quoteInput)
    .output(quoteOutput)
    .mutation(({ ctx, input }) =>
      inTenant(ctx, async (tx) => {
        const { updated, ...quote } = await quoteShipping(
          { ...ctx.deps, payments: ctx.deps.services.orderPayments, tx },
          { organizationId: ctx.principal.organizationId, actingUserId: ctx.actingUserId },
          input,
        );
        return { ...quote, order: await presentOrder(tx, updated) };
      }),
    ),
  label: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/order/{orderId}/shipping/label",
        tags,
        summary: "Create the order's shipping label (once; later calls return the same label)",
        description:
          "A GET with a side effect, made safe to repeat: the first call buys the label from the shipping provider (a charge on the deployment's shipping account); every later or concurrent call answers the stored label and buys nothing. Paid orders with a shipping address only (409 `invalid_state`). Stores tracking in `shippingInfo`, moves shipping PENDING/PROCESSING -> LABEL_CREATED (order PAID -> PROCESSING) and e-mails the tracking number to the buyer once (user or guest e-mail).",
      },
    })
    .input(creatorOrderParams)
    .output(labelOutput)
    .query(async ({ ctx, input }) => {
      const { email, ...result } = await withCreator(ctx, input.creatorId, async (tx, creator) => {
        const { label, order, email } = await createShippingLabel(
          { ...ctx.deps, tx },
          creator,
          input.orderId,
        );
        return { label, order: await presentOrder(tx, order), email };
      });
      if (email) await ctx.deps.providers.email.send(email);
      return result;
    }),
});
