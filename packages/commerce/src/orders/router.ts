import { router } from "@tally/trpc";

export const ordersRouter = router({});
