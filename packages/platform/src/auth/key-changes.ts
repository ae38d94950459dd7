import type { Tx } from "@tally/db";
import { sql } from "drizzle-orm";

export const API_KEY_CHANGED_CHANNEL = "tally_api_key_changed";

/**
 * Transaction-bound NOTIFY: delivered to every listening instance when the transaction commits, so
 * each drops its cached principals (a key changed, or an organization's tier did).
 */
export const notifyKeyChanged = async (tx: Tx, subject: string): Promise<void> => {
  await tx.execute(sql`select pg_notify(${API_KEY_CHANGED_CHANNEL}, ${subject})`);
};
