import { creators, products, withTenant } from "@tally/db";
import type { EventBus, EventPayload } from "@tally/events";
import { and, eq } from "drizzle-orm";
import type { CommerceHandlerDeps } from "../handler-deps.ts";
import { notifyCreatorFollowers } from "../notifications/service.ts";

/**
 * `product-published`: re-reads the product (a product no longer PUBLISHED, or purged, is skipped),
 * then notifies every user following its creator.
 */
export const handleProductPublished = async (
  deps: Pick<CommerceHandlerDeps, "database" | "clock" | "logger">,
  payload: EventPayload<"product-published">,
): Promise<void> => {
  const { organizationId, productId } = payload;
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const [found] = await tx
      .select({
        product: products,
        creator: { id: creators.id, slug: creators.slug, displayName: creators.displayName },
      })
      .from(products)
      .innerJoin(
        creators,
        and(eq(creators.organizationId, products.organizationId), eq(creators.id, products.creatorId)),
      )
      .where(and(eq(products.organizationId, organizationId), eq(products.id, productId)));
    if (found?.product.status !== "PUBLISHED") {
      deps.logger.info(
        { organizationId, productId, status: found?.product.status ?? "purged" },
        "product-published: product is no longer published; nothing to do",
      );
      return;
    }
    const { product, creator } = found;
    await notifyCreatorFollowers(
      { tx, now: deps.clock.now() },
      { organizationId: product.organizationId, id: creator.id },
      {
        type: "product-published",
        title: `${creator.displayName} published ${product.name}`,
        body: product.description === "" ? null : product.description.slice(0, 500),
        data: {
          productId: product.id,
          productSlug: product.slug,
          creatorId: creator.id,
          creatorSlug: creator.slug,
        },
        // One notice per follower and product, whatever the number of deliveries or re-publications.
        subject: `product-published:${product.id}`,
      },
    );
  });
};

/** Registers the products feature's event handlers. */
export const registerProductsHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  bus.subscribe("product-published", "commerce", (payload) => handleProductPublished(deps, payload));
};
