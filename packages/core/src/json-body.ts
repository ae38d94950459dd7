import { AppError } from "./errors.ts";

/**
 * Limits on the structure of every JSON input, whatever the transport (REST, `/trpc`, webhooks,
 * plain routes, in-process callers). They keep every walk of an input cheap and bounded, and they
 * sit well above anything the API's schemas accept.
 */
export const JSON_LIMITS = {
  /** Objects and arrays nested inside each other, the top level included. */
  maxDepth: 32,
  /** Values in the whole document (object members and array elements). */
  maxValues: 10_000,
  /** UTF-16 code units in one string or key. */
  maxStringLength: 100_000,
} as const;

const tooDeep = () =>
  new AppError("json_too_complex", `JSON nested deeper than ${JSON_LIMITS.maxDepth} levels`, {
    details: [{ field: "body", message: `At most ${JSON_LIMITS.maxDepth} levels of nesting` }],
  });

const tooMany = () =>
  new AppError("json_too_complex", `JSON holds more than ${JSON_LIMITS.maxValues} values`, {
    details: [{ field: "body", message: `At most ${JSON_LIMITS.maxValues} values` }],
  });

/**
 * Refuses text that nests deeper, or separates more values, than the limits before it is parsed:
 * one pass over the characters, no allocation, so a megabyte of `[` or of `0,` costs a millisecond
 * and never reaches the parser. (Every comma outside a string separates two values, so more commas
 * than the value limit means more values.)
 */
const assertStructureWithinLimits = (text: string): void => {
  let depth = 0;
  let commas = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > JSON_LIMITS.maxDepth) throw tooDeep();
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
    else if (code === 0x2c) {
      commas += 1;
      if (commas >= JSON_LIMITS.maxValues) throw tooMany();
    }
  }
};

interface WellFormedString {
  isWellFormed(): boolean;
}

/** What PostgreSQL cannot store in text or jsonb (U+0000, an unpaired UTF-16 surrogate), or a string over the limit. */
const stringProblem = (value: string): string | undefined => {
  if (value.length > JSON_LIMITS.maxStringLength) return `At most ${JSON_LIMITS.maxStringLength} characters`;
  if (value.includes("\u0000")) return "Must not contain the NUL character (U+0000)";
  if (!(value as unknown as WellFormedString).isWellFormed())
    return "Must not contain an unpaired UTF-16 surrogate";
  return undefined;
};

/**
 * Checks a parsed JSON value in one iterative pass, linear in its size: nesting depth, number of
 * values, and every key and string for what the database refuses. A failure names the field by its
 * dotted path (built from parent links only then) and is a 400 `json_too_complex` for structure or
 * a 422 `validation_failed` for a string.
 */
export const inspectJsonValue = (input: unknown): void => {
  const values: unknown[] = [input];
  const parents: number[] = [-1];
  const keys: string[] = [""];
  const depths: number[] = [0];
  const pathOf = (index: number, key?: string): string => {
    const parts: string[] = key === undefined ? [] : [key];
    for (let at = index; at > 0; at = parents[at]!) parts.push(keys[at]!);
    return parts.reverse().join(".") || "body";
  };
  const refuse = (index: number, message: string, key?: string): never => {
    throw new AppError("validation_failed", undefined, {
      details: [{ field: pathOf(index, key), message }],
    });
  };
  for (let next = 0; next < values.length; next += 1) {
    const value = values[next];
    if (typeof value === "string") {
      const problem = stringProblem(value);
      if (problem) refuse(next, problem);
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    const depth = depths[next]! + 1;
    if (depth > JSON_LIMITS.maxDepth) throw tooDeep();
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, child] of entries) {
      const name = String(key);
      const problem = typeof key === "string" ? stringProblem(key) : undefined;
      if (problem) refuse(next, problem, name);
      if (values.length > JSON_LIMITS.maxValues) throw tooMany();
      values.push(child);
      parents.push(next);
      keys.push(name);
      depths.push(depth);
    }
  }
};

/**
 * A request body's JSON: empty is `{}`, anything unparsable is 400 `invalid_json`, and the value is
 * held to `JSON_LIMITS` (structure checked on the text before parsing, the rest in one pass after).
 */
export const parseJsonText = (text: string): unknown => {
  if (text.trim() === "") return {};
  assertStructureWithinLimits(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("invalid_json");
  }
  inspectJsonValue(parsed);
  return parsed;
};

/** As `parseJsonText`, and the value must be an object (400 `bad_request` otherwise). */
export const parseJsonObject = (text: string): Record<string, unknown> => {
  const parsed = parseJsonText(text);
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new AppError("bad_request", "The JSON body must be an object");
  return parsed as Record<string, unknown>;
};

/** A raw body as UTF-8 text; bytes that are not UTF-8 are 400 `invalid_json`. */
export const utf8Text = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("invalid_json", "Request body is not UTF-8");
  }
};

/**
 * A plain route's JSON body (see `parseJsonText`). Give it Hono's `c.req`, not `c.req.raw`: middleware
 * before the route (idempotency) may have read the body already, and only `c.req` keeps it.
 */
export const readJsonBody = async (request: { text(): Promise<string> }): Promise<unknown> =>
  parseJsonText(await request.text());
