import { router } from "@tally/trpc";
import { airdropsRouter } from "./airdrops/router.ts";
import { campaignAnalyticsRouter } from "./campaign-analytics/router.ts";
import { campaignParticipationRouter } from "./campaign-participation/router.ts";
import { campaignsRouter } from "./campaigns/router.ts";
import { collectionsRouter } from "./collections/router.ts";
import { pointsRouter } from "./points/router.ts";
import { presalesRouter } from "./presales/router.ts";
import { redemptionsRouter } from "./redemptions/router.ts";
import { rewardPagesRouter } from "./reward-pages/router.ts";
import { rewardWebhooksRouter } from "./reward-webhooks/router.ts";
import { rewardsRouter } from "./rewards/router.ts";

export const loyaltyRouter = router({
  airdrops: airdropsRouter,
  campaignAnalytics: campaignAnalyticsRouter,
  campaignParticipation: campaignParticipationRouter,
  campaigns: campaignsRouter,
  collections: collectionsRouter,
  points: pointsRouter,
  presales: presalesRouter,
  redemptions: redemptionsRouter,
  rewardPages: rewardPagesRouter,
  rewards: rewardsRouter,
  rewardWebhooks: rewardWebhooksRouter,
});
