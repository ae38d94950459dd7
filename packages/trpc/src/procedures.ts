import type { AnyRouter } from "@trpc/server";
import type { Meta } from "./meta.ts";

type OpenApi = NonNullable<Meta["openapi"]>;

/** One REST operation derived from a procedure's `meta.openapi`. */
export interface RestOperation {
  method: OpenApi["method"];
  /** OpenAPI path, e.g. `/admin/api-keys/{id}`. */
  path: string;
  /** The same path in Hono's syntax, e.g. `/admin/api-keys/:id`. */
  honoPath: string;
  /** Dotted tRPC path of the procedure, e.g. `platform.apiKeys.get`. */
  procedurePath: string;
  pathParams: string[];
  successStatus: number;
  meta: Meta;
}

interface ProcedureDef {
  _def: { type: string; meta?: Meta; inputs: unknown[] };
}

export const toHonoPath = (path: string): string => path.replace(/\{(\w+)\}/g, ":$1");

/**
 * Static segments sort before parameters at every position, so `/tasks/pools` is tried before
 * `/tasks/{taskId}` whatever order the procedures were declared in.
 */
const routeSortKey = (path: string): string =>
  path
    .split("/")
    .map((segment) => (segment.startsWith("{") ? "\uffff" : segment))
    .join("/");

export const listRestOperations = (router: AnyRouter): RestOperation[] => {
  const operations: RestOperation[] = [];
  for (const [procedurePath, procedure] of Object.entries(
    router._def.procedures as Record<string, ProcedureDef>,
  )) {
    const meta = procedure._def.meta;
    const openapi = meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    const pathParams = [...openapi.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    operations.push({
      method: openapi.method,
      path: openapi.path,
      honoPath: toHonoPath(openapi.path),
      procedurePath,
      pathParams,
      successStatus: meta.successStatus ?? 200,
      meta,
    });
  }
  return operations.sort((a, b) => (routeSortKey(a.path) < routeSortKey(b.path) ? -1 : 1));
};

/** The input parser of a procedure (the merge of its `.input()` calls), if any. */
export const procedureInputSchema = (router: AnyRouter, procedurePath: string): unknown =>
  (router._def.procedures as Record<string, ProcedureDef>)[procedurePath]?._def.inputs[0];
