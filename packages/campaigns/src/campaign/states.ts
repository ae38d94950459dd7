import { AppError, defineStateMachine, isStatusIn, type MoveOf } from "@tally/core";
import { campaignStatuses, campaigns, stateMachineTable, type WriteContext } from "@tally/db";
import { isNull } from "drizzle-orm";
import type { CampaignRow } from "./record.ts";

/**
 * Every move of a campaign's status (spec 02 "Campaign status"), the one list every route and the
 * campaign-monitor job use. Archiving (the diagram's DELETED) is not a status: an archived campaign
 * keeps its status and moves nowhere (see `archiveCampaign`). Only this file writes a campaign's status.
 */
export const CAMPAIGN_MACHINE = defineStateMachine({
  name: "campaign",
  table: "campaigns",
  states: campaignStatuses,
  initial: ["DRAFT"],
  moves: {
    submit: { from: ["DRAFT"], to: "SUBMITTED" },
    approve: { from: ["SUBMITTED"], to: "APPROVED", event: "campaign-reviewed" },
    reject: { from: ["SUBMITTED"], to: "DRAFT", event: "campaign-reviewed" },
    publish: { from: ["APPROVED"], to: "PUBLISHED", event: "campaign-published" },
    /** `requiresReview: false` skips the review step. */
    publishWithoutReview: {
      from: ["DRAFT", "SUBMITTED", "APPROVED"],
      to: "PUBLISHED",
      event: "campaign-published",
    },
    /** The campaign-monitor job at `endDate`, or the creator's manual end (`PATCH` with status ENDED). */
    end: { from: ["PUBLISHED"], to: "ENDED", event: "campaign-ended" },
  },
  sets: {
    /** The states the fan side sees a campaign in; before publishing it is the creator's draft (404 to fans). */
    fanVisible: ["PUBLISHED", "ENDED"],
    /** Not live: archiving keeps the status, so a PUBLISHED campaign is ended first. */
    archivable: ["DRAFT", "SUBMITTED", "APPROVED", "ENDED"],
  },
});

const CAMPAIGN_ROWS = stateMachineTable(CAMPAIGN_MACHINE, campaigns);

export type CampaignMove = MoveOf<typeof CAMPAIGN_MACHINE>;

type CampaignState = Pick<CampaignRow, "status" | "archivedAt">;

/** The values of a new campaign: DRAFT. */
export const newCampaignRow = <V extends Omit<typeof campaigns.$inferInsert, "status">>(values: V) =>
  CAMPAIGN_ROWS.initialRow("DRAFT", values);

/** Whether the fan side may see the row: published or ended, and not archived. */
export const isFanVisible = (row: CampaignState): boolean =>
  row.archivedAt === null && isStatusIn(CAMPAIGN_MACHINE.sets.fanVisible, row.status);

/** What the moves say in a refusal: `publish` needs an APPROVED campaign, and so on. */
const WHAT: Record<CampaignMove, string> = {
  submit: "Submitting a campaign for review",
  approve: "Approving a campaign",
  reject: "Rejecting a campaign",
  publish: "Publishing a campaign that requires review",
  publishWithoutReview: "Publishing a campaign",
  end: "Ending a campaign",
};

/** 409 `invalid_state` naming the campaign's current state and the states the move starts from. */
export const illegalMove = (move: CampaignMove, row: CampaignState) => {
  const from = CAMPAIGN_MACHINE.from(move);
  const state = row.archivedAt ? `archived (${row.status})` : row.status;
  const hint =
    move === "publish" && row.status !== "APPROVED" ? " (or publish with requiresReview false)" : "";
  return new AppError(
    "invalid_state",
    `${WHAT[move]} needs a campaign that is ${from.join(" or ")}; this one is ${state}${hint}`,
    { context: { currentStatus: row.status, archived: row.archivedAt !== null, allowedFrom: from } },
  );
};

/** Whether `move` may start from the row as it is (archived campaigns move nowhere). */
const canMove = (move: CampaignMove, row: CampaignState): boolean =>
  row.archivedAt === null && CAMPAIGN_MACHINE.canMove(move, row.status);

export const assertCanMove = (move: CampaignMove, row: CampaignState): void => {
  if (!canMove(move, row)) throw illegalMove(move, row);
};

/**
 * Applies `move` as one conditional update (status still one it starts from, not archived), with
 * `set` written alongside. Returns the moved row, or undefined when the row had already left
 * those states (a concurrent move or the job won): the caller decides whether that is a 409.
 */
export const applyMove = (
  context: WriteContext,
  row: Pick<CampaignRow, "organizationId" | "id">,
  input: { move: CampaignMove; set: Parameters<typeof CAMPAIGN_ROWS.tryTransition>[2]["set"] },
): Promise<CampaignRow | undefined> =>
  CAMPAIGN_ROWS.tryTransition(context, row, { ...input, where: isNull(campaigns.archivedAt) });

/** Archives a campaign that is not live, in the status it has: undefined when it is live or archived already. */
export const archiveCampaignRow = (
  context: WriteContext,
  row: Pick<CampaignRow, "organizationId" | "id">,
): Promise<CampaignRow | undefined> =>
  CAMPAIGN_ROWS.updateWhile(context, row, {
    while: CAMPAIGN_MACHINE.sets.archivable,
    set: { archivedAt: context.now },
    where: isNull(campaigns.archivedAt),
  });
