import { defineDomain } from "@tally/trpc";
import { registerPointsHandlers } from "./handlers.ts";
import { pointsRouter } from "./ledger/router.ts";

/** The points ledger: balances, grants and spends, an order's points and their notifications. */
export const pointsDomain = defineDomain({
  name: "points",
  router: pointsRouter,
  handlers: (bus, { deps }) => registerPointsHandlers(bus, deps),
});
