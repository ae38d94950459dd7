import { nftRedemptions, pointTransactions, withTenant } from "@tally/db";
import { postPoints } from "@tally/points";
import { and, eq, sql } from "drizzle-orm";
import type { RedemptionEffect } from "./effect.ts";

/**
 * POINTS: credits `pointsRewardDetails.points` to the user's points with the reward's creator, as a positive
 * NFT_REDEMPTION transaction whose reference names the redemption and `effect: "POINTS"` (a refund's says
 * `refund`). Once per redemption: the redemption row is locked while the credit is looked up and written, so a
 * retried or concurrent run finds the first credit. Publishes `points-received` with the credit.
 */
export const pointsEffect: RedemptionEffect = ({ deps }, claim) =>
  withTenant(deps.database.db, claim.organizationId, async (tx) => {
    const points = Number(claim.reward.details?.points ?? 0);
    if (!Number.isSafeInteger(points) || points <= 0)
      throw new Error(`POINTS reward ${claim.reward.id} has no points to credit`);
    await tx
      .select({ id: nftRedemptions.id })
      .from(nftRedemptions)
      .where(
        and(
          eq(nftRedemptions.organizationId, claim.organizationId),
          eq(nftRedemptions.id, claim.redemptionId),
        ),
      )
      .for("update");
    const [done] = await tx
      .select({ id: pointTransactions.id, amount: pointTransactions.amount })
      .from(pointTransactions)
      .where(
        and(
          eq(pointTransactions.organizationId, claim.organizationId),
          eq(pointTransactions.userId, claim.userId),
          eq(pointTransactions.type, "NFT_REDEMPTION"),
          sql`${pointTransactions.reference}->>'redemptionId' = ${claim.redemptionId}`,
          sql`${pointTransactions.reference}->>'effect' = 'POINTS'`,
        ),
      );
    const creatorId = claim.reward.creatorId;
    if (done) return { points: done.amount, creatorId, pointTransactionId: done.id };
    const row = await postPoints(
      { tx, now: deps.clock.now(), events: deps.events },
      { organizationId: claim.organizationId, userId: claim.userId },
      {
        creatorId,
        amount: points,
        type: "NFT_REDEMPTION",
        reference: {
          redemptionId: claim.redemptionId,
          rewardId: claim.reward.id,
          chainId: claim.chainId,
          contractAddress: claim.contractAddress,
          tokenId: claim.tokenId,
          effect: "POINTS",
        },
      },
    );
    return { points, creatorId, pointTransactionId: row!.id };
  });
