import { type CommerceHandlerDeps, createNotification, notifyCreatorFollowers } from "@tally/commerce";
import { creators, nftRewards, rewardMints, withTenant } from "@tally/db";
import type { EventPayload } from "@tally/events";
import { and, eq } from "drizzle-orm";

type Deps = Pick<CommerceHandlerDeps, "database" | "clock">;

/**
 * `nft-received`: the fan is told of the token, once per mint whatever the number of deliveries (dedupe key).
 * A mint that is not COMPLETED (purged, or the event replayed against other state) is skipped.
 */
export const handleNftReceived = async (deps: Deps, payload: EventPayload<"nft-received">) => {
  const { organizationId, mintId } = payload;
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const [row] = await tx
      .select({ mint: rewardMints, reward: { name: nftRewards.name, proxyAddress: nftRewards.proxyAddress } })
      .from(rewardMints)
      .innerJoin(
        nftRewards,
        and(
          eq(nftRewards.organizationId, rewardMints.organizationId),
          eq(nftRewards.id, rewardMints.rewardId),
        ),
      )
      .where(and(eq(rewardMints.organizationId, organizationId), eq(rewardMints.id, mintId)));
    if (row?.mint.status !== "COMPLETED") return;
    const { mint, reward } = row;
    await createNotification(tx, {
      organizationId,
      recipientType: "USER",
      recipientId: mint.userId,
      type: "nft-received",
      title: `You received ${reward.name ?? "a reward token"}`,
      body: null,
      data: {
        rewardId: mint.rewardId,
        mintId,
        tokenId: mint.tokenId,
        walletAddress: mint.walletAddress,
        chainId: mint.chainId,
        txHash: mint.txHash,
        proxyAddress: reward.proxyAddress,
      },
      dedupeKey: `nft-received:${mintId}`,
      createdAt: deps.clock.now(),
    });
  });
};

/**
 * `nft-reward-published`: every user following the programme's creator is told of it, once per (programme,
 * follower) whatever the number of deliveries. A programme no longer PUBLISHED (disabled since) is skipped.
 */
export const handleNftRewardPublished = async (deps: Deps, payload: EventPayload<"nft-reward-published">) => {
  const { organizationId, rewardId } = payload;
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const [reward] = await tx
      .select()
      .from(nftRewards)
      .where(and(eq(nftRewards.organizationId, organizationId), eq(nftRewards.id, rewardId)));
    if (reward?.status !== "PUBLISHED") return;
    const [creator] = await tx
      .select({ displayName: creators.displayName, slug: creators.slug })
      .from(creators)
      .where(and(eq(creators.organizationId, organizationId), eq(creators.id, reward.creatorId)));
    await notifyCreatorFollowers(
      { tx, now: deps.clock.now() },
      { organizationId, id: reward.creatorId },
      {
        type: "nft-reward-published",
        title: `${creator?.displayName ?? "A creator you follow"} published ${reward.name ?? "a reward"}`,
        body: reward.description ? reward.description.slice(0, 500) : null,
        data: {
          rewardId,
          rewardType: reward.type,
          creatorId: reward.creatorId,
          creatorSlug: creator?.slug,
          proxyAddress: reward.proxyAddress,
        },
        subject: `nft-reward-published:${rewardId}`,
      },
    );
  });
};
