import { defineStateMachine } from "@tally/core";
import {
  type RowRef,
  rewardMintStatuses,
  rewardMints,
  stateMachineTable,
  type WriteContext,
} from "@tally/db";
import { and, eq, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";

export type MintRow = typeof rewardMints.$inferSelect;

/**
 * A queued mint (spec 02 "Queued mint"): PENDING until a mint run claims it (PROCESSING, `txHash` once
 * broadcast), then COMPLETED with the token the wallet got, or ERROR (retried once `retryAt` passed; none
 * left means it failed for good). A claim whose batch never reached the wallet goes back to PENDING.
 * Only this file writes a mint's status.
 */
export const MINT_MACHINE = defineStateMachine({
  name: "reward mint",
  table: "reward_mints",
  states: rewardMintStatuses,
  initial: ["PENDING"],
  moves: {
    /** A mint run takes it (an ERROR one only once its `retryAt` passed). */
    claim: { from: ["PENDING", "ERROR"], to: "PROCESSING" },
    /** The wallet holds the programme's token. */
    complete: { from: ["PROCESSING"], to: "COMPLETED", event: "nft-received" },
    /** The attempt failed: simulation, broadcast or the transaction reverted. */
    fail: { from: ["PROCESSING"], to: "ERROR" },
    /** The batch never reached the wallet (it holds no token): a later batch mints it. */
    requeue: { from: ["PROCESSING"], to: "PENDING" },
  },
  sets: {
    /** Queued or being sent: its outcome is still to come. */
    inFlight: ["PENDING", "PROCESSING"],
  },
});

const MINT_ROWS = stateMachineTable(MINT_MACHINE, rewardMints);

/** Mints that may be claimed at `now`: PENDING, or ERROR whose backoff has passed. */
export const claimableAt = (now: Date): SQL | undefined =>
  or(
    eq(rewardMints.status, "PENDING"),
    and(eq(rewardMints.status, "ERROR"), isNotNull(rewardMints.retryAt), lte(rewardMints.retryAt, now)),
  );

/** ERROR with no retry left: the mint failed for good. */
export const exhaustedMint = sql`${rewardMints.status} = 'ERROR' and ${rewardMints.retryAt} is null`;

/** The values of new mints: PENDING. */
export const newMintRow = <V extends Omit<typeof rewardMints.$inferInsert, "status">>(values: V) =>
  MINT_ROWS.initialRow("PENDING", values);

/**
 * Claims the mints matching `where` (tenant-scoped by the caller) that are claimable at `now`: PROCESSING,
 * claimed at `now`, one more attempt counted. Answers the claimed rows.
 */
export const claimMints = (context: WriteContext, where: SQL | undefined): Promise<MintRow[]> =>
  MINT_ROWS.transitionWhere(context, and(where, claimableAt(context.now)), {
    move: "claim",
    set: { claimedAt: context.now, txHash: null, attempts: sql`${rewardMints.attempts} + 1` },
  });

/** The claimed mints matching `where` (tenant-scoped by the caller) were broadcast in `txHash`, while still PROCESSING. */
export const recordMintsBroadcast = async (
  context: WriteContext,
  where: SQL | undefined,
  txHash: string,
): Promise<void> => {
  await MINT_ROWS.updateWhileWhere(context, where, { while: ["PROCESSING"], set: { txHash } });
};

/** A PROCESSING mint holds its token: COMPLETED. Undefined when it was not PROCESSING (completed once). */
export const completeMint = (
  context: WriteContext,
  mint: RowRef,
  token: { tokenId: bigint; txHash: string | null },
): Promise<MintRow | undefined> =>
  MINT_ROWS.tryTransition(context, mint, {
    move: "complete",
    set: { tokenId: token.tokenId.toString(), txHash: token.txHash, error: null, retryAt: null },
  });

/** A PROCESSING mint's attempt failed: ERROR with the message, retried from `retryAt` (null: never). */
export const failMint = (
  context: WriteContext,
  mint: RowRef,
  failure: { error: string; retryAt: Date | null },
): Promise<MintRow | undefined> => MINT_ROWS.tryTransition(context, mint, { move: "fail", set: failure });

/** A PROCESSING mint whose wallet holds no token goes back to PENDING, unclaimed. */
export const requeueMint = (context: WriteContext, mint: RowRef): Promise<MintRow | undefined> =>
  MINT_ROWS.tryTransition(context, mint, { move: "requeue", set: { txHash: null, claimedAt: null } });
