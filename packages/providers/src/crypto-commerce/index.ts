export {
  DEFAULT_CRYPTO_COMMERCE_API_URL,
  HttpCryptoCommerceAdapter,
  type HttpCryptoCommerceOptions,
} from "./http.ts";
export {
  LOCAL_CHARGE_LIFETIME_SECONDS,
  LocalCryptoCommerceAdapter,
  type LocalCryptoCommerceOptions,
} from "./local.ts";
export {
  CHARGE_ID_PATTERN,
  type ChargeOrder,
  type CryptoChargeStatus,
  type CryptoCommerceAdapterKind,
  type CryptoCommerceCharge,
  type CryptoCommercePort,
  cryptoChargeStatuses,
} from "./port.ts";
export { SANDBOX_CHARGE_MACHINE } from "./sandbox-charge-state.ts";
