import { addressInput } from "@tally/commerce";
import { idPattern, offsetPaginationInput } from "@tally/core";
import { nftRedemptionStatuses, rewardTypes } from "@tally/db";
import { z } from "zod";
import { rewardNetworkNames } from "./networks.ts";

/** A CUID2 id in a path or body (same rule as commerce's). */
const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");

/** A token of a reward programme, as the token routes name it. */
export const tokenPathInput = z.strictObject({
  id,
  network: z.enum(rewardNetworkNames).describe("The programme's chain: base (8453) or base-sepolia (84532)"),
  address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "a 0x address of 40 hex digits")
    .transform((value) => value.toLowerCase() as `0x${string}`)
    .describe("The programme's contract (its proxyAddress)"),
  tokenId: z
    .string()
    .regex(/^[1-9][0-9]{0,76}$/, "a token id: a positive decimal integer")
    .describe("Decimal uint256"),
});
export type TokenPath = z.output<typeof tokenPathInput>;

export const redeemInput = tokenPathInput.extend({
  shippingAddress: addressInput
    .optional()
    .describe(
      "FREE_PRODUCT: where the order ships, as on a commerce order; default: the user's saved shipping address. Ignored by the other types",
    ),
});
export type RedeemInput = z.output<typeof redeemInput>;

export const redemptionStatusSchema = z
  .object({
    status: z
      .enum(["NOT_REDEEMED", ...nftRedemptionStatuses])
      .describe(
        "NOT_REDEEMED: the user has no redemption of this token; PROCESSING: claimed, its effect running (or interrupted: redeem again to complete it); REDEEMED; FAILED: the effect was refused, the point cost refunded, the token redeemable again",
      ),
    redemptionId: z.string().nullable(),
    redeemedAt: z.date().nullable(),
    rewardId: z.string(),
    rewardType: z.enum(rewardTypes),
    rewardDetails: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe(
        "What the effect produced: POINTS {points, pointTransactionId}; EVENT_PASS {pass, eventName, eventDate}; EXCLUSIVE_ACCESS {unlock}; FREE_PRODUCT {productId, orderId}; DISCOUNT_CODE {code, percentOff}; CUSTOM_REWARD {webhook}",
      ),
    pointCost: z
      .number()
      .int()
      .describe("Points the redemption deducted; NOT_REDEEMED: what redeeming the token costs now"),
    message: z.string().nullable().describe("Why the effect failed (FAILED) or was interrupted (PROCESSING)"),
    network: z.string(),
    chainId: z.number().int(),
    contractAddress: z.string(),
    tokenId: z.string(),
  })
  .meta({ id: "NftRedemptionStatus" });
export type RedemptionStatus = z.infer<typeof redemptionStatusSchema>;

export const creatorRedemptionsInput = z.strictObject({ creatorId: id, ...offsetPaginationInput.shape });

export const redemptionSchema = redemptionStatusSchema
  .extend({
    userId: z.string(),
    walletAddress: z.string().describe("The user's wallet that held the token when it was redeemed"),
    createdAt: z.date(),
  })
  .meta({ id: "NftRedemption" });
export type Redemption = z.infer<typeof redemptionSchema>;

export const verifyPassInput = z.strictObject({
  id,
  pass: z.string().min(1).max(4096).describe("The pass as the holder presents it (rewardDetails.pass)"),
});

const passFields = {
  redemptionId: z.string().nullable(),
  holder: z.string().nullable().describe("The user the pass was issued to"),
  eventName: z.string().nullable(),
  eventDate: z.string().nullable(),
  redeemedAt: z.date().nullable(),
  checkedInAt: z.date().nullable().describe("The pass's first check-in (null while it has none)"),
};

export const passVerificationSchema = z
  .object({
    valid: z.boolean(),
    reason: z
      .enum(["malformed", "bad_signature", "other_reward", "not_redeemed"])
      .nullable()
      .describe("Why the pass is not valid (null when it is)"),
    ...passFields,
  })
  .meta({ id: "EventPassVerification" });
export type PassVerification = z.infer<typeof passVerificationSchema>;

export const passCheckInSchema = z
  .object({
    valid: z.boolean().describe("Admit the holder: true only for the pass's first check-in"),
    reason: z
      .enum(["malformed", "bad_signature", "other_reward", "not_redeemed", "already_checked_in"])
      .nullable()
      .describe("Why the holder is not admitted (null when they are)"),
    firstCheckIn: z.boolean().describe("This call checked the pass in"),
    ...passFields,
  })
  .meta({ id: "EventPassCheckIn" });
export type PassCheckIn = z.infer<typeof passCheckInSchema>;
