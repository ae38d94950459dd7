import { randomUUID } from "node:crypto";
import { AppError } from "@tally/core";
import type { AppDeps, Context as TrpcContext } from "@tally/trpc";
import { buildOpenApiDocument, mountRestOperations } from "@tally/trpc";
import type { AnyRouter } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { mountDocs } from "./http/docs.ts";
import type { HttpEnv } from "./http/env.ts";
import { renderError } from "./http/errors.ts";
import { idempotency } from "./http/idempotency.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const JSON_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  deps: AppDeps;
  router: AnyRouter;
  /** Plain Hono routes under /api/v1 that tRPC cannot carry (webhooks, SSE, multipart, 402). */
  plainRoutes?: (api: Hono<HttpEnv>) => void;
  plainPaths?: ZodOpenApiPathsObject;
  /** Extra readiness checks (the queue). */
  readiness?: () => Promise<void>;
}

export interface TallyApp {
  app: Hono<HttpEnv>;
  openApiDocument: ReturnType<typeof buildOpenApiDocument>;
}

/** The composition of the HTTP surface; everything is built once here, not per request. */
export const createApp = (options: AppOptions): TallyApp => {
  const { deps, router } = options;
  const { authenticator } = deps.services.platform;
  const app = new Hono<HttpEnv>();

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("logger", deps.logger.child({ requestId }));
    let authentication: ReturnType<HttpEnv["Variables"]["authenticate"]> | undefined;
    c.set("authenticate", () => {
      authentication ??= authenticator.authenticate(c.req.header("authorization")).then((result) => {
        c.set(
          "logger",
          c
            .get("logger")
            .child({ organizationId: result.principal.organizationId, keyId: result.principal.keyId }),
        );
        c.header("RateLimit-Limit", String(result.rateLimit.limit));
        c.header("RateLimit-Remaining", String(result.rateLimit.remaining));
        c.header("RateLimit-Reset", String(result.rateLimit.resetSeconds));
        return result;
      });
      return authentication;
    });
    c.header("X-Request-Id", requestId);
    await next();
  });

  app.onError((error, c) => renderError(error, c));
  app.notFound((c) =>
    renderError(new AppError("route_not_found", `No route for ${c.req.method} ${c.req.path}`), c),
  );

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
    responseHeaders: new Headers(),
    clientAddress: (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
      ?.socket?.remoteAddress,
  });

  const api = new Hono<HttpEnv>();
  api.use(
    bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new AppError("payload_too_large", "Request bodies are limited to 1 MB");
      },
    }),
  );
  api.use(idempotency(deps.database.db, deps.clock));
  options.plainRoutes?.(api);
  mountRestOperations(api, router, createContext);
  app.route("/api/v1", api);

  app.all("/trpc/*", (c) =>
    fetchRequestHandler({
      endpoint: "/trpc",
      req: c.req.raw,
      router,
      createContext: () => createContext(c),
      onError: ({ error }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") c.get("logger").error({ err: error }, "trpc call failed");
      },
    }),
  );

  const openApiDocument = buildOpenApiDocument(router, {
    title: "Tally API",
    version: "1.0.0",
    description:
      "Multi-tenant commerce and loyalty API. Authenticate with `Authorization: Bearer <API key>`. Errors are `{status, error, code, details?, requestId}`.",
    serverUrl: "/api/v1",
    ...(options.plainPaths ? { plainPaths: options.plainPaths } : {}),
  });
  mountDocs(app, openApiDocument);
  return { app, openApiDocument };
};
