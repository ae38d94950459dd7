import { router } from "@tally/trpc";

export const payoutsRouter = router({});
