import { createApiKeyChangedHandler } from "@tally/events";
import { defineDomain } from "@tally/trpc";
import { sql } from "drizzle-orm";
import { API_KEY_CHANGED_CHANNEL } from "./auth/key-changes.ts";
import { startIdempotencyPurge } from "./idempotency/purge.ts";
import { platformRouter } from "./router.ts";
import { createPlatformServices } from "./services.ts";

export const platformDomain = defineDomain({
  name: "platform",
  router: platformRouter,
  services: (deps) => ({
    platform: createPlatformServices({
      config: deps.config,
      database: deps.database,
      clock: deps.clock,
      logger: deps.logger,
      publishKeyChanged: async (tx, change) => {
        await deps.events.publish(tx, "api-key-changed", change);
      },
    }),
  }),
  handlers: (bus, { deps }) => {
    // The event reaches one worker; NOTIFY fans it out so every api instance drops its cache.
    bus.subscribe(
      "api-key-changed",
      "platform",
      createApiKeyChangedHandler(async (payload) => {
        await deps.database.db.execute(sql`select pg_notify(${API_KEY_CHANGED_CHANNEL}, ${payload.keyId})`);
      }),
    );
  },
  loops: ({ deps }) => [
    // Expired Idempotency-Key records: a request after expiry is new anyway, the row is only dead weight.
    { name: "idempotency-purge", start: () => startIdempotencyPurge(deps) },
  ],
});
