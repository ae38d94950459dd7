import { AppError, type OffsetPagination } from "@tally/core";
import { creators, follows, type Tx, users } from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, count, desc, eq } from "drizzle-orm";
import type { UserRow } from "../access/scope.ts";
import type { PublicCreatorView } from "../creators/schemas.ts";
import { presentPublicCreator } from "../creators/service.ts";
import { createNotification } from "../notifications/service.ts";
import type { User } from "../users/schemas.ts";
import { toUsers } from "../users/service.ts";
import type { Follow } from "./schemas.ts";

type Publisher = Pick<EventBus, "publish">;
type FollowRow = typeof follows.$inferSelect;
type Target = { type: "USER" | "CREATOR"; id: string };

const toFollow = (row: FollowRow): Follow => ({
  followerId: row.followerId,
  followingId: row.targetId,
  followingType: row.targetType,
  createdAt: row.createdAt,
});

/** A followingId names a user or a creator of the organization (ids are unique across both). */
export const resolveTarget = async (tx: Tx, organizationId: string, targetId: string): Promise<Target> => {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, targetId)));
  if (user) return { type: "USER", id: user.id };
  const [creator] = await tx
    .select({ id: creators.id })
    .from(creators)
    .where(and(eq(creators.organizationId, organizationId), eq(creators.id, targetId)));
  if (creator) return { type: "CREATOR", id: creator.id };
  throw new AppError("not_found", "No user or creator with this followingId");
};

export interface FollowContext {
  tx: Tx;
  events: Publisher;
  now: Date;
}

/**
 * Follows a user or a creator. Idempotent: a repeated follow returns the existing follow and
 * publishes nothing. A new creator follow publishes `follow` (the creator is notified by its
 * handler); a new user follow notifies the followed user in the same transaction.
 */
export const follow = async (
  { tx, events, now }: FollowContext,
  follower: UserRow,
  target: Target,
): Promise<Follow> => {
  const { organizationId } = follower;
  if (target.type === "USER" && target.id === follower.id) {
    throw new AppError("validation_failed", "A user cannot follow themselves", {
      details: [{ field: "followingId", message: "Cannot follow yourself" }],
    });
  }
  const [inserted] = await tx
    .insert(follows)
    .values({
      organizationId,
      followerId: follower.id,
      targetType: target.type,
      targetId: target.id,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    if (target.type === "CREATOR") {
      await events.publish(tx, "follow", { organizationId, userId: follower.id, creatorId: target.id });
    } else {
      await createNotification(tx, {
        organizationId,
        recipientType: "USER",
        recipientId: target.id,
        type: "new-follower",
        title: "New follower",
        body: `${follower.username ?? "Someone"} started following you`,
        data: { userId: follower.id },
        dedupeKey: `follow:user:${target.id}:${follower.id}`,
        createdAt: now,
      });
    }
    return toFollow(inserted);
  }
  const [existing] = await tx
    .select()
    .from(follows)
    .where(
      and(
        eq(follows.organizationId, organizationId),
        eq(follows.followerId, follower.id),
        eq(follows.targetType, target.type),
        eq(follows.targetId, target.id),
      ),
    );
  if (!existing) throw new AppError("conflict", "The follow changed concurrently; retry");
  return toFollow(existing);
};

/** Removes the user's follow of `targetId` (a user or a creator); idempotent. */
export const unfollow = async (tx: Tx, follower: UserRow, targetId: string): Promise<void> => {
  await tx
    .delete(follows)
    .where(
      and(
        eq(follows.organizationId, follower.organizationId),
        eq(follows.followerId, follower.id),
        eq(follows.targetId, targetId),
      ),
    );
};

/** Users this user follows, most recent follow first. */
export const listFollowedUsers = async (
  tx: Tx,
  user: UserRow,
  page: OffsetPagination,
): Promise<{ items: User[]; total: number }> => {
  const { organizationId } = user;
  const where = and(
    eq(follows.organizationId, organizationId),
    eq(follows.followerId, user.id),
    eq(follows.targetType, "USER"),
  );
  const rows = await tx
    .select({ user: users })
    .from(follows)
    .innerJoin(users, and(eq(users.organizationId, follows.organizationId), eq(users.id, follows.targetId)))
    .where(where)
    .orderBy(desc(follows.createdAt), desc(follows.targetId))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ value: count() })
    .from(follows)
    .innerJoin(users, and(eq(users.organizationId, follows.organizationId), eq(users.id, follows.targetId)))
    .where(where);
  return {
    items: await toUsers(
      tx,
      organizationId,
      rows.map((row) => row.user),
    ),
    total: total?.value ?? 0,
  };
};

/** Users following this user, most recent first. */
export const listFollowers = async (
  tx: Tx,
  user: UserRow,
  page: OffsetPagination,
): Promise<{ items: User[]; total: number }> => {
  const { organizationId } = user;
  const where = and(
    eq(follows.organizationId, organizationId),
    eq(follows.targetType, "USER"),
    eq(follows.targetId, user.id),
  );
  const rows = await tx
    .select({ user: users })
    .from(follows)
    .innerJoin(users, and(eq(users.organizationId, follows.organizationId), eq(users.id, follows.followerId)))
    .where(where)
    .orderBy(desc(follows.createdAt), desc(follows.followerId))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(follows).where(where);
  return {
    items: await toUsers(
      tx,
      organizationId,
      rows.map((row) => row.user),
    ),
    total: total?.value ?? 0,
  };
};

const followedCreatorsWhere = (user: UserRow) =>
  and(
    eq(follows.organizationId, user.organizationId),
    eq(follows.followerId, user.id),
    eq(follows.targetType, "CREATOR"),
  );

const creatorJoin = and(
  eq(creators.organizationId, follows.organizationId),
  eq(creators.id, follows.targetId),
);

/** Creators this user follows, most recent follow first. */
export const listFollowedCreators = async (
  tx: Tx,
  user: UserRow,
  page: OffsetPagination,
): Promise<{ items: PublicCreatorView[]; total: number }> => {
  const rows = await tx
    .select({ creator: creators })
    .from(follows)
    .innerJoin(creators, creatorJoin)
    .where(followedCreatorsWhere(user))
    .orderBy(desc(follows.createdAt), desc(follows.targetId))
    .limit(page.limit)
    .offset(page.offset);
  return {
    items: rows.map((row) => presentPublicCreator(row.creator)),
    total: await countFollowedCreators(tx, user),
  };
};

export const countFollowedCreators = async (tx: Tx, user: UserRow): Promise<number> => {
  const [total] = await tx
    .select({ value: count() })
    .from(follows)
    .innerJoin(creators, creatorJoin)
    .where(followedCreatorsWhere(user));
  return total?.value ?? 0;
};
