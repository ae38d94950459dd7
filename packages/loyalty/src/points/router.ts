import { router } from "@tally/trpc";

export const pointsRouter = router({});
