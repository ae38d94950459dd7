import { AppError, newId, type OffsetPagination } from "@tally/core";
import {
  creatorGroupMembers,
  creatorGroups,
  type Executor,
  follows,
  isUniqueViolation,
  type Tx,
  users,
} from "@tally/db";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { CreatorRow } from "../access/scope.ts";

const duplicateName = (groupName: string): AppError =>
  new AppError("already_exists", "This creator already has a group with this name", {
    details: [
      { field: "groupName", message: `"${groupName}" is already used by another group of this creator` },
    ],
  });

/**
 * Creates a MANUAL group of the creator's followers. Every member must be a user of the organization
 * who follows the creator (422 naming the offending entries otherwise).
 */
export const createGroup = async (
  { tx, now }: { tx: Tx; now: Date },
  creator: CreatorRow,
  input: { groupName: string; groupType: "MANUAL"; memberIds: string[] },
) => {
  const { organizationId, id: creatorId } = creator;
  const memberIds = [...new Set(input.memberIds)];
  if (memberIds.length > 0) {
    const found = await tx
      .select({ id: users.id, followedAt: follows.createdAt })
      .from(users)
      .leftJoin(
        follows,
        and(
          eq(follows.organizationId, users.organizationId),
          eq(follows.followerId, users.id),
          eq(follows.targetType, "CREATOR"),
          eq(follows.targetId, creatorId),
        ),
      )
      .where(and(eq(users.organizationId, organizationId), inArray(users.id, memberIds)));
    const state = new Map(found.map((row) => [row.id, row.followedAt !== null]));
    const details = input.memberIds.flatMap((memberId, index) => {
      const follower = state.get(memberId);
      if (follower === undefined) return [{ field: `memberIds.${index}`, message: "Unknown user" }];
      if (!follower)
        return [{ field: `memberIds.${index}`, message: "This user does not follow the creator" }];
      return [];
    });
    if (details.length > 0) throw new AppError("validation_failed", undefined, { details });
  }

  const [existing] = await tx
    .select({ id: creatorGroups.id })
    .from(creatorGroups)
    .where(
      and(
        eq(creatorGroups.organizationId, organizationId),
        eq(creatorGroups.creatorId, creatorId),
        sql`lower(${creatorGroups.name}) = lower(${input.groupName})`,
      ),
    );
  if (existing) throw duplicateName(input.groupName);

  const id = newId();
  try {
    await tx.insert(creatorGroups).values({
      organizationId,
      id,
      creatorId,
      name: input.groupName,
      type: input.groupType,
      createdAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error, "creator_groups_name")) throw duplicateName(input.groupName);
    throw error;
  }
  if (memberIds.length > 0) {
    await tx
      .insert(creatorGroupMembers)
      .values(memberIds.map((userId) => ({ organizationId, groupId: id, userId })));
  }
  const members = await tx
    .select({ id: users.id, username: users.username, avatarUrl: users.avatarUrl })
    .from(creatorGroupMembers)
    .innerJoin(
      users,
      and(
        eq(users.organizationId, creatorGroupMembers.organizationId),
        eq(users.id, creatorGroupMembers.userId),
      ),
    )
    .where(and(eq(creatorGroupMembers.organizationId, organizationId), eq(creatorGroupMembers.groupId, id)))
    .orderBy(asc(users.username), asc(users.id));
  return {
    id,
    creatorId,
    groupName: input.groupName,
    groupType: input.groupType,
    memberCount: members.length,
    members,
    createdAt: now,
  };
};

/** The creator's groups, newest first, with member counts and the total for `X-Total-Count`. */
export const listGroups = async (tx: Executor, creator: CreatorRow, page: OffsetPagination) => {
  const { organizationId, id: creatorId } = creator;
  const mine = and(eq(creatorGroups.organizationId, organizationId), eq(creatorGroups.creatorId, creatorId));
  const rows = await tx
    .select({
      id: creatorGroups.id,
      creatorId: creatorGroups.creatorId,
      groupName: creatorGroups.name,
      groupType: creatorGroups.type,
      memberCount: sql<number>`(
        select count(*) from ${creatorGroupMembers} m
        where m.organization_id = ${creatorGroups.organizationId} and m.group_id = ${creatorGroups.id}
      )`.mapWith(Number),
      createdAt: creatorGroups.createdAt,
    })
    .from(creatorGroups)
    .where(mine)
    .orderBy(desc(creatorGroups.createdAt), asc(creatorGroups.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(creatorGroups).where(mine);
  return { items: rows, total: total?.n ?? 0 };
};
