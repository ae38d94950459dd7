import type { EventPayload } from "./catalogue.ts";
import type { EventHandler } from "./subscriptions.ts";

/**
 * `api-key-changed`: flush the key caches. The platform passes the flush (it owns the cache); the
 * event reaches every worker-consuming instance once, so the callback typically broadcasts (e.g.
 * NOTIFY) so that every api instance drops its cached copy of the key.
 */
export const createApiKeyChangedHandler =
  (notify: (payload: EventPayload<"api-key-changed">) => Promise<void>): EventHandler<"api-key-changed"> =>
  async (payload) => {
    await notify(payload);
  };
