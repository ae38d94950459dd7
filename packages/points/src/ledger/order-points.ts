// Order points: the two-phase reserve -> finalize | revert (ARCHITECTURE §9), and the buyer's
// endpoints over it.

import {
  assertNotPresaleOrder,
  assertPointsWithinAmountDue,
  EDITABLE_ORDER_STATUSES,
  heldOrder,
  isOrderStatusIn,
  type LockedOrder,
  lockOrder,
  type OrderPaymentsPort,
  type OrderRef,
  type OrderRow,
  setOrderPoints,
  UNPAID_ORDER_STATUSES,
} from "@tally/commerce";
import { AppError } from "@tally/core";
import { creators, orders, pointBalances, pointTransactions, type Tx } from "@tally/db";
import { and, eq, inArray, lt } from "drizzle-orm";
import { credit, debit, type Holder, ORGANIZATION_SCOPE, scopeOf, sumBalances } from "./balances.ts";
import { finalizeOrderHold, isPaid, orderTotals, releaseOrderHold } from "./ledger.ts";
import type { OrderPoints } from "./schemas.ts";

/** An order's points move in the caller's transaction, at the clock's time. */
export interface OrderPointsContext {
  tx: Tx;
  now: Date;
}

const creatorOf = (scope: string): string | null => (scope === ORGANIZATION_SCOPE ? null : scope);

/** The scopes an order's points are spent from, in order: SELF = the creator's; ALL = creator's, then ''. */
const spendScopes = async (tx: Tx, organizationId: string, creatorId: string | null): Promise<string[]> => {
  if (!creatorId) return [ORGANIZATION_SCOPE];
  const [creator] = await tx
    .select({ pointsAccepted: creators.pointsAccepted })
    .from(creators)
    .where(and(eq(creators.organizationId, organizationId), eq(creators.id, creatorId)));
  return creator?.pointsAccepted === "ALL" ? [creatorId, ORGANIZATION_SCOPE] : [creatorId];
};

/**
 * Takes `points` from the scopes in order (all or nothing), locking the holder's balance rows so the
 * split is computed on current values. Returns what was taken per scope, or null when too few.
 */
const allocate = async (
  tx: Tx,
  holder: Holder,
  scopes: string[],
  points: number,
  now: Date,
): Promise<{ scope: string; amount: number }[] | null> => {
  const rows = await tx
    .select({ scope: pointBalances.scope, balance: pointBalances.balance })
    .from(pointBalances)
    .where(
      and(
        eq(pointBalances.organizationId, holder.organizationId),
        eq(pointBalances.userId, holder.userId),
        inArray(pointBalances.scope, scopes),
      ),
    )
    .for("update");
  const plan: { scope: string; amount: number }[] = [];
  let remaining = points;
  for (const scope of scopes) {
    const available = rows.find((row) => row.scope === scope)?.balance ?? 0;
    const take = Math.min(available, remaining);
    if (take > 0) plan.push({ scope, amount: take });
    remaining -= take;
  }
  if (remaining > 0) return null;
  for (const step of plan) {
    if (!(await debit({ tx, now }, holder, step))) {
      throw new Error("point balance changed under a row lock");
    }
  }
  return plan;
};

/**
 * Deletes the order's RESERVED rows and gives their points back to their scopes. Returns the points
 * given back and those spent for good on the order (FINALIZED), read by the same statement.
 */
const releaseReserved = async (
  tx: Tx,
  organizationId: string,
  orderId: string,
  now: Date,
): Promise<{ released: number; finalized: number }> => {
  const { released, finalized } = await releaseOrderHold(tx, organizationId, orderId);
  const back = new Map<string, { userId: string; scope: string; amount: number }>();
  for (const row of released) {
    const key = `${row.userId}\u0000${scopeOf(row.creatorId)}`;
    const entry = back.get(key) ?? { userId: row.userId, scope: scopeOf(row.creatorId), amount: 0 };
    entry.amount -= row.amount;
    back.set(key, entry);
  }
  let total = 0;
  for (const entry of back.values()) {
    if (entry.amount <= 0) continue;
    await credit(
      { tx, now },
      { organizationId, userId: entry.userId },
      { scope: entry.scope, amount: entry.amount },
    );
    total += entry.amount;
  }
  return { released: total, finalized };
};

/** Writes the negative PURCHASE rows of a spend plan for the order. */
const insertOrderSpend = async (
  tx: Tx,
  order: OrderRow & { userId: string },
  plan: { scope: string; amount: number }[],
  reservation: "RESERVED" | "FINALIZED",
  now: Date,
): Promise<void> => {
  if (plan.length === 0) return;
  await tx.insert(pointTransactions).values(
    plan.map((step) => ({
      organizationId: order.organizationId,
      userId: order.userId,
      creatorId: creatorOf(step.scope),
      amount: -step.amount,
      type: "PURCHASE" as const,
      orderId: order.id,
      reservation,
      createdAt: now,
    })),
  );
};

