import { router } from "@tally/trpc";
import { campaignParticipationRouter } from "./campaign-participation/router.ts";
import { pointsRouter } from "./points/router.ts";
import { presalesRouter } from "./presales/router.ts";
import { rewardPagesRouter } from "./reward-pages/router.ts";
import { rewardsRouter } from "./rewards/router.ts";

export const loyaltyRouter = router({
  campaignParticipation: campaignParticipationRouter,
  points: pointsRouter,
  presales: presalesRouter,
  rewardPages: rewardPagesRouter,
  rewards: rewardsRouter,
});
