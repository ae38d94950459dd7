import { defineStateMachine } from "@tally/core";
import {
  type Executor,
  sandboxCryptoChargeStatuses,
  sandboxCryptoCharges,
  stateMachineTable,
} from "@tally/db";
import { eq } from "drizzle-orm";

type Row = typeof sandboxCryptoCharges.$inferSelect;

/**
 * A charge of the local crypto-commerce adapter: NEW until its payer pays it (COMPLETED); an unpaid one
 * reads as EXPIRED past its deadline without being moved. PENDING (confirming at the real provider) is
 * what the provider may report too. Only this file writes a charge's status.
 */
export const SANDBOX_CHARGE_MACHINE = defineStateMachine({
  name: "sandbox crypto-commerce charge",
  table: "sandbox_crypto_charges",
  states: sandboxCryptoChargeStatuses,
  initial: ["NEW"],
  moves: {
    complete: { from: ["NEW", "PENDING"], to: "COMPLETED" },
  },
});

const CHARGE_ROWS = stateMachineTable(SANDBOX_CHARGE_MACHINE, sandboxCryptoCharges);

/** The values of a new, unpaid charge. */
export const newSandboxChargeRow = <V extends Omit<typeof sandboxCryptoCharges.$inferInsert, "status">>(
  values: V,
) => CHARGE_ROWS.initialRow("NEW", values);

/**
 * The charge is paid: COMPLETED. Undefined when it was not NEW or PENDING. On the platform handle: the
 * charges are the "provider's", not a tenant's (a charge has no `organization_id` to scope it by).
 */
export const completeSandboxCharge = async (
  context: { tx: Executor; now: Date },
  chargeId: string,
): Promise<Row | undefined> =>
  (
    await CHARGE_ROWS.transitionWhere(context, eq(sandboxCryptoCharges.id, chargeId), {
      move: "complete",
    })
  )[0];
