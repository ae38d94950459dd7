import { defineDomain, type PlainRoute } from "@tally/trpc";
import { registerCommerceHandlers } from "./handlers.ts";
import { commerceRouter } from "./router.ts";
import { mountStorefrontWebhook, storefrontWebhookPaths } from "./storefront/webhook.ts";
import { chainTestHelperPaths, mountChainTestHelpers } from "./wallets/chain-test-helpers.ts";
import { startSendReconciler } from "./wallets/reconcile.ts";
import {
  DEV_WALLETPROVIDER_WEBHOOK_SECRET,
  mountWalletProviderWebhook,
  walletProviderWebhookPaths,
} from "./wallets/webhook.ts";

export const commerceDomain = defineDomain({
  name: "commerce",
  router: commerceRouter,
  handlers: (bus, { deps }) => registerCommerceHandlers(bus, deps),
  plainRoutes: ({ deps, deployment }) => {
    const { localChain } = deployment;
    // A test deployment on the local chain verifies wallet-provider deliveries with the dev secret.
    const walletProviderSecret =
      deps.config.WALLETPROVIDER_WEBHOOK_SECRET ??
      (deployment.env === "test" && localChain ? DEV_WALLETPROVIDER_WEBHOOK_SECRET : undefined);
    const routes: PlainRoute[] = [
      {
        name: "storefront-webhook",
        paths: storefrontWebhookPaths,
        mount: (api) => mountStorefrontWebhook(api, deps),
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
    return routes;
  },
  loops: ({ deps }) => [{ name: "wallet-send-reconciler", start: () => startSendReconciler(deps) }],
});