/** How a reservation treats points below those already spent for good on the order. */
export interface ReserveOrderPointsOptions {
  /** Refuses them (409 `invalid_state`): a checkout must keep applying the points spent for good. */
  refuseBelowFinalized?: boolean;
}

/**
 * Holds the order's points (`orders.points`) at checkout: replaces any existing reservation of the
 * order, and reserves only what is not already spent for good on it (FINALIZED). Scopes follow the
 * creator's `pointsAccepted`. Throws `invalid_state` (`refuseBelowFinalized`), `points_exceed_amount_due`
 * (more points than the amount due needs) or `insufficient_points` (the caller's transaction rolls
 * back, the released hold with it).
 */
export const reserveOrderPoints = async (
  { tx, now }: OrderPointsContext,
  scope: OrderRef | LockedOrder,
  options: ReserveOrderPointsOptions = {},
): Promise<{ reserved: number }> => {
  const order = await heldOrder(tx, scope);
  const { finalized } = await releaseReserved(tx, order.organizationId, order.id, now);
  if (options.refuseBelowFinalized && order.points < finalized)
    throw new AppError(
      "invalid_state",
      `${finalized} points are already spent for good on this order: checkout needs points of at least ${finalized}`,
      { context: { finalized, points: order.points } },
    );
  await assertPointsWithinAmountDue(tx, order, order.points);
  const needed = Math.max(0, order.points - finalized);
  if (needed === 0) return { reserved: 0 };
  if (!order.userId) throw new AppError("invalid_state", "Guest orders cannot be paid with points");
  const holder = { organizationId: order.organizationId, userId: order.userId };
  const scopes = await spendScopes(tx, order.organizationId, order.creatorId);
  const plan = await allocate(tx, holder, scopes, needed, now);
  if (!plan) {
    throw new AppError("insufficient_points", "Not enough points for this order", {
      context: { required: needed, spendable: await sumBalances(tx, holder, scopes) },
    });
  }
  await insertOrderSpend(tx, { ...order, userId: order.userId }, plan, "RESERVED", now);
  return { reserved: needed };
};

/**
 * Spends the order's points for good, all or nothing: the held points become FINALIZED, and points
 * no longer held (the hold was swept while a payment was pending) are taken from the balance again.
 * When the balance cannot cover them nothing is written and `complete` is false: a payment must then
 * not settle the order at its points-discounted amount. Idempotent.
 */
export const finalizeOrderPoints = async (
  { tx, now }: OrderPointsContext,
  scope: OrderRef | LockedOrder,
): Promise<{ finalized: number; complete: boolean }> => {
  const order = await heldOrder(tx, scope);
  const { reserved, finalized, covered } = await finalizeOrderHold(tx, order);
  if (covered) return { finalized: finalized + reserved, complete: true };
  const missing = order.points - reserved - finalized;
  if (!order.userId) return { finalized, complete: false };
  const holder = { organizationId: order.organizationId, userId: order.userId };
  const scopes = await spendScopes(tx, order.organizationId, order.creatorId);
  const plan = await allocate(tx, holder, scopes, missing, now);
  if (!plan) return { finalized, complete: false };
  await insertOrderSpend(tx, { ...order, userId: order.userId }, plan, "FINALIZED", now);
  // Covered now: the held points become FINALIZED too.
  await finalizeOrderHold(tx, order);
  return { finalized: finalized + reserved + missing, complete: true };
};

/**
 * Releases the order's held points back to the balance (deletes the RESERVED rows). Idempotent; a
 * no-op for a PAID (or later) order, whose points are never reverted.
 */
export const revertOrderPoints = async (
  { tx, now }: OrderPointsContext,
  ref: OrderRef,
): Promise<{ reverted: number }> => {
  const order = await lockOrder(tx, ref);
  if (isPaid(order.status)) return { reverted: 0 };
  return { reverted: (await releaseReserved(tx, order.organizationId, order.id, now)).released };
};

/**
 * The 24 h sweep: releases RESERVED points older than `olderThan` on orders that are still unpaid.
 * Without `organizationId` it sweeps every tenant, so it needs a connection outside tenant RLS.
 */
export const releaseStaleReservations = async (
  context: OrderPointsContext,
  input: { organizationId?: string | undefined; olderThan: Date },
): Promise<{ orders: number; points: number }> => {
  const { tx } = context;
  const stale = await tx
    .selectDistinct({ organizationId: pointTransactions.organizationId, orderId: orders.id })
    .from(pointTransactions)
    .innerJoin(
      orders,
      and(
        eq(orders.organizationId, pointTransactions.organizationId),
        eq(orders.id, pointTransactions.orderId),
      ),
    )
    .where(
      and(
        input.organizationId === undefined
          ? undefined
          : eq(pointTransactions.organizationId, input.organizationId),
        eq(pointTransactions.reservation, "RESERVED"),
        lt(pointTransactions.createdAt, input.olderThan),
        inArray(orders.status, [...UNPAID_ORDER_STATUSES]),
      ),
    );
  let points = 0;
  for (const { organizationId, orderId } of stale) {
    points += (await revertOrderPoints(context, { organizationId, orderId })).reverted;
  }
  return { orders: stale.length, points };
};

