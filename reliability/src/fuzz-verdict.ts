import { expectErrorParts, type TestHarness, type TestResponse } from "@tally/testing";

/** The error codes the served document's Error schema lists. */
export const documentedErrorCodes = async (h: TestHarness): Promise<Set<string>> => {
  const response = await h.request<{
    components: { schemas: { Error: { properties: { code: { enum: string[] } } } } };
  }>("GET", "/api/v1/openapi.json");
  return new Set(response.body.components.schemas.Error.properties.code.enum);
};

/** Long values (5,000-character strings, deep nesting) cut so a finding stays readable. */
export const clip = (text: string, length = 400): string =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/** What is wrong with an error response, if anything: the spec's shape, a documented code. */
export const errorShapeProblem = (response: TestResponse, codes: Set<string>): string | undefined => {
  const body = response.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object") return `error body is not JSON: ${clip(response.text)}`;
  if (body.status !== response.status) return `body.status ${String(body.status)} is not ${response.status}`;
  for (const field of ["code", "error", "requestId"]) {
    if (typeof body[field] !== "string") return `body.${field} is not a string: ${clip(response.text)}`;
  }
  if (!codes.has(body.code as string)) return `code ${String(body.code)} is not in the Error schema`;
  try {
    expectErrorParts(body);
  } catch (error) {
    return `details/context: ${(error as Error).message.split("\n")[0]}`;
  }
  return undefined;
};

/**
 * A refused call that carried an Idempotency-Key keeps its response for replay when a retry would
 * reproduce it (docs/decisions.md, Idempotency: statuses below 500 except 401, 422 and 429). That row is
 * the replay record, not a change made by the call; after a 401, 422 or 429 the key is freed, so there
 * no row may stay.
 */
const storesReplay = (response: TestResponse, idempotencyKeySent: boolean): boolean =>
  idempotencyKeySent && response.status < 500 && ![401, 422, 429].includes(response.status);

/** The gate's verdict on one fuzzed call: no 5xx, errors in shape, a refusal changed no table. */
export const fuzzVerdict = (
  response: TestResponse,
  changed: string[],
  codes: Set<string>,
  idempotencyKeySent: boolean,
): string | undefined => {
  const changedTables = storesReplay(response, idempotencyKeySent)
    ? changed.filter((table) => table !== "idempotency_keys")
    : changed;
  if (response.status >= 500) return `answered ${response.status}: ${clip(response.text)}`;
  if (response.status < 400) return undefined;
  const shape = errorShapeProblem(response, codes);
  if (shape) return `${response.status}: ${shape}`;
  if (changedTables.length > 0) {
    return `refused with ${response.status} but changed ${changedTables.join(", ")}: ${clip(response.text)}`;
  }
  return undefined;
};

/** A failing case as text (JSON, clipped; nesting too deep to print is said so). */
export const describe = (value: unknown): string => {
  try {
    return clip(JSON.stringify(value) ?? "undefined");
  } catch {
    return "(nested too deep to print)";
  }
};
