import { requireFeature, requireRole } from "@tally/trpc";

/**
 * The task pool's creator-side routes: the tier gate first (spec 02: GROWTH and PRO include `task_pool`;
 * a lower tier gets 403 `tier_required`), then an ADMIN key of the organization (or OPERATOR), checked
 * before the input so a MEMBER key learns nothing from a 422. A pool and its tasks belong to the
 * organization, not to one creator, so X-User-Id grants nothing here.
 */
export const taskPoolProcedure = requireFeature("task_pool").use(({ ctx, next }) => {
  requireRole(ctx.principal, "ADMIN");
  return next();
});
