import type { OffsetPagination } from "@tally/core";
import { type Executor, follows, users } from "@tally/db";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { CreatorRow } from "../access/scope.ts";
import {
  DAY_MS,
  dateOf,
  epochMs,
  followerCounts,
  num,
  paidOrdersOf,
  paidStatusList,
  productCounts,
  runRows,
  salesSummary,
  utcDay,
} from "./queries.ts";

const RECENT_DAYS = 30;

/** What a time-windowed insight runs on: the executor and the moment the window ends. */
export type InsightsContext = { tx: Executor; now: Date };

const ratio = (part: number, whole: number): number =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;

const creatorFollows = (creator: CreatorRow) =>
  and(
    eq(follows.organizationId, creator.organizationId),
    eq(follows.targetType, "CREATOR"),
    eq(follows.targetId, creator.id),
  );

/** Owner's overview: audience, catalogue and sales, with a 30-day window. */
export const creatorDashboard = async ({ tx, now }: InsightsContext, creator: CreatorRow) => {
  const since = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
  const followers = await followerCounts(tx, creator.organizationId, { creatorId: creator.id, since });
  const products = await productCounts(tx, creator.organizationId, creator.id);
  const sales = await salesSummary(tx, creator.organizationId, { creatorId: creator.id, since });
  return {
    creatorId: creator.id,
    currency: "usd" as const,
    periodDays: RECENT_DAYS,
    followerCount: followers.total,
    newFollowersLast30Days: followers.since,
    publishedProductCount: products.PUBLISHED,
    draftProductCount: products.DRAFT,
    archivedProductCount: products.ARCHIVED,
    paidOrderCount: sales.orderCount,
    paidOrdersLast30Days: sales.recentOrderCount,
    itemsSold: sales.itemsSold,
    grossSalesCents: sales.grossSalesCents,
    revenueCents: sales.revenueCents,
    revenueLast30DaysCents: sales.recentRevenueCents,
    averageOrderValueCents: sales.orderCount === 0 ? 0 : Math.round(sales.revenueCents / sales.orderCount),
    customerCount: sales.customerCount,
    generatedAt: now,
  };
};

/** Owner's fan analytics: buyers, repeat buyers, followers who buy, and the top fans by spend. */
export const creatorFans = async ({ tx, now }: InsightsContext, creator: CreatorRow, topLimit: number) => {
  const { organizationId, id: creatorId } = creator;
  const followers = await followerCounts(tx, organizationId, { creatorId, since: now });
  const sales = await salesSummary(tx, organizationId, { creatorId, since: now });
  const [converted] = await runRows<{ n: unknown }>(
    tx,
    sql`
    select count(*) as n from follows f
    where f.organization_id = ${organizationId} and f.target_type = 'CREATOR' and f.target_id = ${creatorId}
      and exists (
        select 1 from orders o
        where o.organization_id = f.organization_id and o.creator_id = ${creatorId} and o.user_id = f.follower_id
          and o.status in (${paidStatusList}))`,
  );
  const topRows = await runRows<Record<string, unknown>>(
    tx,
    sql`
    with p as (${paidOrdersOf(organizationId, creatorId)}),
    per_user as (
      select user_id, count(*) as orders, sum(value) as spent, min(paid_at) as first_at, max(paid_at) as last_at
      from p where user_id is not null group by user_id
    )
    select u.id, u.username, u.avatar_url, pu.orders, pu.spent,
      ${epochMs(sql`pu.first_at`)} as first_at, ${epochMs(sql`pu.last_at`)} as last_at,
      ${epochMs(sql`f.created_at`)} as followed_at
    from per_user pu
    join users u on u.organization_id = ${organizationId} and u.id = pu.user_id
    left join follows f on f.organization_id = ${organizationId} and f.follower_id = pu.user_id
      and f.target_type = 'CREATOR' and f.target_id = ${creatorId}
    order by pu.spent desc, pu.orders desc, pu.first_at asc, pu.user_id asc
    limit ${topLimit}`,
  );
  const followerCustomerCount = num(converted?.n);
  return {
    creatorId,
    followerCount: followers.total,
    customerCount: sales.customerCount,
    repeatCustomerCount: sales.repeatCustomerCount,
    repeatCustomerRate: ratio(sales.repeatCustomerCount, sales.customerCount),
    followerCustomerCount,
    followerConversionRate: ratio(followerCustomerCount, followers.total),
    averageSpendPerCustomerCents:
      sales.customerCount === 0 ? 0 : Math.round(sales.revenueCents / sales.customerCount),
    topFans: topRows.map((row) => ({
      user: {
        id: String(row.id),
        username: (row.username as string | null) ?? null,
        avatarUrl: (row.avatar_url as string | null) ?? null,
      },
      orderCount: num(row.orders),
      spentCents: num(row.spent),
      firstOrderAt: dateOf(row.first_at),
      lastOrderAt: dateOf(row.last_at),
      isFollower: row.followed_at !== null && row.followed_at !== undefined,
      followedAt: row.followed_at === null || row.followed_at === undefined ? null : dateOf(row.followed_at),
    })),
    generatedAt: now,
  };
};

