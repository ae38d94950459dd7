import { type Database, withTenant } from "@tally/db";
import type { EventBus, EventPayload } from "@tally/events";
import type { Providers } from "@tally/providers";
import type { CommerceHandlerDeps } from "../handler-deps.ts";
import { handleStorefrontOrderPush } from "./order-push.ts";
import type { StorefrontWebhookOutcome } from "./schemas.ts";
import { findConnection, type StorefrontWriteDeps, upsertStorefrontProduct } from "./service.ts";

/** A runaway cursor (a platform that keeps answering "next") stops here: 250 x 4 000 = 1 000 000 products. */
const MAX_PAGES = 4_000;

export interface StorefrontSyncDeps extends StorefrontWriteDeps {
  database: Database;
  providers: Pick<Providers, "storefront">;
  logger: CommerceHandlerDeps["logger"];
}

export interface StorefrontSyncSummary {
  pages: number;
  outcomes: Partial<Record<StorefrontWebhookOutcome, number>>;
}

/**
 * `storefront-products-sync`: pages through the store's catalogue with the `storefront` port and
 * upserts every product exactly as the webhook does (`upsertStorefrontProduct`), so running it twice
 * changes nothing. The platform is called outside any transaction; each page is written in one tenant
 * transaction. A connection removed meanwhile ends the run quietly; a platform failure throws, so
 * the job is retried (pages already written are simply upserted again).
 */
export const syncStorefrontProducts = async (
  deps: StorefrontSyncDeps,
  payload: EventPayload<"storefront-products-sync">,
): Promise<StorefrontSyncSummary> => {
  const { organizationId, storeConnectionId } = payload;
  const summary: StorefrontSyncSummary = { pages: 0, outcomes: {} };
  const connection = await withTenant(deps.database.db, organizationId, (tx) =>
    findConnection(tx, organizationId, storeConnectionId),
  );
  if (!connection?.accessToken) {
    deps.logger.info(
      { organizationId, storeConnectionId, connected: Boolean(connection) },
      "storefront sync skipped: no connection or no access token",
    );
    return summary;
  }
  const ref = { shopDomain: connection.shopDomain, accessToken: connection.accessToken };
  let cursor: string | undefined;
  do {
    const page = await deps.providers.storefront.listProducts(ref, cursor);
    const written = await withTenant(deps.database.db, organizationId, async (tx) => {
      const current = await findConnection(tx, organizationId, storeConnectionId);
      if (!current || current.shopDomain !== connection.shopDomain) return false;
      for (const product of page.products) {
        const { outcome } = await upsertStorefrontProduct({ ...deps, tx }, current, product);
        summary.outcomes[outcome] = (summary.outcomes[outcome] ?? 0) + 1;
      }
      return true;
    });
    if (!written) break;
    summary.pages += 1;
    cursor = page.nextCursor;
  } while (cursor && summary.pages < MAX_PAGES);
  deps.logger.info({ organizationId, storeConnectionId, ...summary }, "storefront sync done");
  return summary;
};

export const registerStorefrontHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  bus.subscribe("storefront-products-sync", "commerce", async (payload) => {
    await syncStorefrontProducts({ ...deps, events: bus }, payload);
  });
  bus.subscribe("storefront-order-push", "commerce", async (payload) => {
    await handleStorefrontOrderPush(deps, payload);
  });
};
