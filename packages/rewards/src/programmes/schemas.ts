import { dateTimeInput, idPattern, offsetPaginationInput } from "@tally/core";
import { rewardConditionTypes, rewardMintStatuses, rewardStatuses, rewardTypes } from "@tally/db";
import { z } from "zod";
import { airdropSchema } from "../airdrops/schemas.ts";

/** A CUID2 id in a path or body (same rule as commerce's). */
const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");
const httpUrl = z.url({ protocol: /^https?$/, error: "an http(s) URL" }).max(2048);
const text = (max: number) => z.string().trim().min(1).max(max);
const moreInfo = z.string().max(2000).optional().describe("Shown to holders: how the reward is used");

/** `CUSTOM` (a narrative spelling in the spec) is taken as `CUSTOM_REWARD`; output always says CUSTOM_REWARD. */
export const rewardTypeInput = z
  .enum([...rewardTypes, "CUSTOM"])
  .transform((type) => (type === "CUSTOM" ? "CUSTOM_REWARD" : type))
  .describe(
    "POINTS, FREE_PRODUCT, DISCOUNT_CODE, EVENT_PASS, CUSTOM_REWARD (alias CUSTOM) or EXCLUSIVE_ACCESS",
  );

/** Largest supply and point cost: keeps them far from the int4 limit. */
const MAX_SUPPLY = 1_000_000_000;
const MAX_POINTS = 100_000_000;

export const pointsRewardDetailsInput = z.strictObject({
  points: z.number().int().min(1).max(MAX_POINTS).describe("Points credited on redemption"),
  moreInfo,
});

/**
 * The detail record of FREE_PRODUCT, DISCOUNT_CODE, EVENT_PASS and EXCLUSIVE_ACCESS (the spec leaves it open):
 * each type requires its own field, checked against the programme's type.
 */
export const genericRewardDetailsInput = z.strictObject({
  productId: id.optional().describe("FREE_PRODUCT (required): the creator's product given at zero cost"),
  percentOff: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe("DISCOUNT_CODE (required): the code's discount"),
  eventName: text(200).optional().describe("EVENT_PASS (required): the event the pass admits to"),
  eventDate: dateTimeInput().optional().describe("EVENT_PASS: when the event takes place"),
  contentDescription: text(2000)
    .optional()
    .describe("EXCLUSIVE_ACCESS (required): what the unlock gives access to"),
  moreInfo,
});

export const customRewardDetailsInput = z.strictObject({
  webhookUrl: z
    .url({ protocol: /^https$/, error: "an https URL" })
    .max(2048)
    .describe("CUSTOM_REWARD (required): where the signed redemption webhook is posted"),
  moreInfo,
});

export const rewardConditionInput = z.strictObject({
  type: z.enum(rewardConditionTypes),
  parameters: z
    .array(z.string().min(1).max(128))
    .max(10)
    .describe("FANS: none; GROUP: [creator group id]; POINTS_AT_LEAST: [an integer]"),
});

export const rewardIdParam = z.strictObject({ id });

export const createRewardInput = z.strictObject({
  type: rewardTypeInput,
  creatorId: id,
  name: text(100).optional(),
  description: z.string().max(2000).optional(),
  imageUrl: httpUrl.optional(),
  points: z.number().int().min(0).max(MAX_POINTS).optional().describe("Points it costs to redeem a token"),
  maxSupply: z.number().int().min(0).max(MAX_SUPPLY).optional().describe("0 = unlimited"),
});

export const updateRewardInput = z.strictObject({
  id,
  creatorId: id,
  pointsRewardDetails: pointsRewardDetailsInput.optional(),
  genericRewardDetails: genericRewardDetailsInput.optional(),
  customRewardDetails: customRewardDetailsInput.optional(),
  conditions: z.array(rewardConditionInput).max(10).optional().describe("Replaces the stored conditions"),
  maxSupply: z.number().int().min(0).max(MAX_SUPPLY).optional().describe("DRAFT only; 0 = unlimited"),
  transferable: z.boolean().optional().describe("DRAFT only; false = soulbound (ERC-5192)"),
});

export const updateRewardNftInput = z.strictObject({
  id,
  name: text(100).optional(),
  description: z.string().max(2000).optional(),
  externalUrl: httpUrl.optional(),
  imageUrl: httpUrl.optional(),
  animationUrl: httpUrl.optional(),
  points: z.number().int().min(1).max(MAX_POINTS).optional().describe("Points it costs to redeem a token"),
});

export const deleteRewardInput = z.strictObject({ id, creatorId: id });

export const creatorRewardsInput = z.strictObject({ creatorId: id, ...offsetPaginationInput.shape });

