import type { Clock, Logger } from "@tally/core";
import type { Database } from "@tally/db";
import type { Providers } from "@tally/providers";

/**
 * What commerce's event handlers need; given by the composition root. A leaf of its own, so each
 * feature's handlers take it without importing the module that registers them all.
 */
export interface CommerceHandlerDeps {
  database: Database;
  providers: Providers;
  clock: Clock;
  logger: Logger;
}
