import { describe, expect, it } from "vitest";
import { z } from "zod";
import { coerceParams, shapeOf } from "./coerce.ts";

const schema = z.strictObject({
  limit: z.number().int().min(1).max(100).default(20),
  ratio: z.number().optional(),
  active: z.boolean().default(false),
  maybe: z.boolean().nullable().optional(),
  big: z.bigint().optional(),
  ids: z.array(z.string()).optional(),
  counts: z.array(z.number().int()).optional(),
  flags: z.array(z.boolean()).optional(),
  name: z.string().optional(),
  digits: z.string().transform(Number).optional(),
});

/** Coerces and validates, as the REST adapter does for a query string. */
const parse = (params: Record<string, string | string[]>) => schema.safeParse(coerceParams(schema, params));

/** The fields zod rejects after coercion. */
const rejected = (params: Record<string, string | string[]>) => {
  const result = parse(params);
  expect(result.success, JSON.stringify(params)).toBe(false);
  return (result.error?.issues ?? []).map((issue) => issue.path.join("."));
};

describe("coerceParams", () => {
  it("turns decimal text into numbers", () => {
    expect(coerceParams(schema, { limit: "5", ratio: "2.5" })).toEqual({ limit: 5, ratio: 2.5 });
    expect(coerceParams(schema, { ratio: "-3" })).toEqual({ ratio: -3 });
    expect(coerceParams(schema, { ratio: "+4" })).toEqual({ ratio: 4 });
    expect(coerceParams(schema, { ratio: "1e3" })).toEqual({ ratio: 1000 });
    expect(coerceParams(schema, { ratio: " 7 " })).toEqual({ ratio: 7 });
    expect(parse({ limit: "100" }).data?.limit).toBe(100);
  });

  it("leaves text that is not a decimal number for zod to reject", () => {
    for (const value of [
      "abc",
      "",
      " ",
      "0x10",
      "0b11",
      "0o7",
      "Infinity",
      "-Infinity",
      "NaN",
      "1_000",
      "1,5",
      ".5",
      "5.",
      "1e",
    ]) {
      expect(coerceParams(schema, { ratio: value }), value).toEqual({ ratio: value });
      expect(rejected({ ratio: value }), value).toEqual(["ratio"]);
    }
  });

  it("keeps numbers that do not fit the schema for zod to reject", () => {
    expect(rejected({ limit: "0" })).toEqual(["limit"]);
    expect(rejected({ limit: "101" })).toEqual(["limit"]);
    expect(rejected({ limit: "2.5" })).toEqual(["limit"]);
    expect(rejected({ limit: "1e400" })).toEqual(["limit"]);
  });

  it("turns exactly true and false into booleans", () => {
    expect(coerceParams(schema, { active: "true", maybe: "false" })).toEqual({ active: true, maybe: false });
    for (const value of ["TRUE", "False", "1", "0", "yes", "on", ""]) {
      expect(coerceParams(schema, { active: value }), value).toEqual({ active: value });
      expect(rejected({ active: value }), value).toEqual(["active"]);
    }
  });

  it("builds arrays from repeated keys or a comma list, coercing each element", () => {
    expect(coerceParams(schema, { ids: ["a", "b"] })).toEqual({ ids: ["a", "b"] });
    expect(coerceParams(schema, { ids: "a,b,c" })).toEqual({ ids: ["a", "b", "c"] });
    expect(coerceParams(schema, { ids: "one" })).toEqual({ ids: ["one"] });
    expect(coerceParams(schema, { counts: "1,2,3" })).toEqual({ counts: [1, 2, 3] });
    expect(coerceParams(schema, { flags: ["true", "false"] })).toEqual({ flags: [true, false] });
    expect(rejected({ counts: "1,x,3" })).toEqual(["counts.1"]);
    expect(rejected({ flags: "true,maybe" })).toEqual(["flags.1"]);
  });

  it("takes the last value of a repeated scalar", () => {
    expect(coerceParams(schema, { limit: ["1", "2"] })).toEqual({ limit: 2 });
  });

  it("converts integers to bigint and leaves anything else", () => {
    expect(coerceParams(schema, { big: "-12345678901234567890" })).toEqual({ big: -12345678901234567890n });
    expect(coerceParams(schema, { big: "12.5" })).toEqual({ big: "12.5" });
    expect(rejected({ big: "12.5" })).toEqual(["big"]);
  });

  it("never coerces strings, and leaves a schema's own transforms to the schema", () => {
    expect(coerceParams(schema, { name: "123", digits: "42" })).toEqual({ name: "123", digits: "42" });
    expect(coerceParams(schema, { name: "true" })).toEqual({ name: "true" });
    expect(parse({ digits: "42" }).data?.digits).toBe(42);
  });

  it("passes unknown keys through as text so a strict schema names them", () => {
    expect(coerceParams(schema, { extra: "1" })).toEqual({ extra: "1" });
    const result = parse({ extra: "1" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["extra"] });
  });

  it("accepts a wrapped object schema and no schema at all", () => {
    const wrapped = z.strictObject({ n: z.number() }).optional();
    expect(coerceParams(wrapped, { n: "3" })).toEqual({ n: 3 });
    expect(coerceParams(undefined, { n: "3" })).toEqual({ n: "3" });
    expect(coerceParams(z.string(), { n: "3" })).toEqual({ n: "3" });
  });
});

describe("shapeOf", () => {
  it("finds the shape of an object schema through wrappers", () => {
    expect(Object.keys(shapeOf(schema) ?? {})).toContain("limit");
    expect(Object.keys(shapeOf(z.object({ a: z.string() }).optional().default({ a: "x" })) ?? {})).toEqual([
      "a",
    ]);
    expect(shapeOf(z.array(z.string()))).toBeUndefined();
    expect(shapeOf(undefined)).toBeUndefined();
  });
});
