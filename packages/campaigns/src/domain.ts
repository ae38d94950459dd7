import { defineDomain } from "@tally/trpc";
import { registerCampaignsHandlers } from "./handlers.ts";
import { campaignsRouter } from "./router.ts";

/** Campaigns (votes, surveys, swipes, UGC), fans' participation and the creator's analytics. */
export const campaignsDomain = defineDomain({
  name: "campaigns",
  router: campaignsRouter,
  handlers: (bus, { deps }) => registerCampaignsHandlers(bus, deps),
});
