import { AppError, defineStateMachine, isStatusIn } from "@tally/core";
import { nftRewards, type RowRef, rewardStatuses, stateMachineTable, type WriteContext } from "@tally/db";

type RewardRow = typeof nftRewards.$inferSelect;

type RewardStatus = RewardRow["status"];

/**
 * A reward programme (spec 02): a DRAFT the creator edits, PUBLISHED once its contract is deployed,
 * DISABLED when the creator stops new mints (its tokens outlive it). Only this file writes a
 * programme's status.
 */
export const PROGRAMME_MACHINE = defineStateMachine({
  name: "reward programme",
  table: "nft_rewards",
  states: rewardStatuses,
  initial: ["DRAFT"],
  moves: {
    /** Publish records the deployed clone. */
    publish: { from: ["DRAFT"], to: "PUBLISHED", event: "nft-reward-published" },
    /** No new mints; minted tokens are unaffected. */
    disable: { from: ["PUBLISHED"], to: "DISABLED" },
  },
  sets: {
    /** The creator may still change its details and conditions. */
    editable: ["DRAFT", "PUBLISHED"],
    /** Its contract exists: the fan side sees it. */
    deployed: ["PUBLISHED", "DISABLED"],
  },
});

const PROGRAMME_ROWS = stateMachineTable(PROGRAMME_MACHINE, nftRewards);

/** Before publish: the NFT metadata, maxSupply and transferable may change, and the programme may be deleted. */
export const DRAFT_REWARD_STATUSES = PROGRAMME_MACHINE.from("publish");

/** 409 `invalid_state` unless the reward is in one of `allowed`; `what` names the refused action. */
export const assertStatus = (row: RewardRow, allowed: readonly RewardStatus[], what: string) => {
  if (!isStatusIn(allowed, row.status))
    throw new AppError(
      "invalid_state",
      `${what} needs a ${allowed.join(" or ")} reward; this one is ${row.status}`,
    );
};

/** The values of a new programme: DRAFT. */
export const newProgrammeRow = <V extends Omit<typeof nftRewards.$inferInsert, "status">>(values: V) =>
  PROGRAMME_ROWS.initialRow("DRAFT", values);

/** What publish records with the move: the clone and what it was initialized with. */
export type PublishedContract = Pick<
  RewardRow,
  "chainId" | "proxyAddress" | "implementationAddress" | "name" | "symbol" | "maxSupply" | "transferable"
>;

/**
 * A DRAFT becomes PUBLISHED with its contract at `now`; undefined when it is no longer a DRAFT
 * (another publish recorded it first). The caller holds the row locked and publishes the event.
 */
export const recordProgrammePublished = (
  context: WriteContext,
  row: RewardRow,
  contract: PublishedContract,
): Promise<RewardRow | undefined> =>
  PROGRAMME_ROWS.tryTransition(context, row, {
    move: "publish",
    set: { ...contract, publishedAt: context.now },
  });

/**
 * What the contract-monitor job found at `now` on a PUBLISHED programme's contract (`drift` null: as
 * deployed). An observation, not an edit: `updatedAt` stays. Nothing when it is no longer PUBLISHED.
 */
export const recordContractCheck = async (
  context: WriteContext,
  ref: RowRef,
  drift: string | null,
): Promise<void> => {
  await PROGRAMME_ROWS.updateWhile(context, ref, {
    while: ["PUBLISHED"],
    set: { contractCheckedAt: context.now, contractDrift: drift },
    touch: false,
  });
};

/** A PUBLISHED reward becomes DISABLED (409 naming its state otherwise); the caller holds the row locked. */
export const disableProgramme = async (context: WriteContext, row: RewardRow): Promise<RewardRow> => {
  assertStatus(row, PROGRAMME_MACHINE.from("disable"), "Disabling a reward");
  const disabled = await PROGRAMME_ROWS.tryTransition(context, row, { move: "disable" });
  // The locked row was PUBLISHED, so the move applied.
  return disabled!;
};
