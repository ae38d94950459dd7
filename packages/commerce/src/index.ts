export { findCreator, findUser, inTenant, withCreator, withUser } from "./access/scope.ts";
export { type CommerceHandlerDeps, registerCommerceHandlers } from "./handlers.ts";
export { commerceRouter } from "./router.ts";
