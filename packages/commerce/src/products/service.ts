import { AppError, type Clock, newId } from "@tally/core";
import {
  categories,
  isUniqueViolation,
  type productStatuses,
  products,
  productVariants,
  registerObjectRoute,
  removeObjectRoute,
  rowFinder,
  type Tx,
} from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { CreatorRow } from "../access/scope.ts";
import { type ProductRow, presentMany, presentOne, variantsOf } from "./presenter.ts";
import { moveProduct, newProductRow, PRODUCT_MACHINE, type ProductMove } from "./product-state.ts";
import type { CreateProductInput, ProductOutput, UpdateProductInput } from "./schemas.ts";

/** `objectRoutes` kind of a product id: how a request without an API key finds its tenant. */
export const PRODUCT_ROUTE_KIND = "product";

export type ProductStatus = (typeof productStatuses)[number];

/** What publishing needs from the event bus (enqueue inside the caller's transaction). */
export type ProductEvents = Pick<EventBus, "publish">;

/** What a product write runs on: the transaction, the clock and (to publish) the event bus. */
export type ProductWriteContext = { tx: Tx; clock: Clock; events: ProductEvents };

const DEFAULT_VARIANT_NAME = "Default";

// ---- lookups ---------------------------------------------------------------------------------

const findProductRow = rowFinder(products, "Product");

export const productNotFound = findProductRow.notFound;

/** The creator's product (any status); 404 when absent, purged, or another creator's or tenant's. */
export const findProduct = (
  tx: Tx,
  creator: CreatorRow,
  { productId, lock }: { productId: string; lock?: boolean },
): Promise<ProductRow> =>
  findProductRow(
    tx,
    { organizationId: creator.organizationId, id: productId, of: { creatorId: creator.id } },
    { lock },
  );

const assertCategoryExists = async (tx: Tx, categoryId: number | null | undefined): Promise<void> => {
  if (categoryId === null || categoryId === undefined) return;
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!category) {
    throw new AppError("validation_failed", undefined, {
      details: [{ field: "categoryId", message: `Unknown category ${categoryId} (see GET /categories)` }],
    });
  }
};

const slugTaken = (slug: string) =>
  new AppError("already_exists", `This creator already has a product with the slug "${slug}"`, {
    details: [{ field: "slug", message: `"${slug}" is already taken by another product of this creator` }],
    context: { slug },
  });

const assertSlugFree = async (tx: Tx, creator: CreatorRow, slug: string, exceptProductId?: string) => {
  const [existing] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.organizationId, creator.organizationId),
        eq(products.creatorId, creator.id),
        eq(products.slug, slug),
        ...(exceptProductId ? [ne(products.id, exceptProductId)] : []),
      ),
    );
  if (existing) throw slugTaken(slug);
};

/** Turns a race on the (creator, slug) unique index into the same 409 as the pre-check. */
const translateSlugRace = (slug: string) => (error: unknown) => {
  if (isUniqueViolation(error, "products_slug_unique")) throw slugTaken(slug);
  throw error;
};

const invalidState = (product: ProductRow, action: string, allowedFrom: readonly ProductStatus[]) =>
  new AppError("invalid_state", `Cannot ${action} a ${product.status} product`, {
    context: { currentStatus: product.status, allowedFrom },
  });

// ---- creator-scoped operations ---------------------------------------------------------------

