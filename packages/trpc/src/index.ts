export type { AnyRouter } from "@trpc/server";
export { shapeOf } from "./coerce.ts";
export * from "./context.ts";
export {
  type BackgroundLoop,
  type DeploymentFacts,
  type Domain,
  type DomainContext,
  defineDomain,
  type PlainRoute,
  type PlainRouteEnv,
} from "./domain.ts";
export { toAppError, trpcErrorResponse, validationError } from "./errors.ts";
export {
  adminProcedure,
  authedProcedure,
  createCallerFactory,
  hasRole,
  mergeRouters,
  middleware,
  operatorProcedure,
  publicProcedure,
  requireFeature,
  requireRole,
  router,
} from "./init.ts";
export type { Audience, Meta, Retirement } from "./meta.ts";
export { buildOpenApiDocument, type OpenApiDocumentOptions } from "./openapi.ts";
export { answerPage, type Page, sendTotalCount } from "./pagination.ts";
export { listRestOperations, type RestOperation, toHonoPath } from "./procedures.ts";
export { mountRestOperations, readJsonBody } from "./rest-adapter.ts";
