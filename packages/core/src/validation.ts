import { z } from "zod";
import { AppError, type ErrorCode, type ErrorDetail } from "./errors.ts";
import { idPattern } from "./ids.ts";
import { inspectJsonValue, readJsonBody } from "./json-body.ts";

/** How the fields of a value's issues are named in `details`. */
export interface FieldNaming {
  /** Put before every path (`members.0.id` under `members`). */
  prefix?: string;
  /** The field named by an issue about the whole value (no path); default the prefix, else `""`. */
  whole?: string;
}

const fieldOf = (path: readonly PropertyKey[], naming: FieldNaming): string =>
  path.length > 0
    ? [...(naming.prefix ? [naming.prefix] : []), ...path.map(String)].join(".")
    : (naming.whole ?? naming.prefix ?? "");

/** One detail per bad field; a strict object's unknown keys are named one by one. */
export const zodIssueDetails = (
  issues: readonly z.core.$ZodIssue[],
  naming: FieldNaming = {},
): ErrorDetail[] =>
  issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ field: fieldOf([...issue.path, key], naming), message: "Unknown field" }))
      : [{ field: fieldOf(issue.path, naming), message: issue.message }],
  );

export interface ParseOptions extends FieldNaming {
  /** Default `validation_failed` (422). */
  code?: ErrorCode;
  message?: string;
}

/** The value as `schema` parses it, or an AppError whose `details` name every bad field. */
export const parseWith = <S extends z.ZodType>(
  schema: S,
  value: unknown,
  options: ParseOptions = {},
): z.output<S> => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError(options.code ?? "validation_failed", options.message, {
    details: zodIssueDetails(result.error.issues, options),
  });
};

/** A plain route's JSON body (held to the JSON limits), parsed by `schema`. */
export const parseJsonBody = async <S extends z.ZodType>(
  schema: S,
  request: { text(): Promise<string> },
  options: ParseOptions = {},
): Promise<z.output<S>> => parseWith(schema, await readJsonBody(request), options);

/** A path id (spec: CUID2, `^[0-9a-z]+$`). */
export const idSchema = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");

/**
 * A plain Hono route's path parameters, checked as the REST adapter checks a procedure's: first what
 * the database cannot store (422 naming the parameter), then `schema` (422 `validation_failed`).
 */
export const parsePathParams = <S extends z.ZodType>(
  schema: S,
  params: Record<string, string>,
): z.output<S> => {
  inspectJsonValue(params);
  return parseWith(schema, params);
};
