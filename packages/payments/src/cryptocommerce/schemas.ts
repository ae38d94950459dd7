import { orderSchema } from "@tally/commerce";
import { idPattern } from "@tally/core";
import { CHARGE_ID_PATTERN } from "@tally/providers";
import { z } from "zod";
import { CRYPTO_CHARGE_MACHINE } from "./charge-state.ts";

const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");

/** "25.00" (or "25", "25.5") US dollars -> 2500 cents; more than 2 decimal places is refused. */
export const usdAmount = z
  .string()
  .trim()
  .regex(
    /^\d{1,9}(\.\d{1,2})?$/,
    'a decimal amount of US dollars with at most 2 decimal places, e.g. "25.00"',
  )
  .transform((value) => {
    const [whole = "0", fraction = ""] = value.split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  });

const text = (max: number) => z.string().trim().min(1).max(max);

export const cryptoCommerceCustomer = z
  .strictObject({
    email: z
      .email()
      .max(320)
      .describe("The payer's e-mail; a guest order without one takes it for the receipt"),
    physicalAddress: z
      .strictObject({
        address1: text(200),
        address2: z.string().trim().max(200).nullable().optional(),
        city: text(100),
        state: text(100),
        postalCode: text(20),
        countryCode: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2}$/, "ISO 3166-1 alpha-2")
          .transform((code) => code.toUpperCase()),
      })
      .optional()
      .describe("Saved as the order's shipping address when it has none"),
    name: z.strictObject({ firstName: text(100), familyName: text(100) }).optional(),
  })
  .describe("The payer, as collected by the crypto-commerce checkout");

const checkoutBody = {
  callsId: z
    .string()
    .regex(CHARGE_ID_PATTERN, "a charge id (letters, digits, _ and -, at most 100)")
    .describe("The crypto-commerce charge id (or code) that pays the order"),
  amount: usdAmount.describe(
    'The amount due in US dollars as a decimal string ("25.00"); must equal the order total exactly',
  ),
  customer: cryptoCommerceCustomer,
};

export type CryptoCommerceCheckoutBody = z.output<z.ZodObject<typeof checkoutBody>>;

export const userCryptoCommerceCheckoutInput = z.strictObject({ id, orderId: id, ...checkoutBody });
export const guestCryptoCommerceCheckoutInput = z.strictObject({ id, ...checkoutBody });

export const cryptoCommercePaymentSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    chargeId: z.string().describe("The provider's charge id"),
    amount: z.number().int().describe("Cents"),
    status: z
      .enum(CRYPTO_CHARGE_MACHINE.states)
      .describe(
        "COMPLETED once the provider reports the charge paid (at checkout or by the poll job); PENDING until then; FAILED when the charge expired unpaid (the order became PAYMENT_FAILED)",
      ),
    createdAt: z.date(),
    completedAt: z.date().nullable(),
  })
  .meta({ id: "CryptoCommercePayment" });

export const cryptoCommerceCheckoutResult = orderSchema
  .extend({ cryptoCommercePayment: cryptoCommercePaymentSchema })
  .meta({ id: "CryptoCommerceCheckoutResult" });

export type CryptoCommerceCheckoutResult = z.infer<typeof cryptoCommerceCheckoutResult>;
