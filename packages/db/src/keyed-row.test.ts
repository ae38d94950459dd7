import { AppError } from "@tally/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";
import { rowFinder } from "./keyed-row.ts";
import { migrateDatabase } from "./migrate.ts";
import { orders, organizations } from "./schema/index.ts";

const findOrder = rowFinder(orders, "Order");

let database: Database;
const organizationId = `kr${Date.now().toString(36)}`;
const otherOrganization = `${organizationId}x`;

beforeAll(async () => {
  database = await openDatabase({
    url: process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined,
  });
  await migrateDatabase(database);
  await database.db.insert(organizations).values([
    { id: organizationId, name: "KR", subscriptionTierId: "builder" },
    { id: otherOrganization, name: "KR2", subscriptionTierId: "builder" },
  ]);
  await database.db.insert(orders).values([
    { organizationId, id: "mine", userId: "u1" },
    { organizationId, id: "guest", userId: null },
  ]);
});

afterAll(async () => {
  await database?.close();
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).message };
};

const notFound = { code: "not_found", message: "Order not found" };

describe("rowFinder", () => {
  it("answers the tenant's row, with or without the lock", async () => {
    const key = { organizationId, id: "mine" };
    expect((await findOrder(database.db, key)).userId).toBe("u1");
    const locked = await database.db.transaction((tx) => findOrder(tx, key, { lock: true }));
    expect(locked.id).toBe("mine");
  });

  it("is 404 naming the row for a missing id and for another tenant's row", async () => {
    expect(await refusal(findOrder(database.db, { organizationId, id: "none" }))).toEqual(notFound);
    expect(await refusal(findOrder(database.db, { organizationId: otherOrganization, id: "mine" }))).toEqual(
      notFound,
    );
    expect({ code: findOrder.notFound().code, message: findOrder.notFound().message }).toEqual(notFound);
  });

  it("finds a row of the owner `of` names only, null matching a row without one", async () => {
    const mine = { organizationId, id: "mine" };
    expect((await findOrder(database.db, { ...mine, of: { userId: "u1" } })).id).toBe("mine");
    expect(await refusal(findOrder(database.db, { ...mine, of: { userId: "u2" } }))).toEqual(notFound);
    expect(await refusal(findOrder(database.db, { ...mine, of: { userId: null } }))).toEqual(notFound);
    expect((await findOrder(database.db, { organizationId, id: "guest", of: { userId: null } })).id).toBe(
      "guest",
    );
  });

  it("refuses to match an owner column given no value, rather than widening the search", async () => {
    await expect(
      findOrder(database.db, { organizationId, id: "mine", of: { userId: undefined } }),
    ).rejects.toThrow("orders: cannot match userId = undefined");
  });
});
