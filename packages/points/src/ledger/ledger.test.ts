import { AppError, newId } from "@tally/core";
import {
  creators,
  type Database,
  orderItems,
  orders,
  pointBalances,
  pointTransactions,
  type Tx,
  withTenant,
} from "@tally/db";
import { openTestDatabase } from "@tally/testing";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_SCOPE } from "./balances.ts";
import { recordApiTransaction } from "./ledger.ts";
import {
  applyPointsToOrder,
  finalizeOrderPoints,
  finalizeUserOrderPoints,
  releaseStaleReservations,
  reserveOrderPoints,
  revertOrderPoints,
  revertUserOrderPoints,
} from "./order-points.ts";

/** One $1,000,000 item: the order's amount due never caps the points these tests apply. */
const bigItem = (organizationId: string, orderId: string) => ({
  organizationId,
  orderId,
  productId: newId(),
  productName: "Item",
  productSlug: "item",
  quantity: 1,
  price: 100_000_000,
});

/**
 * Model-based property test of the points ledger: random sequences of earn / spend / apply points to
 * an order / checkout (reserve) / pay (finalize) / payment failure (revert) / client finalize and
 * revert / clock advance + stale sweep run the real service functions on a migrated database, and
 * after every step the database is compared with a small model:
 * - every scope's balance equals the model's and is never negative;
 * - the user's total balance equals the sum of the user's ledger transactions;
 * - every reservation ends at most once: a RESERVED row becomes FINALIZED or disappears (reverted),
 *   a FINALIZED row never changes again, and a reverted row never comes back;
 * - the points discount of every paid order equals the points finalized for it: a client revert is
 *   refused while a payment is pending, and a payment whose swept points can no longer be re-spent
 *   does not pay the order.
 */

const SEED = Number(process.env.FC_SEED ?? 424242);
const RUNS = Number(process.env.FC_RUNS ?? 30);
const HOUR = 3_600_000;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

type Status = "OPEN" | "PAYMENT_PENDING" | "PAYMENT_FAILED" | "PAID";
type ScopeName = "org" | "self" | "all";
const ORDER_SCOPES = ["self", "all", "org"] as const;

type Command =
  | { kind: "earn"; scope: ScopeName; amount: number }
  | { kind: "spend"; scope: ScopeName; amount: number }
  | { kind: "setPoints"; order: number; points: number }
  | { kind: "checkout"; order: number; points: number | null }
  | { kind: "pay"; order: number }
  | { kind: "fail"; order: number }
  | { kind: "clientFinalize"; order: number }
  | { kind: "clientRevert"; order: number }
  | { kind: "advance"; hours: number }
  | { kind: "sweep" };

