import { offsetPaginationInput } from "@tally/core";
import { orderStatuses, shippingStatuses } from "@tally/db";
import { z } from "zod";
import { id } from "../shared/schemas.ts";
import { shippingAddressSchema } from "../users/schemas.ts";

export const orderStatus = z.enum(orderStatuses);
export const shippingStatus = z.enum(shippingStatuses);

export const orderItemSchema = z
  .object({
    id: z.number().int(),
    productId: z.string(),
    variantId: z.string().nullable().describe("Extension: the chosen variant"),
    productName: z.string().describe("Snapshot at the time it was added"),
    productSlug: z.string(),
    quantity: z.number().int(),
    price: z.number().int().describe("Unit price in cents, snapshotted when added"),
    selectedAttributes: z.record(z.string(), z.string()),
  })
  .meta({ id: "OrderItem" });

export const orderAmountsSchema = z
  .object({
    subtotal: z.number().int().describe("Items x quantity, cents"),
    discount: z.number().int().describe("Discount code value, cents"),
    pointsValue: z.number().int().describe("points x the organization's pointValueCents"),
    shippingFee: z
      .number()
      .int()
      .describe(
        "Cents. Until a rate is chosen (quote or payment), the creator's flatShippingRate when it has one",
      ),
    total: z
      .number()
      .int()
      .describe("subtotal - discount - pointsValue + shippingFee, never below 0: the amount due"),
  })
  .meta({ id: "OrderAmounts" });

export const orderPaymentSchema = z
  .object({
    method: z
      .enum(["CARD", "X402", "EMBEDDED_WALLET", "CRYPTO_COMMERCE", "POINTS", "REWARD"])
      .nullable()
      .describe("REWARD: a FREE_PRODUCT reward's zero-cost order"),
    paidAt: z.date().nullable(),
    amountPaid: z.number().int().nullable().describe("Cents actually charged, fixed at PAID"),
    cardPaymentIntent: z
      .object({ id: z.string(), status: z.string(), amount: z.number().int() })
      .nullable()
      .describe("The latest card payment intent of the order"),
  })
  .meta({ id: "OrderPayment" });

export const orderSchema = z
  .object({
    id: z.string(),
    status: orderStatus,
    shippingStatus,
    points: z.number().int().describe("Points applied as a discount"),
    shippingFee: z
      .number()
      .int()
      .describe(
        "Cents: the chosen rate's fee (0 until a quote or a payment sets it; see amounts.shippingFee)",
      ),
    shippingInfo: z.record(z.string(), z.unknown()).nullable().describe("Carrier tracking data"),
    items: z.array(orderItemSchema),
    createdAt: z.date(),
    userId: z.string().nullable().describe("Null for guest orders"),
    guestEmail: z.string().nullable(),
    creatorId: z.string().nullable().describe("The creator whose products the order holds (one per order)"),
    discount: z.number().int().describe("Cents taken off by the applied discount code"),
    discountCodeId: z.string().nullable(),
    shippingAddress: shippingAddressSchema.nullable(),
    amounts: orderAmountsSchema,
    payment: orderPaymentSchema,
    updatedAt: z.date(),
  })
  .meta({ id: "Order" });

export type OrderOutput = z.infer<typeof orderSchema>;

// ---- inputs ----------------------------------------------------------------------------------

const quantity = z.number().int().min(1).max(1000);
const variantIds = z
  .array(id)
  .max(20)
  .describe("Variants of the product to add (one line each); default: the product's default variant");

export const addressInput = z.strictObject({
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).nullable().optional(),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(1).max(20),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "ISO 3166-1 alpha-2")
    .transform((code) => code.toUpperCase()),
});

export const createOrderInput = z.strictObject({
  id,
  productId: id,
  variantIds: variantIds.optional(),
  quantity: quantity.default(1).describe("Units per variant line (default 1)"),
});

export const guestOrderInput = z.strictObject({
  productId: id,
  variantIds: variantIds.optional(),
  quantity: quantity.default(1),
  email: z.email().max(320).optional().describe("Where the receipt goes"),
  shippingAddress: addressInput.optional(),
});

export const userOrderParams = z.strictObject({ id, orderId: id });

export const addProductInput = z.strictObject({
  id,
  orderId: id,
  productId: id,
  variantIds: variantIds.optional(),
  quantity: quantity.default(1),
});

export const removeItemInput = z.strictObject({
  id,
  orderId: id,
  itemId: z.number().int().positive(),
  quantity: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("Reduce the line by this many units; the line is removed when it reaches 0 or when omitted"),
});

export const listOrdersInput = z.strictObject({ id, ...offsetPaginationInput.shape });

export const creatorOrdersInput = z.strictObject({
  creatorId: id,
  status: orderStatus.optional(),
  ...offsetPaginationInput.shape,
});

export const updateCreatorOrderInput = z.strictObject({ creatorId: id, id, shippingStatus });

export const creatorOrderParams = z.strictObject({ creatorId: id, orderId: id });

export const applyDiscountInput = z.strictObject({
  id,
  orderId: id,
  code: z.string().trim().min(1).max(64),
});
