import { addressInput, evmAddress, orderSchema } from "@tally/commerce";
import { idPattern, parseDecimalUnits } from "@tally/core";
import { z } from "zod";
import { CRYPTO_PAYMENT_INTENT_MACHINE } from "./intent-state.ts";

const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");

/** "25.00" USDC (up to 6 decimal places) -> 25000000n atomic units, exactly. */
export const usdcAmount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'a decimal amount of USDC with at most 6 decimal places, e.g. "25.00"')
  .transform((value) => parseDecimalUnits(value, 6));

export const txHash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "a transaction hash (0x followed by 64 hex digits)")
  .transform((hash) => hash.toLowerCase() as `0x${string}`);

export const embeddedWalletCheckoutInput = z.strictObject({
  id,
  orderId: id,
  txHash: txHash.describe(
    "The confirmed USDC transfer that pays the order (any letter case; stored lowercase)",
  ),
  amount: usdcAmount.describe(
    'The amount due as a decimal USDC string ("25.00"); must equal the order total',
  ),
  email: z
    .email()
    .max(320)
    .optional()
    .describe("Optional: the order confirmation (receipt) event is published only when it is given"),
  shippingAddress: addressInput
    .nullable()
    .optional()
    .describe("Saved as the order's shipping address when given"),
  walletAddress: evmAddress.describe("The paying wallet: one of this user's wallets"),
  chain: z.literal("BASE"),
  asset: z.literal("USDC"),
});

export type EmbeddedWalletCheckoutInput = z.output<typeof embeddedWalletCheckoutInput>;

export const cryptoPaymentIntentSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    status: z
      .enum(CRYPTO_PAYMENT_INTENT_MACHINE.states)
      .describe("Embedded-wallet checkout creates it CONFIRMED"),
    txHash: z.string().describe("Lowercase"),
    walletAddress: z.string(),
    amount: z.string().describe("USDC atomic units (6 decimals)"),
    chainId: z.number().int(),
    blockNumber: z.string(),
    createdAt: z.date(),
  })
  .meta({ id: "CryptoPaymentIntent" });

export const embeddedWalletCheckoutResult = orderSchema
  .extend({ cryptoPaymentIntent: cryptoPaymentIntentSchema })
  .meta({ id: "EmbeddedWalletCheckoutResult" });

export type EmbeddedWalletCheckoutResult = z.infer<typeof embeddedWalletCheckoutResult>;
