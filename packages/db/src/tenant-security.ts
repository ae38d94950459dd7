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
  // Writes the catalogue only where something is missing: a second instance booting against a
  // migrated database (while others serve traffic) must not rewrite every table's ACL or take an
  // ACCESS EXCLUSIVE lock on each tenant table, which can deadlock with their transactions.
  await db.execute(
    sql.raw(`
DO $$
DECLARE
  t record;
BEGIN
  IF NOT pg_has_role(current_user, '${TENANT_ROLE}', 'MEMBER') THEN
    EXECUTE format('GRANT ${TENANT_ROLE} TO %I', current_user);
  END IF;
  IF NOT has_schema_privilege('${TENANT_ROLE}', 'public', 'USAGE') THEN
    GRANT USAGE ON SCHEMA public TO ${TENANT_ROLE};
  END IF;
  FOR t IN
    SELECT c.relname AS name, c.relkind AS kind
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND (
      (c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT (
        has_table_privilege('${TENANT_ROLE}', c.oid, 'SELECT') AND has_table_privilege('${TENANT_ROLE}', c.oid, 'INSERT')
        AND has_table_privilege('${TENANT_ROLE}', c.oid, 'UPDATE') AND has_table_privilege('${TENANT_ROLE}', c.oid, 'DELETE')))
      OR (c.relkind = 'S' AND NOT (
        has_sequence_privilege('${TENANT_ROLE}', c.oid, 'USAGE') AND has_sequence_privilege('${TENANT_ROLE}', c.oid, 'SELECT')
        AND has_sequence_privilege('${TENANT_ROLE}', c.oid, 'UPDATE'))))
  LOOP
    IF t.kind = 'S' THEN
      EXECUTE format('GRANT USAGE, SELECT, UPDATE ON SEQUENCE %I TO ${TENANT_ROLE}', t.name);
    ELSE
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE %I TO ${TENANT_ROLE}', t.name);
    END IF;
  END LOOP;
  FOR t IN
    SELECT c.relname AS table_name, c.relrowsecurity AS rls,
           CASE WHEN c.relname = 'organizations' THEN 'id' ELSE 'organization_id' END AS tenant_column
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND (c.relname = 'organizations' OR EXISTS (
        SELECT 1 FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped))
  LOOP
    IF NOT t.rls THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.table_name AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (%I = nullif(current_setting(''app.org_id'', true), '''')) WITH CHECK (%I = nullif(current_setting(''app.org_id'', true), ''''))',
        t.table_name, t.tenant_column, t.tenant_column);
    END IF;
  END LOOP;
END $$;`),
  );
};
