import type { CommerceHandlerDeps } from "@tally/commerce";
import type { EventBus } from "@tally/events";
import { registerCampaignHandlers } from "./campaign/handlers.ts";
import { handleCampaignEnded, handleCampaignVote } from "./participation/handlers.ts";

/** The campaigns domain's subscriptions: a campaign's lifecycle and its participation. */
export const registerCampaignsHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  bus.subscribe("campaign-vote", "campaigns", (payload) =>
    handleCampaignVote({ ...deps, events: bus }, payload),
  );
  bus.subscribe("campaign-ended", "campaigns", (payload) =>
    handleCampaignEnded({ ...deps, events: bus }, payload),
  );
  registerCampaignHandlers(bus, deps);
};
