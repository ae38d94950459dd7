import { defineDomain } from "@tally/trpc";
import { registerLoyaltyHandlers } from "./handlers.ts";
import { loyaltyRouter } from "./router.ts";

export const loyaltyDomain = defineDomain({
  name: "loyalty",
  router: loyaltyRouter,
  handlers: (bus, { deps }) => registerLoyaltyHandlers(bus, deps),
});
