import { AppError, errorBody } from "@tally/core";
import type { ApiKeyRole } from "@tally/db";
import { initTRPC } from "@trpc/server";
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
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** No API key: guest checkout, x402, solver routes. */
export const publicProcedure = t.procedure;

/** Any valid API key of the deployment's environment; rate limit and quota already applied. */
export const authedProcedure = t.procedure.use(async ({ ctx, next }) => {
  const principal = await ctx.authenticate();
  return next({ ctx: { ...ctx, principal } });
});

const roleRank: Record<ApiKeyRole, number> = { MEMBER: 0, ADMIN: 1, OPERATOR: 2 };

export const hasRole = (principal: Principal, role: ApiKeyRole): boolean =>
  roleRank[principal.role] >= roleRank[role];

export const requireRole = (principal: Principal, role: ApiKeyRole): void => {
  if (!hasRole(principal, role)) throw new AppError("role_required", `This operation needs the ${role} role`);
};

/** ADMIN of its own organization, or OPERATOR. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  requireRole(ctx.principal, "ADMIN");
  return next();
});

/** Runs the platform: all organizations, tiers, app config. */
export const operatorProcedure = authedProcedure.use(({ ctx, next }) => {
  requireRole(ctx.principal, "OPERATOR");
  return next();
});

/** Gate for tier features (ARCHITECTURE §9): 403 `tier_required` when the tier lacks it. */
export const requireFeature = (feature: string) =>
  authedProcedure.use(({ ctx, next }) => {
    if (!ctx.principal.tier.features.includes(feature)) {
      throw new AppError("tier_required", `Your ${ctx.principal.tier.name} tier does not include ${feature}`);
    }
    return next();
  });
