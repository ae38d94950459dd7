import type { Executor } from "@tally/db";
import { type SQL, sql } from "drizzle-orm";
import { PAID_ORDER_STATUSES } from "../orders/statuses.ts";

/** Orders that count as sales: paid, and anything after paid on the fulfilment path. */
export const paidStatusList = sql.join(
  PAID_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** drizzle's `execute` returns rows directly on postgres.js and `{rows}` on PGlite. */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

export const runRows = async <T>(tx: Executor, query: SQL): Promise<T[]> =>
  rowsOf<T>(await tx.execute(query));

/** Numbers from aggregates arrive as strings (bigint, numeric) on some drivers. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Milliseconds since the epoch, selected as text-safe numbers so both drivers agree. */
export const epochMs = (expression: SQL): SQL => sql`(extract(epoch from ${expression}) * 1000)::bigint`;

export const dateOf = (value: unknown): Date => new Date(num(value));

export const DAY_MS = 24 * 60 * 60 * 1000;

export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * One row per paid order of a creator, with what it is worth:
 * - `subtotal`: items' unit price x quantity (list value of the goods),
 * - `units`: items' quantities,
 * - `value`: what the buyer was charged (`amount_paid`, fixed when the order is paid; for a paid order
 *   without it: subtotal + shipping - discount, never below 0),
 * - `buyer`: the user id, else the guest e-mail (lower case), else the order itself,
 * - `paid_at`: when it was paid (creation time if the paid time is missing).
 */
export const paidOrdersOf = (organizationId: string, creatorId: string): SQL => sql`
  select o.id, o.user_id,
    coalesce(o.user_id, 'guest:' || lower(o.guest_email), 'order:' || o.id) as buyer,
    coalesce(o.paid_at, o.created_at) as paid_at,
    coalesce(i.subtotal, 0) as subtotal,
    coalesce(i.units, 0) as units,
    coalesce(o.amount_paid::bigint, greatest(coalesce(i.subtotal, 0) + o.shipping_fee - o.discount_amount, 0)) as value
  from orders o
  left join lateral (
    select sum(oi.price::bigint * oi.quantity) as subtotal, sum(oi.quantity) as units
    from order_items oi
    where oi.organization_id = o.organization_id and oi.order_id = o.id
  ) i on true
  where o.organization_id = ${organizationId}
    and o.creator_id = ${creatorId}
    and o.status in (${paidStatusList})`;

export interface SalesSummary {
  orderCount: number;
  revenueCents: number;
  grossSalesCents: number;
  itemsSold: number;
  customerCount: number;
  repeatCustomerCount: number;
  recentOrderCount: number;
  recentRevenueCents: number;
}

/** Which creator a windowed count is about, and where its "recent" window starts. */
export interface CreatorWindow {
  creatorId: string;
  since: Date;
}

/** Totals over a creator's paid orders; "recent" = paid at or after `since`. */
export const salesSummary = async (
  tx: Executor,
  organizationId: string,
  { creatorId, since }: CreatorWindow,
): Promise<SalesSummary> => {
  const [row] = await runRows<Record<string, unknown>>(
    tx,
    sql`
    with p as (${paidOrdersOf(organizationId, creatorId)}),
    buyers as (select buyer, count(*) as orders from p group by buyer)
    select
      (select count(*) from p) as order_count,
      (select coalesce(sum(value), 0) from p) as revenue,
      (select coalesce(sum(subtotal), 0) from p) as gross,
      (select coalesce(sum(units), 0) from p) as units,
      (select count(*) from buyers) as customers,
      (select count(*) from buyers where orders >= 2) as repeat_customers,
      (select count(*) from p where paid_at >= ${since.toISOString()}::timestamptz) as recent_orders,
      (select coalesce(sum(value), 0) from p where paid_at >= ${since.toISOString()}::timestamptz) as recent_revenue`,
  );
  return {
    orderCount: num(row?.order_count),
    revenueCents: num(row?.revenue),
    grossSalesCents: num(row?.gross),
    itemsSold: num(row?.units),
    customerCount: num(row?.customers),
    repeatCustomerCount: num(row?.repeat_customers),
    recentOrderCount: num(row?.recent_orders),
    recentRevenueCents: num(row?.recent_revenue),
  };
};

export interface FollowerCounts {
  total: number;
  since: number;
}

/** How many users follow the creator, and how many of them started at or after `since`. */
export const followerCounts = async (
  tx: Executor,
  organizationId: string,
  { creatorId, since }: CreatorWindow,
): Promise<FollowerCounts> => {
  const [row] = await runRows<Record<string, unknown>>(
    tx,
    sql`
    select count(*) as total,
      count(*) filter (where created_at >= ${since.toISOString()}::timestamptz) as recent
    from follows
    where organization_id = ${organizationId} and target_type = 'CREATOR' and target_id = ${creatorId}`,
  );
  return { total: num(row?.total), since: num(row?.recent) };
};

export interface ProductCounts {
  DRAFT: number;
  PUBLISHED: number;
  ARCHIVED: number;
}

export const productCounts = async (
  tx: Executor,
  organizationId: string,
  creatorId: string,
): Promise<ProductCounts> => {
  const rows = await runRows<{ status: keyof ProductCounts; n: unknown }>(
    tx,
    sql`
    select status, count(*) as n from products
    where organization_id = ${organizationId} and creator_id = ${creatorId}
    group by status`,
  );
  const counts: ProductCounts = { DRAFT: 0, PUBLISHED: 0, ARCHIVED: 0 };
  for (const row of rows) counts[row.status] = num(row.n);
  return counts;
};
