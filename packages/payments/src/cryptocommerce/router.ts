import { router } from "@tally/trpc";

export const cryptocommerceRouter = router({});