const conditionSchema = z.object({
  id: z.number().int(),
  organizationId: z.string(),
  type: z.enum(rewardConditionTypes),
  nftRewardId: z.string(),
  parameters: z.array(z.string()),
});

const contractSchema = z
  .object({
    id: z.number().int(),
    organizationId: z.string(),
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    proxyAddress: z.string().nullable().describe("The programme's clone; null until published"),
    implementationAddress: z
      .string()
      .nullable()
      .describe("The TallyReward implementation; null until published"),
    metadataIpfsHash: z.string().nullable(),
    maxSupply: z.number().int(),
    transferable: z.boolean(),
    points: z.number().int(),
    chainId: z
      .number()
      .int()
      .nullable()
      .describe(
        "The chain it is (or will be) deployed on, from creation: the organization's defaultChainId, else the deployment's",
      ),
    createdAt: z.date(),
    updatedAt: z.date().nullable(),
    abiId: z.null(),
    checkedAt: z.date().nullable().describe("When the contract-monitor job last read the deployed contract"),
    drift: z
      .string()
      .nullable()
      .describe("What the contract-monitor job found wrong with the deployed contract; null = as deployed"),
    metadata: z.object({
      description: z.string().nullable(),
      externalUrl: z.string().nullable(),
      imageUrl: z.string().nullable(),
      animationUrl: z.string().nullable(),
    }),
  })
  .meta({ id: "RewardContract" });

export const rewardSchema = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    type: z.enum(rewardTypes),
    creatorId: z.string(),
    status: z.enum(rewardStatuses),
    source: z
      .string()
      .nullable()
      .describe(
        "How holders get its tokens: EARNED (grants, airdrops, conditions) or CAMPAIGN (a campaign's collectible)",
      ),
    airdropId: z.string().nullable(),
    createdAt: z.date(),
    publishedAt: z.date().nullable(),
    contractId: z.number().int(),
    airdrop: airdropSchema
      .nullable()
      .describe(
        "On the detail read (GET /nft-reward/{id}): the programme's most recent airdrop; null in lists",
      ),
    pointsRewardDetails: z
      .object({
        id: z.number().int(),
        organizationId: z.string(),
        rewardId: z.string(),
        points: z.number().int(),
        moreInfo: z.string().nullable(),
      })
      .nullable(),
    genericRewardDetails: z.record(z.string(), z.unknown()).nullable(),
    customRewardDetails: z.record(z.string(), z.unknown()).nullable(),
    conditions: z.array(conditionSchema),
    contract: contractSchema,
  })
  .meta({ id: "NftReward" });
export type Reward = z.infer<typeof rewardSchema>;

export const rewardListSchema = z.array(rewardSchema);

export const deletedSchema = z.object({ message: z.string() });

export const grantRewardInput = z.strictObject({
  id,
  userId: id.describe("The user who receives the token (their EMBEDDED wallet, else an EXTERNAL one)"),
  creatorId: id.describe("The reward's creator (ownership check)"),
});

/** A mint's status route, on the fan's side (`/user/{id}/mints/{mintId}`) and the creator's (`/nft-reward/{id}/…`). */
export const mintIdParams = z.strictObject({
  id: id.describe("The user whose mint it is, or the reward it mints"),
  mintId: id,
});

export const queuedMintSchema = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    rewardId: z.string(),
    userId: z.string(),
    walletAddress: z.string(),
    status: z
      .enum(rewardMintStatuses)
      .describe("PENDING (queued), PROCESSING (claimed; txHash once broadcast), COMPLETED, ERROR"),
    chainId: z.number().int(),
    txHash: z.string().nullable(),
    tokenId: z
      .string()
      .nullable()
      .describe("Decimal uint256, from the mint's Transfer log; null until COMPLETED"),
    message: z.string().nullable().describe("Why the last attempt failed (status ERROR)"),
    attempts: z.number().int(),
    createdAt: z.date(),
    updatedAt: z.date().nullable(),
  })
  .meta({ id: "QueuedMint" });
export type QueuedMint = z.infer<typeof queuedMintSchema>;

export const grantSchema = z
  .object({
    status: z
      .enum(["BROADCASTED", "QUEUED", "ERROR"])
      .describe(
        "IMMEDIATE mode: BROADCASTED with the transaction. QUEUE mode: QUEUED; the mint run starts at once and `statusUrl` answers its txHash once broadcast. ERROR after a failed attempt",
      ),
    txHash: z.string().nullable(),
    chainId: z.number().int(),
    mintId: z.string().describe("The queued mint's id"),
    statusUrl: z
      .string()
      .describe(
        "Where the fan (or the key without X-User-Id) reads the mint: /api/v1/user/{userId}/mints/{mintId}",
      ),
    mint: queuedMintSchema,
  })
  .meta({ id: "RewardGrant" });
export type Grant = z.infer<typeof grantSchema>;
