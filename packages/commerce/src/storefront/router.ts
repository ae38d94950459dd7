import { router } from "@tally/trpc";

export const storefrontRouter = router({});
