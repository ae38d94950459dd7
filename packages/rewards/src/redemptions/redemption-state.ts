import { defineStateMachine, newId } from "@tally/core";
import {
  nftRedemptionStatuses,
  nftRedemptions,
  type RowRef,
  stateMachineTable,
  type WriteContext,
} from "@tally/db";
import { and, eq, isNull, lte } from "drizzle-orm";

export type RedemptionRow = typeof nftRedemptions.$inferSelect;

/** A token of a programme: what a redemption is unique by. `contractAddress` is lowercase. */
export interface TokenKey {
  organizationId: string;
  chainId: number;
  contractAddress: string;
  tokenId: string;
}

/**
 * One redemption of one reward token: PROCESSING while its effect runs (the points already taken),
 * REDEEMED once it ran, FAILED when the effect refused (points given back) until the token is claimed
 * again. Only this file writes a redemption's status.
 */
export const REDEMPTION_MACHINE = defineStateMachine({
  name: "redemption",
  table: "nft_redemptions",
  states: nftRedemptionStatuses,
  initial: ["PROCESSING"],
  moves: {
    redeem: { from: ["PROCESSING"], to: "REDEEMED", event: "nft-redeemed" },
    fail: { from: ["PROCESSING"], to: "FAILED" },
    /** A FAILED token is redeemed again: its row is claimed anew. */
    reclaim: { from: ["FAILED"], to: "PROCESSING" },
  },
});

const REDEMPTION_ROWS = stateMachineTable(REDEMPTION_MACHINE, nftRedemptions);

/**
 * How long a PROCESSING claim belongs to the request that took it. A claim older than this was interrupted (its
 * process died between the claim and the record): the redeeming user's retry takes it over and completes it.
 */
export const REDEMPTION_LEASE_MS = 60_000;

/** Who claims the token for which programme, at what cost: what a claim (or a re-claim) records. */
export type RedemptionClaim = Pick<
  typeof nftRedemptions.$inferInsert,
  "rewardId" | "creatorId" | "rewardType" | "userId" | "walletAddress" | "pointCost"
>;

/** A fresh claim's columns: nothing of an earlier, failed one is kept. */
const claimed = (now: Date, claim: RedemptionClaim) => ({
  ...claim,
  rewardDetails: null,
  message: null,
  redeemedAt: null,
  claimedAt: now,
});

/** The token's first redemption, PROCESSING; undefined when the token already has one. */
export const insertRedemption = async (
  { tx, now }: WriteContext,
  token: TokenKey,
  claim: RedemptionClaim,
): Promise<RedemptionRow | undefined> => {
  const [row] = await tx
    .insert(nftRedemptions)
    .values(
      REDEMPTION_ROWS.initialRow("PROCESSING", {
        ...token,
        id: newId(),
        ...claimed(now, claim),
        createdAt: now,
        updatedAt: now,
      }),
    )
    .onConflictDoNothing()
    .returning();
  return row;
};

/** FAILED -> PROCESSING for a new claim of the token; undefined when it is no longer FAILED. */
export const reclaimRedemption = (
  context: WriteContext,
  row: RedemptionRow,
  claim: RedemptionClaim,
): Promise<RedemptionRow | undefined> =>
  REDEMPTION_ROWS.tryTransition(context, row, { move: "reclaim", set: claimed(context.now, claim) });

/** PROCESSING -> REDEEMED with the effect's details; undefined when it was not PROCESSING. */
export const markRedeemed = (
  context: WriteContext,
  row: RedemptionRow,
  rewardDetails: Record<string, unknown>,
): Promise<RedemptionRow | undefined> =>
  REDEMPTION_ROWS.tryTransition(context, row, {
    move: "redeem",
    set: { rewardDetails, message: null, redeemedAt: context.now },
  });

/** PROCESSING -> FAILED with the effect's refusal; undefined when it was not PROCESSING. */
export const markFailed = (
  context: WriteContext,
  row: RedemptionRow,
  message: string,
): Promise<RedemptionRow | undefined> =>
  REDEMPTION_ROWS.tryTransition(context, row, { move: "fail", set: { message } });

/** A claim older than the lease, owned by the user, taken over at `now` (one taker wins); undefined otherwise. */
export const takeOverInterrupted = (
  context: WriteContext,
  row: RedemptionRow,
): Promise<RedemptionRow | undefined> =>
  REDEMPTION_ROWS.updateWhile(context, row, {
    while: ["PROCESSING"],
    set: { claimedAt: context.now },
    where: and(
      eq(nftRedemptions.claimedAt, row.claimedAt),
      lte(nftRedemptions.claimedAt, new Date(context.now.getTime() - REDEMPTION_LEASE_MS)),
    ),
  });

/** The effect could not finish (an outside failure): the claim stays PROCESSING with why, for a retry. */
export const recordInterrupted = async (
  context: WriteContext,
  row: RedemptionRow,
  message: string,
): Promise<void> => {
  await REDEMPTION_ROWS.updateWhile(context, row, { while: ["PROCESSING"], set: { message } });
};

/** A REDEEMED pass is checked in at `now`, once: undefined when it already was (or is not REDEEMED). */
export const recordCheckIn = (context: WriteContext, ref: RowRef): Promise<RedemptionRow | undefined> =>
  REDEMPTION_ROWS.updateWhile(context, ref, {
    while: ["REDEEMED"],
    set: { checkedInAt: context.now },
    where: isNull(nftRedemptions.checkedInAt),
  });
