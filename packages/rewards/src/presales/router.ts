import { findCreatorBySlug, inTenant, withCreator, withCreatorsRow, withUser } from "@tally/commerce";
import type { Tx } from "@tally/db";
import { answerPage, type Context, type Principal, router } from "@tally/trpc";
import { z } from "zod";
import { slugInput } from "../pages/schemas.ts";
import { rewardsProcedure } from "../programmes/access.ts";
import { purchasePresale } from "./purchase.ts";
import { findPresale, type PresaleRow, toPresale, toPurchase } from "./record.ts";
import {
  createPresaleInput,
  creatorPresalesInput,
  presaleListSchema,
  presaleParams,
  presalePurchasesInput,
  presaleSchema,
  publicPresaleSchema,
  purchaseListSchema,
  purchasePresaleInput,
  purchaseSchema,
  updatePresaleInput,
  userPurchaseSchema,
  userPurchasesInput,
} from "./schemas.ts";
import {
  cancelPresale,
  createPresale,
  deletePresale,
  listCreatorPresales,
  listPurchases,
  updatePresale,
} from "./service.ts";
import { listSellingPresales, listUserPurchases } from "./storefront.ts";

const tags = ["Token presales"];

/** The creator's presale, row locked; a presale of another creator (or tenant) is 404. */
const withCreatorsPresale = <T>(
  ctx: Context & { principal: Principal },
  { creatorId, id }: { creatorId: string; id: string },
  fn: (tx: Tx, row: PresaleRow) => Promise<T>,
): Promise<T> => withCreatorsRow(ctx, { find: findPresale, id, creatorId }, fn);

const path = "/creator/id/{creatorId}/token-presales";

