import { defineStateMachine } from "@tally/core";
import { connectedAccountStatuses, connectedAccounts, stateMachineTable, type WriteContext } from "@tally/db";
import { and, eq } from "drizzle-orm";

/**
 * A creator's connected processor account: its status follows the flags the processor reports
 * (`accountStatusOf`), in any direction. Only this file writes an account's status.
 */
export const CONNECTED_ACCOUNT_MACHINE = defineStateMachine({
  name: "connected account",
  table: "connected_accounts",
  states: connectedAccountStatuses,
  initial: ["PENDING"],
  moves: {
    /** `account.updated`: the status the reported flags derive. */
    follow: { from: connectedAccountStatuses, to: connectedAccountStatuses },
  },
});

const ACCOUNT_ROWS = stateMachineTable(CONNECTED_ACCOUNT_MACHINE, connectedAccounts);

export type ConnectedAccountRow = typeof connectedAccounts.$inferSelect;
export type ConnectedAccountStatus = ConnectedAccountRow["status"];
export type AccountFlags = Pick<
  ConnectedAccountRow,
  "detailsSubmitted" | "chargesEnabled" | "payoutsEnabled"
>;

/** ENABLED once details are submitted and the processor lets the account charge and receive payouts. */
export const accountStatusOf = (flags: AccountFlags): ConnectedAccountStatus => {
  if (flags.detailsSubmitted && flags.chargesEnabled && flags.payoutsEnabled) return "ENABLED";
  if (flags.detailsSubmitted) return "RESTRICTED";
  return "PENDING";
};

/** The values of a new account: PENDING until the processor reports otherwise. */
export const newConnectedAccountRow = <V extends Omit<typeof connectedAccounts.$inferInsert, "status">>(
  values: V,
) => ACCOUNT_ROWS.initialRow("PENDING", values);

/** Records the reported flags and the status they derive on the account the processor names. */
export const followAccountFlags = async (
  context: WriteContext,
  account: { organizationId: string; processorAccountId: string },
  flags: AccountFlags,
): Promise<ConnectedAccountRow | undefined> =>
  (
    await ACCOUNT_ROWS.transitionWhere(
      context,
      and(
        eq(connectedAccounts.organizationId, account.organizationId),
        eq(connectedAccounts.processorAccountId, account.processorAccountId),
      ),
      { move: "follow", to: accountStatusOf(flags), set: flags },
    )
  )[0];
