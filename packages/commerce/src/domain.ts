import { defineDomain } from "@tally/trpc";
import { registerCommerceHandlers } from "./handlers.ts";
import { ORDER_MACHINE } from "./orders/state.ts";
import { commerceRouter } from "./router.ts";
import { mountStorefrontWebhook, storefrontWebhookPaths } from "./storefront/webhook.ts";

export const commerceDomain = defineDomain({
  name: "commerce",
  router: commerceRouter,
  stateMachines: [ORDER_MACHINE],
  handlers: (bus, { deps }) => registerCommerceHandlers(bus, deps),
  plainRoutes: ({ deps }) => [
    {
      name: "storefront-webhook",
      paths: storefrontWebhookPaths,
      mount: (api) => mountStorefrontWebhook(api, deps),
    },
  ],
});
