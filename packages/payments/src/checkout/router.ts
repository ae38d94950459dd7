import { router } from "@tally/trpc";

export const checkoutRouter = router({});
