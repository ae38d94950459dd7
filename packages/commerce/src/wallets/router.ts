import { router } from "@tally/trpc";

export const walletsRouter = router({});
