import { Column, is, SQL, sql, Table } from "drizzle-orm";
import { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { orders } from "./schema/index.ts";

/**
 * drizzle's `is` runs for every chunk of every query it builds; `patches/drizzle-orm@0.45.4.patch`
 * memoizes its answer per prototype. The answers must stay those of the class chain.
 */
describe("drizzle's entity check (patched to memoize)", () => {
  it("is the memoizing version", () => {
    expect(is.toString()).toContain("answersByPrototype");
  });

  it("answers by the class chain, the same on every call", () => {
    for (let call = 0; call < 3; call++) {
      expect(is(orders.id, Column)).toBe(true);
      expect(is(orders.id, PgColumn)).toBe(true);
      expect(is(orders.id, Table)).toBe(false);
      expect(is(orders, PgTable)).toBe(true);
      expect(is(orders, Column)).toBe(false);
      expect(is(sql`select 1`, SQL)).toBe(true);
      expect(is(sql`select 1`, Column)).toBe(false);
      expect(is({ plain: true }, SQL)).toBe(false);
      expect(is("text", SQL)).toBe(false);
      expect(is(null, SQL)).toBe(false);
    }
  });

  it("answers for an object made from an entity's prototype as for the entity", () => {
    const derived = Object.create(orders.id) as object;
    expect(is(derived, Column)).toBe(true);
    expect(is(derived, Table)).toBe(false);
  });

  it("still refuses a type that is not a drizzle entity", () => {
    class NotAnEntity {}
    expect(() => is({}, NotAnEntity as never)).toThrow(/doesn't look like a Drizzle entity/);
  });
});
