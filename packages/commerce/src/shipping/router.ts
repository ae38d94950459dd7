import { AppError } from "@tally/core";
import type { Tx } from "@tally/db";
import type { EmailMessage } from "@tally/providers";
import { authedProcedure, router } from "@tally/trpc";
import { type CreatorRow, inTenant, withCreator } from "../access/scope.ts";
import type { OrderRow } from "../orders/amounts.ts";
import { presentOrder } from "../orders/presenter.ts";
import { creatorOrderParams } from "../orders/schemas.ts";
import { labelOutput, quoteInput, quoteOutput } from "./schemas.ts";
import {
  claimShippingLabel,
  claimShippingQuote,
  type LabelInfo,
  recordShippingLabel,
  recordShippingQuote,
  releaseShippingLabelClaim,
  type ShippingLabelPurchase,
} from "./service.ts";

const tags = ["Shipping"];

/** How long a label read waits for a purchase another request is making before answering 409. */
const LABEL_WAIT_MS = 10_000;

export const shippingRouter = router({
  quote: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/order/{orderId}/shipping/quote",
        tags,
        summary: "Quote shipping rates; sets the order's shipping fee and saves the address",
        description:
          "Rates come from the shipping provider for the order's parcel and the address; when the order's creator has a `flatShippingRate` (above 0) it is offered too, first, as rate id `flat`. The fee is SET (not added) to the chosen `rateId`, by default the creator's flat rate or else the cheapest rate, the address is stored on the order and, for a user's order, as the user's shipping address (`GET /user/{id}/shipping-address`), and a live card payment intent follows the new total (resized at the processor by the worker within seconds; the next checkout answers it resized). Allowed until the order is paid (409 `invalid_state`; 409 `conflict` when the order's items changed while the provider was asked: quote again). With `X-User-Id`, it must name the order's buyer (403 `acting_user_mismatch`; a guest order has no buyer, so it is quoted with the key alone or through the guest routes).",
      },
    })
    .input(quoteInput)
    .output(quoteOutput)
    .mutation(async ({ ctx, input }) => {
      const payments = ctx.deps.services.orderPayments;
      const scope = { organizationId: ctx.principal.organizationId, actingUserId: ctx.actingUserId };
      const claim = await inTenant(ctx, (tx) => claimShippingQuote({ tx, payments }, scope, input));
      const offered = await ctx.deps.providers.shipping.quote({
        to: claim.address,
        parcel: { units: claim.units },
      });
      return inTenant(ctx, async (tx) => {
        const { updated, ...quote } = await recordShippingQuote({ ...ctx.deps, payments, tx }, scope, {
          claim,
          offered,
          rateId: input.rateId,
        });
        const order = await presentOrder({ tx, payments }, updated);
        return { ...quote, amounts: order.amounts, order };
      });
    }),
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
      const answer = async (
        tx: Tx,
        recorded: { label: LabelInfo; order: OrderRow; email: EmailMessage | undefined },
      ) => ({
        result: {
          label: recorded.label,
          order: await presentOrder({ tx, payments: ctx.deps.services.orderPayments }, recorded.order),
        },
        email: recorded.email,
      });
      // Claim (a stored label answers at once), buy with no transaction open, record; a purchase
      // another call is making is waited for, briefly.
      const buy = async ({ claim, creator }: { claim: ShippingLabelPurchase; creator: CreatorRow }) => {
        const created = await ctx.deps.providers.shipping
          .createLabel(claim.request, claim.idempotencyKey)
          .catch(async (error: unknown) => {
            await inTenant(ctx, (tx) =>
              releaseShippingLabelClaim({ ...ctx.deps, tx }, creator, input.orderId),
            );
            throw error;
          });
        return inTenant(ctx, async (tx) =>
          answer(
            tx,
            await recordShippingLabel({ ...ctx.deps, tx }, creator, { orderId: input.orderId, created }),
          ),
        );
      };
      const waitUntil = Date.now() + LABEL_WAIT_MS;
      let answered: Awaited<ReturnType<typeof answer>> | undefined;
      while (!answered) {
        const claimed = await withCreator(ctx, input.creatorId, async (tx, creator) => {
          const claim = await claimShippingLabel({ tx, clock: ctx.deps.clock }, creator, input.orderId);
          if (claim.kind === "stored") return { kind: "done" as const, answered: await answer(tx, claim) };
          return claim.kind === "claimed"
            ? { kind: "buy" as const, claim, creator }
            : { kind: "wait" as const };
        });
        if (claimed.kind === "done") answered = claimed.answered;
        else if (claimed.kind === "buy") answered = await buy(claimed);
        else if (Date.now() > waitUntil)
          throw new AppError(
            "conflict",
            "Another request is buying this order's label; read it again shortly",
            {
              headers: { "Retry-After": "2" },
            },
          );
        else await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const { result, email } = answered;
      if (email) await ctx.deps.providers.email.send(email);
      return result;
    }),
});
