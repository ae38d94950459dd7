import { type Database, TENANT_ROLE } from "@tally/db";
import { sql } from "drizzle-orm";

export const DEFAULT_QUEUE_SCHEMA = "pgboss";

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Lets tenant transactions (role `tally_app`, see @tally/db tenant-security) enqueue jobs: usage on
 * pg-boss's schema, DML on its tables, its sequences and functions, and the same by default for
 * objects pg-boss creates later (partitioned queues). Idempotent; run after pg-boss has created its
 * schema (EventBus.start() does).
 */
export const grantQueueAccess = async (
  database: Database,
  schema: string = DEFAULT_QUEUE_SCHEMA,
): Promise<void> => {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid queue schema name: ${schema}`);
  await database.db.execute(
    sql.raw(`
DO $$
BEGIN
  -- Concurrent GRANTs on one object fail with "tuple concurrently updated": serialise boots.
  PERFORM pg_advisory_xact_lock(7243051); -- the migration lock: grants and migrations never overlap
  GRANT USAGE ON SCHEMA ${schema} TO ${TENANT_ROLE};
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${TENANT_ROLE};
  GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${TENANT_ROLE};
  GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ${TENANT_ROLE};
  ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${TENANT_ROLE};
  ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${TENANT_ROLE};
  ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT EXECUTE ON FUNCTIONS TO ${TENANT_ROLE};
END $$;`),
  );
};
