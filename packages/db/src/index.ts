export * from "./client.ts";
export { isUniqueViolation } from "./errors.ts";
export { type FindRowOptions, type KeyedTable, type RowFinder, type RowKey, rowFinder } from "./keyed-row.ts";
export { migrateDatabase } from "./migrate.ts";
export { TABLE_OWNERS, type TableName } from "./owners.ts";
export { preparedQuery } from "./prepared-query.ts";
export {
  claimInboundWebhookEvent,
  findObjectRoute,
  inboundWebhookEventClaimed,
  registerObjectRoute,
  removeObjectRoute,
} from "./registry.ts";
export * from "./schema/index.ts";
export {
  type EnterInput,
  illegalMove,
  type MachineKey,
  type MoveInput,
  type RowChanges,
  type RowRef,
  type StatusTable,
  stateMachineTable,
  type UpdateWhileInput,
  type WriteContext,
} from "./state-machine.ts";
export { withTenant, withTenantStatement } from "./tenant.ts";
export { applyTenantSecurity, TENANT_ROLE } from "./tenant-security.ts";
