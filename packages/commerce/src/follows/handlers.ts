import { creators, follows, users, withTenant } from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, eq } from "drizzle-orm";
import type { CommerceHandlerDeps } from "../handler-deps.ts";
import { createNotification } from "../notifications/service.ts";

/**
 * `follow`: notifies the creator of a new follower, once per (creator, user) pair: a retry, or an
 * unfollow and follow again, adds no second notification. A follow already undone is skipped.
 * Counts are read from the follows table, so there is nothing else to update.
 */
export const registerFollowsHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  bus.subscribe("follow", "commerce", async ({ organizationId, userId, creatorId }) => {
    await withTenant(deps.database.db, organizationId, async (tx) => {
      const [row] = await tx
        .select({
          username: users.username,
          displayName: creators.displayName,
          followedAt: follows.createdAt,
        })
        .from(follows)
        .innerJoin(
          users,
          and(eq(users.organizationId, follows.organizationId), eq(users.id, follows.followerId)),
        )
        .innerJoin(
          creators,
          and(eq(creators.organizationId, follows.organizationId), eq(creators.id, follows.targetId)),
        )
        .where(
          and(
            eq(follows.organizationId, organizationId),
            eq(follows.followerId, userId),
            eq(follows.targetType, "CREATOR"),
            eq(follows.targetId, creatorId),
          ),
        );
      if (!row) return;
      await createNotification(tx, {
        organizationId,
        recipientType: "CREATOR",
        recipientId: creatorId,
        type: "follow",
        title: "New follower",
        body: `${row.username ?? "A fan"} started following ${row.displayName}`,
        data: { userId, creatorId },
        dedupeKey: `follow:creator:${creatorId}:${userId}`,
      });
    });
  });
};
