import { products, type Tx } from "@tally/db";
import { and, count, desc, eq } from "drizzle-orm";
import { findCreatorBySlug } from "../creators/service.ts";
import { presentMany, presentOne } from "./presenter.ts";
import type { ProductOutput } from "./schemas.ts";
import { productNotFound } from "./service.ts";

/** What a creator's storefront shows: PUBLISHED products only, for any caller in the tenant. */
export const listPublishedProducts = async (
  tx: Tx,
  organizationId: string,
  input: { slug: string; limit: number; offset: number },
): Promise<{ items: ProductOutput[]; total: number }> => {
  const creator = await findCreatorBySlug(tx, organizationId, input.slug);
  const where = and(
    eq(products.organizationId, organizationId),
    eq(products.creatorId, creator.id),
    eq(products.status, "PUBLISHED"),
  );
  const [totalRow] = await tx.select({ n: count() }).from(products).where(where);
  const rows = await tx
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(products.publishedAt), desc(products.id))
    .limit(input.limit)
    .offset(input.offset);
  return { items: await presentMany(tx, organizationId, rows), total: totalRow?.n ?? 0 };
};

export const getPublishedProduct = async (
  tx: Tx,
  organizationId: string,
  input: { slug: string; productSlug: string },
): Promise<ProductOutput> => {
  const creator = await findCreatorBySlug(tx, organizationId, input.slug);
  const [row] = await tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.organizationId, organizationId),
        eq(products.creatorId, creator.id),
        eq(products.slug, input.productSlug.toLowerCase()),
        eq(products.status, "PUBLISHED"),
      ),
    );
  if (!row) throw productNotFound();
  return presentOne(tx, row);
};
