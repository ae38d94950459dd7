import { isOrderStatusIn, type OrderStatus, type OrderWithItems, PAID_ORDER_STATUSES } from "@tally/commerce";
import {
  creators,
  type Executor,
  pointBalances,
  pointTransactions,
  preparedQuery,
  products,
  type Tx,
} from "@tally/db";
import { and, count, desc, eq, inArray, isNotNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Holder, ORGANIZATION_SCOPE } from "./balances.ts";
import {
  type EarnPointsContext,
  type HolderPosting,
  type PostPointsContext,
  postEarnings,
  postPoints,
} from "./post.ts";
import type { Balances, PointTransaction } from "./schemas.ts";

type TransactionRow = typeof pointTransactions.$inferSelect;

/** A paid order's points are spent for good: never reverted, never swept. */
export const isPaid = (status: OrderStatus): boolean => isOrderStatusIn(PAID_ORDER_STATUSES, status);

export const toPointTransaction = (row: TransactionRow): PointTransaction => ({
  id: row.id,
  userId: row.userId,
  amount: row.amount,
  type: row.type,
  creatorId: row.creatorId,
  createdAt: row.createdAt,
  organizationId: row.organizationId,
  ...(row.type === "API" && row.details ? { details: row.details } : {}),
  ...(row.type === "PURCHASE" && row.orderId ? { orderId: row.orderId } : {}),
  ...(row.type === "CAMPAIGN" && row.reference
    ? { journeyId: String(row.reference.journeyId), campaignId: String(row.reference.campaignId) }
    : {}),
});

// ---------------------------------------------------------------------------------------------
// API ledger: balances, grants and spends, history.

export const getBalances = async (tx: Tx, holder: Holder, creatorId?: string): Promise<Balances> => {
  const rows = await tx
    .select({ scope: pointBalances.scope, balance: pointBalances.balance })
    .from(pointBalances)
    .where(
      and(eq(pointBalances.organizationId, holder.organizationId), eq(pointBalances.userId, holder.userId)),
    )
    .orderBy(pointBalances.scope);
  const balance = rows.reduce((sum, row) => sum + row.balance, 0);
  const creatorRows = rows.filter((row) => row.scope !== ORGANIZATION_SCOPE);
  const creatorBalances =
    creatorId === undefined
      ? creatorRows.map((row) => ({ creatorId: row.scope, balance: row.balance }))
      : [{ creatorId, balance: creatorRows.find((row) => row.scope === creatorId)?.balance ?? 0 }];
  return { balance, creatorBalances };
};

export interface RecordTransactionInput extends Holder {
  amount: number;
  creatorId?: string | undefined;
  details?: Record<string, unknown> | undefined;
}

/**
 * `POST /user/{id}/points`: an API grant (amount > 0, publishes `points-received`) or spend
 * (amount < 0, taken from the named scope only — the creator's, or organization-wide — by a
 * conditional update: 409 insufficient_points rather than a negative balance).
 */
export const recordApiTransaction = async (
  context: PostPointsContext,
  input: RecordTransactionInput,
): Promise<PointTransaction> => {
  const row = await postPoints(
    context,
    { organizationId: input.organizationId, userId: input.userId },
    { creatorId: input.creatorId ?? null, amount: input.amount, type: "API", details: input.details },
  );
  if (!row) throw new Error("an API point transaction conflicted with a unique index of the ledger");
  return toPointTransaction(row);
};

