import { defineStateMachine } from "@tally/core";
import { airdropRecipientStatuses, airdropRecipients, stateMachineTable } from "@tally/db";

type RecipientStatus = (typeof airdropRecipientStatuses)[number];

/**
 * One user of an airdrop, recorded once with its outcome: QUEUED (their mint is queued) or SKIPPED (no
 * wallet, or the reward's conditions not met; `reason` says which). Nothing moves it afterwards. Only this
 * file writes a recipient's status.
 */
export const AIRDROP_RECIPIENT_MACHINE = defineStateMachine({
  name: "airdrop recipient",
  table: "airdrop_recipients",
  states: airdropRecipientStatuses,
  initial: ["QUEUED", "SKIPPED"],
  moves: {},
});

const RECIPIENT_ROWS = stateMachineTable(AIRDROP_RECIPIENT_MACHINE, airdropRecipients);

/** The values of a recorded recipient: QUEUED or SKIPPED. */
export const newAirdropRecipientRow = <V extends Omit<typeof airdropRecipients.$inferInsert, "status">>(
  status: RecipientStatus,
  values: V,
) => RECIPIENT_ROWS.initialRow(status, values);
