import { type SQL, sql } from "drizzle-orm";

/** The non-superuser role tenant transactions run as, so row-level security applies to them. */
export const TENANT_ROLE = "tally_app";

/**
 * Idempotent, run after every migration: creates the tenant role, grants it the tables, and puts a
 * row-level security policy on every table that has an `organization_id` column (and on
 * `organizations` by id). New tables of later domains are covered without writing policies by hand;
 * a test asserts that no tenant table is left without one.
 */
export const applyTenantSecurity = async (db: { execute(query: SQL): Promise<unknown> }): Promise<void> => {
  await db.execute(
    sql.raw(`
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${TENANT_ROLE}') THEN
    BEGIN
      CREATE ROLE ${TENANT_ROLE} NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
END $$;`),
  );
  await db.execute(
    sql.raw(`
DO $$
DECLARE
  t record;
BEGIN
  EXECUTE format('GRANT ${TENANT_ROLE} TO %I', current_user);
  GRANT USAGE ON SCHEMA public TO ${TENANT_ROLE};
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${TENANT_ROLE};
  GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${TENANT_ROLE};
  FOR t IN
    SELECT c.relname AS table_name,
           CASE WHEN c.relname = 'organizations' THEN 'id' ELSE 'organization_id' END AS tenant_column
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND (c.relname = 'organizations' OR EXISTS (
        SELECT 1 FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped))
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.table_name AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (%I = nullif(current_setting(''app.org_id'', true), '''')) WITH CHECK (%I = nullif(current_setting(''app.org_id'', true), ''''))',
        t.table_name, t.tenant_column, t.tenant_column);
    END IF;
  END LOOP;
END $$;`),
  );
};
