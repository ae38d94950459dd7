import { AppError, defineStateMachine } from "@tally/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";
import { orderStatuses, orders, organizations, shippingStatuses } from "./schema/index.ts";
import { stateMachineTable } from "./state-machine.ts";

/** A cut-down order machine: enough moves to exercise every way a transition applies or refuses. */
const MACHINE = defineStateMachine({
  name: "order",
  table: "orders",
  states: orderStatuses,
  initial: ["OPEN"],
  moves: {
    pay: { from: ["OPEN", "PAYMENT_PENDING"], to: "PAID" },
    fulfil: { from: ["PAID", "SHIPPED"], to: ["SHIPPED", "DELIVERED"] },
  },
});
const ROWS = stateMachineTable(MACHINE, orders);

/** A second machine on the same table, over another column. */
const SHIPPING = defineStateMachine({
  name: "shipping",
  table: "orders",
  column: "shipping_status",
  states: shippingStatuses,
  initial: ["PENDING"],
  moves: { ship: { from: ["PENDING"], to: "SHIPPED" } },
});
const SHIPPING_ROWS = stateMachineTable(SHIPPING, orders);

/** A machine over a nullable column: a row enters it when the column is first set. */
const METHOD = defineStateMachine({
  name: "payment method",
  table: "orders",
  column: "payment_method",
  states: ["CARD", "X402"],
  initial: ["CARD"],
  moves: { switch: { from: ["CARD"], to: "X402" } },
});
const METHOD_ROWS = stateMachineTable(METHOD, orders);

let database: Database;
const organizationId = `sm${Date.now().toString(36)}`;
const t0 = new Date("2030-01-01T00:00:00.000Z");
const t1 = new Date("2030-01-02T00:00:00.000Z");

beforeAll(async () => {
  database = await openDatabase({
    url: process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined,
  });
  await migrateDatabase(database);
  await database.db
    .insert(organizations)
    .values({ id: organizationId, name: "SM", subscriptionTierId: "builder" });
});

afterAll(async () => {
  await database?.close();
});

const newOrder = async (id: string) => {
  await database.db
    .insert(orders)
    .values(ROWS.initialRow("OPEN", { organizationId, id, createdAt: t0, updatedAt: t0 }));
  return { organizationId, id };
};

const thrown = async (promise: Promise<unknown>): Promise<AppError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
};

