import type { Clock } from "@tally/core";
import { orderItems, orders, products, type Tx } from "@tally/db";
import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { CreatorRow } from "../access/scope.ts";
import { PAID_ORDER_STATUSES } from "../orders/statuses.ts";
import { variantsOf } from "../products/presenter.ts";
import { findProduct, type ProductStatus } from "../products/service.ts";
import { DAY_MS, utcDay } from "./queries.ts";

const units = sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number);
const revenue = sql<number>`coalesce(sum(${orderItems.quantity}::bigint * ${orderItems.price}), 0)`.mapWith(
  Number,
);
const distinctOrders = sql<number>`count(distinct ${orderItems.orderId})`.mapWith(Number);

/** Order items of the creator's counted orders (PAID and later), joined to their order. */
const countedItems = (organizationId: string, creatorId: string) =>
  and(
    eq(orderItems.organizationId, organizationId),
    eq(orders.organizationId, organizationId),
    eq(orders.id, orderItems.orderId),
    eq(orders.creatorId, creatorId),
    inArray(orders.status, [...PAID_ORDER_STATUSES]),
  );

interface SalesRow {
  productId: string;
  name: string;
  slug: string;
  status: ProductStatus | null;
  unitsSold: number;
  revenue: number;
  orderCount: number;
}

const bySales = (a: SalesRow, b: SalesRow) =>
  b.revenue - a.revenue ||
  b.unitsSold - a.unitsSold ||
  a.name.localeCompare(b.name) ||
  a.productId.localeCompare(b.productId);

/** Every product of the creator (sold or not) plus purged products that still have sales. */
const salesRows = async (tx: Tx, creator: CreatorRow): Promise<SalesRow[]> => {
  const organizationId = creator.organizationId;
  const sold = await tx
    .select({
      productId: orderItems.productId,
      unitsSold: units,
      revenue,
      orderCount: distinctOrders,
      snapshotName: sql<string>`(array_agg(${orderItems.productName} order by ${orderItems.id} desc))[1]`,
      snapshotSlug: sql<string>`(array_agg(${orderItems.productSlug} order by ${orderItems.id} desc))[1]`,
    })
    .from(orderItems)
    .innerJoin(orders, countedItems(organizationId, creator.id))
    .groupBy(orderItems.productId);
  const owned = await tx
    .select({ id: products.id, name: products.name, slug: products.slug, status: products.status })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.creatorId, creator.id)));
  const soldById = new Map(sold.map((row) => [row.productId, row]));
  const rows: SalesRow[] = owned.map((product) => {
    const figures = soldById.get(product.id);
    soldById.delete(product.id);
    return {
      productId: product.id,
      name: product.name,
      slug: product.slug,
      status: product.status,
      unitsSold: figures?.unitsSold ?? 0,
      revenue: figures?.revenue ?? 0,
      orderCount: figures?.orderCount ?? 0,
    };
  });
  for (const purged of soldById.values()) {
    rows.push({
      productId: purged.productId,
      name: purged.snapshotName,
      slug: purged.snapshotSlug,
      status: null,
      unitsSold: purged.unitsSold,
      revenue: purged.revenue,
      orderCount: purged.orderCount,
    });
  }
  return rows.sort(bySales);
};

export const productSales = async (
  tx: Tx,
  creator: CreatorRow,
  input: { limit: number; offset: number },
): Promise<{ items: SalesRow[]; total: number }> => {
  const rows = await salesRows(tx, creator);
  return { items: rows.slice(input.offset, input.offset + input.limit), total: rows.length };
};

const average = (total: number, orderCount: number) =>
  orderCount === 0 ? 0 : Math.round(total / orderCount);

