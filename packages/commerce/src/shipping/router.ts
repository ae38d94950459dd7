import { router } from "@tally/trpc";

export const shippingRouter = router({});
