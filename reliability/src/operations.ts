import type { TestHarness } from "@tally/testing";

/** A JSON schema as the served document carries it (`$ref`s resolved by `resolve`). */
export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** As documented, e.g. `/creator/id/{creatorId}/product`. */
  path: string;
  operationId: string;
  /** Declares `security` (needs an API key). */
  secured: boolean;
  parameters: Parameter[];
  /** The JSON request body's schema, when the operation takes one. */
  body: Schema | undefined;
  bodyRequired: boolean;
  /** Who the route serves, as declared beside it (`x-tally-audience`); absent where none is declared. */
  audience: "creator" | "fan" | "public" | undefined;
  /** The tRPC procedure behind the operation (`x-trpc-procedure`), e.g. `loyalty.campaigns.get`. */
  procedure: string | undefined;
}

interface Document {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, Record<string, unknown>>;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Follows `#/components/...` references, recursively (the document has no cycles). */
const resolver = (doc: Document) => {
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (!value || typeof value !== "object") return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && ref.startsWith("#/")) {
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      return resolve(target);
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
  };
  return resolve;
};

/** Every operation of the served document, read through the public surface. */
export const servedOperations = async (h: TestHarness): Promise<Operation[]> => {
  const response = await h.request<Document>("GET", "/api/v1/openapi.json");
  if (response.status !== 200) throw new Error(`openapi.json answered ${response.status}`);
  const doc = response.body;
  const resolve = resolver(doc);
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = resolve(item[method]) as {
        operationId?: string;
        security?: unknown[];
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
        "x-tally-audience"?: Operation["audience"];
        "x-trpc-procedure"?: string;
      };
      return {
        method: method.toUpperCase() as Operation["method"],
        path,
        operationId: operation.operationId ?? `${method} ${path}`,
        secured: (operation.security ?? []).length > 0,
        parameters: (operation.parameters ?? []).map((parameter) => ({
          ...parameter,
          required: parameter.required ?? parameter.in === "path",
          schema: parameter.schema ?? {},
        })),
        body: operation.requestBody?.content?.["application/json"]?.schema,
        bodyRequired: operation.requestBody?.required ?? false,
        audience: operation["x-tally-audience"],
        procedure: operation["x-trpc-procedure"],
      };
    }),
  );
};

export const label = (operation: Pick<Operation, "method" | "path">): string =>
  `${operation.method} ${operation.path}`;

/**
 * `/creator/id/{creatorId}/product/{productId}` -> `/api/v1/creator/id/<id>/product/<id>`: each
 * parameter is looked up by the path prefix that ends at it (so nested routes combine entries), then
 * by its bare name; `fallback` answers the rest.
 */
export const urlFor = (
  path: string,
  ids: Record<string, string>,
  fallback: (name: string) => string,
): string =>
  `/api/v1${path.replace(/\{(\w+)\}/g, (match, name: string, offset: number) => {
    const prefix = path.slice(0, offset + match.length);
    return encodeURIComponent(ids[prefix] ?? ids[name] ?? fallback(name));
  })}`;
