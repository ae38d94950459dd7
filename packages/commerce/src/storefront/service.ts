import { createHash, randomBytes } from "node:crypto";
import { AppError, type Clock, newId } from "@tally/core";
import {
  organizationSettings,
  products,
  productVariants,
  registerObjectRoute,
  storefrontConnections,
  storefrontProducts,
  storefrontShops,
  type Tx,
} from "@tally/db";
import type { EventBus } from "@tally/events";
import type { StorefrontProduct } from "@tally/providers";
import { and, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { CreatorRow } from "../access/scope.ts";
import { moveProduct, newProductRow } from "../products/product-state.ts";
import { PRODUCT_ROUTE_KIND } from "../products/service.ts";
import type { ConnectStorefrontInput, StorefrontWebhookOutcome } from "./schemas.ts";

export type StorefrontConnectionRow = typeof storefrontConnections.$inferSelect;

/** What writing products from the store needs: the clock and the bus (`product-published`). */
export interface StorefrontWriteDeps {
  clock: Clock;
  events: Pick<EventBus, "publish">;
}

/** What a write of the store's products runs on: the transaction and the write dependencies. */
export type StorefrontWriteContext = StorefrontWriteDeps & { tx: Tx };

const noConnection = () => new AppError("not_found", "This creator has no storefront connection");

export const findConnection = async (
  tx: Tx,
  organizationId: string,
  connectionId: string,
): Promise<StorefrontConnectionRow | undefined> => {
  const [connection] = await tx
    .select()
    .from(storefrontConnections)
    .where(
      and(
        eq(storefrontConnections.organizationId, organizationId),
        eq(storefrontConnections.id, connectionId),
      ),
    );
  return connection;
};

export const connectionOfCreator = async (tx: Tx, creator: CreatorRow): Promise<StorefrontConnectionRow> => {
  const [connection] = await tx
    .select()
    .from(storefrontConnections)
    .where(
      and(
        eq(storefrontConnections.organizationId, creator.organizationId),
        eq(storefrontConnections.creatorId, creator.id),
      ),
    );
  if (!connection) throw noConnection();
  return connection;
};

/** Linked products that still exist (a purged product leaves its link behind as a tombstone). */
export const linkedProductCount = async (tx: Tx, connection: StorefrontConnectionRow): Promise<number> => {
  const [row] = await tx
    .select({ total: count() })
    .from(storefrontProducts)
    .innerJoin(
      products,
      and(
        eq(products.organizationId, storefrontProducts.organizationId),
        eq(products.id, storefrontProducts.productId),
      ),
    )
    .where(
      and(
        eq(storefrontProducts.organizationId, connection.organizationId),
        eq(storefrontProducts.connectionId, connection.id),
      ),
    );
  return row?.total ?? 0;
};

/** The public view of a connection: never the app secret or the access token. */
export const toConnectionOutput = (connection: StorefrontConnectionRow, productCount: number) => ({
  id: connection.id,
  creatorId: connection.creatorId,
  shopDomain: connection.shopDomain,
  hasAccessToken: connection.accessToken !== null,
  status: connection.verifiedAt ? ("VERIFIED" as const) : ("PENDING" as const),
  verificationToken: connection.verifiedAt ? null : connection.verificationToken,
  verifiedAt: connection.verifiedAt,
  productCount,
  createdAt: connection.createdAt,
});

/** What the shop sets as its `tally.domain_verification` metafield: unguessable, one per connection. */
const newVerificationToken = () => `tally-verify-${randomBytes(24).toString("base64url")}`;

/**
 * A new connection is PENDING with a fresh verification token: it claims no shop domain (that needs the shop's
 * proof, `verifyStorefront`), so connecting reveals nothing about other tenants' shops. One connection per
 * creator (409), by a unique key.
 */
export const connectStorefront = async (tx: Tx, creator: CreatorRow, input: ConnectStorefrontInput) => {
  const organizationId = creator.organizationId;
  const [connection] = await tx
    .insert(storefrontConnections)
    .values({
      organizationId,
      id: newId(),
      creatorId: creator.id,
      shopDomain: input.shopDomain,
      appSecret: input.appSecret,
      accessToken: input.accessToken ?? null,
      verificationToken: newVerificationToken(),
    })
    .onConflictDoNothing()
    .returning();
  if (!connection) {
    const existing = await connectionOfCreator(tx, creator);
    throw new AppError("already_exists", "This creator already has a storefront connection", {
      context: { connectionId: existing.id },
    });
  }
  return toConnectionOutput(connection, 0);
};

export const getStorefrontConnection = async (tx: Tx, creator: CreatorRow) => {
  const connection = await connectionOfCreator(tx, creator);
  return toConnectionOutput(connection, await linkedProductCount(tx, connection));
};

/** Deletes the connection, its registry row and its product links; the products themselves stay. */
export const removeConnection = async (tx: Tx, connection: StorefrontConnectionRow): Promise<void> => {
  const { organizationId, id } = connection;
  await tx
    .delete(storefrontProducts)
    .where(
      and(eq(storefrontProducts.organizationId, organizationId), eq(storefrontProducts.connectionId, id)),
    );
  await tx
    .delete(storefrontShops)
    .where(
      and(
        eq(storefrontShops.organizationId, organizationId),
        eq(storefrontShops.shopDomain, connection.shopDomain),
        eq(storefrontShops.connectionId, id),
      ),
    );
  await tx
    .delete(storefrontConnections)
    .where(and(eq(storefrontConnections.organizationId, organizationId), eq(storefrontConnections.id, id)));
};

export const disconnectStorefront = async (tx: Tx, creator: CreatorRow): Promise<void> => {
  await removeConnection(tx, await connectionOfCreator(tx, creator));
};

/** Queues a `storefront-products-sync` job in the caller's transaction; the sync needs an access token. */
export const requestStorefrontSync = async (
  { tx, events }: Pick<StorefrontWriteContext, "tx" | "events">,
  creator: CreatorRow,
) => {
  const connection = await connectionOfCreator(tx, creator);
  if (!connection.verifiedAt) {
    throw new AppError("invalid_state", "The connection is PENDING: verify the shop's domain first", {
      context: { connectionId: connection.id },
    });
  }
  if (!connection.accessToken) {
    throw new AppError("invalid_state", "The connection has no admin API access token: reconnect with one", {
      context: { connectionId: connection.id },
    });
  }
  // Commerce is the event's one subscriber: one job.
  const [jobId] = await events.publish(tx, "storefront-products-sync", {
    organizationId: connection.organizationId,
    storeConnectionId: connection.id,
  });
  if (!jobId) throw new Error("storefront-products-sync has no subscriber");
  return { jobId, connectionId: connection.id };
};

// ---------------------------------------------------------------------------------------------------
// Products from the store: one upsert shared by the webhook (products/create, products/update) and the
// sync job, so both write exactly the same rows.

export interface StorefrontProductResult {
  outcome: StorefrontWebhookOutcome;
  productId: string | null;
}

/**
 * A variant's id derives from (connection, product, platform variant id), so a later update finds the
 * same row without a mapping column, and order items that name a variant keep pointing at it.
 */
const variantIdFor = (connectionId: string, productExternalId: string, variantExternalId: string): string =>
  `v${BigInt(
    `0x${createHash("sha256").update(`${connectionId}\n${productExternalId}\n${variantExternalId}`).digest("hex")}`,
  )
    .toString(36)
    .padStart(23, "0")
    .slice(0, 23)}`;

/** Product slugs: 3-50 lowercase letters, digits and inner hyphens (the products API's format). */
const MAX_SLUG = 50;

const slugify = (text: string, max = MAX_SLUG): string =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");

/** The platform's handle (else the title) as a slug, made unique among the creator's products. */
const uniqueSlug = async (
  tx: Tx,
  organizationId: string,
  creatorId: string,
  product: StorefrontProduct,
): Promise<string> => {
  const externalSlug = slugify(product.externalId.slice(-20)) || "item";
  let base = slugify(product.handle ?? "") || slugify(product.title);
  if (base.length < 3) base = slugify(`product-${base || externalSlug}`);
  const withSuffix = (suffix: string) => `${slugify(base, MAX_SLUG - suffix.length - 1)}-${suffix}`;
  const candidates = [base, withSuffix(externalSlug)];
  const taken = new Set(
    (
      await tx
        .select({ slug: products.slug })
        .from(products)
        .where(
          and(
            eq(products.organizationId, organizationId),
            eq(products.creatorId, creatorId),
            inArray(products.slug, candidates),
          ),
        )
    ).map((row) => row.slug),
  );
  return candidates.find((slug) => !taken.has(slug)) ?? withSuffix(newId().slice(0, 8));
};

const truncate = (text: string, max: number): string =>
  text.length <= max ? text : Array.from(text).slice(0, max).join("").slice(0, max).trim();

/**
 * Fits a platform product into the products API's limits (name and variant names 200, description
 * 10 000, 20 images, SKU 100, attribute names 50 and values 200): the store's data is cut, not refused.
 */
const fitToProductLimits = (product: StorefrontProduct): StorefrontProduct => ({
  ...product,
  title: truncate(product.title, 200) || "Untitled",
  description: truncate(product.description, 10_000),
  images: product.images.slice(0, 20),
  variants: product.variants.map((variant) => ({
    ...variant,
    title: truncate(variant.title, 200) || "Default",
    sku: variant.sku ? truncate(variant.sku, 100) || null : null,
    stock: Math.min(variant.stock, 1_000_000_000),
    attributes: Object.fromEntries(
      Object.entries(variant.attributes)
        .map(([name, value]) => [truncate(name, 50), truncate(value, 200)])
        .filter(([name, value]) => name && value)
        .slice(0, 20),
    ),
  })),
});

/** Replaces the product's variants by the store's: same ids for the same platform variants. */
const writeVariants = async (
  tx: Tx,
  connection: StorefrontConnectionRow,
  productId: string,
  product: StorefrontProduct,
  now: Date,
): Promise<void> => {
  const { organizationId } = connection;
  const rows = product.variants.map((variant, index) => ({
    organizationId,
    id: variantIdFor(connection.id, product.externalId, variant.externalId),
    productId,
    name: variant.title,
    sku: variant.sku,
    attributes: variant.attributes,
    price: variant.priceCents,
    stock: variant.stock,
    isDefault: index === 0,
    position: index,
    createdAt: now,
    updatedAt: now,
  }));
  await tx
    .insert(productVariants)
    .values(rows)
    .onConflictDoUpdate({
      target: [productVariants.organizationId, productVariants.id],
      set: {
        name: sql`excluded.name`,
        sku: sql`excluded.sku`,
        attributes: sql`excluded.attributes`,
        price: sql`excluded.price`,
        stock: sql`excluded.stock`,
        isDefault: sql`excluded.is_default`,
        position: sql`excluded.position`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  await tx.delete(productVariants).where(
    and(
      eq(productVariants.organizationId, organizationId),
      eq(productVariants.productId, productId),
      notInArray(
        productVariants.id,
        rows.map((row) => row.id),
      ),
    ),
  );
};

const autoPublishProducts = async (tx: Tx, organizationId: string): Promise<boolean> => {
  const [settings] = await tx
    .select({ autoPublishProducts: organizationSettings.autoPublishProducts })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return settings?.autoPublishProducts ?? false;
};

const laterOf = (a: Date | null, b: Date | null): Date | null => {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() >= b.getTime() ? a : b;
};

/**
 * Creates or updates the product linked to a platform product. An update older than the stored one is
 * ignored (`stale`); an update of a product the creator purged is ignored (the link stays as a
 * tombstone). A new product is a DRAFT unless the organization's `autoPublishProducts` is on and the
 * store lists it as active, in which case it is PUBLISHED and `product-published` is enqueued. The
 * lifecycle of an existing product belongs to the creator: updates change its data, not its status.
 */
export const upsertStorefrontProduct = async (
  { tx, ...deps }: StorefrontWriteContext,
  connection: StorefrontConnectionRow,
  fromStore: StorefrontProduct,
): Promise<StorefrontProductResult> => {
  const { organizationId } = connection;
  const product = fitToProductLimits(fromStore);
  const now = deps.clock.now();
  const linkWhere = and(
    eq(storefrontProducts.organizationId, organizationId),
    eq(storefrontProducts.connectionId, connection.id),
    eq(storefrontProducts.externalId, product.externalId),
  );
  let [link] = await tx.select().from(storefrontProducts).where(linkWhere);
  if (!link) {
    const productId = newId();
    // The link goes first: a concurrent delivery of the same product waits on it, then updates instead.
    const [claimed] = await tx
      .insert(storefrontProducts)
      .values({
        organizationId,
        connectionId: connection.id,
        externalId: product.externalId,
        productId,
        externalUpdatedAt: product.updatedAt,
        syncedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (claimed) {
      const publish = product.status === "active" && (await autoPublishProducts(tx, organizationId));
      await tx.insert(products).values(
        newProductRow(now, publish ? "PUBLISHED" : "DRAFT", {
          organizationId,
          id: productId,
          creatorId: connection.creatorId,
          name: product.title,
          slug: await uniqueSlug(tx, organizationId, connection.creatorId, product),
          description: product.description,
          price: product.priceCents,
          images: product.images,
          createdAt: now,
          updatedAt: now,
        }),
      );
      await registerObjectRoute(tx, { objectId: productId, kind: PRODUCT_ROUTE_KIND, organizationId, now });
      await writeVariants(tx, connection, productId, product, now);
      if (publish) await deps.events.publish(tx, "product-published", { organizationId, productId });
      return { outcome: "created", productId };
    }
    [link] = await tx.select().from(storefrontProducts).where(linkWhere);
    if (!link) throw new Error("storefront product link vanished during upsert");
  }
  if (link.externalUpdatedAt && product.updatedAt && product.updatedAt < link.externalUpdatedAt) {
    return { outcome: "stale", productId: link.productId };
  }
  const [updated] = await tx
    .update(products)
    .set({
      name: product.title,
      description: product.description,
      price: product.priceCents,
      images: product.images,
      updatedAt: now,
    })
    .where(and(eq(products.organizationId, organizationId), eq(products.id, link.productId)))
    .returning({ id: products.id });
  if (!updated) return { outcome: "ignored", productId: null };
  await writeVariants(tx, connection, updated.id, product, now);
  await tx
    .update(storefrontProducts)
    .set({ externalUpdatedAt: laterOf(link.externalUpdatedAt, product.updatedAt), syncedAt: now })
    .where(linkWhere);
  return { outcome: "updated", productId: updated.id };
};

/** `products/delete`: archives (soft-deletes) the linked product; unknown, purged or archived: nothing to do. */
export const archiveStorefrontProduct = async (
  { tx, clock }: Pick<StorefrontWriteContext, "tx" | "clock">,
  connection: StorefrontConnectionRow,
  externalId: string,
): Promise<StorefrontProductResult> => {
  const { organizationId } = connection;
  const [link] = await tx
    .select({ productId: storefrontProducts.productId })
    .from(storefrontProducts)
    .where(
      and(
        eq(storefrontProducts.organizationId, organizationId),
        eq(storefrontProducts.connectionId, connection.id),
        eq(storefrontProducts.externalId, externalId),
      ),
    );
  if (!link) return { outcome: "ignored", productId: null };
  const archived = await moveProduct(
    { tx, now: clock.now() },
    { organizationId, id: link.productId },
    "archive",
  );
  return archived
    ? { outcome: "archived", productId: archived.id }
    : { outcome: "ignored", productId: link.productId };
};
