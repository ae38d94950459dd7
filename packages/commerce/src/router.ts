import { router } from "@tally/trpc";
import { categoriesRouter } from "./categories/router.ts";
import { chatRouter } from "./chat/router.ts";
import { creatorsRouter } from "./creators/router.ts";
import { discountsRouter } from "./discounts/router.ts";
import { followsRouter } from "./follows/router.ts";
import { groupsRouter } from "./groups/router.ts";
import { insightsRouter } from "./insights/router.ts";
import { notificationsRouter } from "./notifications/router.ts";
import { ordersRouter } from "./orders/router.ts";
import { productsRouter } from "./products/router.ts";
import { shippingRouter } from "./shipping/router.ts";
import { storefrontRouter } from "./storefront/router.ts";
import { usersRouter } from "./users/router.ts";
import { walletsRouter } from "./wallets/router.ts";

export const commerceRouter = router({
  users: usersRouter,
  wallets: walletsRouter,
  follows: followsRouter,
  notifications: notificationsRouter,
  chat: chatRouter,
  creators: creatorsRouter,
  insights: insightsRouter,
  groups: groupsRouter,
  categories: categoriesRouter,
  products: productsRouter,
  storefront: storefrontRouter,
  orders: ordersRouter,
  discounts: discountsRouter,
  shipping: shippingRouter,
});
