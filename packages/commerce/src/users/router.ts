import { router } from "@tally/trpc";

export const usersRouter = router({});
