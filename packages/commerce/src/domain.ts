import { defineDomain } from "@tally/trpc";
import { registerCommerceHandlers } from "./handlers.ts";
import { NOTIFICATION_MACHINE } from "./notifications/notification-state.ts";
import { SHIPPING_MACHINE } from "./orders/shipping-state.ts";
import { ORDER_MACHINE } from "./orders/state.ts";
import { STOCK_RESERVATION_MACHINE } from "./orders/stock-state.ts";
import { PRODUCT_MACHINE } from "./products/product-state.ts";
import { commerceRouter } from "./router.ts";
import { mountStorefrontWebhook, storefrontWebhookPaths } from "./storefront/webhook.ts";

export const commerceDomain = defineDomain({
  name: "commerce",
  router: commerceRouter,
  stateMachines: [
    ORDER_MACHINE,
    SHIPPING_MACHINE,
    STOCK_RESERVATION_MACHINE,
    PRODUCT_MACHINE,
    NOTIFICATION_MACHINE,
  ],
  handlers: (bus, { deps }) => registerCommerceHandlers(bus, deps),
  plainRoutes: ({ deps }) => [
    {
      name: "storefront-webhook",
      paths: storefrontWebhookPaths,
      mount: (api) => mountStorefrontWebhook(api, deps),
    },
  ],
});
