import { router } from "@tally/trpc";

export const categoriesRouter = router({});
