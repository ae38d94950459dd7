import { dateTimeInput, idPattern, offsetPaginationInput } from "@tally/core";
import {
  presaleCurrencies,
  presaleDistributions,
  presalePurchaseStatuses,
  rewardMintStatuses,
  tokenPresaleStatuses,
} from "@tally/db";
import { z } from "zod";

const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");
/** Instants a presale window may use: bounded so every accepted value fits a PostgreSQL timestamp. */
const instant = dateTimeInput({ min: "2000-01-01T00:00:00Z", max: "2200-01-01T00:00:00Z" });
const MAX_PRICE_POINTS = 100_000_000;
const MAX_CAP = 1_000_000;

export const creatorPresalesInput = z.strictObject({ creatorId: id, ...offsetPaginationInput.shape });
export const presaleParams = z.strictObject({ creatorId: id, id });
export const presalePurchasesInput = presaleParams.extend(offsetPaginationInput.shape);

export const createPresaleInput = z.strictObject({
  creatorId: id,
  rewardId: id.describe("A PUBLISHED reward programme of the creator: each purchase is one of its tokens"),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000).optional(),
  priceCurrency: z
    .enum(presaleCurrencies)
    .default("POINTS")
    .describe("POINTS (the creator's points) or USDC (paid through an order with any USDC rail)"),
  pricePoints: z
    .number()
    .int()
    .min(1)
    .max(MAX_PRICE_POINTS)
    .optional()
    .describe("POINTS presales (required): the creator's points one token costs"),
  priceAtomic: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, "a positive integer of USDC atomic units (6 decimals)")
    .optional()
    .describe(
      "USDC presales (required): the price in atomic units (6 decimals), whole cents (a multiple of 10000), at most 1,000,000 USDC",
    ),
  cap: z
    .number()
    .int()
    .min(1)
    .max(MAX_CAP)
    .describe("Tokens for sale; at most the programme's remaining maxSupply when it has one"),
  startsAt: instant.describe("When the sale opens"),
  endsAt: instant.describe("When the sale closes and (AT_END) the tokens are distributed"),
  distribution: z
    .enum(presaleDistributions)
    .default("AT_END")
    .describe("AT_END: mints are queued when the presale ends; IMMEDIATE: as each purchase is processed"),
});

export const updatePresaleInput = z.strictObject({
  creatorId: id,
  id,
  title: z.string().trim().min(1).max(200).optional().describe("DRAFT or ACTIVE"),
  description: z.string().max(2000).optional().describe("DRAFT or ACTIVE"),
  pricePoints: z.number().int().min(1).max(MAX_PRICE_POINTS).optional().describe("DRAFT only"),
  cap: z.number().int().min(1).max(MAX_CAP).optional().describe("DRAFT, or ACTIVE when not below `sold`"),
  startsAt: instant.optional().describe("DRAFT only"),
  endsAt: instant.optional().describe("DRAFT, or ACTIVE when still in the future"),
  distribution: z.enum(presaleDistributions).optional().describe("DRAFT only"),
});

export const purchasePresaleInput = z.strictObject({
  id: id.describe("The buying user"),
  presaleId: id,
});

export const presaleSchema = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    creatorId: z.string(),
    rewardId: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    priceCurrency: z.enum(presaleCurrencies),
    pricePoints: z.number().int().nullable(),
    priceAtomic: z.string().nullable().describe("USDC atomic units, as a string"),
    cap: z.number().int(),
    sold: z.number().int(),
    remaining: z.number().int(),
    startsAt: z.date(),
    endsAt: z.date(),
    status: z
      .enum(tokenPresaleStatuses)
      .describe("DRAFT (before startsAt), ACTIVE (on sale), ENDED (closed at endsAt), CANCELED"),
    distribution: z.enum(presaleDistributions),
    endedAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "TokenPresale" });
export type Presale = z.infer<typeof presaleSchema>;

export const presaleListSchema = z.array(presaleSchema);

export const purchaseSchema = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    presaleId: z.string(),
    rewardId: z.string(),
    userId: z.string(),
    status: z
      .enum(presalePurchaseStatuses)
      .describe(
        "AWAITING_PAYMENT (USDC: unit held until paymentDeadline, pay orderId), PAID (price taken), DISTRIBUTED (token mint queued: mintId), FAILED (could not be granted: points refunded), REFUNDED (presale canceled), EXPIRED (USDC order unpaid by paymentDeadline: unit released)",
      ),
    pricePoints: z.number().int().nullable().describe("POINTS presales: the creator's points paid"),
    priceAtomic: z.string().nullable().describe("USDC presales: the price in USDC atomic units, as a string"),
    orderId: z
      .string()
      .nullable()
      .describe("USDC presales: the order to pay with a USDC rail, e.g. POST /x402/orders/{orderId}/pay"),
    paymentDeadline: z.date().nullable().describe("USDC presales: unpaid by then, the unit is released"),
    x402PayPath: z
      .string()
      .nullable()
      .describe(
        "While AWAITING_PAYMENT: the keyless x402 route that pays the order (POST; the embedded-wallet and crypto-commerce checkouts pay it too)",
      ),
    pointTransactionId: z.number().int().nullable(),
    refundTransactionId: z.number().int().nullable(),
    mintId: z.string().nullable().describe("The queued mint (see the reward's mints) once DISTRIBUTED"),
    failure: z.string().nullable(),
    processedAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "PresalePurchase" });
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseListSchema = z.array(purchaseSchema);

export const userPurchasesInput = z.strictObject({
  id: id.describe("The buying user"),
  ...offsetPaginationInput.shape,
});

export const publicPresaleSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    rewardId: z.string().describe("The reward programme whose tokens it sells"),
    rewardName: z.string().nullable(),
    rewardImageUrl: z.string().nullable(),
    chainId: z.number().int().nullable(),
    contractAddress: z.string().nullable().describe("The programme's token contract"),
    priceCurrency: z.enum(presaleCurrencies),
    pricePoints: z
      .number()
      .int()
      .nullable()
      .describe("POINTS presales: the creator's points one token costs"),
    priceAtomic: z.string().nullable().describe("USDC presales: the price in USDC atomic units, as a string"),
    startsAt: z.date(),
    endsAt: z.date(),
    cap: z.number().int().describe("Tokens for sale"),
    remaining: z.number().int().describe("Tokens still for sale (0 = sold out)"),
    distribution: z
      .enum(presaleDistributions)
      .describe("AT_END: tokens are minted when the presale ends; IMMEDIATE: as each purchase is paid"),
  })
  .meta({ id: "PublicTokenPresale" });
export type PublicPresale = z.infer<typeof publicPresaleSchema>;

export const userPurchaseSchema = purchaseSchema
  .extend({
    presaleTitle: z.string(),
    rewardName: z.string().nullable(),
    rewardImageUrl: z.string().nullable(),
    mint: z
      .object({
        status: z.enum(rewardMintStatuses).describe("COMPLETED once the token is on chain"),
        chainId: z.number().int(),
        contractAddress: z.string().nullable(),
        walletAddress: z.string().describe("The wallet the token goes to"),
        tokenId: z.string().nullable().describe("Decimal uint256, once minted"),
        txHash: z.string().nullable(),
      })
      .nullable()
      .describe("The token's mint once the purchase is DISTRIBUTED, as the service has recorded it"),
  })
  .meta({ id: "UserPresalePurchase" });
export type UserPurchase = z.infer<typeof userPurchaseSchema>;
