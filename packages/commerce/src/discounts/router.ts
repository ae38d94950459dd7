import { answerPage, authedProcedure, router } from "@tally/trpc";
import { z } from "zod";
import { withCreator, withUser } from "../access/scope.ts";
import { presentOrder } from "../orders/presenter.ts";
import { applyDiscountInput, orderSchema } from "../orders/schemas.ts";
import {
  createDiscountCodeInput,
  discountCodeParams,
  discountCodeSchema,
  listDiscountCodesInput,
} from "./schemas.ts";
import { applyDiscountCode, createDiscountCode, disableDiscountCode, listDiscountCodes } from "./service.ts";

const tags = ["Discount codes"];

export const discountsRouter = router({
  applyToOrder: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/{id}/order/{orderId}/discount",
        tags: ["Orders"],
        summary: "Apply a discount code of the order's creator",
        description:
          "Codes are matched case-insensitively among the order's creator's codes (404 when unknown). One code per order: the same code again is a no-op, another one 409 `conflict`. An expired, disabled or used-up code is 409 `discount_code_unusable`; concurrent uses never pass the usage limit. PERCENT takes value% of the items (rounded down), FIXED takes value cents (at most the items). Only while OPEN or PAYMENT_FAILED.",
      },
    })
    .input(applyDiscountInput)
    .output(orderSchema)
    .mutation(({ ctx, input }) =>
      withUser(ctx, input.id, async (tx, user) =>
        presentOrder(
          { tx, payments: ctx.deps.services.orderPayments },
          await applyDiscountCode(
            { tx, payments: ctx.deps.services.orderPayments, clock: ctx.deps.clock },
            user,
            {
              orderId: input.orderId,
              code: input.code,
            },
          ),
        ),
      ),
    ),
  create: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/creator/id/{creatorId}/discount-codes",
        tags,
        summary: "Extension: create a discount code (percent or fixed, optional expiry and usage limit)",
        description: "The code is unique per creator, case-insensitively (409 `already_exists`).",
      },
      successStatus: 201,
    })
    .input(createDiscountCodeInput)
    .output(discountCodeSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        createDiscountCode({ tx, clock: ctx.deps.clock }, creator, input),
      ),
    ),
  list: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/creator/id/{creatorId}/discount-codes",
        tags,
        summary: "Extension: the creator's discount codes, newest first (X-Total-Count)",
      },
    })
    .input(listDiscountCodesInput)
    .output(z.array(discountCodeSchema))
    .query(async ({ ctx, input }) => {
      return answerPage(
        ctx,
        await withCreator(ctx, input.creatorId, (tx, creator) =>
          listDiscountCodes({ tx, clock: ctx.deps.clock }, creator, input),
        ),
      );
    }),
  disable: authedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/creator/id/{creatorId}/discount-codes/{codeId}",
        tags,
        summary: "Extension: disable a discount code (idempotent; orders that used it keep their discount)",
      },
    })
    .input(discountCodeParams)
    .output(discountCodeSchema)
    .mutation(({ ctx, input }) =>
      withCreator(ctx, input.creatorId, (tx, creator) =>
        disableDiscountCode({ tx, clock: ctx.deps.clock }, creator, input.codeId),
      ),
    ),
});
