import {
  claimInboundWebhookEvent,
  inboundWebhookEventClaimed,
  storefrontConnections,
  storefrontProducts,
  withTenant,
} from "@tally/db";
import type { EventPayload } from "@tally/events";
import type { StorefrontOrderPush } from "@tally/providers";
import { and, eq, inArray } from "drizzle-orm";
import type { CommerceHandlerDeps } from "../handler-deps.ts";
import { buyerEmailOf, readOrderWithItems } from "../orders/read.ts";
import { isOrderStatusIn, PAID_ORDER_STATUSES } from "../orders/statuses.ts";

type Deps = CommerceHandlerDeps;

/** The global registry row that records an order pushed to its creator's store (source, `org:order`). */
export const STOREFRONT_ORDER_PUSH_SOURCE = "storefront-order-push";

/**
 * `storefront-order-push`: sends the paid order to the creator's connected store through the
 * storefront port. The order is read in one transaction, pushed between transactions (never outside
 * I/O inside one), and the push recorded in the global `inbound_webhook_events` registry
 * (source `storefront-order-push`, id `org:order`): a later delivery finds it and pushes nothing. No
 * connection (or no access token, or a PENDING one) -> nothing to push.
 */
export const handleStorefrontOrderPush = async (
  deps: Pick<Deps, "database" | "providers" | "logger">,
  { organizationId, orderId }: EventPayload<"storefront-order-push">,
): Promise<{ pushed: boolean; externalId?: string }> => {
  const registryId = `${organizationId}:${orderId}`;
  const found = await withTenant(deps.database.db, organizationId, async (tx) => {
    if (await inboundWebhookEventClaimed(tx, { source: STOREFRONT_ORDER_PUSH_SOURCE, eventId: registryId }))
      return { skip: "already pushed" as const };
    const read = await readOrderWithItems(tx, organizationId, orderId);
    if (!read || !isOrderStatusIn(PAID_ORDER_STATUSES, read.order.status) || !read.order.creatorId)
      return { skip: "order not paid" as const };
    const [connection] = await tx
      .select()
      .from(storefrontConnections)
      .where(
        and(
          eq(storefrontConnections.organizationId, organizationId),
          eq(storefrontConnections.creatorId, read.order.creatorId),
        ),
      );
    // A PENDING connection has not proved the shop is the creator's: nothing of the order leaves for it.
    if (!connection?.accessToken || !connection.verifiedAt) return { skip: "no store connection" as const };
    const productIds = [...new Set(read.items.map((item) => item.productId))];
    const links =
      productIds.length === 0
        ? []
        : await tx
            .select({ productId: storefrontProducts.productId, externalId: storefrontProducts.externalId })
            .from(storefrontProducts)
            .where(
              and(
                eq(storefrontProducts.organizationId, organizationId),
                eq(storefrontProducts.connectionId, connection.id),
                inArray(storefrontProducts.productId, productIds),
              ),
            );
    const externalOf = new Map(links.map((link) => [link.productId, link.externalId]));
    const { order, items } = read;
    const push: StorefrontOrderPush = {
      id: order.id,
      email: await buyerEmailOf(tx, order),
      currency: "usd",
      totalCents: order.amountPaid ?? 0,
      shippingCents: order.shippingFee,
      discountCents: order.discountAmount,
      lineItems: items.map((item) => ({
        title: item.productName,
        quantity: item.quantity,
        priceCents: item.price,
        sku: null,
        externalProductId: externalOf.get(item.productId) ?? null,
      })),
      shippingAddress: (order.shippingAddress as Record<string, unknown> | null) ?? null,
      paidAt: order.paidAt,
    };
    return {
      push,
      connection: { shopDomain: connection.shopDomain, accessToken: connection.accessToken },
    };
  });
  if ("skip" in found) {
    deps.logger.info(
      { organizationId, orderId, reason: found.skip },
      "storefront-order-push: nothing to push",
    );
    return { pushed: false };
  }
  const result = await deps.providers.storefront.pushOrder(found.connection, found.push);
  await withTenant(deps.database.db, organizationId, (tx) =>
    claimInboundWebhookEvent(tx, { source: STOREFRONT_ORDER_PUSH_SOURCE, eventId: registryId }),
  );
  deps.logger.info(
    { organizationId, orderId, externalId: result.externalId, duplicate: result.duplicate },
    "storefront-order-push: order pushed",
  );
  return { pushed: !result.duplicate, externalId: result.externalId };
};
