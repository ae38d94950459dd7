import { defineStateMachine } from "@tally/core";
import { airdropStatuses, airdrops, type RowRef, stateMachineTable, type WriteContext } from "@tally/db";
import { and, eq, isNull, lte, or, type SQL } from "drizzle-orm";

type AirdropRow = typeof airdrops.$inferSelect;

/** A PROCESSING airdrop claimed this long ago whose recipients were never all recorded: its process died. */
const STALE_AIRDROP_CLAIM_MS = 10 * 60_000;

/**
 * Spec 02 "Airdrop": PENDING until its date, PROCESSING once a monitor took it (its recipients recorded and
 * their mints queued), then COMPLETED or FAILED when its mints settled, or FAILED as a whole when its reward
 * can no longer be minted. Only this file writes an airdrop's status.
 */
export const AIRDROP_MACHINE = defineStateMachine({
  name: "airdrop",
  table: "airdrops",
  states: airdropStatuses,
  initial: ["PENDING"],
  moves: {
    /** Due (PENDING at its date), or a PROCESSING claim gone stale before its recipients were all recorded. */
    start: { from: ["PENDING", "PROCESSING"], to: "PROCESSING" },
    /** The reward is no longer PUBLISHED with a contract: nothing can be minted. */
    fail: { from: ["PROCESSING"], to: "FAILED" },
    /** No mint is open: COMPLETED, or FAILED when one failed for good. */
    settle: { from: ["PROCESSING"], to: ["COMPLETED", "FAILED"] },
  },
});

const AIRDROP_ROWS = stateMachineTable(AIRDROP_MACHINE, airdrops);

/** Airdrops a monitor may take at `now`: PENDING at or past their date, or PROCESSING with a stale unresolved claim. */
export const startableAt = (now: Date): SQL | undefined =>
  or(
    and(eq(airdrops.status, "PENDING"), lte(airdrops.airdropDate, now)),
    and(
      eq(airdrops.status, "PROCESSING"),
      isNull(airdrops.resolvedAt),
      lte(airdrops.claimedAt, new Date(now.getTime() - STALE_AIRDROP_CLAIM_MS)),
    ),
  );

/** The values of a new airdrop: PENDING. */
export const newAirdropRow = <V extends Omit<typeof airdrops.$inferInsert, "status">>(values: V) =>
  AIRDROP_ROWS.initialRow("PENDING", values);

/** Takes the airdrop if it is startable at `now` (one monitor or handler wins it); undefined otherwise. */
export const claimAirdrop = (context: WriteContext, ref: RowRef): Promise<AirdropRow | undefined> =>
  AIRDROP_ROWS.tryTransition(context, ref, {
    move: "start",
    set: { claimedAt: context.now },
    where: startableAt(context.now),
  });

/** Ends a PROCESSING airdrop FAILED as a whole, with why. */
export const failAirdrop = (
  context: WriteContext,
  ref: RowRef,
  error: string,
): Promise<AirdropRow | undefined> =>
  AIRDROP_ROWS.tryTransition(context, ref, { move: "fail", set: { error, finishedAt: context.now } });

/** Every recipient of the PROCESSING airdrop is recorded: how many it is for, resolved at `now`. */
export const recordAirdropResolved = (
  context: WriteContext,
  ref: RowRef,
  eligible: number,
): Promise<AirdropRow | undefined> =>
  AIRDROP_ROWS.updateWhile(context, ref, {
    while: ["PROCESSING"],
    set: { eligible, resolvedAt: context.now },
  });

/** Where a PROCESSING airdrop's mints stand: its status by them, its counts, and why it failed when it did. */
export type AirdropOutcome = Pick<AirdropRow, "minted" | "failed" | "skipped" | "error"> & {
  status: "PROCESSING" | "COMPLETED" | "FAILED";
};

/**
 * The PROCESSING airdrop's outcome: it stays PROCESSING with the counts as progress while mints are open, else
 * it ends COMPLETED or FAILED at `now`. Undefined when it was no longer PROCESSING (settled once).
 */
export const recordAirdropOutcome = (
  context: WriteContext,
  ref: RowRef,
  { status, ...counts }: AirdropOutcome,
): Promise<AirdropRow | undefined> =>
  status === "PROCESSING"
    ? AIRDROP_ROWS.updateWhile(context, ref, { while: ["PROCESSING"], set: { ...counts, finishedAt: null } })
    : AIRDROP_ROWS.tryTransition(context, ref, {
        move: "settle",
        to: status,
        set: { ...counts, finishedAt: context.now },
      });
