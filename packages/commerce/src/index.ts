/** The per-address limiter of routes without an API key, for the domains above commerce. */
export { takeAddressToken } from "@tally/platform";
export { withCreatorsRow, withFanVisibleRow, withOwnedRow } from "./access/creator-rows.ts";
export { findCreator, findUser, inTenant, isCreatorSide, withCreator, withUser } from "./access/scope.ts";
export {
  claimOnboardingReminderWindow,
  recordOnboardingReminderSent,
} from "./creators/onboarding-reminder.ts";
export { findCreatorBySlug } from "./creators/service.ts";
export { createRewardDiscountCode } from "./discounts/reward-code.ts";
export { commerceDomain } from "./domain.ts";
export type { CommerceHandlerDeps } from "./handler-deps.ts";
export { registerCommerceHandlers } from "./handlers.ts";
export {
  type CreateNotificationInput,
  createNotification,
  createNotifications,
  type FollowerNotice,
  notifyCreatorFollowers,
} from "./notifications/service.ts";
export {
  amountsForPayment,
  amountsOf,
  assertPointsWithinAmountDue,
  findOrder,
  heldOrder,
  type LockedOrder,
  lockOrder,
  type OrderAmounts,
  type OrderKey,
  type OrderRef,
  type OrderRow,
  orderAmounts,
  orderNotFound,
} from "./orders/amounts.ts";
export { handleCreatorOrderConfirmations, handleOrderConfirmations } from "./orders/confirmations.ts";
export { acceptsPaymentMethod, assertAcceptsPaymentMethod } from "./orders/payment-methods.ts";
export {
  assertNoSettlingPayment,
  type OrderCardPaymentIntent,
  type OrderPaymentsPort,
} from "./orders/payments-port.ts";
export {
  assertNotPresaleOrder,
  cancelPresaleOrder,
  createPresaleOrder,
  type PresaleOrderCancel,
  readPaidPresaleOrders,
} from "./orders/presale-order.ts";
export { presentOrder, presentOrders } from "./orders/presenter.ts";
export { type OrderWithItems, readOrdersWithItems, readOrderWithItems } from "./orders/read.ts";
export { createRewardOrder, rewardOrderAddress } from "./orders/reward-order.ts";
export { findOrderTenant, GUEST_ORDER_LIMIT } from "./orders/router.ts";
export { addressInput, type OrderOutput, orderSchema } from "./orders/schemas.ts";
export {
  type OrderPaymentMethod,
  setOrderContact,
  setOrderPaid,
  setOrderPaymentFailed,
  setOrderPaymentPending,
  setOrderPoints,
} from "./orders/state.ts";
export {
  EDITABLE_ORDER_STATUSES,
  isOrderStatusIn,
  type OrderStatus,
  PAID_ORDER_STATUSES,
  UNPAID_ORDER_STATUSES,
} from "./orders/statuses.ts";
export { commitStock, releaseStock, reserveStock, STOCK_HOLD_MS } from "./orders/stock.ts";
export { handleProductPublished } from "./products/handlers.ts";
export { commerceRouter } from "./router.ts";
export { evmAddress, userIdParam } from "./shared/schemas.ts";
export { handleStorefrontOrderPush, STOREFRONT_ORDER_PUSH_SOURCE } from "./storefront/order-push.ts";
export {
  mountStorefrontWebhook,
  processStorefrontWebhook,
  type StorefrontWebhookDeps,
  storefrontWebhookPaths,
} from "./storefront/webhook.ts";
export { type Wallet, walletAddressInput, walletSchema } from "./wallets/schemas.ts";
export { addUserWallet, findServerWallet, findWallet, toWallet } from "./wallets/service.ts";
