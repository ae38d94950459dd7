import type { SQL } from "drizzle-orm";
import { index, type PgColumn } from "drizzle-orm/pg-core";

/**
 * A hash index for a value a hot statement looks one row up by (an id, an e-mail), beside the btree
 * key that also holds it. On a table that was never analyzed, PostgreSQL estimates one row for the
 * key and one row for any index that starts with `organization_id`, at the same cost, and keeps the
 * newest index: a generic plan made then reads the organization's every row for each lookup, for as
 * long as it stays cached. A hash scan skips the btree's descent, so it costs less than all of them
 * at any table size and the plan reaches the row by its value whatever the statistics say.
 */
export const keyLookup = (name: string, value: PgColumn | SQL) => index(name).using("hash", value);
