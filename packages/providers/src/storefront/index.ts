export { AdminApiStorefrontAdapter, type AdminApiStorefrontOptions, nextPageInfo } from "./admin-api.ts";
export { LocalStorefrontAdapter, type LocalStorefrontOptions } from "./local.ts";
export {
  htmlToText,
  MAX_PRICE_CENTS,
  parseDecimalPriceCents,
  parseStorefrontProduct,
  type StorefrontPlatformProduct,
  type StorefrontProduct,
  type StorefrontProductVariant,
  storefrontPlatformDeletedSchema,
  storefrontPlatformProductSchema,
  storefrontPlatformVariantSchema,
} from "./platform.ts";
export type {
  StorefrontAdapterKind,
  StorefrontConnectionRef,
  StorefrontOrderPush,
  StorefrontOrderPushResult,
  StorefrontPort,
  StorefrontProductPage,
} from "./port.ts";
export { signStorefrontWebhook, verifyStorefrontSignature } from "./signature.ts";