export const presalesRouter = router({
  list: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path,
        tags,
        summary: "The creator's token presales, newest first (X-Total-Count)",
        description: "`limit` (1-100, default 20) and `offset`; the whole list's size in X-Total-Count.",
      },
    })
    .input(creatorPresalesInput)
    .output(presaleListSchema)
    .query(async ({ ctx, input }) => {
      const page = await withCreator(ctx, input.creatorId, (tx, creator) =>
        listCreatorPresales(tx, creator, input),
      );
      return answerPage(ctx, { items: page.items.map(toPresale), total: page.total });
    }),
  create: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path,
        tags,
        summary: "Create a presale of one of the creator's PUBLISHED reward programmes",
        description:
          "A time-boxed (startsAt..endsAt), capped sale of the programme's tokens, one per buyer, priced in the creator's points (pricePoints) or in USDC (priceAtomic, whole cents; paid through an order with any USDC rail). DRAFT until startsAt, then ACTIVE. 409 `invalid_state` unless the reward is PUBLISHED; 422 when the window is not in the future, the cap exceeds the reward's maxSupply, or the price does not match priceCurrency.",
      },
      successStatus: 201,
    })
    .input(createPresaleInput)
    .output(presaleSchema)
    .mutation(async ({ ctx, input }) =>
      toPresale(
        await withCreator(ctx, input.creatorId, (tx, creator) =>
          createPresale({ tx, now: ctx.deps.clock.now() }, creator, input),
        ),
      ),
    ),
  get: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: { method: "GET", path: `${path}/{id}`, tags, summary: "A token presale" },
    })
    .input(presaleParams)
    .output(presaleSchema)
    .query(async ({ ctx, input }) =>
      toPresale(await withCreatorsPresale(ctx, input, async (_tx, row) => row)),
    ),
  update: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "PATCH",
        path: `${path}/{id}`,
        tags,
        summary: "Change a presale: every field while DRAFT; title, description, cap and endsAt while ACTIVE",
        description:
          "409 `invalid_state` naming the state for an ENDED or CANCELED presale, or for pricePoints, startsAt or distribution once ACTIVE; 422 for a cap below `sold` or a window not in the future.",
      },
    })
    .input(updatePresaleInput)
    .output(presaleSchema)
    .mutation(async ({ ctx, input }) =>
      toPresale(
        await withCreatorsPresale(ctx, input, (tx, row) =>
          updatePresale({ tx, now: ctx.deps.clock.now() }, row, input),
        ),
      ),
    ),
  delete: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "DELETE",
        path: `${path}/{id}`,
        tags,
        summary: "Delete a presale nobody has bought from (409 otherwise: cancel it instead)",
      },
      successStatus: 204,
    })
    .input(presaleParams)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await withCreatorsPresale(ctx, input, (tx, row) => deletePresale(tx, row));
    }),
  cancel: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "POST",
        path: `${path}/{id}/cancel`,
        tags,
        summary: "Cancel a DRAFT or ACTIVE presale, refunding its PAID purchases (extension)",
        description:
          "CANCELED is final. Each PAID purchase becomes REFUNDED with a positive PRESALE point transaction; a purchase already DISTRIBUTED (IMMEDIATE presales) keeps its token. 409 `invalid_state` for an ENDED or CANCELED presale; 409 `conflict` (`context.reason` `usdc_refund_unavailable`) for a USDC presale with AWAITING_PAYMENT or PAID purchases: USDC payments have no refund rail.",
      },
    })
    .input(presaleParams)
    .output(presaleSchema)
    .mutation(async ({ ctx, input }) =>
      toPresale(
        await withCreatorsPresale(ctx, input, (tx, row) =>
          cancelPresale({ tx, now: ctx.deps.clock.now(), events: ctx.deps.events }, row),
        ),
      ),
    ),
  purchases: rewardsProcedure
    .meta({
      audience: "creator",
      openapi: {
        method: "GET",
        path: `${path}/{id}/purchases`,
        tags,
        summary: "The presale's purchases, newest first (extension; X-Total-Count)",
        description: "`limit` (1-100, default 20) and `offset`; the whole list's size in X-Total-Count.",
      },
    })
    .input(presalePurchasesInput)
    .output(purchaseListSchema)
    .query(async ({ ctx, input }) => {
      const page = await withCreatorsPresale(ctx, input, (tx, row) => listPurchases(tx, row, input));
      return answerPage(ctx, { items: page.items.map(toPurchase), total: page.total });
    }),
  purchase: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "POST",
        path: "/user/{id}/token-presales/{presaleId}/purchase",
        tags,
        summary: "Buy one token of a presale: with the creator's points, or a USDC order to pay (extension)",
        description:
          "Inside the window and under the cap (one conditional update, so concurrent buyers never oversell); one per user per reward programme (409 `already_exists`); the user needs a wallet to receive the token (409 `wallet_required`) and must meet the reward's conditions (409 `conditions_not_met`). POINTS: the price is a PRESALE point transaction from the user's points with the creator (409 `insufficient_points`, nothing changed), and the purchase is PAID. USDC: the purchase is AWAITING_PAYMENT with an order (`orderId`) for the price, paid with any USDC rail (`x402PayPath`) before `paymentDeadline` (30 minutes), else the unit is released. 409 `invalid_state` before startsAt, after endsAt or for an ENDED/CANCELED presale; 409 `conflict` when sold out. Publishes `presale-purchase-processed` when the purchase is PAID (at once for POINTS, when the order is paid for USDC).",
      },
      successStatus: 201,
    })
    .input(purchasePresaleInput)
    .output(purchaseSchema)
    .mutation(async ({ ctx, input }) =>
      toPurchase(
        await withUser(ctx, input.id, (tx, user) =>
          purchasePresale({ tx, now: ctx.deps.clock.now(), events: ctx.deps.events }, user, input.presaleId),
        ),
      ),
    ),
  selling: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/creator/{slug}/token-presales",
        tags,
        summary: "A creator's presales on sale now, with what a storefront renders (extension)",
        description:
          "Presales inside their window and not ENDED or CANCELED (what `POST /user/{id}/token-presales/{presaleId}/purchase` accepts), closing soonest first; a sold-out one stays listed with `remaining` 0. Public fields only: the reward programme's name, image and contract, the price, the window, the cap and the units left. Any key of the organization; an unknown slug is 404.",
      },
    })
    .input(slugInput)
    .output(z.array(publicPresaleSchema))
    .query(({ ctx, input }) =>
      inTenant(ctx, async (tx) =>
        listSellingPresales(
          { tx, now: ctx.deps.clock.now() },
          await findCreatorBySlug(tx, ctx.principal.organizationId, input.slug),
        ),
      ),
    ),
  userPurchases: rewardsProcedure
    .meta({
      audience: "fan",
      openapi: {
        method: "GET",
        path: "/user/{id}/token-presales/purchases",
        tags,
        summary: "The user's presale purchases, newest first (X-Total-Count; extension)",
        description:
          "Every purchase of the user in any status, with the presale's title, the reward programme's name and image, and, once DISTRIBUTED, the token's mint as recorded (status, wallet, token id and transaction once COMPLETED). limit/offset page it.",
      },
    })
    .input(userPurchasesInput)
    .output(z.array(userPurchaseSchema))
    .query(async ({ ctx, input }) =>
      answerPage(ctx, await withUser(ctx, input.id, (tx, user) => listUserPurchases(tx, user, input))),
    ),
});