// ---------------------------------------------------------------------------------------------
// The buyer's order points endpoints.

const orderPointsView = async (tx: Tx, order: OrderRow): Promise<OrderPoints> => {
  const totals = await orderTotals(tx, order.organizationId, order.id);
  return { orderId: order.id, status: order.status, points: order.points, ...totals };
};

/** The user's own order, locked; another user's or another tenant's order is 404. */
const lockUserOrder = (tx: Tx, holder: Holder, orderId: string): Promise<OrderRow> =>
  lockOrder(tx, { organizationId: holder.organizationId, orderId, of: { userId: holder.userId } });

const wrongState = (order: OrderRow, action: string) =>
  new AppError("invalid_state", `Cannot ${action} on a ${order.status} order`, {
    context: { status: order.status },
  });

/** The points an order should apply (0 clears). */
export interface ApplyPointsToOrderInput {
  orderId: string;
  points: number;
}

/**
 * `POST /user/{id}/order/{orderId}/points`: sets the points an OPEN or PAYMENT_FAILED order applies
 * (0 clears) after checking the amount due needs them (422 `points_exceed_amount_due`) and they are
 * spendable for the order's creator (`pointsAccepted`); points
 * already held for this order count as spendable. They are reserved at checkout.
 */
export const applyPointsToOrder = async (
  { tx, now }: { tx: Tx; now: Date },
  holder: Holder,
  { orderId, points }: ApplyPointsToOrderInput,
): Promise<OrderPoints> => {
  const order = await lockUserOrder(tx, holder, orderId);
  assertNotPresaleOrder(order);
  if (!isOrderStatusIn(EDITABLE_ORDER_STATUSES, order.status)) throw wrongState(order, "change points");
  await assertPointsWithinAmountDue(tx, order, points);
  if (points > 0) {
    const scopes = await spendScopes(tx, order.organizationId, order.creatorId);
    const { reserved, finalized } = await orderTotals(tx, order.organizationId, order.id);
    const spendable = (await sumBalances(tx, holder, scopes)) + reserved + finalized;
    if (points > spendable) {
      throw new AppError("insufficient_points", "Not enough points for this order", {
        context: { requested: points, spendable },
      });
    }
  }
  const updated = await setOrderPoints(
    { tx, now },
    { organizationId: order.organizationId, orderId: order.id },
    points,
  );
  return orderPointsView(tx, updated ?? order);
};

/**
 * `PUT .../points/finalize`: after a successful payment (the order is PAYMENT_PENDING or paid).
 * Idempotent.
 */
export const finalizeUserOrderPoints = async (
  { tx, now }: { tx: Tx; now: Date },
  holder: Holder,
  orderId: string,
): Promise<OrderPoints> => {
  const order = await lockUserOrder(tx, holder, orderId);
  if (order.status !== "PAYMENT_PENDING" && !isPaid(order.status)) throw wrongState(order, "finalize points");
  await finalizeOrderPoints({ tx, now }, { organizationId: order.organizationId, orderId: order.id });
  return orderPointsView(tx, order);
};

/** Reverting asks payments whether a payment priced with the points is still settling. */
export interface RevertUserOrderPointsContext {
  tx: Tx;
  payments: Pick<OrderPaymentsPort, "hasSettlingPayment">;
  now: Date;
}

/**
 * `POST .../points/revert`: returns held points and clears the order's points, on an OPEN or
 * PAYMENT_FAILED order with no payment settling. Refused (409) for a paid order (`invalid_state`) and
 * while a payment is pending or settling (`payment_in_progress`): that payment was priced with the
 * points discount, so its points stay held until it succeeds or fails. Idempotent.
 */
export const revertUserOrderPoints = async (
  { tx, payments, now }: RevertUserOrderPointsContext,
  holder: Holder,
  orderId: string,
): Promise<OrderPoints> => {
  let order = await lockUserOrder(tx, holder, orderId);
  if (isPaid(order.status)) throw wrongState(order, "revert points");
  const ref = { organizationId: order.organizationId, orderId: order.id };
  if (order.status === "PAYMENT_PENDING" || (await payments.hasSettlingPayment(tx, ref)))
    throw new AppError(
      "payment_in_progress",
      "A payment priced with these points is pending; its points are returned if it fails",
      { context: { status: order.status } },
    );
  await revertOrderPoints({ tx, now }, ref);
  if (order.points !== 0) order = (await setOrderPoints({ tx, now }, ref, 0)) ?? order;
  return orderPointsView(tx, order);
};
