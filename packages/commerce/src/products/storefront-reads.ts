import { AppError } from "@tally/core";
import { creators, type Executor, preparedQuery, products, type Tx } from "@tally/db";
import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { normaliseSlug } from "../creators/schemas.ts";
import { type ProductRow, present, type VariantFields, variantsColumn } from "./presenter.ts";
import type { ProductOutput } from "./schemas.ts";
import { productNotFound } from "./service.ts";

/**
 * The storefront's reads are its hottest routes, so each is one statement: the creator by slug as
 * the outer row, its products (with their variants, and the list's total) as a lateral join. No
 * creator is no row (404); a creator with nothing to show is one row with no product. In a tenant
 * transaction that is one round trip. Both are prepared queries: their SQL is built once, not per
 * request (building it cost more server time than anything else on the route).
 */
const creatorBySlug = () =>
  and(
    eq(creators.organizationId, sql.placeholder("organizationId")),
    eq(creators.slug, sql.placeholder("slug")),
  );

const publishedOfCreator = (): SQL =>
  and(
    eq(products.organizationId, creators.organizationId),
    eq(products.creatorId, creators.id),
    eq(products.status, "PUBLISHED"),
  )!;

const productColumns = () => ({ ...getTableColumns(products), variants: variantsColumn().as("variants") });

type ProductWithVariants = ProductRow & { variants: VariantFields[] };

/** A row of the storefront's statements: the lateral join's product, null when it found none. */
interface StorefrontRow {
  product: unknown;
}

/** The lateral subquery's fields, selected under `product` in the outer row. */
const fieldsOf = (subquery: object) =>
  Object.fromEntries(
    Object.keys(productColumns()).map((key) => [key, (subquery as Record<string, unknown>)[key]]),
  ) as unknown as Record<keyof ProductWithVariants, SQL>;

/** The joined row's product, or null when the lateral join found none (drizzle nulls the object). */
const productOf = (row: StorefrontRow): ProductOutput | null => {
  if (row.product === null) return null;
  const { variants, ...product } = row.product as ProductWithVariants;
  return present(product, variants);
};

const creatorNotFound = () => new AppError("not_found", "Creator not found");

const publishedPage = preparedQuery<
  { organizationId: string; slug: string; limit: number; offset: number },
  (StorefrontRow & { total: number })[]
>("storefront_published_page", (executor: Executor) => {
  const page = executor
    .select(productColumns())
    .from(products)
    .where(publishedOfCreator())
    .orderBy(desc(products.publishedAt), desc(products.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page");
  // The count is its own lateral join: in the select list it would run again for every product row.
  const published = executor
    .select({ total: sql<number>`count(*)`.mapWith(Number).as("total") })
    .from(products)
    .where(publishedOfCreator())
    .as("published");
  return executor
    .select({ total: published.total, product: fieldsOf(page) })
    .from(creators)
    .crossJoinLateral(published)
    .leftJoinLateral(page, sql`true`)
    .where(creatorBySlug());
});

const publishedBySlug = preparedQuery<
  { organizationId: string; slug: string; productSlug: string },
  StorefrontRow[]
>("storefront_published_product", (executor: Executor) => {
  const found = executor
    .select(productColumns())
    .from(products)
    .where(and(publishedOfCreator(), eq(products.slug, sql.placeholder("productSlug"))))
    .as("found");
  return executor
    .select({ product: fieldsOf(found) })
    .from(creators)
    .leftJoinLateral(found, sql`true`)
    .where(creatorBySlug());
});

/** What a creator's storefront shows: PUBLISHED products only, for any caller in the tenant. */
export const listPublishedProducts = async (
  tx: Tx,
  organizationId: string,
  input: { slug: string; limit: number; offset: number },
): Promise<{ items: ProductOutput[]; total: number }> => {
  const rows = await publishedPage(tx, {
    organizationId,
    slug: normaliseSlug(input.slug),
    limit: input.limit,
    offset: input.offset,
  });
  const [first] = rows;
  if (!first) throw creatorNotFound();
  return { items: rows.flatMap((row) => productOf(row) ?? []), total: first.total };
};

export const getPublishedProduct = async (
  tx: Tx,
  organizationId: string,
  input: { slug: string; productSlug: string },
): Promise<ProductOutput> => {
  const [row] = await publishedBySlug(tx, {
    organizationId,
    slug: normaliseSlug(input.slug),
    productSlug: input.productSlug.toLowerCase(),
  });
  if (!row) throw creatorNotFound();
  const product = productOf(row);
  if (!product) throw productNotFound();
  return product;
};
