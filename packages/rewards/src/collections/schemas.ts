import { idPattern, offsetPaginationInput } from "@tally/core";
import { nftRedemptionStatuses, rewardStatuses, rewardTypes } from "@tally/db";
import { z } from "zod";

const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");

export const collectionInput = z.strictObject({ id, ...offsetPaginationInput.shape });

export const collectionItemSchema = z
  .object({
    network: z.string().describe("base or base-sepolia: the {network} of the token routes"),
    chainId: z.number().int(),
    contractAddress: z.string().describe("The programme's contract (proxyAddress)"),
    tokenId: z.string().describe("Decimal uint256"),
    walletAddress: z
      .string()
      .describe("The user's wallet holding the token now (redeemed: the one that held it at redemption)"),
    rewardId: z.string(),
    rewardType: z.enum(rewardTypes),
    rewardStatus: z.enum(rewardStatuses).describe("A DISABLED programme's minted tokens stay redeemable"),
    creatorId: z.string(),
    name: z.string().nullable(),
    imageUrl: z.string().nullable(),
    pointCost: z.number().int().describe("Points it costs to redeem the token now"),
    mintedAt: z.date().nullable().describe("When the mint to the user completed (null on /nfts/redeemed)"),
    redemption: z
      .object({
        id: z.string(),
        status: z.enum(nftRedemptionStatuses),
        redeemedAt: z.date().nullable(),
      })
      .nullable()
      .describe("The token's redemption, if any"),
  })
  .meta({ id: "NftCollectionItem" });
export type CollectionItem = z.infer<typeof collectionItemSchema>;