export const productsAnalytics = async (tx: Tx, creator: CreatorRow) => {
  const organizationId = creator.organizationId;
  const statusCounts = await tx
    .select({ status: products.status, n: count() })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.creatorId, creator.id)))
    .groupBy(products.status);
  const byStatus = { total: 0, DRAFT: 0, PUBLISHED: 0, ARCHIVED: 0 };
  for (const row of statusCounts) {
    byStatus[row.status] = row.n;
    byStatus.total += row.n;
  }
  const [totals] = await tx
    .select({ unitsSold: units, revenue, orderCount: distinctOrders })
    .from(orderItems)
    .innerJoin(orders, countedItems(organizationId, creator.id));
  const unitsSold = totals?.unitsSold ?? 0;
  const totalRevenue = totals?.revenue ?? 0;
  const orderCount = totals?.orderCount ?? 0;
  const topProducts = (await salesRows(tx, creator)).filter((row) => row.unitsSold > 0).slice(0, 5);
  return {
    currency: "usd",
    products: byStatus,
    unitsSold,
    revenue: totalRevenue,
    orderCount,
    averageOrderValue: average(totalRevenue, orderCount),
    topProducts,
  };
};

const ANALYTICS_DAYS = 30;

export const productAnalytics = async (
  { tx, clock }: { tx: Tx; clock: Clock },
  creator: CreatorRow,
  productId: string,
) => {
  const product = await findProduct(tx, creator, { productId });
  const organizationId = creator.organizationId;
  const where = and(countedItems(organizationId, creator.id), eq(orderItems.productId, product.id));
  const [totals] = await tx
    .select({ unitsSold: units, revenue, orderCount: distinctOrders })
    .from(orderItems)
    .innerJoin(orders, where);
  const byVariant = await tx
    .select({ variantId: orderItems.variantId, unitsSold: units, revenue, orderCount: distinctOrders })
    .from(orderItems)
    .innerJoin(orders, where)
    .groupBy(orderItems.variantId);

  const today = new Date(`${utcDay(clock.now())}T00:00:00.000Z`);
  const since = new Date(today.getTime() - (ANALYTICS_DAYS - 1) * DAY_MS);
  const soldAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const day = sql<string>`to_char(${soldAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const daily = await tx
    .select({ date: day, unitsSold: units, revenue, orderCount: distinctOrders })
    .from(orderItems)
    // An ISO string, not a Date: raw SQL has no column to map a Date through (postgres.js rejects it).
    .innerJoin(orders, and(where, gte(soldAt, sql`${since.toISOString()}::timestamptz`)))
    .groupBy(day);

  const variants = (await variantsOf(tx, organizationId, [product.id])).get(product.id) ?? [];
  const soldByVariant = new Map(byVariant.map((row) => [row.variantId, row]));
  const variantRows = variants.map((variant) => {
    const figures = soldByVariant.get(variant.id);
    soldByVariant.delete(variant.id);
    return {
      variantId: variant.id as string | null,
      name: variant.name as string | null,
      unitsSold: figures?.unitsSold ?? 0,
      revenue: figures?.revenue ?? 0,
      orderCount: figures?.orderCount ?? 0,
    };
  });
  for (const gone of soldByVariant.values()) {
    variantRows.push({
      variantId: gone.variantId,
      name: null,
      unitsSold: gone.unitsSold,
      revenue: gone.revenue,
      orderCount: gone.orderCount,
    });
  }

  const dailyByDate = new Map(daily.map((row) => [row.date, row]));
  const days = Array.from({ length: ANALYTICS_DAYS }, (_, index) => {
    const date = utcDay(new Date(since.getTime() + index * DAY_MS));
    const figures = dailyByDate.get(date);
    return {
      date,
      unitsSold: figures?.unitsSold ?? 0,
      revenue: figures?.revenue ?? 0,
      orderCount: figures?.orderCount ?? 0,
    };
  });

  const unitsSold = totals?.unitsSold ?? 0;
  const totalRevenue = totals?.revenue ?? 0;
  const orderCount = totals?.orderCount ?? 0;
  return {
    productId: product.id,
    name: product.name,
    status: product.status,
    currency: product.currency,
    unitsSold,
    revenue: totalRevenue,
    orderCount,
    averageOrderValue: average(totalRevenue, orderCount),
    variants: variantRows,
    daily: days,
  };
};
