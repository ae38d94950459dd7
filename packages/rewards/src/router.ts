import { mergeRouters, router } from "@tally/trpc";
import { airdropsRouter } from "./airdrops/router.ts";
import { collectionsRouter } from "./collections/router.ts";
import { rewardPagesRouter } from "./pages/router.ts";
import { presalesRouter } from "./presales/router.ts";
import { rewardsRouter as programmesRouter } from "./programmes/router.ts";
import { redemptionsRouter } from "./redemptions/router.ts";
import { rewardWebhooksRouter } from "./webhooks/router.ts";

/** A reward programme's procedures at the root (`rewards.create`), each other feature under its name. */
export const rewardsRouter = mergeRouters(
  programmesRouter,
  router({
    airdrops: airdropsRouter,
    collections: collectionsRouter,
    pages: rewardPagesRouter,
    presales: presalesRouter,
    redemptions: redemptionsRouter,
    webhooks: rewardWebhooksRouter,
  }),
);
