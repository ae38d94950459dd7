/**
 * The storefront's two reads, bare: the same single statements as the full routes
 * (packages/commerce/src/products/storefront-reads.ts: the creator by slug, the list's total as one
 * lateral join, its published products with their variants as one json_agg as another), prepared
 * as theirs are, answered with the same bytes (fields in the output schema's order, dates as ISO
 * strings, X-Total-Count), and nothing else: no auth, no tenant transaction, no validation. The
 * organization comes in the path, where the full route takes it from the API key. The bench checks
 * the bytes before measuring.
 */
import { creators, type Db, products, productVariants } from "@tally/db";
import { and, desc, eq, getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Context, Hono } from "hono";

type ProductRow = typeof products.$inferSelect;
type VariantFields = Pick<
  typeof productVariants.$inferSelect,
  "id" | "name" | "sku" | "attributes" | "price" | "stock" | "isDefault"
>;
type ProductWithVariants = ProductRow & { variants: VariantFields[] };

/** Columns named with their tables, as the full route's `variantsColumn` names them. */
const v = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

const variantsColumn = (): SQL<VariantFields[]> => sql<VariantFields[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ${v(productVariants.id)}, 'name', ${v(productVariants.name)}, 'sku', ${v(productVariants.sku)},
    'attributes', ${v(productVariants.attributes)}, 'price', ${v(productVariants.price)},
    'stock', ${v(productVariants.stock)}, 'isDefault', ${v(productVariants.isDefault)}
  ) order by ${v(productVariants.position)}, ${v(productVariants.createdAt)}, ${v(productVariants.id)}), '[]'::json)
  from ${productVariants}
  where ${v(productVariants.organizationId)} = ${v(products.organizationId)} and ${v(productVariants.productId)} = ${v(products.id)}
)`;

const productColumns = () => ({ ...getTableColumns(products), variants: variantsColumn().as("variants") });

const fieldsOf = (subquery: object) =>
  Object.fromEntries(
    Object.keys(productColumns()).map((key) => [key, (subquery as Record<string, unknown>)[key]]),
  ) as unknown as Record<keyof ProductWithVariants, SQL>;

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

const totalStock = (variants: VariantFields[]): number | null => {
  let sum = 0;
  for (const variant of variants) {
    if (variant.stock === null) return null;
    sum += variant.stock;
  }
  return sum;
};

/** The output schema's fields, in its order (the full route's body is what zod's parse builds). */
const present = (row: { product: unknown }) => {
  if (row.product === null) return null;
  const { variants, ...product } = row.product as ProductWithVariants;
  return {
    id: product.id,
    creatorId: product.creatorId,
    name: product.name,
    slug: product.slug,
    description: product.description,
    price: product.price,
    currency: product.currency,
    status: product.status,
    pointEligible: product.pointEligible,
    images: product.images,
    categoryId: product.categoryId,
    variants: variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      sku: variant.sku,
      attributes: variant.attributes,
      price: variant.price,
      stock: variant.stock,
      isDefault: variant.isDefault,
    })),
    totalStock: totalStock(variants),
    publishedAt: product.publishedAt,
    archivedAt: product.archivedAt,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
  };
};

const notFound = (c: Context, message: string) => c.json({ error: { code: "not_found", message } }, 404);

/** Both statements prepared once, as the full routes' are: per request they are only bound. */
const statements = (db: Db) => {
  const page = db
    .select(productColumns())
    .from(products)
    .where(publishedOfCreator())
    .orderBy(desc(products.publishedAt), desc(products.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page");
  const published = db
    .select({ total: sql<number>`count(*)`.mapWith(Number).as("total") })
    .from(products)
    .where(publishedOfCreator())
    .as("published");
  const found = db
    .select(productColumns())
    .from(products)
    .where(and(publishedOfCreator(), eq(products.slug, sql.placeholder("productSlug"))))
    .as("found");
  return {
    list: db
      .select({ total: published.total, product: fieldsOf(page) })
      .from(creators)
      .crossJoinLateral(published)
      .leftJoinLateral(page, sql`true`)
      .where(creatorBySlug())
      .prepare("bare_storefront_page"),
    one: db
      .select({ product: fieldsOf(found) })
      .from(creators)
      .leftJoinLateral(found, sql`true`)
      .where(creatorBySlug())
      .prepare("bare_storefront_product"),
  };
};

export const storefrontRoutes = (app: Hono, db: Db): void => {
  const { list, one } = statements(db);
  app.get("/bare/organizations/:organizationId/creator/:slug/products", async (c) => {
    const rows = await list.execute({
      organizationId: c.req.param("organizationId"),
      slug: c.req.param("slug").trim().toLowerCase(),
      limit: Number(c.req.query("limit") ?? 20),
      offset: Number(c.req.query("offset") ?? 0),
    });
    const [first] = rows;
    if (!first) return notFound(c, "Creator not found");
    c.header("X-Total-Count", String(first.total));
    return c.json(rows.flatMap((row) => present(row) ?? []));
  });

  app.get("/bare/organizations/:organizationId/creator/:slug/product/:productSlug", async (c) => {
    const [row] = await one.execute({
      organizationId: c.req.param("organizationId"),
      slug: c.req.param("slug").trim().toLowerCase(),
      productSlug: c.req.param("productSlug").toLowerCase(),
    });
    if (!row) return notFound(c, "Creator not found");
    const product = present(row);
    if (!product) return notFound(c, "Product not found");
    return c.json(product);
  });
};
