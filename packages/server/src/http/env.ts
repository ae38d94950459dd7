import type { Logger } from "@tally/core";
import type { Authentication } from "@tally/platform";

/** What the middleware chain stores on each Hono request. */
export interface HttpEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Resolves the API key once per request (memoised). */
    authenticate: () => Promise<Authentication>;
    /**
     * The headers every response carries (X-Request-Id, and RateLimit-* once the key is known), for a
     * handler that builds its response itself; asking marks them as sent, so they are not added again.
     */
    takeStandardHeaders: () => Record<string, string>;
  };
}
