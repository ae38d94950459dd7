import { products, productVariants, type Tx } from "@tally/db";
import { and, asc, eq, getTableName, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { ProductOutput } from "./schemas.ts";

export type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
/** What the output shows of a variant (and what `totalStock` reads). */
export type VariantFields = Pick<
  VariantRow,
  "id" | "name" | "sku" | "attributes" | "price" | "stock" | "isDefault"
>;

const presentVariant = (row: VariantFields) => ({
  id: row.id,
  name: row.name,
  sku: row.sku,
  attributes: row.attributes,
  price: row.price,
  stock: row.stock,
  isDefault: row.isDefault,
});

/** Null when any variant is untracked: the product as a whole never runs out. */
const totalStock = (variants: VariantFields[]): number | null => {
  let sum = 0;
  for (const variant of variants) {
    if (variant.stock === null) return null;
    sum += variant.stock;
  }
  return sum;
};

export const present = (row: ProductRow, variants: VariantFields[]): ProductOutput => ({
  id: row.id,
  creatorId: row.creatorId,
  name: row.name,
  slug: row.slug,
  description: row.description,
  price: row.price,
  currency: row.currency,
  status: row.status,
  pointEligible: row.pointEligible,
  images: row.images,
  categoryId: row.categoryId,
  variants: variants.map(presentVariant),
  totalStock: totalStock(variants),
  publishedAt: row.publishedAt,
  archivedAt: row.archivedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/**
 * A product's variants as one JSON array in display order, as a column of a select from `products`:
 * a page of products comes with its variants in the same statement (one round trip, no second
 * query to build).
 */
/**
 * A column named with its table, whatever the query around it: drizzle names a column without its
 * table in a select from one table, and inside this correlated subquery a bare `id` would be the
 * variant's own, not the product's.
 */
const qualified = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

export const variantsColumn = (): SQL<VariantFields[]> => {
  const v = qualified;
  return sql<VariantFields[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ${v(productVariants.id)}, 'name', ${v(productVariants.name)}, 'sku', ${v(productVariants.sku)},
    'attributes', ${v(productVariants.attributes)}, 'price', ${v(productVariants.price)},
    'stock', ${v(productVariants.stock)}, 'isDefault', ${v(productVariants.isDefault)}
  ) order by ${v(productVariants.position)}, ${v(productVariants.createdAt)}, ${v(productVariants.id)}), '[]'::json)
  from ${productVariants}
  where ${v(productVariants.organizationId)} = ${v(products.organizationId)} and ${v(productVariants.productId)} = ${v(products.id)}
)`;
};

export const variantsOf = async (tx: Tx, organizationId: string, productIds: string[]) => {
  const byProduct = new Map<string, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await tx
    .select()
    .from(productVariants)
    .where(
      and(eq(productVariants.organizationId, organizationId), inArray(productVariants.productId, productIds)),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt), asc(productVariants.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
};

export const presentMany = async (
  tx: Tx,
  organizationId: string,
  rows: ProductRow[],
): Promise<ProductOutput[]> => {
  const variants = await variantsOf(
    tx,
    organizationId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(row, variants.get(row.id) ?? []));
};

export const presentOne = async (tx: Tx, row: ProductRow): Promise<ProductOutput> =>
  (await presentMany(tx, row.organizationId, [row]))[0]!;
