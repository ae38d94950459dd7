import type { Config } from "@tally/config";
import type { Clock, Logger } from "@tally/core";
import type { Database, Tx } from "@tally/db";
import type { KeyChangeNotifier, KeyServiceDeps } from "./api-keys/service.ts";
import { Authenticator } from "./auth/authenticator.ts";
import { notifyKeyChanged } from "./auth/key-changes.ts";

export interface PlatformServices {
  authenticator: Authenticator;
  keys: KeyServiceDeps;
}

declare module "@tally/trpc" {
  interface AppServices {
    platform: PlatformServices;
  }
}

export const createPlatformServices = (options: {
  config: Config;
  database: Database;
  clock: Clock;
  logger: Logger;
  /** Records `api-key-changed` on the event bus inside the same transaction. */
  publishKeyChanged: KeyChangeNotifier;
}): PlatformServices => {
  const authenticator = new Authenticator({
    database: options.database,
    environment: options.config.DEPLOYMENT_ENV,
    cacheTtlMs: options.config.AUTH_CACHE_TTL_MS,
    clock: options.clock,
    logger: options.logger,
  });
  const notify: KeyChangeNotifier = async (tx: Tx, change) => {
    await notifyKeyChanged(tx, change.keyId);
    await options.publishKeyChanged(tx, change);
    // This instance does not wait for its own NOTIFY round trip.
    authenticator.flush();
  };
  return {
    authenticator,
    keys: {
      db: options.database.db,
      clock: options.clock,
      environment: options.config.DEPLOYMENT_ENV,
      notify,
      pendingLastUsed: (keyId) => authenticator.lastUsed.pending(keyId),
    },
  };
};
