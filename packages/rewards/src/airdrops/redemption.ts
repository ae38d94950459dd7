import { airdropRecipients, nftRedemptions, nftRewards, rewardMints, type Tx } from "@tally/db";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { redemptionTrackingSchema } from "./schemas.ts";
import type { AirdropRow } from "./service.ts";

/**
 * How many of the tokens the airdrop delivered (its recipients' mints COMPLETED) have a REDEEMED redemption,
 * whoever holds them now: a redemption is recorded per (chain, contract, token).
 */
export const airdropRedemptions = async (
  tx: Tx,
  airdrop: AirdropRow,
): Promise<z.output<typeof redemptionTrackingSchema>> => {
  const [row] = await tx
    .select({
      delivered: sql<number>`count(*)`.mapWith(Number),
      redeemed: sql<number>`count(${nftRedemptions.id})`.mapWith(Number),
    })
    .from(airdropRecipients)
    .innerJoin(
      rewardMints,
      and(
        eq(rewardMints.organizationId, airdropRecipients.organizationId),
        eq(rewardMints.id, airdropRecipients.mintId),
      ),
    )
    .innerJoin(
      nftRewards,
      and(eq(nftRewards.organizationId, rewardMints.organizationId), eq(nftRewards.id, rewardMints.rewardId)),
    )
    .leftJoin(
      nftRedemptions,
      and(
        eq(nftRedemptions.organizationId, rewardMints.organizationId),
        eq(nftRedemptions.chainId, rewardMints.chainId),
        eq(nftRedemptions.contractAddress, sql`lower(${nftRewards.proxyAddress})`),
        eq(nftRedemptions.tokenId, rewardMints.tokenId),
        eq(nftRedemptions.status, "REDEEMED"),
      ),
    )
    .where(
      and(
        eq(airdropRecipients.organizationId, airdrop.organizationId),
        eq(airdropRecipients.airdropId, airdrop.id),
        eq(rewardMints.status, "COMPLETED"),
      ),
    );
  const delivered = row?.delivered ?? 0;
  const redeemed = row?.redeemed ?? 0;
  return {
    airdropId: airdrop.id,
    delivered,
    redeemed,
    redemptionRate: delivered === 0 ? 0 : redeemed / delivered,
  };
};
