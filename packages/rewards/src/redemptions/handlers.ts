import { createNotification } from "@tally/commerce";
import { nftRedemptions, nftRewards, withTenant } from "@tally/db";
import type { EventPayload } from "@tally/events";
import type { AppDeps } from "@tally/trpc";
import { and, eq } from "drizzle-orm";

/**
 * `nft-redeemed`: tells the creator (and the user) that the reward was redeemed, once per redemption (dedupe
 * keys). The redemption itself is complete when the event is published: it is emitted in the transaction that
 * records REDEEMED.
 */
export const handleNftRedeemed = async (
  deps: Pick<AppDeps, "database" | "clock">,
  { organizationId, redemptionId }: EventPayload<"nft-redeemed">,
): Promise<void> => {
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const [row] = await tx
      .select({ redemption: nftRedemptions, name: nftRewards.name })
      .from(nftRedemptions)
      .innerJoin(
        nftRewards,
        and(
          eq(nftRewards.organizationId, nftRedemptions.organizationId),
          eq(nftRewards.id, nftRedemptions.rewardId),
        ),
      )
      .where(and(eq(nftRedemptions.organizationId, organizationId), eq(nftRedemptions.id, redemptionId)));
    if (row?.redemption.status !== "REDEEMED") return;
    const { redemption } = row;
    const data = {
      redemptionId,
      rewardId: redemption.rewardId,
      rewardType: redemption.rewardType,
      userId: redemption.userId,
      chainId: redemption.chainId,
      contractAddress: redemption.contractAddress,
      tokenId: redemption.tokenId,
    };
    const title = `Reward redeemed: ${row.name ?? redemption.rewardType}`;
    const createdAt = deps.clock.now();
    await createNotification(tx, {
      organizationId,
      recipientType: "CREATOR",
      recipientId: redemption.creatorId,
      type: "nft-redeemed",
      title,
      data,
      dedupeKey: `nft-redeemed:creator:${redemptionId}`,
      createdAt,
    });
    await createNotification(tx, {
      organizationId,
      recipientType: "USER",
      recipientId: redemption.userId,
      type: "nft-redeemed",
      title,
      data,
      dedupeKey: `nft-redeemed:user:${redemptionId}`,
      createdAt,
    });
  });
};
