import { AppError } from "@tally/core";
import { type CampaignStatus, campaigns, type Tx } from "@tally/db";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { CampaignRow } from "./record.ts";

/**
 * Every move of a campaign's status (spec 02 "Campaign status"), the one list every route and the
 * campaign-monitor job use. Archiving (the diagram's DELETED) is not a status: see `archive.ts`.
 */
const CAMPAIGN_MOVES = {
  submit: { from: ["DRAFT"], to: "SUBMITTED" },
  approve: { from: ["SUBMITTED"], to: "APPROVED" },
  reject: { from: ["SUBMITTED"], to: "DRAFT" },
  publish: { from: ["APPROVED"], to: "PUBLISHED" },
  /** `requiresReview: false` skips the review step. */
  publishWithoutReview: { from: ["DRAFT", "SUBMITTED", "APPROVED"], to: "PUBLISHED" },
  /** The campaign-monitor job at `endDate`, or the creator's manual end (`PATCH` with status ENDED). */
  end: { from: ["PUBLISHED"], to: "ENDED" },
} as const satisfies Record<string, { from: readonly CampaignStatus[]; to: CampaignStatus }>;

export type CampaignMove = keyof typeof CAMPAIGN_MOVES;

/** The states the fan side sees a campaign in; before publishing it is the creator's draft (404 to fans). */
export const FAN_VISIBLE_STATUSES = ["PUBLISHED", "ENDED"] as const satisfies readonly CampaignStatus[];

/** Whether the fan side may see the row: published or ended, and not archived. */
export const isFanVisible = (row: Pick<CampaignRow, "status" | "archivedAt">): boolean =>
  row.archivedAt === null && (FAN_VISIBLE_STATUSES as readonly CampaignStatus[]).includes(row.status);

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
export const illegalMove = (move: CampaignMove, row: Pick<CampaignRow, "status" | "archivedAt">) => {
  const { from } = CAMPAIGN_MOVES[move];
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
const canMove = (move: CampaignMove, row: Pick<CampaignRow, "status" | "archivedAt">): boolean =>
  row.archivedAt === null && (CAMPAIGN_MOVES[move].from as readonly CampaignStatus[]).includes(row.status);

export const assertCanMove = (move: CampaignMove, row: Pick<CampaignRow, "status" | "archivedAt">): void => {
  if (!canMove(move, row)) throw illegalMove(move, row);
};

/**
 * Applies `move` as one conditional update (status still one it starts from, not archived), with
 * `set` written alongside. Returns the moved row, or undefined when the row had already left
 * those states (a concurrent move or the job won): the caller decides whether that is a 409.
 */
export const applyMove = async (
  tx: Tx,
  row: Pick<CampaignRow, "organizationId" | "id">,
  input: { move: CampaignMove; set: Partial<typeof campaigns.$inferInsert> },
): Promise<CampaignRow | undefined> => {
  const { from, to } = CAMPAIGN_MOVES[input.move];
  const [moved] = await tx
    .update(campaigns)
    .set({ ...input.set, status: to })
    .where(
      and(
        eq(campaigns.organizationId, row.organizationId),
        eq(campaigns.id, row.id),
        inArray(campaigns.status, [...from]),
        isNull(campaigns.archivedAt),
      ),
    )
    .returning();
  return moved;
};
