import { router } from "@tally/trpc";

export const creatorsRouter = router({});
