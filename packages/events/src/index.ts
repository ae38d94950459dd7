export * from "./bus.ts";
export * from "./catalogue.ts";
export * from "./dead-letters.ts";
export { DEFAULT_QUEUE_SCHEMA, grantQueueAccess } from "./grants.ts";
export { createApiKeyChangedHandler } from "./handlers.ts";
export * from "./signature.ts";
export * from "./subscriptions.ts";
