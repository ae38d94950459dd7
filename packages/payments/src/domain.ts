import { defineDomain, type PlainRoute } from "@tally/trpc";
import {
  cardprocTestHelperPaths,
  isSandboxCardProcessor,
  mountCardprocTestHelpers,
} from "./card/test-helpers.ts";
import { cardprocWebhookPaths, mountCardprocWebhooks } from "./card/webhooks.ts";
import { startCryptoCommercePoller } from "./cryptocommerce/service.ts";
import {
  cryptoCommerceTestHelperPaths,
  cryptoCommerceTestHelpersEnabled,
  mountCryptoCommerceTestHelpers,
} from "./cryptocommerce/test-helpers.ts";
import { registerPaymentsHandlers } from "./handlers.ts";
import { createOrderPaymentsPort } from "./order-payments.ts";
import { paymentsRouter } from "./router.ts";
import { startX402Retrier } from "./x402/retry.ts";
import { mountX402Routes, x402Paths } from "./x402/routes.ts";

export const paymentsDomain = defineDomain({
  name: "payments",
  router: paymentsRouter,
  services: (deps) => ({
    orderPayments: createOrderPaymentsPort({ providers: deps.providers, clock: deps.clock }),
  }),
  handlers: (bus, { deps }) => registerPaymentsHandlers(bus, deps),
  plainRoutes: ({ deps }) => {
    const routes: PlainRoute[] = [
      {
        name: "cardproc-webhooks",
        paths: cardprocWebhookPaths,
        mount: (api) => mountCardprocWebhooks(api, deps),
      },
      {
        name: "x402",
        paths: x402Paths,
        mount: (api) => mountX402Routes(api, { ...deps, publicBaseUrl: deps.config.PUBLIC_BASE_URL }),
      },
    ];
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
  ],
});
