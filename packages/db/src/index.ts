export * from "./client.ts";
export { migrateDatabase } from "./migrate.ts";
export * from "./schema/index.ts";
export { applyTenantSecurity, TENANT_ROLE } from "./tenant-security.ts";
export { withTenant } from "./tenant.ts";
export { isUniqueViolation } from "./errors.ts";