/** Newest first; page is 1-indexed. */
export const listHistory = async (
  tx: Tx,
  holder: Holder,
  options: { page: number; limit: number; creatorId?: string | undefined },
): Promise<{ data: PointTransaction[]; pagination: { page: number; limit: number; total: number } }> => {
  const where = and(
    eq(pointTransactions.organizationId, holder.organizationId),
    eq(pointTransactions.userId, holder.userId),
    options.creatorId === undefined ? undefined : eq(pointTransactions.creatorId, options.creatorId),
  );
  const rows = await tx
    .select()
    .from(pointTransactions)
    .where(where)
    .orderBy(desc(pointTransactions.createdAt), desc(pointTransactions.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const [total] = await tx.select({ value: count() }).from(pointTransactions).where(where);
  return {
    data: rows.map(toPointTransaction),
    pagination: { page: options.page, limit: options.limit, total: total?.value ?? 0 },
  };
};

// ---------------------------------------------------------------------------------------------
// An order's PURCHASE rows: its reservation states and their sums, and the points a paid order earns.

export const orderRows = (organizationId: string | Placeholder, orderId: string | Placeholder) =>
  and(
    eq(pointTransactions.organizationId, organizationId),
    eq(pointTransactions.orderId, orderId),
    eq(pointTransactions.type, "PURCHASE"),
  );

/** Points currently held (RESERVED) and spent (FINALIZED) for the order, as positive numbers. */
export const orderTotals = async (
  tx: Tx,
  organizationId: string,
  orderId: string,
): Promise<{ reserved: number; finalized: number }> => {
  const rows = await tx
    .select({
      reservation: pointTransactions.reservation,
      total: sql<string | null>`sum(${pointTransactions.amount})`,
    })
    .from(pointTransactions)
    .where(and(orderRows(organizationId, orderId), isNotNull(pointTransactions.reservation)))
    .groupBy(pointTransactions.reservation);
  const of = (state: "RESERVED" | "FINALIZED") =>
    0 - Number(rows.find((row) => row.reservation === state)?.total ?? 0);
  return { reserved: of("RESERVED"), finalized: of("FINALIZED") };
};

/** The order's PURCHASE rows, for a prepared statement (values `organizationId`, `orderId`). */
const boundOrderRows = () => orderRows(sql.placeholder("organizationId"), sql.placeholder("orderId"));

/** The sum of the order's PURCHASE rows in `reservation` states, for a prepared statement. */
const boundOrderSum = (reservation: SQL) =>
  sql<string | null>`(select sum(${pointTransactions.amount}) from ${pointTransactions}
    where ${boundOrderRows()} and ${reservation})`;

/**
 * The order's RESERVED rows, deleted (each as it was: holder, scope, amount), and the points already
 * spent for good on it, in one statement: always one row, with nulls for the released columns when
 * nothing was held (the statement reads the FINALIZED rows as they were, which it does not touch).
 */
const releaseHeldRows = preparedQuery<
  { organizationId: string; orderId: string },
  { userId: string | null; creatorId: string | null; amount: number | null; finalized: string | null }[]
>("order_points_release", (executor: Executor) => {
  const released = executor.$with("released").as(
    executor
      .delete(pointTransactions)
      .where(and(boundOrderRows(), eq(pointTransactions.reservation, "RESERVED")))
      .returning({
        userId: pointTransactions.userId,
        creatorId: pointTransactions.creatorId,
        amount: pointTransactions.amount,
      }),
  );
  return executor
    .with(released)
    .select({
      userId: released.userId,
      creatorId: released.creatorId,
      amount: released.amount,
      finalized: boundOrderSum(sql`${pointTransactions.reservation} = 'FINALIZED'`),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(released, sql`true`);
});

/** A released row: whose points, in which creator's scope (null: the organization's), how many (< 0). */
export interface ReleasedRow {
  userId: string;
  creatorId: string | null;
  amount: number;
}

/** Deletes the order's RESERVED rows (one statement): the rows released, and the points FINALIZED. */
export const releaseOrderHold = async (
  tx: Tx,
  organizationId: string,
  orderId: string,
): Promise<{ released: ReleasedRow[]; finalized: number }> => {
  const rows = await releaseHeldRows(tx, { organizationId, orderId });
  const released: ReleasedRow[] = [];
  for (const row of rows)
    if (row.userId !== null && row.amount !== null)
      released.push({ userId: row.userId, creatorId: row.creatorId, amount: row.amount });
  return { released, finalized: 0 - Number(rows[0]?.finalized ?? 0) };
};

/**
 * The order's RESERVED rows become FINALIZED when they and the FINALIZED ones cover the order's
 * `points`, in one statement that answers the sums as they were before it (as positive numbers).
 */
const finalizeCoveredHold = preparedQuery<
  { organizationId: string; orderId: string; points: number },
  { reserved: string | null; finalized: string | null }[]
>("order_points_finalize", (executor: Executor) => {
  const spent = boundOrderSum(sql`${pointTransactions.reservation} is not null`);
  const flipped = executor.$with("flipped").as(
    executor
      .update(pointTransactions)
      .set({ reservation: "FINALIZED" })
      .where(
        and(
          boundOrderRows(),
          eq(pointTransactions.reservation, "RESERVED"),
          // Amounts are negative: the order's points less those held and spent, none left to cover.
          sql`${sql.placeholder("points")} + coalesce(${spent}, 0) <= 0`,
        ),
      )
      .returning({ amount: pointTransactions.amount }),
  );
  return executor
    .with(flipped)
    .select({
      reserved: sql<
        string | null
      >`sum(${pointTransactions.amount}) filter (where ${pointTransactions.reservation} = 'RESERVED')`,
      finalized: sql<
        string | null
      >`sum(${pointTransactions.amount}) filter (where ${pointTransactions.reservation} = 'FINALIZED')`,
    })
    .from(pointTransactions)
    .where(boundOrderRows());
});

/**
 * `finalizeCoveredHold` for an order of `points`: the totals before it, and whether they covered the
 * points (then the held ones are FINALIZED now; otherwise nothing changed).
 */
export const finalizeOrderHold = async (
  tx: Tx,
  order: { organizationId: string; id: string; points: number },
): Promise<{ reserved: number; finalized: number; covered: boolean }> => {
  const [row] = await finalizeCoveredHold(tx, {
    organizationId: order.organizationId,
    orderId: order.id,
    points: order.points,
  });
  const reserved = 0 - Number(row?.reserved ?? 0);
  const finalized = 0 - Number(row?.finalized ?? 0);
  return { reserved, finalized, covered: order.points - reserved - finalized <= 0 };
};

/**
 * `purchase-processed`: PURCHASE points for paid orders' point-eligible items, at the creator's
 * `pointsPerDollar` per whole dollar of each item line (price x quantity), into the creator's scope.
 * The caller holds the orders locked, so concurrent awards of one order run one after another and
 * the later finds the earlier's row: at most one award per order. Answers the awards by order id;
 * an order with nothing to award (guest, unpaid, nothing eligible, already awarded) has none.
 * Publishes `points-received` for each award.
 */
export const awardPurchasePoints = async (
  context: EarnPointsContext,
  lockedOrders: readonly OrderWithItems[],
): Promise<Map<string, PointTransaction>> => {
  const { tx } = context;
  const candidates = lockedOrders.flatMap(({ order, items }) =>
    order.userId && order.creatorId && isPaid(order.status)
      ? [{ order, items, userId: order.userId, creatorId: order.creatorId }]
      : [],
  );
  const organizationId = candidates[0]?.order.organizationId;
  if (organizationId === undefined) return new Map();
  const awarded = await tx
    .selectDistinct({ orderId: pointTransactions.orderId })
    .from(pointTransactions)
    .where(
      and(
        eq(pointTransactions.organizationId, organizationId),
        inArray(
          pointTransactions.orderId,
          candidates.map(({ order }) => order.id),
        ),
        eq(pointTransactions.type, "PURCHASE"),
        sql`${pointTransactions.amount} > 0`,
      ),
    );
  const awardedIds = new Set(awarded.map((row) => row.orderId));
  const unawarded = candidates.filter(({ order }) => !awardedIds.has(order.id));
  if (unawarded.length === 0) return new Map();
  const rates = await tx
    .select({ id: creators.id, pointsPerDollar: creators.pointsPerDollar })
    .from(creators)
    .where(
      and(
        eq(creators.organizationId, organizationId),
        inArray(creators.id, [...new Set(unawarded.map(({ creatorId }) => creatorId))]),
      ),
    );
  const eligible = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.organizationId, organizationId),
        inArray(products.id, [
          ...new Set(unawarded.flatMap(({ items }) => items.map((item) => item.productId))),
        ]),
        eq(products.pointEligible, true),
      ),
    );
  const rateOf = new Map(rates.map((rate) => [rate.id, rate.pointsPerDollar]));
  const eligibleIds = new Set(eligible.map((product) => product.id));
  const earnings = unawarded.flatMap(({ order, items, userId, creatorId }): HolderPosting[] => {
    const pointsPerDollar = rateOf.get(creatorId) ?? 0;
    const points = items
      .filter((item) => eligibleIds.has(item.productId))
      .reduce((sum, item) => sum + Math.floor((item.price * item.quantity) / 100) * pointsPerDollar, 0);
    if (points <= 0) return [];
    return [
      {
        holder: { organizationId, userId },
        posting: { creatorId, amount: points, type: "PURCHASE", orderId: order.id },
      },
    ];
  });
  const rows = await postEarnings(context, earnings);
  if (rows.length !== earnings.length)
    throw new Error("a PURCHASE award conflicted with a unique index of the ledger");
  return new Map(rows.flatMap((row) => (row.orderId ? [[row.orderId, toPointTransaction(row)]] : [])));
};
