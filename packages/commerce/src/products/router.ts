import { router } from "@tally/trpc";

export const productsRouter = router({});
