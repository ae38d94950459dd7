import { randomUUID } from "node:crypto";
import { AppError, isAppError, type Logger, parseJsonText } from "@tally/core";
import { type Authentication, clientAddressOf } from "@tally/platform";
import type { AppDeps, Context as TrpcContext } from "@tally/trpc";
import { buildOpenApiDocument, mountRestOperations, ResponseHeaders, trpcErrorResponse } from "@tally/trpc";
import type { AnyRouter } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { admission } from "./http/admission.ts";
import { allowedMethodsOf } from "./http/allowed-methods.ts";
import { mountDocs } from "./http/docs.ts";
import type { HttpEnv } from "./http/env.ts";
import { renderError } from "./http/errors.ts";
import { idempotency } from "./http/idempotency.ts";
import { loadPendingEndpoints, type PendingEndpoint, pendingEndpointsOf } from "./http/pending-endpoints.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const JSON_BODY_LIMIT = 1024 * 1024;
const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"];
const IDEMPOTENT_METHODS = ["POST", "PATCH"];
/**
 * Two in flight, the rest in line; a request still running after 250 ms is waiting on something else
 * (an outside call, another request) and gives up its place.
 */
const PGLITE_ADMISSION = { concurrency: 2, maxWaiting: 1000, holdMs: 250 };

/** A URL's path as sent (still percent-encoded), without parsing the whole URL: it may be megabytes long. */
const pathAsSent = (url: string): string => {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start === -1) return "/";
  const query = url.indexOf("?", start);
  return url.slice(start, query === -1 ? undefined : query);
};

export interface AppOptions {
  deps: AppDeps;
  router: AnyRouter;
  /** Plain Hono routes under /api/v1 that tRPC cannot carry (webhooks, SSE, multipart, 402). */
  plainRoutes?: (api: Hono<HttpEnv>) => void;
  plainPaths?: ZodOpenApiPathsObject;
  /** Spec endpoints not built yet, answered 501 `not_implemented` (default: docs/spec-pending.txt). */
  pendingEndpoints?: readonly PendingEndpoint[];
  /** Extra readiness checks (the queue). */
  readiness?: () => Promise<void>;
}

export interface TallyApp {
  app: Hono<HttpEnv>;
  openApiDocument: ReturnType<typeof buildOpenApiDocument>;
}

const LOG_LEVELS: ReadonlySet<string> = new Set(["fatal", "error", "warn", "info", "debug", "trace"]);
const skip = () => {};

/**
 * `parent.child(bindings)`, built when first used rather than on every request: most requests never
 * log (a refusal logs at debug), and a pino child costs microseconds. A call at a level the root
 * logger has disabled is dropped without building it; anything else builds the child and goes to it.
 */
