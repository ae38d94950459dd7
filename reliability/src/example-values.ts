import fc from "fast-check";
import type { Operation, Schema } from "./operations.ts";

/**
 * The smallest input an operation's schemas accept, deterministic, so a probe passes validation
 * and reaches the authorization it is about (a 422 would say nothing about ownership). A string
 * property named like a known object (`productId`, `creatorId`, ...) takes that object's id.
 */
export const exampleOf = (schema: Schema, ids: Record<string, string>, name = ""): unknown => {
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const chosen = alternatives.find((alternative) => alternative.type !== "null") ?? alternatives[0];
    return chosen ? exampleOf(chosen, ids, name) : null;
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ("const" in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  const minimum = typeof schema.minimum === "number" ? schema.minimum : undefined;
  const exclusive = typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : undefined;
  switch (type) {
    case "integer":
      return minimum ?? (exclusive === undefined ? 1 : Math.floor(exclusive) + 1);
    case "number":
      return minimum ?? (exclusive === undefined ? 1 : exclusive + 1);
    case "boolean":
      return false;
    case "array": {
      const count = typeof schema.minItems === "number" ? schema.minItems : 0;
      return Array.from({ length: count }, () => exampleOf((schema.items as Schema) ?? {}, ids, name));
    }
    case "object":
      return objectExample(schema, ids);
    case "string":
      return stringExample(schema, ids, name);
    default:
      return schema.properties ? objectExample(schema, ids) : "probe";
  }
};

const objectExample = (schema: Schema, ids: Record<string, string>): Record<string, unknown> => {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const required = (schema.required as string[] | undefined) ?? [];
  return Object.fromEntries(
    required.map((property) => [property, exampleOf(properties[property] ?? {}, ids, property)]),
  );
};

const stringExample = (schema: Schema, ids: Record<string, string>, name: string): string => {
  const known = ids[name];
  if (known !== undefined) return known;
  if (schema.format === "email") return "probe@example.com";
  if (schema.format === "uri" || schema.format === "url") return "https://example.com/probe";
  if (schema.format === "date-time") return new Date().toISOString();
  if (typeof schema.pattern === "string") {
    const matching = matchingString(schema.pattern);
    if (matching !== undefined) return matching;
  }
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  return "probe".padEnd(min, "e").slice(0, Math.max(min, Math.min(max, 5)));
};

/**
 * The first string fast-check draws for the pattern at a fixed seed (the same on every run);
 * undefined for what it cannot generate (lookaheads).
 */
const matchingString = (pattern: string): string | undefined => {
  try {
    const arbitrary = fc.stringMatching(new RegExp(pattern), { size: "xsmall" });
    return fc.sample(arbitrary, { seed: 14, numRuns: 1 })[0];
  } catch {
    return undefined;
  }
};

/** The request body, when the operation takes one. */
export const exampleBody = (operation: Operation, ids: Record<string, string>): unknown =>
  operation.body ? exampleOf(operation.body, ids) : undefined;

/** `?name=value` for the operation's required query parameters. */
export const exampleQuery = (operation: Operation, ids: Record<string, string>): string => {
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in === "query" && parameter.required)
      query.set(parameter.name, String(exampleOf(parameter.schema, ids, parameter.name)));
  }
  const text = query.toString();
  return text ? `?${text}` : "";
};
