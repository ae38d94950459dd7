import { defineDomain } from "@tally/trpc";
import { CAMPAIGN_MACHINE } from "./campaign/states.ts";
import { registerCampaignsHandlers } from "./handlers.ts";
import { GRANT_MACHINE } from "./participation/grant-state.ts";
import { UGC_MACHINE } from "./participation/ugc-state.ts";
import { campaignsRouter } from "./router.ts";

/** Campaigns (votes, surveys, swipes, UGC), fans' participation and the creator's analytics. */
export const campaignsDomain = defineDomain({
  name: "campaigns",
  router: campaignsRouter,
  stateMachines: [CAMPAIGN_MACHINE, UGC_MACHINE, GRANT_MACHINE],
  handlers: (bus, { deps }) => registerCampaignsHandlers(bus, deps),
});
