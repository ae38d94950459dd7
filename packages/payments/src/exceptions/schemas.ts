import { offsetPaginationInput } from "@tally/core";
import { z } from "zod";

export const paymentExceptionSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    method: z.string().describe("CARD, X402, EMBEDDED_WALLET or CRYPTO_COMMERCE"),
    reference: z
      .string()
      .describe("The payment at its rail: processor intent id, charge id or transaction hash"),
    reason: z
      .enum(["amount_mismatch", "currency_mismatch", "points_unavailable", "order_not_payable"])
      .describe(
        "amount_mismatch / currency_mismatch: the payment is not the amount due in USD; points_unavailable: the order's points could no longer be spent; order_not_payable: the order was no longer payable",
      ),
    expectedAmount: z.number().int().describe("Cents due when the payment arrived"),
    receivedAmount: z.number().int().describe("Cents the payment carried"),
    currency: z.string(),
    createdAt: z.date(),
    resolvedAt: z.date().nullable(),
  })
  .meta({ id: "PaymentException" });

export const listPaymentExceptionsInput = offsetPaginationInput.extend({
  openOnly: z.boolean().default(true).describe("Only exceptions nobody has resolved yet (default)"),
});
