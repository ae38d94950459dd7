import { router } from "@tally/trpc";

export const insightsRouter = router({});