const lazyChild = (root: Logger, parent: Logger, bindings: Record<string, string>): Logger => {
  let logger: Logger | undefined;
  const real = (): Logger => {
    logger ??= parent.child(bindings);
    return logger;
  };
  return new Proxy({} as Logger, {
    get(_, property) {
      if (
        !logger &&
        typeof property === "string" &&
        LOG_LEVELS.has(property) &&
        !root.isLevelEnabled(property)
      )
        return skip;
      const target = real();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set: (_, property, value) => Reflect.set(real(), property, value),
    has: (_, property) => Reflect.has(real(), property),
  });
};

/** The composition of the HTTP surface; everything is built once here, not per request. */
export const createApp = (options: AppOptions): TallyApp => {
  const { deps, router } = options;
  const { authenticator } = deps.services.platform;
  const app = new Hono<HttpEnv>();

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    const requestLogger = lazyChild(deps.logger, deps.logger, { requestId });
    c.set("logger", requestLogger);
    let authentication: ReturnType<HttpEnv["Variables"]["authenticate"]> | undefined;
    let rateLimit: Authentication["rateLimit"] | undefined;
    c.set("authenticate", () => {
      authentication ??= authenticator.authenticate(c.req.header("authorization")).then((result) => {
        c.set(
          "logger",
          lazyChild(deps.logger, requestLogger, {
            organizationId: result.principal.organizationId,
            keyId: result.principal.keyId,
          }),
        );
        rateLimit = result.rateLimit;
        return result;
      });
      return authentication;
    });
    let standardHeadersSent = false;
    const standardHeaders = (): Record<string, string> =>
      rateLimit
        ? {
            "x-request-id": requestId,
            "ratelimit-limit": String(rateLimit.limit),
            "ratelimit-remaining": String(rateLimit.remaining),
            "ratelimit-reset": String(rateLimit.resetSeconds),
          }
        : { "x-request-id": requestId };
    c.set("takeStandardHeaders", () => {
      standardHeadersSent = true;
      return standardHeaders();
    });
    await next();
    // Added to the finished response rather than set up front: a header set on `c` before the
    // response exists makes every response build a fetch `Headers`, which the REST routes avoid.
    if (!standardHeadersSent)
      for (const [name, value] of Object.entries(standardHeaders())) c.header(name, value);
  });

  // Embedded PGlite runs one statement at a time: network requests take turns (docs/decisions.md).
  if (deps.database.kind === "pglite") {
    const turns = admission(PGLITE_ADMISSION);
    app.use("/api/*", turns);
    app.use("/trpc/*", turns);
  }
  app.onError((error, c) => renderError(error, c));
  // Set once the document is built: a known path asked with another method is 405 with `Allow`.
  let allowedMethods: (path: string) => string[] = () => [];
  const pendingOf = pendingEndpointsOf(options.pendingEndpoints ?? loadPendingEndpoints(), "/api/v1");
  app.notFound(async (c) => {
    const pending = pendingOf(c.req.method, c.req.path);
    if (pending) {
      // Answered here rather than thrown: an error thrown from the not-found handler skips the
      // request-id middleware's headers.
      if (pending.requiresKey)
        try {
          await c.get("authenticate")();
        } catch (error) {
          return renderError(error, c);
        }
      return renderError(
        new AppError(
          "not_implemented",
          `${pending.method} ${pending.path} is planned (${pending.area}) and not built yet`,
        ),
        c,
      );
    }
    const allow = allowedMethods(c.req.path);
    if (allow.length === 0)
      return renderError(new AppError("route_not_found", `No route for ${c.req.method} ${c.req.path}`), c);
    c.header("Allow", allow.join(", "));
    return renderError(
      new AppError(
        "method_not_allowed",
        `${c.req.method} is not allowed on ${c.req.path}; use ${allow.join(", ")}`,
      ),
      c,
    );
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      await options.readiness?.();
      return c.json({ status: "ready", database: deps.database.kind });
    } catch (error) {
      c.get("logger").warn({ err: error }, "not ready");
      throw new AppError("service_unavailable", "Not ready");
    }
  });

  const createContext = (c: Context<HttpEnv>): TrpcContext => ({
    deps,
    requestId: c.get("requestId"),
    logger: c.get("logger"),
    authenticate: async () => (await c.get("authenticate")()).principal,
    actingUserId: c.req.header("x-user-id") || undefined,
    responseHeaders: new ResponseHeaders(),
    clientAddress: clientAddressOf(c.env),
  });

  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      // The rest of the body is never read, so the connection cannot carry another request: say so,
      // or a keep-alive client (a load balancer) sends its next request on a socket about to close.
      throw new AppError("payload_too_large", "Request bodies are limited to 1 MB", {
        headers: { connection: "close" },
      });
    },
  });
  // Only for the methods that carry a body: a GET or HEAD request has none (the fetch Request cannot
  // carry one), and every middleware on the path of a read costs it time.
  const api = new Hono<HttpEnv>();
  api.on(BODY_METHODS, "*", jsonBodyLimit);
  api.on(IDEMPOTENT_METHODS, "*", idempotency(deps.database.db, deps.clock));
  options.plainRoutes?.(api);
  mountRestOperations(api, router, {
    createContext,
    standardHeaders: (c) => c.get("takeStandardHeaders")(),
    basePath: "/api/v1",
  });
  app.route("/api/v1", api);

  app.on(BODY_METHODS, "/trpc/*", jsonBodyLimit);
  app.all("/trpc/*", async (c) => {
    // tRPC parses a call's input itself (the body, or a query's `?input=`): hold it to the same JSON
    // limits as every other transport first, so a hostile input is refused before the parser sees it.
    let req = c.req.raw;
    try {
      if (BODY_METHODS.includes(c.req.method)) {
        const text = await c.req.text();
        parseJsonText(text);
        req = new Request(c.req.url, { method: c.req.method, headers: c.req.raw.headers, body: text });
      } else {
        const input = c.req.query("input");
        if (input !== undefined) parseJsonText(input);
      }
    } catch (error) {
      if (!isAppError(error)) throw error;
      return trpcErrorResponse(error, c.get("requestId"), {
        pathname: pathAsSent(c.req.url),
        batch: c.req.query("batch") === "1",
      });
    }
    const response = await fetchRequestHandler({
      endpoint: "/trpc",
      req,
      router,
      createContext: () => createContext(c),
      onError: ({ error }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") c.get("logger").error({ err: error }, "trpc call failed");
      },
    });
    return c.newResponse(response.body, response);
  });

  const openApiDocument = buildOpenApiDocument(router, {
    title: "Tally API",
    version: "1.0.0",
    description:
      "Multi-tenant commerce and loyalty API. Authenticate with `Authorization: Bearer <API key>`. Errors are `{status, error, code, details?, context?, requestId}`: `details` lists `{field, message}` problems, `context` holds machine-readable facts (a conflicting id, the current status).",
    serverUrl: "/api/v1",
    ...(options.plainPaths ? { plainPaths: options.plainPaths } : {}),
  });
  allowedMethods = allowedMethodsOf(openApiDocument as Parameters<typeof allowedMethodsOf>[0], "/api/v1");
  mountDocs(app, openApiDocument);
  return { app, openApiDocument };
};
