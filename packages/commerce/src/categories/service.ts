import { AppError } from "@tally/core";
import { categories, creatorCategories, type Executor, products } from "@tally/db";
import { and, asc, count, eq } from "drizzle-orm";

/** The seeded categories, by id. A global reference table: the same for every organization. */
export const listCategories = (tx: Executor) =>
  tx.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.id));

/** One category with how it is used in the caller's organization; 404 when unknown. */
export const getCategoryDetails = async (tx: Executor, organizationId: string, categoryId: number) => {
  const [category] = await tx.select().from(categories).where(eq(categories.id, categoryId));
  if (!category) throw new AppError("not_found", "Category not found");
  const [productRow] = await tx
    .select({ n: count() })
    .from(products)
    .where(
      and(
        eq(products.organizationId, organizationId),
        eq(products.categoryId, categoryId),
        eq(products.status, "PUBLISHED"),
      ),
    );
  const [creatorRow] = await tx
    .select({ n: count() })
    .from(creatorCategories)
    .where(
      and(eq(creatorCategories.organizationId, organizationId), eq(creatorCategories.categoryId, categoryId)),
    );
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    productCount: productRow?.n ?? 0,
    creatorCount: creatorRow?.n ?? 0,
  };
};
