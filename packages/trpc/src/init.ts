import { AppError, errorBody, errorCodes, inspectJsonValue, isAppError } from "@tally/core";
import type { ApiKeyRole } from "@tally/db";
import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import type { Context, Principal } from "./context.ts";
import { toAppError } from "./errors.ts";
import type { Meta } from "./meta.ts";

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // `/trpc` clients get the same code table and body as REST, under `data.tally`.
    errorFormatter({ shape, error, ctx }) {
      const appError = toAppError(error);
      return {
        ...shape,
        message: appError.message,
        data: {
          code: shape.data.code,
          httpStatus: appError.status,
          path: shape.data.path,
          tally: errorBody(appError, ctx?.requestId ?? "unknown"),
        },
      };
    },
  });

export const router = t.router;
/** One router from several: a domain serves its main feature's procedures at its root and the rest as sub-routers. */
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * An AppError thrown by a service reaches tRPC as INTERNAL_SERVER_ERROR; give it the tRPC code of
 * its row in the error table so `/trpc` clients see the same class of error as REST (and 4xx are not
 * logged as server failures).
 */
const withErrorCode = (appError: AppError): TRPCError =>
  new TRPCError({
    code: errorCodes[appError.code].trpc as TRPC_ERROR_CODE_KEY,
    message: appError.message,
    cause: appError,
  });

const roleRank: Record<ApiKeyRole, number> = { MEMBER: 0, ADMIN: 1, OPERATOR: 2 };

export const hasRole = (principal: Principal, role: ApiKeyRole): boolean =>
  roleRank[principal.role] >= roleRank[role];

export const requireRole = (principal: Principal, role: ApiKeyRole): void => {
  if (!hasRole(principal, role)) throw new AppError("role_required", `This operation needs the ${role} role`);
};

type MiddlewareResult = { ok: true } | { ok: false; error: TRPCError };

/** Runs a gate and what follows it, with the error code of what either throws (see `withErrorCode`). */
const mappingErrors = async <R extends MiddlewareResult>(run: () => Promise<R>): Promise<R> => {
  let result: R;
  try {
    result = await run();
  } catch (error) {
    throw isAppError(error) ? withErrorCode(error) : error;
  }
  if (!result.ok && isAppError(result.error.cause) && result.error.code === "INTERNAL_SERVER_ERROR") {
    throw withErrorCode(result.error.cause);
  }
  return result;
};

/**
 * Everything a keyed procedure checks before its input is parsed, in one middleware (each tRPC
 * middleware level copies the call's context, and this runs on every request): the key, its role and
 * tier feature, the JSON limits on the raw input (structure, and strings the database cannot store:
 * query and path values too, and the input of in-process callers), and the error code of what the
 * procedure throws.
 */
const keyGate = (required: { role?: ApiKeyRole; feature?: string }) =>
  t.middleware(({ ctx, next, getRawInput }) =>
    mappingErrors(async () => {
      const principal = await ctx.authenticate();
      if (required.role) requireRole(principal, required.role);
      if (required.feature && !principal.tier.features.includes(required.feature)) {
        throw new AppError(
          "tier_required",
          `Your ${principal.tier.name} tier does not include ${required.feature}`,
        );
      }
      inspectJsonValue(await getRawInput());
      return next({ ctx: { ...ctx, principal } });
    }),
  );

const publicGate = t.middleware(({ next, getRawInput }) =>
  mappingErrors(async () => {
    inspectJsonValue(await getRawInput());
    return next();
  }),
);

/** No API key: guest checkout, x402, solver routes. */
export const publicProcedure = t.procedure.use(publicGate).meta({ auth: "none" });

/** Any valid API key of the deployment's environment; rate limit and quota already applied. */
export const authedProcedure = t.procedure.use(keyGate({}));

/** ADMIN of its own organization, or OPERATOR. */
export const adminProcedure = t.procedure.use(keyGate({ role: "ADMIN" }));

/** Runs the platform: all organizations, tiers, app config. */
export const operatorProcedure = t.procedure.use(keyGate({ role: "OPERATOR" }));

/** Gate for tier features (ARCHITECTURE §9): 403 `tier_required` when the tier lacks it. */
export const requireFeature = (feature: string) => t.procedure.use(keyGate({ feature }));
