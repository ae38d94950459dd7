import { AppError } from "@tally/core";
import { creators, products, type Tx } from "@tally/db";
import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { normaliseSlug } from "../creators/schemas.ts";
import { type ProductRow, present, type VariantFields, variantsColumn } from "./presenter.ts";
import type { ProductOutput } from "./schemas.ts";
import { productNotFound } from "./service.ts";

/**
 * The storefront's reads are its hottest routes, so each is one statement: the creator by slug as
 * the outer row, its products (with their variants, and the list's total) as a lateral join. No
 * creator is no row (404); a creator with nothing to show is one row with no product. In a tenant
 * transaction that is one round trip.
 */
const creatorBySlug = (organizationId: string, slug: string) =>
  and(eq(creators.organizationId, organizationId), eq(creators.slug, normaliseSlug(slug)));

const publishedOfCreator = (): SQL =>
  and(
    eq(products.organizationId, creators.organizationId),
    eq(products.creatorId, creators.id),
    eq(products.status, "PUBLISHED"),
  )!;

const productColumns = () => ({ ...getTableColumns(products), variants: variantsColumn().as("variants") });

type ProductWithVariants = ProductRow & { variants: VariantFields[] };

/** The lateral subquery's fields, selected under `product` in the outer row. */
const fieldsOf = (subquery: object) =>
  Object.fromEntries(
    Object.keys(productColumns()).map((key) => [key, (subquery as Record<string, unknown>)[key]]),
  ) as unknown as Record<keyof ProductWithVariants, SQL>;

/** The joined row's product, or null when the lateral join found none (drizzle nulls the object). */
const productOf = (row: { product: unknown }): ProductOutput | null => {
  if (row.product === null) return null;
  const { variants, ...product } = row.product as ProductWithVariants;
  return present(product, variants);
};

const creatorNotFound = () => new AppError("not_found", "Creator not found");

/** What a creator's storefront shows: PUBLISHED products only, for any caller in the tenant. */
export const listPublishedProducts = async (
  tx: Tx,
  organizationId: string,
  input: { slug: string; limit: number; offset: number },
): Promise<{ items: ProductOutput[]; total: number }> => {
  const page = tx
    .select(productColumns())
    .from(products)
    .where(publishedOfCreator())
    .orderBy(desc(products.publishedAt), desc(products.id))
    .limit(input.limit)
    .offset(input.offset)
    .as("page");
  const rows = await tx
    .select({
      total: sql<number>`(select count(*) from ${products} where ${publishedOfCreator()})`.mapWith(Number),
      product: fieldsOf(page),
    })
    .from(creators)
    .leftJoinLateral(page, sql`true`)
    .where(creatorBySlug(organizationId, input.slug));
  const [first] = rows;
  if (!first) throw creatorNotFound();
  return { items: rows.flatMap((row) => productOf(row) ?? []), total: first.total };
};

export const getPublishedProduct = async (
  tx: Tx,
  organizationId: string,
  input: { slug: string; productSlug: string },
): Promise<ProductOutput> => {
  const found = tx
    .select(productColumns())
    .from(products)
    .where(and(publishedOfCreator(), eq(products.slug, input.productSlug.toLowerCase())))
    .as("found");
  const [row] = await tx
    .select({ product: fieldsOf(found) })
    .from(creators)
    .leftJoinLateral(found, sql`true`)
    .where(creatorBySlug(organizationId, input.slug));
  if (!row) throw creatorNotFound();
  const product = productOf(row);
  if (!product) throw productNotFound();
  return product;
};
