import { router } from "@tally/trpc";
import { apiKeysRouter } from "./api-keys/router.ts";
import { appConfigRouter } from "./app-config/router.ts";
import { deadLettersRouter } from "./dead-letters/router.ts";
import { organizationsRouter } from "./organizations/router.ts";
import { tiersRouter } from "./tiers/router.ts";

export const platformRouter = router({
  apiKeys: apiKeysRouter,
  organizations: organizationsRouter,
  tiers: tiersRouter,
  appConfig: appConfigRouter,
  deadLetters: deadLettersRouter,
});