export const createProduct = async (
  { tx, clock }: Pick<ProductWriteContext, "tx" | "clock">,
  creator: CreatorRow,
  input: CreateProductInput,
): Promise<ProductOutput> => {
  await assertCategoryExists(tx, input.categoryId);
  await assertSlugFree(tx, creator, input.slug);
  const now = clock.now();
  const productId = newId();
  const [row] = await tx
    .insert(products)
    .values(
      newProductRow(now, "DRAFT", {
        organizationId: creator.organizationId,
        id: productId,
        creatorId: creator.id,
        name: input.name,
        slug: input.slug,
        description: input.description,
        price: input.price,
        pointEligible: input.pointEligible,
        images: input.images,
        categoryId: input.categoryId ?? null,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .returning()
    .catch(translateSlugRace(input.slug));
  // Guest orders find the product's tenant through this route, never by reading `products`.
  await registerObjectRoute(tx, {
    objectId: productId,
    kind: PRODUCT_ROUTE_KIND,
    organizationId: creator.organizationId,
    now,
  });
  const given = input.variants ?? [
    { name: DEFAULT_VARIANT_NAME, sku: null, attributes: {}, price: null, stock: input.stock ?? null },
  ];
  const defaultIndex = Math.max(
    0,
    given.findIndex((variant) => "isDefault" in variant && variant.isDefault),
  );
  await tx.insert(productVariants).values(
    given.map((variant, index) => ({
      organizationId: creator.organizationId,
      id: newId(),
      productId,
      name: variant.name,
      sku: variant.sku ?? null,
      attributes: variant.attributes,
      price: variant.price ?? null,
      stock: variant.stock ?? null,
      isDefault: index === defaultIndex,
      position: index,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return presentOne(tx, row!);
};

export const listCreatorProducts = async (
  tx: Tx,
  creator: CreatorRow,
  input: { status?: ProductStatus | undefined; limit: number; offset: number },
): Promise<{ items: ProductOutput[]; total: number }> => {
  const where = and(
    eq(products.organizationId, creator.organizationId),
    eq(products.creatorId, creator.id),
    ...(input.status ? [eq(products.status, input.status)] : []),
  );
  const [totalRow] = await tx.select({ n: count() }).from(products).where(where);
  const rows = await tx
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(input.limit)
    .offset(input.offset);
  return { items: await presentMany(tx, creator.organizationId, rows), total: totalRow?.n ?? 0 };
};

export const getCreatorProduct = async (tx: Tx, creator: CreatorRow, productId: string) =>
  presentOne(tx, await findProduct(tx, creator, { productId }));

export const updateProduct = async (
  { tx, clock }: Pick<ProductWriteContext, "tx" | "clock">,
  creator: CreatorRow,
  input: UpdateProductInput,
): Promise<ProductOutput> => {
  const product = await findProduct(tx, creator, { productId: input.productId, lock: true });
  if (product.status === "ARCHIVED") {
    throw new AppError("invalid_state", "An ARCHIVED product cannot be edited; restore it first", {
      context: { currentStatus: product.status, allowedFrom: ["DRAFT", "PUBLISHED"] },
    });
  }
  const organizationId = creator.organizationId;
  const now = clock.now();
  if (input.categoryId !== undefined) await assertCategoryExists(tx, input.categoryId);
  if (input.slug !== undefined && input.slug !== product.slug)
    await assertSlugFree(tx, creator, input.slug, product.id);

  // Variants: validate every reference before writing anything.
  const current = (await variantsOf(tx, organizationId, [product.id])).get(product.id) ?? [];
  const currentIds = new Set(current.map((variant) => variant.id));
  const details: { field: string; message: string }[] = [];
  (input.variants ?? []).forEach((variant, index) => {
    if (variant.id !== undefined && !currentIds.has(variant.id))
      details.push({ field: `variants.${index}.id`, message: "No such variant on this product" });
  });
  const removeIds = [...new Set(input.removeVariantIds ?? [])];
  removeIds.forEach((variantId, index) => {
    if (!currentIds.has(variantId))
      details.push({ field: `removeVariantIds.${index}`, message: "No such variant on this product" });
  });
  if (details.length > 0) throw new AppError("validation_failed", undefined, { details });
  const additions = (input.variants ?? []).filter((variant) => variant.id === undefined);
  const remaining = current.length - removeIds.length + additions.length;
  if (remaining < 1) {
    throw new AppError("validation_failed", undefined, {
      details: [{ field: "removeVariantIds", message: "A product keeps at least one variant" }],
    });
  }

  const fields: Partial<typeof products.$inferInsert> = {};
  if (input.name !== undefined) fields.name = input.name;
  if (input.slug !== undefined) fields.slug = input.slug;
  if (input.description !== undefined) fields.description = input.description;
  if (input.price !== undefined) fields.price = input.price;
  if (input.pointEligible !== undefined) fields.pointEligible = input.pointEligible;
  if (input.images !== undefined) fields.images = input.images;
  if (input.categoryId !== undefined) fields.categoryId = input.categoryId;
  const variantsChange = (input.variants?.length ?? 0) > 0 || removeIds.length > 0;
  if (Object.keys(fields).length === 0 && !variantsChange) return presentOne(tx, product);

  const variantKey = (variantId: string) =>
    and(eq(productVariants.organizationId, organizationId), eq(productVariants.id, variantId));
  if (removeIds.length > 0) {
    await tx
      .delete(productVariants)
      .where(
        and(
          eq(productVariants.organizationId, organizationId),
          eq(productVariants.productId, product.id),
          inArray(productVariants.id, removeIds),
        ),
      );
  }
  let newDefaultId: string | undefined;
  let position = current.reduce((max, variant) => Math.max(max, variant.position), -1);
  for (const variant of input.variants ?? []) {
    if (variant.id === undefined) {
      const variantId = newId();
      position += 1;
      await tx.insert(productVariants).values({
        organizationId,
        id: variantId,
        productId: product.id,
        name: variant.name!,
        sku: variant.sku ?? null,
        attributes: variant.attributes ?? {},
        price: variant.price ?? null,
        stock: variant.stock ?? null,
        isDefault: false,
        position,
        createdAt: now,
        updatedAt: now,
      });
      if (variant.isDefault) newDefaultId = variantId;
      continue;
    }
    const changes: Partial<typeof productVariants.$inferInsert> = {};
    if (variant.name !== undefined) changes.name = variant.name;
    if (variant.sku !== undefined) changes.sku = variant.sku;
    if (variant.attributes !== undefined) changes.attributes = variant.attributes;
    if (variant.price !== undefined) changes.price = variant.price;
    if (variant.stock !== undefined) changes.stock = variant.stock;
    if (variant.isDefault) newDefaultId = variant.id;
    if (Object.keys(changes).length > 0)
      await tx
        .update(productVariants)
        .set({ ...changes, updatedAt: now })
        .where(variantKey(variant.id));
  }
  // Exactly one default: the one asked for, else the surviving default, else the first by position.
  const after = (await variantsOf(tx, organizationId, [product.id])).get(product.id) ?? [];
  const defaultId = newDefaultId ?? after.find((variant) => variant.isDefault)?.id ?? after[0]!.id;
  for (const variant of after) {
    const shouldBeDefault = variant.id === defaultId;
    if (variant.isDefault !== shouldBeDefault)
      await tx
        .update(productVariants)
        .set({ isDefault: shouldBeDefault, updatedAt: now })
        .where(variantKey(variant.id));
  }

  const [updated] = await tx
    .update(products)
    .set({ ...fields, updatedAt: now })
    .where(and(eq(products.organizationId, organizationId), eq(products.id, product.id)))
    .returning()
    .catch(translateSlugRace(input.slug ?? product.slug));
  return presentOne(tx, updated!);
};

/**
 * One lifecycle step of the creator's product as a conditional update, so concurrent calls cannot both
 * succeed; otherwise the current status explains the 409.
 */
const transition = async (
  { tx, clock }: Pick<ProductWriteContext, "tx" | "clock">,
  creator: CreatorRow,
  productId: string,
  move: ProductMove,
): Promise<ProductRow> => {
  const row = await moveProduct(
    { tx, now: clock.now() },
    { organizationId: creator.organizationId, creatorId: creator.id, id: productId },
    move,
  );
  if (row) return row;
  throw invalidState(await findProduct(tx, creator, { productId }), move, PRODUCT_MACHINE.from(move));
};

export const publishProduct = async (
  { tx, clock, events }: ProductWriteContext,
  creator: CreatorRow,
  productId: string,
): Promise<ProductOutput> => {
  const row = await transition({ tx, clock }, creator, productId, "publish");
  await events.publish(tx, "product-published", {
    organizationId: creator.organizationId,
    productId: row.id,
  });
  return presentOne(tx, row);
};

export const archiveProduct = async (
  context: Pick<ProductWriteContext, "tx" | "clock">,
  creator: CreatorRow,
  productId: string,
): Promise<void> => {
  await transition(context, creator, productId, "archive");
};

/** ARCHIVED -> DRAFT: the product comes back unpublished and must be published again to be visible. */
export const restoreProduct = async (
  context: Pick<ProductWriteContext, "tx" | "clock">,
  creator: CreatorRow,
  productId: string,
): Promise<ProductOutput> => presentOne(context.tx, await transition(context, creator, productId, "restore"));

/** Permanent delete from DRAFT or ARCHIVED (variants cascade); order items keep their own snapshot. */
export const purgeProduct = async (tx: Tx, creator: CreatorRow, productId: string): Promise<void> => {
  const [row] = await tx
    .delete(products)
    .where(
      and(
        eq(products.organizationId, creator.organizationId),
        eq(products.creatorId, creator.id),
        eq(products.id, productId),
        inArray(products.status, ["DRAFT", "ARCHIVED"]),
      ),
    )
    .returning({ id: products.id });
  if (row) {
    await removeObjectRoute(tx, {
      objectId: productId,
      kind: PRODUCT_ROUTE_KIND,
      organizationId: creator.organizationId,
    });
    return;
  }
  const product = await findProduct(tx, creator, { productId });
  throw new AppError("invalid_state", "A PUBLISHED product cannot be purged: archive it first", {
    context: { currentStatus: product.status, allowedFrom: ["DRAFT", "ARCHIVED"] },
  });
};
