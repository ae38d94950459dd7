import { AppError, parseJsonObject } from "@tally/core";
import type { AnyProcedure, AnyRouter } from "@trpc/server";
import type { Hono, Context as HonoContext } from "hono";
import { coerceParams } from "./coerce.ts";
import type { Context } from "./context.ts";
import { listRestOperations, procedureInputSchema, type RestOperation } from "./procedures.ts";
import { retirementHeaders } from "./retirement.ts";

const BODY_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Reads a JSON object body. A missing or empty body is `{}` (bodiless operations such as publish or
 * rotate must work without one); anything else must be JSON with a JSON content type.
 */
export const readJsonBody = async (c: HonoContext): Promise<Record<string, unknown>> => {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  const contentType = c.req.header("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new AppError(
      "unsupported_media_type",
      "Request bodies must be sent as Content-Type: application/json",
    );
  }
  return parseJsonObject(text);
};

const queryParams = (c: HonoContext): Record<string, string | string[]> => {
  const all = c.req.queries();
  const result: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(all))
    result[key] = values.length === 1 ? (values[0] as string) : values;
  return result;
};

/** The procedure itself, looked up once at boot (what `createCaller(ctx).a.b.c` resolves per call). */
const procedureAt = (router: AnyRouter, path: string): AnyProcedure => {
  const procedure = (router._def.procedures as Record<string, AnyProcedure | undefined>)[path];
  if (typeof procedure !== "function") throw new Error(`No procedure at ${path}`);
  return procedure;
};

/**
 * Mounts every procedure that has `meta.openapi` as a REST route on `app`, built once at boot.
 * Errors are thrown as AppError so the app's one error handler renders them.
 */
export const mountRestOperations = <E extends { Variables: object }>(
  app: Hono<E>,
  router: AnyRouter,
  options: {
    createContext: (c: HonoContext<E>) => Context;
    /** Headers every success response carries (request id, rate limit), given by the app. */
    standardHeaders?: (c: HonoContext<E>) => Record<string, string>;
    /** Where `app` is mounted (e.g. `/api/v1`): a retired operation's Link names its successor under it. */
    basePath?: string;
  },
): RestOperation[] => {
  const { createContext, standardHeaders = () => ({}), basePath = "" } = options;
  const operations = listRestOperations(router);
  for (const operation of operations) {
    const retirement = operation.meta.retirement;
    const retired = retirement ? retirementHeaders(retirement, basePath) : {};
    const procedure = procedureAt(router, operation.procedurePath);
    const { procedurePath: path } = operation;
    const type = procedure._def.type;
    const schema = procedureInputSchema(router, operation.procedurePath);
    const hasInput = schema !== undefined;
    const readsBody = BODY_METHODS.has(operation.method);
    const readsQuery = operation.method === "GET" || operation.method === "DELETE";
    app.on(operation.method, operation.honoPath, async (c) => {
      let input: Record<string, unknown> | undefined;
      if (hasInput) {
        const query = readsQuery ? coerceParams(schema, queryParams(c)) : {};
        const body = readsBody ? await readJsonBody(c) : {};
        // The path names the object: the same name in the query or body would be silently overridden.
        const smuggled = operation.pathParams.filter(
          (name) => Object.hasOwn(query, name) || Object.hasOwn(body, name),
        );
        if (smuggled.length > 0) {
          throw new AppError("validation_failed", undefined, {
            details: smuggled.map((field) => ({
              field,
              message: "Path parameter: not accepted in the query or body",
            })),
          });
        }
        input = { ...query, ...body, ...coerceParams(schema, c.req.param() as Record<string, string>) };
      }
      const ctx = createContext(c);
      // Exactly what a caller from createCallerFactory does, without building its proxy per request.
      const data = await procedure({
        ctx,
        path,
        type,
        getRawInput: async () => input,
        signal: undefined,
        batchIndex: 0,
      });
      // A Response with a plain header record: @hono/node-server writes it without building a fetch
      // `Headers`, which headers set through `c` would cost on every request.
      const headers = { ...standardHeaders(c), ...retired, ...ctx.responseHeaders.values };
      if (operation.successStatus === 204 || data === undefined)
        return new Response(null, { status: 204, headers });
      return new Response(JSON.stringify(data), {
        status: operation.successStatus,
        headers: { "content-type": "application/json", ...headers },
      });
    });
  }
  return operations;
};
