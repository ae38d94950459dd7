import { errorCodes } from "@tally/core";
import type { AnyRouter } from "@trpc/server";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { Audience } from "./meta.ts";
import { listRestOperations } from "./procedures.ts";
import { retirementHeaderDocs, retirementNote } from "./retirement.ts";

type Operation = {
  responses?: Record<string, { description?: string; content?: unknown; headers?: unknown }>;
  parameters?: unknown[];
  security?: unknown[];
  requestBody?: unknown;
  "x-tally-plain-route"?: boolean;
  /** The dotted tRPC path of the procedure behind the operation (`/trpc/<path>`, `@tally/client`). */
  "x-trpc-procedure"?: string;
  /** Who the operation serves (`Meta["audience"]`). */
  "x-tally-audience"?: Audience;
  description?: string;
  deprecated?: boolean;
};

const audienceNotes: Record<Audience, string> = {
  creator: "Creator side: the creator's owner in X-User-Id, or an ADMIN key.",
  fan: "Fan side: any key of the organization, with or without X-User-Id.",
  public: "Public: no API key.",
};

const errorSchema = {
  type: "object",
  required: ["status", "error", "code", "requestId"],
  properties: {
    status: { type: "integer", description: "HTTP status", example: 404 },
    error: { type: "string", description: "Short human-readable message", example: "Not found" },
    code: { type: "string", enum: Object.keys(errorCodes), description: "Machine-readable error code" },
    details: {
      description:
        "The problems with the request, one per field where one applies (always for 422 `validation_failed`)",
      type: "array",
      items: {
        type: "object",
        required: ["message"],
        properties: { field: { type: "string" }, message: { type: "string" } },
      },
    },
    context: {
      description:
        "Machine-readable facts about the refusal, e.g. `orderId` of the open order, `currentStatus` and `allowedFrom` of an illegal move, `reason` of a failed payment verification, `available` stock",
      type: "object",
      additionalProperties: true,
    },
    requestId: { type: "string", description: "Echoed in the X-Request-Id response header" },
  },
} as const;

const errorDescriptions: Record<number, string> = {
  400: "Malformed input (invalid JSON, wrong body shape)",
  401: "Missing, invalid, inactive or wrong-environment API key",
  402: "Payment required",
  403: "Insufficient role, ownership or subscription tier",
  404: "Not found (including another organization's object)",
  409: "Conflict with the current state or a duplicate",
  413: "Request body too large",
  415: "Body is not application/json",
  422: "Body or parameters failed validation; `details` lists the fields",
  429: "Rate limit or monthly quota exceeded; see Retry-After",
  500: "Internal error",
};

const errorResponse = (status: number) => ({
  description: errorDescriptions[status] ?? "Error",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  ...(status === 429
    ? {
        headers: {
          "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait before retrying" },
          "RateLimit-Limit": { schema: { type: "integer" } },
          "RateLimit-Remaining": { schema: { type: "integer" } },
          "RateLimit-Reset": { schema: { type: "integer" } },
        },
      }
    : {}),
});

type QueryParameter = { name: string; in: string; required?: boolean; description?: string; schema?: object };

/** The operation's query parameters documented as one JSON object body, each required one required there. */
const moveQueryToBody = (operation: Operation) => {
  const all = (operation.parameters ?? []) as QueryParameter[];
  const query = all.filter((parameter) => parameter.in === "query");
  if (query.length === 0) return;
  operation.parameters = all.filter((parameter) => parameter.in !== "query");
  const required = query.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  const properties = Object.fromEntries(
    query.map(({ name, description, schema }) => [
      name,
      { ...schema, ...(description ? { description } : {}) },
    ]),
  );
  operation.requestBody = {
    required: required.length > 0,
    content: {
      "application/json": {
        schema: { type: "object", properties, required, additionalProperties: false },
      },
    },
  };
};

export interface OpenApiDocumentOptions {
  title: string;
  version: string;
  description: string;
  serverUrl: string;
  /** Operations served by plain Hono routes (webhooks, SSE, multipart, 402), documented by hand. */
  plainPaths?: ZodOpenApiPathsObject;
}

/**
 * Builds the OpenAPI 3.1 document once at boot from the procedures' meta, then fixes what the
 * generator cannot express: real success statuses, our error body on every error response,
 * the headers every operation understands, and the tRPC procedure behind each operation
 * (`x-trpc-procedure`), so `/trpc` callers find a procedure's name from the REST reference.
 */
