export { generateKeyValue, hashKey, maskKey } from "./api-keys/key-format.ts";
export { insertApiKey, type KeyChange, type KeyChangeNotifier } from "./api-keys/service.ts";
export { type AddressLimit, clientAddressOf, takeAddressToken } from "./auth/address-limiter.ts";
export type { Authentication } from "./auth/authenticator.ts";
export { API_KEY_CHANGED_CHANNEL } from "./auth/key-changes.ts";
export { rowsOf } from "./auth/rate-limiter.ts";
export { ensureOperatorKey, ensurePlatformOrganization, PLATFORM_ORGANIZATION_ID } from "./bootstrap.ts";
export { platformDomain } from "./domain.ts";
export { sealResponseBody, unsealResponseBody } from "./idempotency/sealing.ts";
export {
  claimIdempotencyKey,
  completeIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  releaseIdempotencyKey,
  type StoredResponse,
} from "./idempotency/store.ts";
export { assertOrganizationAccess, createOrganization, getSettings } from "./organizations/service.ts";
export { platformRouter } from "./router.ts";
export { createPlatformServices, type PlatformServices } from "./services.ts";
export { assertTierAllowsAnother } from "./tiers/limits.ts";
