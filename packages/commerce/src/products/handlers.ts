import { creators, follows, products, type Tx, withTenant } from "@tally/db";
import type { EventBus, EventPayload } from "@tally/events";
import { and, eq } from "drizzle-orm";
import type { CommerceHandlerDeps } from "../handlers.ts";
import { createNotification } from "../notifications/service.ts";

type ProductRow = typeof products.$inferSelect;

type CreatorRef = { id: string; slug: string; displayName: string };

/** One notification per follower and product, whatever the number of deliveries or re-publications. */
export const productPublishedDedupeKey = (productId: string, userId: string) =>
  `product-published:${productId}:${userId}`;

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
    await notifyFollowers(tx, deps.clock.now(), product, creator);
  });
};

const notifyFollowers = async (
  tx: Tx,
  now: Date,
  product: ProductRow,
  creator: CreatorRef,
): Promise<void> => {
  const followers = await tx
    .select({ userId: follows.followerId })
    .from(follows)
    .where(
      and(
        eq(follows.organizationId, product.organizationId),
        eq(follows.targetType, "CREATOR"),
        eq(follows.targetId, creator.id),
      ),
    );
  for (const { userId } of followers) {
    await createNotification(tx, {
      organizationId: product.organizationId,
      recipientType: "USER",
      recipientId: userId,
      type: "product-published",
      title: `${creator.displayName} published ${product.name}`,
      body: product.description === "" ? null : product.description.slice(0, 500),
      data: {
        productId: product.id,
        productSlug: product.slug,
        creatorId: creator.id,
        creatorSlug: creator.slug,
      },
      dedupeKey: productPublishedDedupeKey(product.id, userId),
      createdAt: now,
    });
  }
};

/** Registers the products feature's event handlers. */
export const registerProductsHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  bus.register("product-published", (payload) => handleProductPublished(deps, payload));
};