export const buildOpenApiDocument = (router: AnyRouter, options: OpenApiDocumentOptions): OpenAPIObject => {
  const document = generateOpenApiDocument(router, {
    title: options.title,
    version: options.version,
    description: options.description,
    openApiVersion: "3.1.0",
    baseUrl: options.serverUrl,
    securitySchemes: {
      apiKey: {
        type: "http",
        scheme: "bearer",
        description: "An API key: `svc_test_…` on a test deployment, `svc_live_…` on a live one.",
      },
    },
    ...(options.plainPaths ? { paths: options.plainPaths } : {}),
  });

  const operations = new Map(listRestOperations(router).map((op) => [`${op.method} ${op.path}`, op]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, Operation>)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const operation = value;
      const restOperation = operations.get(`${method.toUpperCase()} ${path}`);
      const responses = { ...(operation.responses ?? {}) };
      // Error statuses written by hand (plain routes, `errorResponses`) stay documented, as our Error body.
      const documentedErrors = Object.keys(responses)
        .filter((status) => /^[45]\d\d$/.test(status))
        .map(Number);
      // The generator documents every success as 200; move it to the operation's real status.
      const successStatus = restOperation?.successStatus ?? 200;
      const success = responses["200"];
      for (const key of Object.keys(responses)) if (key !== "200" && /^[45]/.test(key)) delete responses[key];
      if (restOperation && success && successStatus !== 200) {
        delete responses["200"];
        responses[String(successStatus)] =
          successStatus === 204 ? { description: success.description ?? "No content" } : success;
      }
      if (restOperation) operation["x-trpc-procedure"] = restOperation.procedurePath;
      const audience = restOperation?.meta.audience;
      if (audience) {
        operation["x-tally-audience"] = audience;
        operation.description = [audienceNotes[audience], operation.description].filter(Boolean).join(" ");
      }
      const retirement = restOperation?.meta.retirement;
      if (retirement) {
        operation.deprecated = true;
        operation.description = [retirementNote(retirement), operation.description].filter(Boolean).join(" ");
        const answer = responses[String(successStatus)];
        if (answer) answer.headers = { ...(answer.headers as object), ...retirementHeaderDocs };
      }
      if (restOperation?.meta.auth === "none") delete operation.security;
      const isProtected = Array.isArray(operation.security) && operation.security.length > 0;
      const statuses = new Set<number>(restOperation ? [] : documentedErrors);
      statuses.add(400);
      statuses.add(422);
      statuses.add(500);
      if (isProtected) for (const status of [401, 403, 429]) statuses.add(status);
      if (path.includes("{")) statuses.add(404);
      if (method !== "get") statuses.add(409);
      if (method === "post" || method === "put" || method === "patch" || method === "delete") {
        statuses.add(413);
        statuses.add(415);
      }
      for (const extra of Object.keys(restOperation?.meta.openapi?.errorResponses ?? {}))
        statuses.add(Number(extra));
      for (const status of [...statuses].sort()) responses[String(status)] = errorResponse(status);
      operation.responses = responses;
      if (restOperation?.meta.inputInBody) moveQueryToBody(operation);
      const parameters = [...(operation.parameters ?? [])];
      parameters.push({ $ref: "#/components/parameters/RequestId" });
      if (isProtected) parameters.push({ $ref: "#/components/parameters/ActingUser" });
      // Idempotency keys are scoped per organization, so only keyed operations take one.
      if (isProtected && (method === "post" || method === "patch"))
        parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
      operation.parameters = parameters;
    }
  }

  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, Error: errorSchema as never },
    parameters: {
      ...document.components?.parameters,
      RequestId: {
        name: "X-Request-Id",
        in: "header",
        required: false,
        description: "Your id for this request (echoed back); one is generated when absent.",
        schema: { type: "string", maxLength: 128, pattern: "^[A-Za-z0-9._:-]+$" },
      },
      ActingUser: {
        name: "X-User-Id",
        in: "header",
        required: false,
        description:
          "The end user your backend acts for (optional). When sent on `/user/{id}/…` routes it must equal `{id}` (403 `acting_user_mismatch`); without it the key acts for any user of its organization. Creator routes need this user to own the creator (403 `not_owner`) unless the key is ADMIN.",
        schema: { type: "string", pattern: "^[0-9a-z]+$" },
      },
      IdempotencyKey: {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "Retries with the same key and body replay the first response for 24 hours; the same key with another body answers 422, and while the first request runs, 409.",
        schema: { type: "string", minLength: 1, maxLength: 255 },
      },
    },
  };
  return document;
};
