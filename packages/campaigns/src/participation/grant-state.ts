import { defineStateMachine } from "@tally/core";
import {
  type CampaignGrantStatus,
  campaignGrantStatuses,
  campaignJourneys,
  stateMachineTable,
  type WriteContext,
} from "@tally/db";
import type { JourneyRow } from "./record.ts";

/**
 * Where a completed journey's linked reward token stands (null until its grant is first tried): QUEUED
 * once its mint is queued, else WALLET_REQUIRED or DEFERRED, tried again by the user's next submission and
 * when the campaign ends. Only this file writes a journey's grant status.
 */
export const GRANT_MACHINE = defineStateMachine({
  name: "campaign reward grant",
  table: "campaign_journeys",
  column: "grant_status",
  states: campaignGrantStatuses,
  /** A journey's first try lands in any of them. */
  initial: ["QUEUED", "WALLET_REQUIRED", "DEFERRED"],
  moves: {
    queue: { from: ["WALLET_REQUIRED", "DEFERRED"], to: "QUEUED" },
    /** Still not grantable, for the reason the grant gave. */
    defer: { from: ["WALLET_REQUIRED", "DEFERRED"], to: ["WALLET_REQUIRED", "DEFERRED"] },
  },
});

const GRANT_ROWS = stateMachineTable(GRANT_MACHINE, campaignJourneys);

/**
 * Records what the journey's grant came to (`mintId` once QUEUED, `grantNote` why not), from the grant
 * status the journey was read with. The caller holds the journey locked, so that is the one it has.
 */
export const recordJourneyGrant = async (
  context: WriteContext,
  journey: JourneyRow,
  grant: { status: CampaignGrantStatus; grantNote: string | null; mintId: string | null },
): Promise<JourneyRow> => {
  const ref = { organizationId: journey.organizationId, id: journey.id };
  const set = { grantNote: grant.grantNote, mintId: grant.mintId };
  const recorded =
    journey.grantStatus === null
      ? await GRANT_ROWS.enter(context, ref, { to: grant.status, set })
      : await GRANT_ROWS.tryTransition(context, ref, {
          move: grant.status === "QUEUED" ? "queue" : "defer",
          to: grant.status,
          set,
        });
  if (!recorded) throw new Error(`journey ${journey.id}'s grant moved while it was held locked`);
  return recorded;
};