describe("stateMachineTable", () => {
  it("moves a row once, stamping the context's clock; a second try finds it moved", async () => {
    const ref = await newOrder("o1");
    await database.db.transaction(async (tx) => {
      const paid = await ROWS.tryTransition({ tx, now: t1 }, ref, { move: "pay", set: { amountPaid: 500 } });
      expect(paid).toMatchObject({ status: "PAID", amountPaid: 500, updatedAt: t1 });
      expect(await ROWS.tryTransition({ tx, now: t1 }, ref, { move: "pay" })).toBeUndefined();
    });
  });

  it("answers 409 invalid_state naming the current state, and 404 for a row that is not there", async () => {
    const ref = await newOrder("o2");
    await database.db.transaction(async (tx) => {
      const error = await thrown(ROWS.transition({ tx, now: t1 }, ref, { move: "fulfil", to: "SHIPPED" }));
      expect(error).toMatchObject({ code: "invalid_state", status: 409 });
      expect(error.message).toBe("Cannot fulfil the order: it is OPEN, and fulfil needs PAID or SHIPPED");
      expect(error.context).toEqual({ currentStatus: "OPEN", allowedFrom: ["PAID", "SHIPPED"] });
      const missing = await thrown(
        ROWS.transition({ tx, now: t1 }, { organizationId, id: "nope" }, { move: "pay" }),
      );
      expect(missing).toMatchObject({ code: "not_found", status: 404 });
    });
  });

  it("lands a move with several targets where the caller says, narrows its start, and guards an edit", async () => {
    const ref = await newOrder("o3");
    await database.db.transaction(async (tx) => {
      const context = { tx, now: t1 };
      expect(
        await ROWS.tryTransition(context, ref, { move: "pay", from: ["PAYMENT_PENDING"] }),
      ).toBeUndefined();
      await ROWS.transition(context, ref, { move: "pay" });
      await expect(ROWS.tryTransition(context, ref, { move: "fulfil" })).rejects.toThrow(
        "order fulfil lands in one of SHIPPED, DELIVERED",
      );
      await expect(ROWS.tryTransition(context, ref, { move: "pay", from: ["PAID"] })).rejects.toThrow(
        "order pay does not start from PAID",
      );
      expect(await ROWS.transition(context, ref, { move: "fulfil", to: "DELIVERED" })).toMatchObject({
        status: "DELIVERED",
      });
      expect(await ROWS.updateWhile(context, ref, { while: ["OPEN"], set: { points: 5 } })).toBeUndefined();
      expect(
        await ROWS.updateWhile(context, ref, { while: ["DELIVERED"], set: { points: 5 } }),
      ).toMatchObject({
        status: "DELIVERED",
        points: 5,
      });
      const [row] = await tx.select().from(orders).where(eq(orders.id, "o3"));
      expect(row?.status).toBe("DELIVERED");
    });
  });

  it("writes the same values whether its update is prepared or built per call", async () => {
    const ref = await newOrder("o4");
    await database.db.transaction(async (tx) => {
      const context = { tx, now: t1 };
      const address = {
        line1: "1 Main St",
        city: "Paris",
        state: "IDF",
        postalCode: "75001",
        countryCode: "FR",
      };
      // Prepared (plain values): a date, a JSON value, and nulls of a timestamp and a JSON column.
      const paid = await ROWS.tryTransition(context, ref, {
        move: "pay",
        set: { paidAt: t0, shippingAddress: address, amountPaid: 700 },
      });
      expect(paid).toMatchObject({ paidAt: t0, shippingAddress: address, amountPaid: 700 });
      const cleared = await ROWS.updateWhile(context, ref, {
        while: ["PAID"],
        set: { paidAt: null, shippingAddress: null },
      });
      expect(cleared).toMatchObject({ paidAt: null, shippingAddress: null, amountPaid: 700 });
      // The same shape again binds new values into the statement it prepared.
      const again = await ROWS.updateWhile(context, ref, {
        while: ["PAID"],
        set: { paidAt: t1, shippingAddress: address },
      });
      expect(again).toMatchObject({ paidAt: t1, shippingAddress: address });
      // Built per call: an SQL expression, and a further condition.
      const added = await ROWS.updateWhile(context, ref, {
        while: ["PAID"],
        set: { amountPaid: sql`${orders.amountPaid} + 1` },
      });
      expect(added?.amountPaid).toBe(701);
      expect(
        await ROWS.updateWhile(context, ref, {
          while: ["PAID"],
          set: { points: 3 },
          where: eq(orders.points, 99),
        }),
      ).toBeUndefined();
      const [row] = await tx.select().from(orders).where(eq(orders.id, "o4"));
      expect(row).toMatchObject({
        status: "PAID",
        paidAt: t1,
        shippingAddress: address,
        amountPaid: 701,
        points: 0,
      });
    });
  });

  it("moves the column its machine names, leaving the other machine's", async () => {
    const ref = await newOrder("o5");
    await database.db.transaction(async (tx) => {
      const context = { tx, now: t1 };
      expect(await SHIPPING_ROWS.tryTransition(context, ref, { move: "ship" })).toMatchObject({
        status: "OPEN",
        shippingStatus: "SHIPPED",
        updatedAt: t1,
      });
      expect(await SHIPPING_ROWS.tryTransition(context, ref, { move: "ship" })).toBeUndefined();
      const error = await thrown(SHIPPING_ROWS.transition(context, ref, { move: "ship" }));
      expect(error.context).toEqual({ currentStatus: "SHIPPED", allowedFrom: ["PENDING"] });
    });
    expect(SHIPPING_ROWS.initialRow("PENDING", { organizationId, id: "o6" })).toEqual({
      organizationId,
      id: "o6",
      shippingStatus: "PENDING",
    });
    expect(() => stateMachineTable({ ...SHIPPING, column: "nope" }, orders)).toThrow("orders has no nope");
  });

  it("enters a nullable column's machine once, in an initial state", async () => {
    const ref = await newOrder("o7");
    await database.db.transaction(async (tx) => {
      const context = { tx, now: t1 };
      await expect(METHOD_ROWS.enter(context, ref, { to: "X402" })).rejects.toThrow(
        "No payment method is created X402",
      );
      expect(await METHOD_ROWS.enter(context, ref, { to: "CARD", set: { points: 3 } })).toMatchObject({
        paymentMethod: "CARD",
        points: 3,
      });
      expect(await METHOD_ROWS.enter(context, ref, { to: "CARD" })).toBeUndefined();
      expect(await METHOD_ROWS.tryTransition(context, ref, { move: "switch" })).toMatchObject({
        paymentMethod: "X402",
      });
    });
    await expect(
      database.db.transaction((tx) =>
        ROWS.enter({ tx, now: t1 }, { organizationId, id: "o7" }, { to: "OPEN" }),
      ),
    ).rejects.toThrow("orders.status is never null");
  });

  it("edits every row matching a condition while in the given states, stamping updatedAt unless told not to", async () => {
    const first = await newOrder("o8");
    const second = await newOrder("o9");
    await database.db.transaction(async (tx) => {
      await ROWS.tryTransition({ tx, now: t1 }, second, { move: "pay" });
      const both = eq(orders.organizationId, organizationId);
      const edited = await ROWS.updateWhileWhere({ tx, now: t1 }, both, {
        while: ["OPEN"],
        set: { points: 7 },
        where: eq(orders.id, first.id),
      });
      expect(edited).toEqual([expect.objectContaining({ id: "o8", points: 7, updatedAt: t1 })]);
      const later = new Date("2030-01-03T00:00:00.000Z");
      expect(
        await ROWS.updateWhile({ tx, now: later }, second, {
          while: ["PAID"],
          set: { points: 4 },
          touch: false,
        }),
      ).toMatchObject({ points: 4, updatedAt: t1 });
    });
  });

  it("creates rows only in an initial state", () => {
    expect(() => ROWS.initialRow("PAID", { organizationId, id: "o4" })).toThrow("No order is created PAID");
  });
});
