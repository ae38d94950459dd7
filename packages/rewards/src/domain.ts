import { defineDomain } from "@tally/trpc";
import { registerRewardsHandlers } from "./handlers.ts";
import { PRESALE_MACHINE } from "./presales/presale-state.ts";
import { PURCHASE_MACHINE } from "./presales/purchase-state.ts";
import { REDEMPTION_MACHINE } from "./redemptions/redemption-state.ts";
import { rewardsRouter } from "./router.ts";

/** Reward programmes and what they give: mints, airdrops, redemptions, collections, presales. */
export const rewardsDomain = defineDomain({
  name: "rewards",
  router: rewardsRouter,
  stateMachines: [PRESALE_MACHINE, PURCHASE_MACHINE, REDEMPTION_MACHINE],
  handlers: (bus, { deps }) => registerRewardsHandlers(bus, deps),
});