/** Followers of a creator, newest first, with the total for `X-Total-Count`. */
export const listCreatorFollowers = async (tx: Executor, creator: CreatorRow, page: OffsetPagination) => {
  const joinUsers = and(eq(users.organizationId, follows.organizationId), eq(users.id, follows.followerId));
  const rows = await tx
    .select({
      id: users.id,
      username: users.username,
      avatarUrl: users.avatarUrl,
      followedAt: follows.createdAt,
    })
    .from(follows)
    .innerJoin(users, joinUsers)
    .where(creatorFollows(creator))
    .orderBy(desc(follows.createdAt), asc(follows.followerId))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, joinUsers)
    .where(creatorFollows(creator));
  return {
    items: rows.map(({ followedAt, ...user }) => ({ user, followedAt })),
    total: total?.n ?? 0,
  };
};

export const countCreatorFollowers = async (tx: Executor, creator: CreatorRow) => {
  const [total] = await tx
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, and(eq(users.organizationId, follows.organizationId), eq(users.id, follows.followerId)))
    .where(creatorFollows(creator));
  return { creatorId: creator.id, count: total?.n ?? 0 };
};

/**
 * Followers ranked by what they spent with this creator (paid orders), then by paid order count,
 * then by who followed first. Public: the ranking is shown, the amounts are not.
 */
export const topCreatorFollowers = async (tx: Executor, creator: CreatorRow, page: OffsetPagination) => {
  const { organizationId, id: creatorId } = creator;
  const rows = await runRows<Record<string, unknown>>(
    tx,
    sql`
    with p as (${paidOrdersOf(organizationId, creatorId)}),
    spend as (select user_id, sum(value) as spent, count(*) as orders from p where user_id is not null group by user_id)
    select u.id, u.username, u.avatar_url, ${epochMs(sql`f.created_at`)} as followed_at
    from follows f
    join users u on u.organization_id = f.organization_id and u.id = f.follower_id
    left join spend s on s.user_id = f.follower_id
    where f.organization_id = ${organizationId} and f.target_type = 'CREATOR' and f.target_id = ${creatorId}
    order by coalesce(s.spent, 0) desc, coalesce(s.orders, 0) desc, f.created_at asc, f.follower_id asc
    limit ${page.limit} offset ${page.offset}`,
  );
  const { count: total } = await countCreatorFollowers(tx, creator);
  return {
    items: rows.map((row, index) => ({
      rank: page.offset + index + 1,
      user: {
        id: String(row.id),
        username: (row.username as string | null) ?? null,
        avatarUrl: (row.avatar_url as string | null) ?? null,
      },
      followedAt: dateOf(row.followed_at),
    })),
    total,
  };
};

/**
 * New followers per UTC day over the last `days` days (today included) and the running total.
 * Unfollowing deletes the follow, so the series counts the current followers by the day they followed.
 */
export const creatorFollowerGrowth = async (
  { tx, now }: InsightsContext,
  creator: CreatorRow,
  days: number,
) => {
  const { organizationId, id: creatorId } = creator;
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(todayStart - (days - 1) * DAY_MS);
  const end = new Date(todayStart + DAY_MS);
  const [before] = await runRows<{ n: unknown }>(
    tx,
    sql`
    select count(*) as n from follows
    where organization_id = ${organizationId} and target_type = 'CREATOR' and target_id = ${creatorId}
      and created_at < ${start.toISOString()}::timestamptz`,
  );
  const perDay = await runRows<{ day: string; n: unknown }>(
    tx,
    sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as n from follows
    where organization_id = ${organizationId} and target_type = 'CREATOR' and target_id = ${creatorId}
      and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
    group by 1`,
  );
  const byDay = new Map(perDay.map((row) => [row.day, num(row.n)]));
  const startingTotal = num(before?.n);
  let total = startingTotal;
  const points = [];
  for (let index = 0; index < days; index++) {
    const date = utcDay(new Date(start.getTime() + index * DAY_MS));
    const newFollowers = byDay.get(date) ?? 0;
    total += newFollowers;
    points.push({ date, newFollowers, total });
  }
  return {
    creatorId,
    days,
    from: utcDay(start),
    to: utcDay(new Date(todayStart)),
    startingTotal,
    newFollowers: total - startingTotal,
    total,
    points,
  };
};
