export { type CheckoutDeps, type CheckoutResult, checkoutOrder } from "./card/checkout.ts";
export {
  cardprocTestHelperPaths,
  isSandboxCardProcessor,
  mountCardprocTestHelpers,
} from "./card/test-helpers.ts";
export {
  type CardWebhookDeps,
  cardprocWebhookPaths,
  mountCardprocWebhooks,
  processCardprocWebhook,
} from "./card/webhooks.ts";
export {
  checkoutWithCryptoCommerce,
  type PollResult as CryptoCommercePollResult,
  pollCryptoCommercePayments,
  startCryptoCommercePoller,
} from "./cryptocommerce/service.ts";
export {
  cryptoCommerceTestHelperPaths,
  cryptoCommerceTestHelpersEnabled,
  mountCryptoCommerceTestHelpers,
} from "./cryptocommerce/test-helpers.ts";
export { paymentsDomain } from "./domain.ts";
export { registerPaymentsHandlers } from "./handlers.ts";
export { createOrderPaymentsPort } from "./order-payments.ts";
export { accountStatusOf } from "./payouts/account-state.ts";
export {
  claimOnboardingReminders,
  ONBOARDING_REMINDER_AFTER_MS,
  ONBOARDING_REMINDER_CLAIM_MS,
  type PayoutJobDeps,
  type SweepSummary,
  sendOnboardingReminder,
  sweepPayouts,
} from "./payouts/jobs.ts";
export {
  type ApplyAccountUpdatedInput,
  type ApplyTransferCreatedInput,
  applyAccountUpdated,
  applyTransferCreated,
  type CreatePayoutForOrderInput,
  createPayoutForOrder,
  type PayoutProcessor,
} from "./payouts/service.ts";
export { recordConfirmedWalletPayment } from "./server-wallets/chain-service.ts";
export { chainTestHelperPaths, mountChainTestHelpers } from "./server-wallets/chain-test-helpers.ts";
export { DROPPED_AFTER_MS, reconcilePendingSends, startSendReconciler } from "./server-wallets/reconcile.ts";
export {
  DEV_WALLETPROVIDER_WEBHOOK_SECRET,
  mountWalletProviderWebhook,
  walletProviderWebhookPaths,
} from "./server-wallets/webhook.ts";
export { hasSettlingPayment } from "./settlement/settling.ts";
export { retryUnsettledX402Payments, startX402Retrier } from "./x402/retry.ts";
export { mountX402Routes, X402_PAY_LIMIT, x402Paths } from "./x402/routes.ts";
