import { router } from "@tally/trpc";

export const followsRouter = router({});
