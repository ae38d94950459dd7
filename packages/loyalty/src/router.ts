import { router } from "@tally/trpc";
import { pointsRouter } from "./points/router.ts";

export const loyaltyRouter = router({ points: pointsRouter });
