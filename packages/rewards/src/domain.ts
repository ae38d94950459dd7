import { defineDomain } from "@tally/trpc";
import { AIRDROP_MACHINE } from "./airdrops/airdrop-state.ts";
import { AIRDROP_RECIPIENT_MACHINE } from "./airdrops/recipient-state.ts";
import { registerRewardsHandlers } from "./handlers.ts";
import { PRESALE_MACHINE } from "./presales/presale-state.ts";
import { PURCHASE_MACHINE } from "./presales/purchase-state.ts";
import { MINT_MACHINE } from "./programmes/mint-state.ts";
import { PROGRAMME_MACHINE } from "./programmes/programme-state.ts";
import { REDEMPTION_MACHINE } from "./redemptions/redemption-state.ts";
import { rewardsRouter } from "./router.ts";
import { WEBHOOK_DELIVERY_MACHINE } from "./webhooks/delivery-state.ts";

/** Reward programmes and what they give: mints, airdrops, redemptions, collections, presales. */
export const rewardsDomain = defineDomain({
  name: "rewards",
  router: rewardsRouter,
  stateMachines: [
    PROGRAMME_MACHINE,
    MINT_MACHINE,
    AIRDROP_MACHINE,
    AIRDROP_RECIPIENT_MACHINE,
    REDEMPTION_MACHINE,
    WEBHOOK_DELIVERY_MACHINE,
    PRESALE_MACHINE,
    PURCHASE_MACHINE,
  ],
  handlers: (bus, { deps }) => registerRewardsHandlers(bus, deps),
});
