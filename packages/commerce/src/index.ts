export { findCreator, findUser, inTenant, withCreator, withUser } from "./access/scope.ts";
export { type CommerceHandlerDeps, registerCommerceHandlers } from "./handlers.ts";
export { type CreateNotificationInput, createNotification } from "./notifications/service.ts";
export {
  handleProductPublished,
  type ProductPublishedContext,
  type ProductPublishedHook,
  productPublishedHooks,
} from "./products/handlers.ts";
export { commerceRouter } from "./router.ts";
export { signStorefrontWebhook, verifyStorefrontSignature } from "./storefront/signature.ts";
export {
  mountStorefrontWebhook,
  processStorefrontWebhook,
  type StorefrontWebhookDeps,
  storefrontWebhookPaths,
} from "./storefront/webhook.ts";
