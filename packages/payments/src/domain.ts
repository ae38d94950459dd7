import { SANDBOX_CHARGE_MACHINE } from "@tally/providers";
import { defineDomain, type PlainRoute } from "@tally/trpc";
import { CARD_INTENT_MACHINE } from "./card/intent-state.ts";
import {
  cardprocTestHelperPaths,
  isSandboxCardProcessor,
  mountCardprocTestHelpers,
} from "./card/test-helpers.ts";
import { cardprocWebhookPaths, mountCardprocWebhooks } from "./card/webhooks.ts";
import { CRYPTO_CHARGE_MACHINE } from "./cryptocommerce/charge-state.ts";
import { startCryptoCommercePoller } from "./cryptocommerce/service.ts";
import {
  cryptoCommerceTestHelperPaths,
  cryptoCommerceTestHelpersEnabled,
  mountCryptoCommerceTestHelpers,
} from "./cryptocommerce/test-helpers.ts";
import { CRYPTO_PAYMENT_INTENT_MACHINE } from "./embedded-wallet/intent-state.ts";
import { registerPaymentsHandlers } from "./handlers.ts";
import { createOrderPaymentsPort } from "./order-payments.ts";
import { CONNECTED_ACCOUNT_MACHINE } from "./payouts/account-state.ts";
import { mountOnboardingLandings, onboardingLandingPaths } from "./payouts/onboarding-routes.ts";
import { PAYOUT_MACHINE } from "./payouts/payout-state.ts";
import { paymentsRouter } from "./router.ts";
import { chainTestHelperPaths, mountChainTestHelpers } from "./server-wallets/chain-test-helpers.ts";
import { startSendReconciler } from "./server-wallets/reconcile.ts";
import { WALLET_TRANSACTION_MACHINE } from "./server-wallets/transaction-state.ts";
import {
  DEV_WALLETPROVIDER_WEBHOOK_SECRET,
  mountWalletProviderWebhook,
  walletProviderWebhookPaths,
} from "./server-wallets/webhook.ts";
import { X402_PAYMENT_MACHINE } from "./x402/payment-state.ts";
import { startX402Retrier } from "./x402/retry.ts";
import { mountX402Routes, x402Paths } from "./x402/routes.ts";

export const paymentsDomain = defineDomain({
  name: "payments",
  router: paymentsRouter,
  stateMachines: [
    PAYOUT_MACHINE,
    CONNECTED_ACCOUNT_MACHINE,
    CARD_INTENT_MACHINE,
    X402_PAYMENT_MACHINE,
    CRYPTO_CHARGE_MACHINE,
    CRYPTO_PAYMENT_INTENT_MACHINE,
    WALLET_TRANSACTION_MACHINE,
    // The local crypto-commerce adapter's charges: the provider the sandbox checkout pays.
    SANDBOX_CHARGE_MACHINE,
  ],
  services: (deps) => ({
    orderPayments: createOrderPaymentsPort({ events: deps.events }),
  }),
  handlers: (bus, { deps }) => registerPaymentsHandlers(bus, deps),
  plainRoutes: ({ deps, deployment }) => {
    const { localChain } = deployment;
    // A test deployment on the local chain verifies wallet-provider deliveries with the dev secret.
    const walletProviderSecret =
      deps.config.WALLETPROVIDER_WEBHOOK_SECRET ??
      (deployment.env === "test" && localChain ? DEV_WALLETPROVIDER_WEBHOOK_SECRET : undefined);
    const routes: PlainRoute[] = [
      {
        name: "cardproc-webhooks",
        paths: cardprocWebhookPaths,
        mount: (api) => mountCardprocWebhooks(api, deps),
      },
      {
        name: "cardproc-onboarding-landings",
        paths: onboardingLandingPaths,
        mount: (api) => mountOnboardingLandings(api),
      },
      {
        name: "x402",
        paths: x402Paths,
        mount: (api) => mountX402Routes(api, { ...deps, publicBaseUrl: deps.config.PUBLIC_BASE_URL }),
      },
      {
        name: "wallet-provider-webhook",
        paths: walletProviderWebhookPaths,
        mount: (api) =>
          mountWalletProviderWebhook(api, {
            ...deps,
            secret: walletProviderSecret,
            chainId: deps.providers.chain.chainId,
          }),
      },
    ];
    if (localChain)
      routes.push({
        name: "chain-test-helpers",
        testOnly: true,
        paths: chainTestHelperPaths,
        mount: (api) => mountChainTestHelpers(api, localChain),
      });
    if (cryptoCommerceTestHelpersEnabled(deps))
      routes.push({
        name: "crypto-commerce-test-helpers",
        testOnly: true,
        paths: cryptoCommerceTestHelperPaths(deps),
        mount: (api) => mountCryptoCommerceTestHelpers(api, deps),
      });
    const processor = deps.providers.cardProcessor;
    if (isSandboxCardProcessor(processor))
      routes.push({
        name: "cardproc-test-helpers",
        testOnly: true,
        paths: cardprocTestHelperPaths,
        mount: (api) => mountCardprocTestHelpers(api, processor),
      });
    return routes;
  },
  loops: ({ deps }) => [
    // Crypto-commerce payments PENDING -> COMPLETED: polled, as no cron slot exists for it.
    { name: "crypto-commerce-poller", start: () => startCryptoCommercePoller(deps) },
    // x402 payments a facilitator timeout left unsettled: retried by lease, also without a cron slot.
    { name: "x402-retrier", start: () => startX402Retrier(deps) },
    // SERVER-wallet sends a receipt wait or a lost webhook left PENDING: settled from the chain.
    { name: "wallet-send-reconciler", start: () => startSendReconciler(deps) },
  ],
});
