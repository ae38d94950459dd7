import { AppError } from "@tally/core";
import {
  creatorOwners,
  creators,
  rowFinder,
  type Tx,
  users,
  withTenant,
  withTenantStatement,
} from "@tally/db";
import { type Context, hasRole, type Principal } from "@tally/trpc";
import { and, eq } from "drizzle-orm";

type AuthedContext = Context & { principal: Principal };
export type UserRow = typeof users.$inferSelect;
export type CreatorRow = typeof creators.$inferSelect;

/** Runs `fn` in the caller's tenant transaction. */
export const inTenant = <T>(ctx: AuthedContext, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  withTenant(ctx.deps.database.db, ctx.principal.organizationId, fn);

/** `inTenant` for a read of exactly one statement: the whole transaction is one round trip. */
export const inTenantStatement = <T>(ctx: AuthedContext, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  withTenantStatement(ctx.deps.database.db, ctx.principal.organizationId, fn);

/** The tenant's user (404 "User not found" otherwise). */
export const findUser = rowFinder(users, "User");

/**
 * `/user/{id}/…` routes: the user must belong to the key's organization (404 otherwise), and when
 * the integrator names an acting user in `X-User-Id` it must be that user (403).
 */
export const withUser = <T>(
  ctx: AuthedContext,
  userId: string,
  fn: (tx: Tx, user: UserRow) => Promise<T>,
): Promise<T> =>
  inTenant(ctx, async (tx) => {
    const user = await findUser(tx, { organizationId: ctx.principal.organizationId, id: userId });
    if (ctx.actingUserId !== undefined && ctx.actingUserId !== userId)
      throw new AppError("acting_user_mismatch");
    return fn(tx, user);
  });

/**
 * Every order route: when the integrator names an acting user (`X-User-Id`), it must be the order's
 * buyer (403). A guest order has no buyer, so it is changed only by the key without `X-User-Id` or
 * through the guest routes. `/user/{id}/order/…` routes meet this through `withUser` and the order's
 * buyer being `{id}`; routes that name only the order call it.
 */
export const assertActingBuyer = (
  actingUserId: string | undefined,
  order: { userId: string | null },
): void => {
  if (actingUserId !== undefined && order.userId !== actingUserId)
    throw new AppError("acting_user_mismatch", "X-User-Id does not name the order's buyer");
};

/** The tenant's creator (404 "Creator not found" otherwise). */
export const findCreator = rowFinder(creators, "Creator");

/**
 * Whether the caller is the creator side of `creator` (docs/roles.md "Audiences"): an ADMIN (or
 * OPERATOR) key, or the creator's owner named in `X-User-Id`.
 */
export const isCreatorSide = async (tx: Tx, ctx: AuthedContext, creator: CreatorRow): Promise<boolean> => {
  if (hasRole(ctx.principal, "ADMIN")) return true;
  if (!ctx.actingUserId) return false;
  const [owner] = await tx
    .select({ userId: creatorOwners.userId })
    .from(creatorOwners)
    .where(
      and(
        eq(creatorOwners.organizationId, creator.organizationId),
        eq(creatorOwners.creatorId, creator.id),
        eq(creatorOwners.userId, ctx.actingUserId),
      ),
    );
  return owner !== undefined;
};

/**
 * Creator-scoped routes: the creator must exist in the tenant (404), and the acting user
 * (`X-User-Id`) must own it unless the key is ADMIN (403).
 */
export const withCreator = <T>(
  ctx: AuthedContext,
  creatorId: string,
  fn: (tx: Tx, creator: CreatorRow) => Promise<T>,
): Promise<T> =>
  inTenant(ctx, async (tx) => {
    const creator = await findCreator(tx, { organizationId: ctx.principal.organizationId, id: creatorId });
    if (!(await isCreatorSide(tx, ctx, creator)))
      throw new AppError(
        "not_owner",
        ctx.actingUserId
          ? "The acting user does not own this creator"
          : "Name the creator's owner in X-User-Id (or use an ADMIN key)",
      );
    return fn(tx, creator);
  });
