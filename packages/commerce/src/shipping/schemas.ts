import { z } from "zod";
import { addressInput, orderAmountsSchema, orderSchema } from "../orders/schemas.ts";
import { id } from "../shared/schemas.ts";

export const quoteInput = z.strictObject({
  orderId: id,
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  address: addressInput.omit({ firstName: true, lastName: true }),
  rateId: z.string().min(1).max(200).optional().describe("Choose this rate; default the cheapest"),
});

export type QuoteInput = z.infer<typeof quoteInput>;

export const shippingRateSchema = z
  .object({
    id: z.string().describe("Pass as rateId to choose this rate"),
    carrier: z.string(),
    service: z.string(),
    amount: z.number().int().describe("Cents"),
    currency: z.string(),
    estimatedDays: z.number().int().nullable(),
  })
  .meta({ id: "ShippingRate" });

export const quoteOutput = z
  .object({
    rates: z.array(shippingRateSchema),
    selectedRate: shippingRateSchema,
    shippingFee: z.number().int().describe("The order's shipping fee now (the selected rate)"),
    amounts: orderAmountsSchema,
    order: orderSchema,
  })
  .meta({ id: "ShippingQuote" });

export const shippingLabelSchema = z
  .object({
    labelId: z.string(),
    carrier: z.string(),
    service: z.string(),
    trackingNumber: z.string(),
    trackingUrl: z.string().nullable(),
    labelUrl: z.string(),
    createdAt: z.string().describe("ISO 8601"),
  })
  .meta({ id: "ShippingLabel" });

export const labelOutput = z
  .object({ label: shippingLabelSchema, order: orderSchema })
  .meta({ id: "ShippingLabelResult" });
