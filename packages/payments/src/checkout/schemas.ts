import { z } from "zod";

const id = z.string().min(1).max(128);

export const userCheckoutInput = z.strictObject({
  id,
  orderId: id,
  points: z
    .number()
    .int()
    .min(0)
    .max(1_000_000_000)
    .optional()
    .describe(
      "Points to apply (default 0): they become the order's points, replacing any set through the points route, whose hold is released",
    ),
});

export const guestCheckoutInput = z.strictObject({ id });

export const paymentFailedInput = z.strictObject({ id, orderId: id });

export const checkoutResultSchema = z
  .object({
    paymentIntentId: z
      .string()
      .nullable()
      .describe("The processor's payment intent id; null when points paid it all"),
    intentId: z.string().nullable().describe("Same as paymentIntentId (the spec's name)"),
    clientSecret: z
      .string()
      .nullable()
      .describe("For the processor's client library to confirm the payment; null when nothing is due"),
    status: z.string().describe("The intent's processor status (`succeeded` when points paid it all)"),
    amount: z.number().int().describe("Cents to pay by card: the order total"),
    orderStatus: z.enum(["PAYMENT_PENDING", "PAID"]),
    created: z.boolean().describe("A new intent was created (first checkout, points changed, or a retry)"),
  })
  .meta({ id: "CheckoutResult" });

export const paymentFailedResultSchema = z
  .object({
    orderId: z.string(),
    status: z.string().describe("The order's status after the notice"),
    canceledIntentId: z.string().nullable(),
    changed: z.boolean().describe("false when the order was not PAYMENT_PENDING (e.g. already PAID)"),
  })
  .meta({ id: "PaymentFailedResult" });
