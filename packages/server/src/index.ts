export { createApp, type TallyApp } from "./app.ts";
export { loadAppConfig } from "./config.ts";
export { idempotencyRequestHash } from "./http/idempotency.ts";
export {
  loadPendingEndpoints,
  type PendingEndpoint,
  parsePendingEndpoints,
} from "./http/pending-endpoints.ts";
export { createRuntime, type Runtime, type RuntimeOptions } from "./runtime.ts";
