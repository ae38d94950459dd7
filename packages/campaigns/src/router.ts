import { mergeRouters, router } from "@tally/trpc";
import { campaignAnalyticsRouter } from "./analytics/router.ts";
import { campaignsRouter as campaignRouter } from "./campaign/router.ts";
import { campaignParticipationRouter } from "./participation/router.ts";

/** A campaign's procedures at the root (`campaigns.get`), participation and analytics under their names. */
export const campaignsRouter = mergeRouters(
  campaignRouter,
  router({ participation: campaignParticipationRouter, analytics: campaignAnalyticsRouter }),
);
