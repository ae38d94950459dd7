export * from "./client.ts";
export { isUniqueViolation } from "./errors.ts";
export { migrateDatabase } from "./migrate.ts";
export * from "./schema/index.ts";
export { withTenant } from "./tenant.ts";
export { applyTenantSecurity, TENANT_ROLE } from "./tenant-security.ts";
