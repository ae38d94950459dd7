import { inTenant } from "@tally/commerce";
import { adminProcedure, answerPage, router } from "@tally/trpc";
import { z } from "zod";
import { listPaymentExceptionsInput, paymentExceptionSchema } from "./schemas.ts";
import { listPaymentExceptions } from "./service.ts";

export const paymentExceptionsRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/payment-exceptions",
        tags: ["Administration"],
        summary:
          "Payments that could not pay their order, for a refund or a manual settlement (ADMIN, extension)",
        description:
          "A payment the processor or provider reports as made is applied only when it is the order's amount due in USD and the order's points can still be spent; otherwise the order is left unpaid and the payment is listed here, newest first (X-Total-Count holds the total).",
      },
    })
    .input(listPaymentExceptionsInput)
    .output(z.array(paymentExceptionSchema))
    .query(async ({ ctx, input }) => {
      const { items, total } = await inTenant(ctx, (tx) =>
        listPaymentExceptions(tx, { ...input, organizationId: ctx.principal.organizationId }),
      );
      return answerPage(ctx, { items: items.map(({ organizationId: _tenant, ...item }) => item), total });
    }),
});
