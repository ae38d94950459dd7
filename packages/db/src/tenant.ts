import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { TENANT_ROLE } from "./tenant-security.ts";

/**
 * Runs `fn` in a transaction bound to one organization: `app.org_id` is set and the role drops to
 * the non-superuser tenant role, so row-level security hides every other tenant's rows even from a
 * query that forgets its organization filter. Both settings are transaction-local.
 */
export const withTenant = <T>(db: Db, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.org_id', ${organizationId}, true), set_config('role', ${TENANT_ROLE}, true)`,
    );
    return fn(tx);
  });
