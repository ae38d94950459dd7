import fc from "fast-check";
import type { Schema } from "./operations.ts";

/**
 * fast-check arbitraries derived from a JSON schema of the served document: values the schema
 * accepts (with its boundaries: min/max numbers, max-length strings, emoji) and values it refuses
 * (wrong types, out of range, too long, NUL, missing required fields, unknown fields, deep nesting).
 */

type Arb = fc.Arbitrary<unknown>;

/** Generated strings stay short unless a boundary is asked for (keeps requests cheap). */
const TYPICAL_LENGTH = 24;
/** Bounds fc.integer accepts. */
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

const alternativesOf = (schema: Schema): Schema[] | undefined => {
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return alternatives;
  if (Array.isArray(schema.type)) return (schema.type as string[]).map((type) => ({ ...schema, type }));
  return undefined;
};

const propertiesOf = (schema: Schema): Record<string, Schema> =>
  (schema.properties as Record<string, Schema> | undefined) ?? {};

const requiredOf = (schema: Schema): string[] => (schema.required as string[] | undefined) ?? [];

const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

const bounds = (schema: Schema, integer: boolean) => {
  const step = integer ? 1 : Number.EPSILON;
  const exclusiveMin = num(schema.exclusiveMinimum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  return {
    min: num(schema.minimum) ?? (exclusiveMin === undefined ? undefined : exclusiveMin + step),
    max: num(schema.maximum) ?? (exclusiveMax === undefined ? undefined : exclusiveMax - step),
  };
};

const lengths = (schema: Schema) => ({
  min: num(schema.minLength) ?? 0,
  max: num(schema.maxLength),
});

/** Text of exactly `length` characters, ASCII or emoji (an emoji is two UTF-16 units). */
const textOfLength = (length: number, unit: string): string =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/**
 * Strings matching `pattern`. fast-check cannot generate through lookarounds (e.g. a domain's
 * `(?=.{1,253}$)` length guard): those are dropped for generation and checked by the filter.
 */
const matching = (pattern: string, fits: (value: string) => boolean): fc.Arbitrary<string> => {
  const full = new RegExp(pattern);
  const generable = new RegExp(pattern.replace(/\(\?<?[=!][^()]*\)/g, ""));
  return fc.stringMatching(generable, { size: "xsmall" }).filter((value) => fits(value) && full.test(value));
};

const validString = (schema: Schema): Arb => {
  const { min, max } = lengths(schema);
  const upper = Math.min(max ?? TYPICAL_LENGTH, min + TYPICAL_LENGTH);
  const fits = (value: string) => value.length >= min && (max === undefined || value.length <= max);
  if (schema.format === "email") return fc.emailAddress().filter(fits);
  if (schema.format === "uri") return fc.webUrl().filter(fits);
  if (typeof schema.pattern === "string") return matching(schema.pattern, fits);
  const boundaries = [textOfLength(min, "a"), ...(max === undefined ? [] : [textOfLength(max, "z")])];
  return fc.oneof(
    fc.string({ minLength: min, maxLength: upper }),
    fc.string({ unit: "grapheme", minLength: min, maxLength: upper }).filter(fits),
    fc.constant(textOfLength(Math.max(min, 2), "😀")).filter(fits),
    fc.constantFrom(...boundaries),
  );
};

const validNumber = (schema: Schema, integer: boolean): Arb => {
  const { min, max } = bounds(schema, integer);
  const boundaries = [min, max, min === undefined ? 0 : min + 1].filter(
    (value): value is number => value !== undefined && (max === undefined || value <= max),
  );
  const low = Math.max(min ?? INT32.min, INT32.min);
  const high = Math.min(max ?? INT32.max, INT32.max);
  const inside = integer
    ? fc.integer({ min: Math.min(low, high), max: high })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  return boundaries.length > 0 ? fc.oneof(inside, fc.constantFrom(...boundaries)) : inside;
};

/** A value `schema` accepts, boundaries included. */
export const validValue = (schema: Schema, depth = 0): Arb => {
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = alternativesOf(schema);
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validValue(alternative, depth)));
  switch (schema.type) {
    case "string":
      return validString(schema);
    case "integer":
      return validNumber(schema, true);
    case "number":
      return validNumber(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = num(schema.minItems) ?? 0;
      const maxLength = Math.min(num(schema.maxItems) ?? 3, minLength + 3);
      return fc.array(validValue((schema.items as Schema) ?? {}, depth + 1), { minLength, maxLength });
    }
    case "object":
      return validObject(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

const validObject = (schema: Schema, depth: number): Arb => {
  const properties = propertiesOf(schema);
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, validValue(inner, depth + 1)])),
    { requiredKeys: requiredOf(schema).filter((key) => key in properties) },
  );
  const extra = schema.additionalProperties;
  if (extra && typeof extra === "object" && Object.keys(properties).length === 0) {
    const names = (schema.propertyNames as Schema | undefined) ?? { type: "string", minLength: 1 };
    return fc.dictionary(validString(names) as fc.Arbitrary<string>, validValue(extra as Schema, depth + 1), {
      maxKeys: 3,
    });
  }
  return record;
};

/** Strings no id, slug or name should choke on. */
export const hostileStrings: string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "null",
  "undefined",
  "../../etc/passwd",
  "' or 1=1 --",
  "%00",
  "\u202eevil",
  "😀".repeat(40),
  "a".repeat(5000),
  "ZZZ_UPPER",
  "0x",
  "-1",
  "1e309",
];

