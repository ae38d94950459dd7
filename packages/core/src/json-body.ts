import { AppError } from "./errors.ts";

/** A request body's JSON: empty is `{}`, anything unparsable is 400 `invalid_json`. */
export const parseJsonText = (text: string): unknown => {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json");
  }
};

/** As `parseJsonText`, and the value must be an object (400 `bad_request` otherwise). */
export const parseJsonObject = (text: string): Record<string, unknown> => {
  const parsed = parseJsonText(text);
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new AppError("bad_request", "The JSON body must be an object");
  return parsed as Record<string, unknown>;
};

/** A plain route's JSON body (see `parseJsonText`). */
export const readJsonBody = async (request: Request): Promise<unknown> => parseJsonText(await request.text());
