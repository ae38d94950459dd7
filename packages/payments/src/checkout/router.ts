import { findOrder, findOrderTenant, withUser } from "@tally/commerce";
import { AppError } from "@tally/core";
import { orders, type Tx, withTenant } from "@tally/db";
import { takeAddressToken } from "@tally/platform";
import { authedProcedure, publicProcedure, router } from "@tally/trpc";
import { and, eq } from "drizzle-orm";
import { checkoutOrder } from "../card/checkout.ts";
import { cancelAtProcessor, liveIntentOf, recordPaymentFailed } from "../card/service.ts";
import {
  checkoutResultSchema,
  guestCheckoutInput,
  paymentFailedInput,
  paymentFailedResultSchema,
  userCheckoutInput,
} from "./schemas.ts";

const tags = ["Checkout"];

/** Guest card checkouts per client address (no API key to rate-limit). */
export const GUEST_CARD_CHECKOUT_LIMIT = { scope: "guest-checkout", ratePerSecond: 1, burst: 10 };

const rule1 = [
  "Card checkout: `points` (default 0) become the order's points, replacing any set before through the points",
  "route, and are reserved (pointsAccepted of the creator), stock is held for 30 minutes and",
  "the amount is the order total (items - discount - points x pointValueCents + shipping, never below 0).",
  "The order's live intent is returned when its points are unchanged (its amount updated if the total moved, e.g.",
  "after a shipping quote); when points changed it is cancelled and a new one created. Allowed from OPEN and",
  "PAYMENT_FAILED (a retry gets a new intent) and again while PAYMENT_PENDING; 409 `invalid_state` otherwise or",
  "without items, 409 `out_of_stock` naming the variant, 409 `insufficient_points`, 422 `points_exceed_amount_due`",
  "when `points` are more than the amount due needs (`context.maxPoints`: the most it can use; nothing is spent).",
  "409 `payment_method_unavailable` for an order that takes neither card nor points (a USDC token presale's order:",
  "`context.accepted` lists its rails). The order becomes PAYMENT_PENDING;",
  "a total of 0 pays it at once with points (PAID, method POINTS, no intent). The outcome arrives by webhook.",
  "`points` below the points already finalized for the order: 409 `invalid_state`. The processor is called outside",
  "the order's transaction; a processor refusal is 502 `bad_gateway` and, with no intent left to pay with, moves the",
  "order to PAYMENT_FAILED (points and stock given back). A retried checkout completes an interrupted one: the",
  "processor is asked with the same idempotency key and the same intent is recorded.",
].join(" ");

/** The order must be the user's own (404 otherwise, revealing nothing). */
const assertOwnOrder = async (tx: Tx, organizationId: string, orderId: string, userId: string | null) => {
  await findOrder(tx, { organizationId, orderId, of: { userId } });
};

export const checkoutRouter = router({
  checkout: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/order/{orderId}/checkout",
        tags,
        summary: "Start (or resume) paying the order by card",
        description: rule1,
      },
    })
    .input(userCheckoutInput)
    .output(checkoutResultSchema)
    .mutation(async ({ ctx, input }) => {
      const organizationId = ctx.principal.organizationId;
      // The checkout opens its own transactions around the processor call, and its claim reads the order
      // as the user's own (404 otherwise). The user itself is checked as `withUser` checks it (404 for
      // an unknown user first, 403 for another acting user) only when the claim cannot vouch for it.
      const checkUser = () => withUser(ctx, input.id, async () => undefined);
      if (ctx.actingUserId !== undefined && ctx.actingUserId !== input.id) await checkUser();
      try {
        return await checkoutOrder(ctx.deps, {
          organizationId,
          orderId: input.orderId,
          of: { userId: input.id },
          points: input.points,
        });
      } catch (error) {
        if (error instanceof AppError && error.code === "not_found") await checkUser();
        throw error;
      }
    }),
  guestCheckout: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/guest/order/{id}/checkout",
        tags,
        summary: "Start paying a guest order by card (no API key)",
        description: `${rule1} No API key: the order id is the capability; an unknown id (or a user's order) answers 404 revealing nothing; calls are rate-limited per client address (429). Guest orders carry no points. No body needed.`,
      },
    })
    .input(guestCheckoutInput)
    .output(checkoutResultSchema)
    .mutation(async ({ ctx, input }) => {
      await takeAddressToken(ctx.deps.database.db, ctx.clientAddress, GUEST_CARD_CHECKOUT_LIMIT);
      const organizationId = await findOrderTenant(ctx.deps.database.db, input.id);
      return checkoutOrder(ctx.deps, { organizationId, orderId: input.id, of: { userId: null } });
    }),
  paymentFailed: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/order/{orderId}/payment-failed",
        tags,
        summary: "Client notice: the card payment failed before the webhook arrived",
        description:
          "Cancels the order's live card intent and moves PAYMENT_PENDING -> PAYMENT_FAILED (reserved points reverted, held stock released); the next checkout creates a new intent. Idempotent: an order in another state is left as it is (`changed: false`), and a PAID order is never un-paid. 409 `invalid_state` when the card payment already succeeded or is processing.",
      },
    })
    .input(paymentFailedInput)
    .output(paymentFailedResultSchema)
    .mutation(async ({ ctx, input }) => {
      const organizationId = ctx.principal.organizationId;
      const ref = { organizationId, orderId: input.orderId };
      const live = await withUser(ctx, input.id, async (tx, user) => {
        await assertOwnOrder(tx, organizationId, input.orderId, user.id);
        return liveIntentOf(tx, ref);
      });
      // Claim (read), call the processor with no transaction open (409 when the money moved), record.
      if (live) await cancelAtProcessor(ctx.deps.providers.cardProcessor, live);
      return withTenant(ctx.deps.database.db, organizationId, async (tx) => {
        const result = await recordPaymentFailed({ ...ctx.deps, tx }, ref, live);
        const [order] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(and(eq(orders.organizationId, organizationId), eq(orders.id, input.orderId)));
        return { orderId: input.orderId, status: order?.status ?? "PAYMENT_FAILED", ...result };
      });
    }),
});