const wrongTypeFor = (schema: Schema): Arb => {
  const all: Arb[] = [
    fc.constant("not-a-number"),
    fc.constant(12345),
    fc.constant(1.5),
    fc.constant(true),
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
    fc.constant([["nested"]]),
  ];
  const type = schema.type;
  const fitting: Record<string, (value: unknown) => boolean> = {
    string: (value) => typeof value === "string",
    integer: (value) => Number.isInteger(value),
    number: (value) => typeof value === "number",
    boolean: (value) => typeof value === "boolean",
    null: (value) => value === null,
    array: (value) => Array.isArray(value),
    object: (value) => value !== null && typeof value === "object" && !Array.isArray(value),
  };
  const accepts = typeof type === "string" ? fitting[type] : undefined;
  return accepts ? fc.oneof(...all).filter((value) => !accepts(value)) : fc.oneof(...all);
};

const invalidString = (schema: Schema): Arb => {
  const { min, max } = lengths(schema);
  const candidates: Arb[] = [fc.constantFrom(...hostileStrings)];
  if (min > 0) candidates.push(fc.constant(""));
  if (max !== undefined) candidates.push(fc.constant(textOfLength(max + 1, "x")));
  if (schema.pattern || schema.format || schema.enum)
    candidates.push(fc.string({ unit: "grapheme", maxLength: 30 }));
  return fc.oneof(...candidates);
};

const invalidNumber = (schema: Schema, integer: boolean): Arb => {
  const { min, max } = bounds(schema, integer);
  const candidates: unknown[] = [1e308, -1e308, -1, 2 ** 53 + 2, 0.5, -0.000001, "42"];
  if (min !== undefined) candidates.push(min - 1);
  if (max !== undefined) candidates.push(max + 1);
  if (integer) candidates.push((min ?? 0) + 0.5);
  return fc.constantFrom(...candidates);
};

/** A value `schema` probably refuses (a `{}` schema refuses nothing: then any JSON). */
export const invalidValue = (schema: Schema, depth = 0): Arb => {
  const alternatives = alternativesOf(schema);
  if (alternatives || "const" in schema)
    return fc.oneof(wrongTypeFor({}), fc.constantFrom(...hostileStrings));
  if (Array.isArray(schema.enum)) return fc.oneof(fc.constant("NOT_A_VALUE"), wrongTypeFor(schema));
  switch (schema.type) {
    case "string":
      return fc.oneof(invalidString(schema), wrongTypeFor(schema));
    case "integer":
      return fc.oneof(invalidNumber(schema, true), wrongTypeFor(schema));
    case "number":
      return fc.oneof(invalidNumber(schema, false), wrongTypeFor(schema));
    case "array": {
      const items = (schema.items as Schema) ?? {};
      const candidates: Arb[] = [
        wrongTypeFor(schema),
        fc.array(invalidValue(items, depth + 1), { minLength: 1, maxLength: 2 }),
      ];
      const maxItems = num(schema.maxItems);
      if (maxItems !== undefined && maxItems < 200) {
        candidates.push(
          fc.array(validValue(items, depth + 1), { minLength: maxItems + 1, maxLength: maxItems + 1 }),
        );
      }
      return fc.oneof(...candidates);
    }
    case "object":
      return invalidObject(schema, depth);
    default:
      return fc.oneof(wrongTypeFor(schema), deepNesting);
  }
};

/** JSON nested far deeper than any schema: arrays or objects, 30 to 1,000 levels. */
export const deepNesting: Arb = fc
  .tuple(fc.constantFrom(30, 200, 1000), fc.boolean())
  .map(([levels, arrays]) => {
    let value: unknown = "bottom";
    for (let level = 0; level < levels; level++) value = arrays ? [value] : { a: value };
    return value;
  });

/** An object with one thing wrong: a required field missing, an unknown field, a bad property, or not an object. */
const invalidObject = (schema: Schema, depth: number): Arb => {
  const properties = propertiesOf(schema);
  const keys = Object.keys(properties);
  const required = requiredOf(schema).filter((key) => key in properties);
  const valid = validObject(schema, depth) as fc.Arbitrary<Record<string, unknown>>;
  const candidates: Arb[] = [wrongTypeFor(schema), deepNesting];
  candidates.push(
    fc
      .tuple(
        valid,
        fc.constantFrom("unknownField", "__proto__", "constructor", "a.b", ""),
        fc.jsonValue({ maxDepth: 1 }),
      )
      .map(([value, key, extra]) => ({ ...value, [key]: extra })),
  );
  if (required.length > 0) {
    candidates.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
        const { [key]: _, ...rest } = value;
        return rest;
      }),
    );
  }
  if (keys.length > 0 && depth < 4) {
    candidates.push(
      fc
        .constantFrom(...keys)
        .chain((key) => fc.tuple(valid, fc.constant(key), invalidValue(properties[key] as Schema, depth + 1)))
        .map(([value, key, bad]) => ({ ...value, [key]: bad })),
    );
  }
  return fc.oneof(...candidates);
};

/** Mostly wrong, sometimes valid-but-odd: what a fuzzed field, parameter or body gets. */
export const fuzzedValue = (schema: Schema): Arb =>
  fc.oneof({ arbitrary: validValue(schema), weight: 2 }, { arbitrary: invalidValue(schema), weight: 3 });

/** Path and query text: a value's JSON-free rendering (strings as they are, the rest as JSON). */
export const asText = (value: unknown): string =>
  typeof value === "string" ? value : (JSON.stringify(value) ?? "");

/** The same value, valid or not, as a string a URL can carry (no lone surrogates). */
export const fuzzedText = (schema: Schema): fc.Arbitrary<string> =>
  fuzzedValue(schema)
    .map(asText)
    .map((text) => (/\p{Cs}/u.test(text) ? "lone-surrogate" : text));
