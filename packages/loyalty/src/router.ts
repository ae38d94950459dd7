import { router } from "@tally/trpc";
import { pointsRouter } from "./points/router.ts";
import { rewardsRouter } from "./rewards/router.ts";

export const loyaltyRouter = router({ points: pointsRouter, rewards: rewardsRouter });