const scopeArb = fc.constantFrom<ScopeName>("org", "self", "all");
const orderArb = fc.integer({ min: 0, max: ORDER_SCOPES.length - 1 });
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("earn"),
      scope: scopeArb,
      amount: fc.integer({ min: 1, max: 60 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("spend"),
      scope: scopeArb,
      amount: fc.integer({ min: 1, max: 30 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("setPoints"),
      order: orderArb,
      points: fc.integer({ min: 0, max: 40 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("checkout"),
      order: orderArb,
      points: fc.option(fc.integer({ min: 0, max: 40 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("pay"), order: orderArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("fail"), order: orderArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("clientFinalize"), order: orderArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("clientRevert"), order: orderArb }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("advance"), hours: fc.integer({ min: 1, max: 30 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("sweep") }) },
);

interface ModelOrder {
  id: string;
  scopes: string[];
  status: Status;
  points: number;
  /** Held points per scope, with the time they were held. */
  reserved: Map<string, number>;
  reservedAt: number | null;
  finalized: number;
}

interface Model {
  balances: Map<string, number>;
  orders: ModelOrder[];
  now: number;
}

const noEvents = { publish: async () => ["job"] };
/** This model pays orders directly: no payment rail ever holds one of its orders settling. */
const noPaymentSettles = { hasSettlingPayment: async () => false };

const stats = { reserved: 0, released: 0, finalized: 0, paid: 0, refused: 0 };

const codeOf = async (run: () => Promise<unknown>): Promise<string | null> => {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe("points ledger (fast-check, model-based)", () => {
  it("keeps balance = sum of transactions, never negative, and ends each reservation at most once", async () => {
    console.info(`points ledger property: seed ${SEED}, runs ${RUNS} (FC_SEED / FC_RUNS to change)`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArb, { minLength: 5, maxLength: 60, size: "max" }),
        async (commands) => {
          const organizationId = newId();
          const userId = newId();
          const selfCreator = newId();
          const allCreator = newId();
          const tenant = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(database.db, organizationId, fn);
          const scopeIds: Record<ScopeName, string> = {
            org: ORGANIZATION_SCOPE,
            self: selfCreator,
            all: allCreator,
          };
          const model: Model = { balances: new Map(), orders: [], now: Date.parse("2026-01-01T00:00:00Z") };
          await tenant(async (tx) => {
            await tx.insert(creators).values([
              {
                organizationId,
                id: selfCreator,
                slug: `self-${selfCreator}`,
                displayName: `Self ${selfCreator}`,
                pointsAccepted: "SELF",
              },
              {
                organizationId,
                id: allCreator,
                slug: `all-${allCreator}`,
                displayName: `All ${allCreator}`,
                pointsAccepted: "ALL",
              },
            ]);
          });
          // Three order slots of one user (one per creator kind: SELF, ALL, none), each holding an order
          // started PAYMENT_FAILED so the one-OPEN-order index does not get in the way (PAYMENT_FAILED is
          // editable like OPEN). A slot whose order is PAID gets a new order when points are applied.
          const allOrders: ModelOrder[] = [];
          const openOrder = async (slot: number) => {
            const kind = ORDER_SCOPES[slot]!;
            const id = newId();
            const creatorId = kind === "org" ? null : scopeIds[kind];
            await tenant(async (tx) => {
              await tx
                .insert(orders)
                .values({ organizationId, id, userId, creatorId, status: "PAYMENT_FAILED" });
              await tx.insert(orderItems).values(bigItem(organizationId, id));
            });
            const order: ModelOrder = {
              id,
              scopes:
                kind === "self"
                  ? [selfCreator]
                  : kind === "all"
                    ? [allCreator, ORGANIZATION_SCOPE]
                    : [ORGANIZATION_SCOPE],
              status: "PAYMENT_FAILED",
              points: 0,
              reserved: new Map(),
              reservedAt: null,
              finalized: 0,
            };
            model.orders[slot] = order;
            allOrders.push(order);
          };
          for (let slot = 0; slot < ORDER_SCOPES.length; slot += 1) await openOrder(slot);

          const balance = (scope: string) => model.balances.get(scope) ?? 0;
          const add = (scope: string, amount: number) => model.balances.set(scope, balance(scope) + amount);
          const heldOf = (order: ModelOrder) => [...order.reserved.values()].reduce((a, b) => a + b, 0);
          const release = (order: ModelOrder) => {
            if (order.reserved.size > 0) stats.released += 1;
            for (const [scope, amount] of order.reserved) add(scope, amount);
            order.reserved.clear();
            order.reservedAt = null;
          };
          /** All-or-nothing spend over the order's scopes, in order; the plan or null. */
          const allocate = (order: ModelOrder, points: number): Map<string, number> | null => {
            const plan = new Map<string, number>();
            let remaining = points;
            for (const scope of order.scopes) {
              const take = Math.min(balance(scope), remaining);
              if (take > 0) plan.set(scope, take);
              remaining -= take;
            }
            if (remaining > 0) return null;
            for (const [scope, amount] of plan) add(scope, -amount);
            return plan;
          };
          const editable = (order: ModelOrder) =>
            order.status === "OPEN" || order.status === "PAYMENT_FAILED";
          /** All or nothing: false (nothing changed) when the points no longer held cannot be re-spent. */
          const finalizeModel = (order: ModelOrder): boolean => {
            const missing = order.points - heldOf(order) - order.finalized;
            if (missing > 0 && !allocate(order, missing)) return false;
            if (order.reserved.size > 0) stats.finalized += 1;
            order.finalized += heldOf(order) + Math.max(0, missing);
            order.reserved.clear();
            order.reservedAt = null;
            return true;
          };
          const setStatus = (tx: Tx, order: ModelOrder, status: Status) =>
            tx
              .update(orders)
              .set({ status })
              .where(and(eq(orders.organizationId, organizationId), eq(orders.id, order.id)));

          /** `POST .../points` on the slot's order (a new order when it is paid). */
          const applyPoints = async (slot: number, points: number, now: Date) => {
            if (model.orders[slot]!.status === "PAID") await openOrder(slot);
            const order = model.orders[slot]!;
            const code = await codeOf(() =>
              tenant((tx) =>
                applyPointsToOrder({ tx, now }, { organizationId, userId }, { orderId: order.id, points }),
              ),
            );
            const spendable =
              order.scopes.reduce((sum, scope) => sum + balance(scope), 0) + heldOf(order) + order.finalized;
            if (!editable(order)) expect(code).toBe("invalid_state");
            else if (points > 0 && points > spendable) expect(code).toBe("insufficient_points");
            else {
              expect(code).toBeNull();
              order.points = points;
            }
          };

          /** Reservation rows seen so far: id -> last state ("GONE" once deleted). */
          const seen = new Map<number, "RESERVED" | "FINALIZED" | "GONE">();

          for (const command of commands) {
            const now = new Date(model.now);
            const holder = { organizationId, userId };
            switch (command.kind) {
              case "earn":
              case "spend": {
                const scope = scopeIds[command.scope];
                const amount = command.kind === "earn" ? command.amount : -command.amount;
                const code = await codeOf(() =>
                  tenant((tx) =>
                    recordApiTransaction(
                      { tx, now, events: noEvents },
                      {
                        ...holder,
                        amount,
                        creatorId: scope === ORGANIZATION_SCOPE ? undefined : scope,
                      },
                    ),
                  ),
                );
                if (amount > 0 || balance(scope) >= -amount) {
                  expect(code).toBeNull();
                  add(scope, amount);
                } else {
                  expect(code).toBe("insufficient_points");
                }
                break;
              }
              case "setPoints":
                await applyPoints(command.order, command.points, now);
                break;
              case "checkout": {
                // What the card checkout does (its body may carry points): reserve the order's points,
                // then PAYMENT_PENDING.
                if (command.points !== null) await applyPoints(command.order, command.points, now);
                const order = model.orders[command.order]!;
                if (!editable(order)) break;
                const code = await codeOf(() =>
                  tenant(async (tx) => {
                    await reserveOrderPoints({ tx, now }, { organizationId, orderId: order.id });
                    await setStatus(tx, order, "PAYMENT_PENDING");
                  }),
                );
                const snapshot = new Map(model.balances);
                const previous = new Map(order.reserved);
                const previousAt = order.reservedAt;
                release(order);
                const needed = Math.max(0, order.points - order.finalized);
                const plan = needed === 0 ? new Map<string, number>() : allocate(order, needed);
                if (plan) {
                  expect(code).toBeNull();
                  order.reserved = plan;
                  if (plan.size > 0) stats.reserved += 1;
                  order.reservedAt = plan.size > 0 ? model.now : null;
                  order.status = "PAYMENT_PENDING";
                } else {
                  expect(code).toBe("insufficient_points");
                  model.balances = snapshot; // the transaction rolled back
                  order.reserved = previous;
                  order.reservedAt = previousAt;
                }
                break;
              }
              case "pay": {
                // markOrderPaid: the points are spent for good first; a payment whose points can no
                // longer be spent is refused (a payment exception) and the order stays unpaid.
                const order = model.orders[command.order]!;
                if (order.status !== "PAYMENT_PENDING") break;
                const complete = await tenant(async (tx) => {
                  const spent = await finalizeOrderPoints({ tx, now }, { organizationId, orderId: order.id });
                  if (spent.complete) await setStatus(tx, order, "PAID");
                  return spent.complete;
                });
                expect(complete).toBe(finalizeModel(order));
                if (complete) {
                  order.status = "PAID";
                  stats.paid += 1;
                } else stats.refused += 1;
                break;
              }
              case "fail": {
                // markOrderPaymentFailed: PAYMENT_FAILED, then revert.
                const order = model.orders[command.order]!;
                if (order.status !== "PAYMENT_PENDING") break;
                await tenant(async (tx) => {
                  await setStatus(tx, order, "PAYMENT_FAILED");
                  await revertOrderPoints({ tx, now }, { organizationId, orderId: order.id });
                });
                order.status = "PAYMENT_FAILED";
                release(order);
                break;
              }
              case "clientFinalize": {
                const order = model.orders[command.order]!;
                const code = await codeOf(() =>
                  tenant((tx) => finalizeUserOrderPoints({ tx, now }, holder, order.id)),
                );
                if (order.status === "PAYMENT_PENDING" || order.status === "PAID") {
                  expect(code).toBeNull();
                  finalizeModel(order);
                } else {
                  expect(code).toBe("invalid_state");
                }
                break;
              }
              case "clientRevert": {
                const order = model.orders[command.order]!;
                const code = await codeOf(() =>
                  tenant((tx) =>
                    revertUserOrderPoints({ tx, payments: noPaymentSettles, now }, holder, order.id),
                  ),
                );
                if (order.status === "PAID") {
                  expect(code).toBe("invalid_state");
                } else if (order.status === "PAYMENT_PENDING") {
                  // The pending payment was priced with these points: they stay held.
                  expect(code).toBe("payment_in_progress");
                } else {
                  expect(code).toBeNull();
                  release(order);
                  order.points = 0;
                }
                break;
              }
              case "advance":
                model.now += command.hours * HOUR;
                break;
              case "sweep": {
                const olderThan = model.now - 24 * HOUR;
                await tenant((tx) =>
                  releaseStaleReservations({ tx, now }, { organizationId, olderThan: new Date(olderThan) }),
                );
                for (const order of allOrders) {
                  if (order.status !== "PAID" && order.reservedAt !== null && order.reservedAt < olderThan) {
                    release(order);
                  }
                }
                break;
              }
            }

            // Compare the database with the model.
            await tenant(async (tx) => {
              const balances = await tx
                .select()
                .from(pointBalances)
                .where(
                  and(eq(pointBalances.organizationId, organizationId), eq(pointBalances.userId, userId)),
                );
              for (const row of balances) {
                expect(row.balance).toBeGreaterThanOrEqual(0);
                expect(row.balance, `scope '${row.scope}' after ${JSON.stringify(command)}`).toBe(
                  balance(row.scope),
                );
              }
              for (const [scope, amount] of model.balances) {
                if (amount !== 0) expect(balances.some((row) => row.scope === scope)).toBe(true);
              }
              const rows = await tx
                .select()
                .from(pointTransactions)
                .where(
                  and(
                    eq(pointTransactions.organizationId, organizationId),
                    eq(pointTransactions.userId, userId),
                  ),
                );
              const ledgerSum = rows.reduce((sum, row) => sum + row.amount, 0);
              const balanceSum = balances.reduce((sum, row) => sum + row.balance, 0);
              expect(balanceSum).toBe(ledgerSum);

              const present = new Map(
                rows.filter((row) => row.reservation).map((row) => [row.id, row.reservation!]),
              );
              for (const [id, state] of present) {
                const before = seen.get(id);
                expect(before, `reservation row ${id} came back after a revert`).not.toBe("GONE");
                if (before === "FINALIZED") expect(state).toBe("FINALIZED");
                seen.set(id, state);
              }
              for (const [id, state] of seen) {
                if (!present.has(id)) {
                  expect(state, `finalized row ${id} disappeared`).not.toBe("FINALIZED");
                  seen.set(id, "GONE");
                }
              }
              for (const order of allOrders) {
                const held = rows
                  .filter((row) => row.orderId === order.id && row.reservation === "RESERVED")
                  .reduce((sum, row) => sum - row.amount, 0);
                const spent = rows
                  .filter((row) => row.orderId === order.id && row.reservation === "FINALIZED")
                  .reduce((sum, row) => sum - row.amount, 0);
                expect(held).toBe(heldOf(order));
                expect(spent).toBe(order.finalized);
                // The invariant: a paid order's points discount is exactly the points it spent.
                if (order.status === "PAID") {
                  const [row] = await tx
                    .select({ points: orders.points })
                    .from(orders)
                    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, order.id)));
                  expect(spent, `paid order ${order.id}: discount ${row?.points}, spent ${spent}`).toBe(
                    row?.points,
                  );
                }
              }
            });
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.info(`points ledger property: ${JSON.stringify(stats)}`);
    expect(stats.reserved).toBeGreaterThan(RUNS);
    expect(stats.paid).toBeGreaterThan(RUNS / 2);
  }, 240_000);
});

describe("spending an order's points for its payment", () => {
  it("re-spends swept points when the balance allows, and writes nothing when it no longer does", async () => {
    const organizationId = newId();
    const userId = newId();
    const holder = { organizationId, userId };
    const tenant = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(database.db, organizationId, fn);
    const start = Date.parse("2026-01-01T00:00:00Z");
    const at = (hours: number) => new Date(start + hours * HOUR);
    const pendingOrder = async (points: number, now: Date) => {
      const id = newId();
      await tenant(async (tx) => {
        await tx.insert(orders).values({ organizationId, id, userId, status: "PAYMENT_FAILED" });
        await tx.insert(orderItems).values(bigItem(organizationId, id));
        await applyPointsToOrder({ tx, now }, holder, { orderId: id, points });
        await reserveOrderPoints({ tx, now }, { organizationId, orderId: id });
        await tx.update(orders).set({ status: "PAYMENT_PENDING" }).where(eq(orders.id, id));
      });
      return id;
    };
    const spentOn = (orderId: string) =>
      tenant(async (tx) => {
        const rows = await tx.select().from(pointTransactions).where(eq(pointTransactions.orderId, orderId));
        return rows
          .filter((row) => row.reservation === "FINALIZED")
          .reduce((sum, row) => sum - row.amount, 0);
      });
    const balance = () =>
      tenant(async (tx) => {
        const rows = await tx.select().from(pointBalances).where(eq(pointBalances.userId, userId));
        return rows.reduce((sum, row) => sum + row.balance, 0);
      });

    await tenant((tx) =>
      recordApiTransaction({ tx, now: at(0), events: noEvents }, { ...holder, amount: 100 }),
    );
    const first = await pendingOrder(100, at(0));
    // The hold is swept after 24 h while the payment is still pending; the points come back.
    await tenant((tx) =>
      releaseStaleReservations({ tx, now: at(25) }, { organizationId, olderThan: at(24) }),
    );
    expect(await balance()).toBe(100);
    const respent = await tenant((tx) =>
      finalizeOrderPoints({ tx, now: at(26) }, { organizationId, orderId: first }),
    );
    expect(respent).toEqual({ finalized: 100, complete: true });
    expect(await spentOn(first)).toBe(100);
    expect(await balance()).toBe(0);

    await tenant((tx) =>
      recordApiTransaction({ tx, now: at(30), events: noEvents }, { ...holder, amount: 100 }),
    );
    const second = await pendingOrder(100, at(30));
    await tenant((tx) =>
      releaseStaleReservations({ tx, now: at(61) }, { organizationId, olderThan: at(60) }),
    );
    // Spent elsewhere meanwhile: the late payment's points cannot be spent, and nothing is written.
    await tenant((tx) =>
      recordApiTransaction({ tx, now: at(62), events: noEvents }, { ...holder, amount: -60 }),
    );
    const refused = await tenant((tx) =>
      finalizeOrderPoints({ tx, now: at(63) }, { organizationId, orderId: second }),
    );
    expect(refused).toEqual({ finalized: 0, complete: false });
    expect(await spentOn(second)).toBe(0);
    expect(await balance()).toBe(40);
  });
});
