import { defineStateMachine } from "@tally/core";
import {
  campaignUgc,
  campaignUgcStatuses,
  type RowRef,
  stateMachineTable,
  type WriteContext,
} from "@tally/db";
import { eq } from "drizzle-orm";

type UgcRow = typeof campaignUgc.$inferSelect;

/**
 * A UGC post's moderation: PENDING until the creator approves it (fans see it) or hides it; either
 * decision can be reversed. Only this file writes a post's status.
 */
export const UGC_MACHINE = defineStateMachine({
  name: "UGC post",
  table: "campaign_ugc",
  states: campaignUgcStatuses,
  initial: ["PENDING"],
  moves: {
    approve: { from: ["PENDING", "HIDDEN"], to: "APPROVED" },
    hide: { from: ["PENDING", "APPROVED"], to: "HIDDEN" },
  },
});

const UGC_ROWS = stateMachineTable(UGC_MACHINE, campaignUgc);

/** The values of a new post: PENDING moderation. */
export const newUgcRow = <V extends Omit<typeof campaignUgc.$inferInsert, "status">>(values: V) =>
  UGC_ROWS.initialRow("PENDING", values);

/**
 * Moderates the campaign's post at `now` as one conditional update, so two moderators deciding at once
 * cannot both apply a move from the same state. Undefined when it is not there or not in a state the move
 * starts from.
 */
export const moderatePost = (
  context: WriteContext,
  post: RowRef & { campaignId: string },
  move: "approve" | "hide",
): Promise<UgcRow | undefined> =>
  UGC_ROWS.tryTransition(context, post, {
    move,
    set: { moderatedAt: context.now },
    where: eq(campaignUgc.campaignId, post.campaignId),
  });
