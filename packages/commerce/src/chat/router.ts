import { router } from "@tally/trpc";

export const chatRouter = router({});
