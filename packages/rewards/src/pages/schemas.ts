import { idPattern, offsetPaginationInput } from "@tally/core";
import { rewardStatuses, rewardTypes } from "@tally/db";
import { z } from "zod";

const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");
const slug = z.string().min(1).max(200).describe("The creator's slug (case-insensitive)");

export const creatorIdInput = z.strictObject({ creatorId: id });
export const creatorPageInput = z.strictObject({ creatorId: id, ...offsetPaginationInput.shape });
export const slugInput = z.strictObject({ slug });
export const tokenMetadataInput = z.strictObject({
  id,
  tokenId: z.string().regex(/^[1-9]\d{0,77}$/, "a token id (a positive decimal integer)"),
});
export const contractMetadataInput = z.strictObject({ id });

export const earnedRewardSchema = z
  .object({
    id: z.string().describe("The mint's id"),
    rewardId: z.string(),
    rewardName: z.string().nullable(),
    rewardType: z.enum(rewardTypes),
    userId: z.string(),
    walletAddress: z.string(),
    chainId: z.number().int(),
    contractAddress: z.string().nullable(),
    tokenId: z.string().describe("Decimal uint256"),
    txHash: z.string().nullable(),
    mintedAt: z.date().describe("When the mint was recorded COMPLETED"),
  })
  .meta({ id: "EarnedReward" });
export type EarnedReward = z.infer<typeof earnedRewardSchema>;

const mintCounts = {
  minted: z.number().int().describe("Mints COMPLETED (tokens on chain)"),
  pending: z.number().int().describe("Mints PENDING or PROCESSING"),
};

export const managedCollectibleSchema = z
  .object({
    rewardId: z.string(),
    type: z.enum(rewardTypes),
    status: z.enum(rewardStatuses),
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    imageUrl: z.string().nullable(),
    chainId: z.number().int().nullable(),
    contractAddress: z.string().nullable().describe("The programme's clone; null until published"),
    implementationAddress: z.string().nullable(),
    maxSupply: z.number().int().describe("0 = unlimited"),
    supplyLeft: z
      .number()
      .int()
      .nullable()
      .describe("maxSupply minus minted and pending; null when unlimited"),
    transferable: z.boolean(),
    points: z.number().int().describe("Points it costs to redeem a token"),
    ...mintCounts,
    contractCheckedAt: z.date().nullable().describe("When the contract-monitor job last read the contract"),
    contractDrift: z
      .string()
      .nullable()
      .describe("What the contract-monitor found wrong; null = as deployed"),
    publishedAt: z.date().nullable(),
  })
  .meta({ id: "ManagedCollectible" });
export type ManagedCollectible = z.infer<typeof managedCollectibleSchema>;

const programmePerformanceSchema = z.object({
  rewardId: z.string(),
  name: z.string().nullable(),
  type: z.enum(rewardTypes),
  status: z.enum(rewardStatuses),
  ...mintCounts,
  errors: z.number().int().describe("Mints in ERROR (retried by the mint-queue job)"),
  holders: z.number().int().describe("Distinct users a token was minted to"),
  redeemed: z.number().int().describe("Tokens redeemed (redemptions REDEEMED)"),
});

export const rewardsDashboardSchema = z
  .object({
    programmes: z.array(programmePerformanceSchema),
    totals: z.object({
      programmes: z.number().int(),
      published: z.number().int(),
      ...mintCounts,
      errors: z.number().int(),
      holders: z.number().int().describe("Distinct users holding a token of any of the creator's programmes"),
      redeemed: z.number().int(),
    }),
  })
  .meta({ id: "RewardsDashboard" });
export type RewardsDashboard = z.infer<typeof rewardsDashboardSchema>;

export const publicCollectibleSchema = z
  .object({
    rewardId: z.string(),
    type: z.enum(rewardTypes),
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    animationUrl: z.string().nullable(),
    externalUrl: z.string().nullable(),
    chainId: z.number().int(),
    contractAddress: z.string(),
    maxSupply: z.number().int().describe("0 = unlimited"),
    minted: z.number().int(),
    supplyLeft: z.number().int().nullable().describe("null when unlimited"),
    transferable: z.boolean(),
    points: z.number().int().describe("Points it costs to redeem a token"),
    publishedAt: z.date().nullable(),
  })
  .meta({ id: "PublicCollectible" });

const attributeSchema = z.object({
  trait_type: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
});

export const tokenMetadataSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    image: z.string().optional(),
    animation_url: z.string().optional(),
    external_url: z.string().optional(),
    attributes: z.array(attributeSchema),
  })
  .meta({ id: "RewardTokenMetadata", description: "ERC-721 metadata JSON (the tokenURI document)" });
export type TokenMetadata = z.infer<typeof tokenMetadataSchema>;

export const contractMetadataSchema = z
  .object({
    name: z.string(),
    symbol: z.string(),
    description: z.string(),
    image: z.string().optional(),
    external_link: z.string().optional(),
  })
  .meta({
    id: "RewardContractMetadata",
    description: "ERC-7572 contract metadata (the contractURI document)",
  });
export type ContractMetadata = z.infer<typeof contractMetadataSchema>;

export const collectibleMetadataSchema = z
  .object({
    rewardId: z.string(),
    chainId: z.number().int(),
    contractAddress: z.string(),
    tokenURI: z.string().describe("The contract's tokenURI for token {tokenId}: this template with the id"),
    contractURI: z.string(),
    metadata: tokenMetadataSchema.describe("Every token's document, its name without the token number"),
    contractMetadata: contractMetadataSchema,
  })
  .meta({ id: "CollectibleMetadata" });

export const publicRewardSchema = z
  .object({
    id: z.string(),
    type: z.enum(rewardTypes),
    name: z.string().nullable(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    animationUrl: z.string().nullable(),
    points: z.number().int().describe("Points it costs to redeem a token"),
    maxSupply: z.number().int(),
    minted: z.number().int(),
    supplyLeft: z.number().int().nullable(),
    transferable: z.boolean(),
    chainId: z.number().int(),
    contractAddress: z.string(),
    details: z
      .record(z.string(), z.unknown())
      .describe(
        "What the reward gives, as a fan may see it: POINTS {points, moreInfo}; FREE_PRODUCT {productId}; DISCOUNT_CODE {percentOff}; EVENT_PASS {eventName, eventDate}; EXCLUSIVE_ACCESS {contentDescription}; CUSTOM_REWARD {moreInfo} (never its webhook)",
      ),
    conditions: z.array(z.object({ type: z.string(), parameters: z.array(z.string()) })),
    publishedAt: z.date().nullable(),
  })
  .meta({ id: "PublicReward" });
