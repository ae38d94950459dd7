import { router } from "@tally/trpc";

export const notificationsRouter = router({});
