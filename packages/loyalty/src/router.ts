import { router } from "@tally/trpc";
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
  campaignParticipation: campaignParticipationRouter,
  campaigns: campaignsRouter,
  collections: collectionsRouter,
  points: pointsRouter,
  presales: presalesRouter,
  redemptions: redemptionsRouter,
  rewardPages: rewardPagesRouter,
  rewardWebhooks: rewardWebhooksRouter,
  rewards: rewardsRouter,
});
