import type { Logger } from "@tally/core";
import type { Authentication } from "@tally/platform";

/** What the middleware chain stores on each Hono request. */
export interface HttpEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Resolves the API key once per request (memoised). */
    authenticate: () => Promise<Authentication>;
  };
}
