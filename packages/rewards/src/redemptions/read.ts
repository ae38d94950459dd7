import { nftRedemptions, type Tx } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { and, count, desc, eq } from "drizzle-orm";
import type { RewardRow } from "../programmes/record.ts";
import type { RedemptionRow } from "./claim.ts";
import { networkOf } from "./networks.ts";
import { passSigningKey, readPass } from "./passes.ts";
import type { PassVerification, Redemption } from "./schemas.ts";

export const toRedemption = (row: RedemptionRow): Redemption => ({
  status: row.status,
  redemptionId: row.id,
  redeemedAt: row.redeemedAt,
  rewardId: row.rewardId,
  rewardType: row.rewardType,
  rewardDetails: row.rewardDetails,
  pointCost: row.pointCost,
  message: row.message,
  network: networkOf(row.chainId),
  chainId: row.chainId,
  contractAddress: row.contractAddress,
  tokenId: row.tokenId,
  userId: row.userId,
  walletAddress: row.walletAddress,
  createdAt: row.createdAt,
});

/** REDEEMED redemptions of the creator's programmes, newest first. */
export const listCreatorRedemptions = async (
  tx: Tx,
  creator: { organizationId: string; id: string },
  page: { limit: number; offset: number },
): Promise<{ items: Redemption[]; total: number }> => {
  const where = and(
    eq(nftRedemptions.organizationId, creator.organizationId),
    eq(nftRedemptions.creatorId, creator.id),
    eq(nftRedemptions.status, "REDEEMED"),
  );
  const rows = await tx
    .select()
    .from(nftRedemptions)
    .where(where)
    .orderBy(desc(nftRedemptions.redeemedAt), desc(nftRedemptions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(nftRedemptions).where(where);
  return { items: rows.map(toRedemption), total: total?.value ?? 0 };
};

const invalid = (reason: NonNullable<PassVerification["reason"]>): PassVerification => ({
  valid: false,
  reason,
  redemptionId: null,
  holder: null,
  eventName: null,
  eventDate: null,
  redeemedAt: null,
  checkedInAt: null,
});

/**
 * An EVENT_PASS pass checked for the reward: its signature, that it names this reward (of this organization), and
 * that the redemption it names is REDEEMED and issued exactly this pass.
 */
export const verifyPass = async (
  { tx, config }: { tx: Tx; config: AppDeps["config"] },
  reward: RewardRow,
  pass: string,
): Promise<PassVerification> => {
  const read = readPass(passSigningKey(config), pass);
  if ("reason" in read) return invalid(read.reason);
  const { claims } = read;
  if (claims.rewardId !== reward.id || claims.organizationId !== reward.organizationId)
    return invalid("other_reward");
  const [row] = await tx
    .select()
    .from(nftRedemptions)
    .where(
      and(
        eq(nftRedemptions.organizationId, reward.organizationId),
        eq(nftRedemptions.id, claims.redemptionId),
        eq(nftRedemptions.rewardId, reward.id),
      ),
    );
  if (row?.status !== "REDEEMED" || row.rewardDetails?.pass !== pass) return invalid("not_redeemed");
  return {
    valid: true,
    reason: null,
    redemptionId: row.id,
    holder: row.userId,
    eventName: claims.eventName,
    eventDate: claims.eventDate,
    redeemedAt: row.redeemedAt,
    checkedInAt: row.checkedInAt,
  };
};
