import { AppError } from "@tally/core";
import { nftRedemptions, nftRewards, type Tx, wallets } from "@tally/db";
import type { EventBus } from "@tally/events";
import { type PostPointsContext, postPoints } from "@tally/points";
import { and, eq } from "drizzle-orm";
import { assertConditionsMet } from "../programmes/conditions.ts";
import type { RewardRow } from "../programmes/record.ts";
import {
  insertRedemption,
  markFailed,
  markRedeemed,
  REDEMPTION_MACHINE,
  type RedemptionRow,
  reclaimRedemption,
  type TokenKey,
} from "./redemption-state.ts";

export type { RedemptionRow, TokenKey };

/** The organization's programme whose clone is `contractAddress` on `chainId` (404 otherwise). */
export const findProgrammeOfToken = async (
  tx: Tx,
  token: Pick<TokenKey, "organizationId" | "chainId" | "contractAddress">,
): Promise<RewardRow> => {
  const [reward] = await tx
    .select()
    .from(nftRewards)
    .where(
      and(
        eq(nftRewards.organizationId, token.organizationId),
        eq(nftRewards.chainId, token.chainId),
        eq(nftRewards.proxyAddress, token.contractAddress),
      ),
    );
  if (!reward) throw new AppError("not_found", "No reward programme of this organization has that contract");
  return reward;
};

/** Every wallet address of the user, lowercase. */
export const walletsOf = async (tx: Tx, organizationId: string, userId: string): Promise<string[]> =>
  (
    await tx
      .select({ address: wallets.address })
      .from(wallets)
      .where(and(eq(wallets.organizationId, organizationId), eq(wallets.userId, userId)))
  ).map((row) => row.address.toLowerCase());

const sameToken = (token: TokenKey) =>
  and(
    eq(nftRedemptions.organizationId, token.organizationId),
    eq(nftRedemptions.chainId, token.chainId),
    eq(nftRedemptions.contractAddress, token.contractAddress),
    eq(nftRedemptions.tokenId, token.tokenId),
  );

export const findRedemption = async (tx: Tx, token: TokenKey): Promise<RedemptionRow | undefined> => {
  const [row] = await tx.select().from(nftRedemptions).where(sameToken(token));
  return row;
};

const byId = (row: Pick<RedemptionRow, "organizationId" | "id">) =>
  and(eq(nftRedemptions.organizationId, row.organizationId), eq(nftRedemptions.id, row.id));

export const alreadyRedeemed = (row: RedemptionRow): AppError =>
  new AppError(
    "already_redeemed",
    row.status === "REDEEMED"
      ? "This token is already redeemed"
      : "This token is being redeemed (its redemption is PROCESSING)",
    { context: { redemptionId: row.id, status: row.status } },
  );

const pointReference = (row: RedemptionRow, extra: Record<string, unknown> = {}) => ({
  redemptionId: row.id,
  rewardId: row.rewardId,
  chainId: row.chainId,
  contractAddress: row.contractAddress,
  tokenId: row.tokenId,
  ...extra,
});

/**
 * In one transaction: the user's conditions, the redemption row (PROCESSING; a FAILED one of the token is claimed
 * again) and the point cost, taken from the user's points with the reward's creator as an NFT_REDEMPTION
 * transaction by a conditional update (409 `insufficient_points` rolls the whole claim back). A token whose
 * redemption is REDEEMED or PROCESSING is 409 `already_redeemed`: the unique (chain, contract, token) row makes
 * concurrent claims wait for the first and find it.
 */
export const claimRedemption = async (
  { tx, now, events }: PostPointsContext,
  reward: RewardRow,
  claim: { token: TokenKey; userId: string; walletAddress: string },
): Promise<RedemptionRow> => {
  await assertConditionsMet(tx, reward, claim.userId);
  const redeemer = {
    rewardId: reward.id,
    creatorId: reward.creatorId,
    rewardType: reward.type,
    userId: claim.userId,
    walletAddress: claim.walletAddress,
    pointCost: reward.points,
  };
  const { organizationId } = claim.token;
  let row = await insertRedemption({ tx, now }, claim.token, redeemer);
  if (!row) {
    const existing = await findRedemption(tx, claim.token);
    if (!existing) throw new Error("a redemption conflicted on insert but cannot be read");
    if (!REDEMPTION_MACHINE.canMove("reclaim", existing.status)) throw alreadyRedeemed(existing);
    row = await reclaimRedemption({ tx, now }, existing, redeemer);
    if (!row) throw alreadyRedeemed((await findRedemption(tx, claim.token)) ?? existing);
  }
  if (row.pointCost > 0)
    await postPoints(
      { tx, now, events },
      { organizationId, userId: claim.userId },
      {
        creatorId: reward.creatorId,
        amount: -row.pointCost,
        type: "NFT_REDEMPTION",
        reference: pointReference(row),
        insufficientMessage: "Not enough of the creator's points to redeem this reward",
      },
    );
  return row;
};

/** PROCESSING -> REDEEMED with the effect's details, publishing `nft-redeemed` once, in the same transaction. */
export const recordRedeemed = async (
  { tx, events, now }: { tx: Tx; events: Pick<EventBus, "publish">; now: Date },
  row: RedemptionRow,
  rewardDetails: Record<string, unknown>,
): Promise<RedemptionRow> => {
  const redeemed = await markRedeemed({ tx, now }, row, rewardDetails);
  if (redeemed)
    await events.publish(tx, "nft-redeemed", {
      organizationId: row.organizationId,
      userId: row.userId,
      rewardId: row.rewardId,
      redemptionId: row.id,
    });
  const [current] = await tx.select().from(nftRedemptions).where(byId(row));
  return current!;
};

/**
 * The effect refused (a 4xx): PROCESSING -> FAILED with the message, and the point cost
 * given back as a positive NFT_REDEMPTION transaction, so the token can be redeemed again.
 */
export const recordFailed = async (
  { tx, now, events }: PostPointsContext,
  row: RedemptionRow,
  message: string,
): Promise<void> => {
  const failed = await markFailed({ tx, now }, row, message);
  if (!failed || failed.pointCost === 0) return;
  await postPoints(
    { tx, now, events },
    { organizationId: row.organizationId, userId: row.userId },
    {
      creatorId: row.creatorId,
      amount: failed.pointCost,
      type: "NFT_REDEMPTION",
      reference: pointReference(row, { refund: true }),
    },
  );
};
