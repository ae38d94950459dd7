import { router } from "@tally/trpc";

export const discountsRouter = router({});
