import { router } from "@tally/trpc";

export const groupsRouter = router({});
