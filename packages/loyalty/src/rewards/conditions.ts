import { AppError } from "@tally/core";
import { creatorGroupMembers, creatorGroups, follows, pointBalances, type Tx } from "@tally/db";
import { and, eq } from "drizzle-orm";
import type { RewardRow } from "./record.ts";

type Condition = RewardRow["conditions"][number];

/** Why the user fails one condition, or `undefined` when it is met. */
const unmet = async (tx: Tx, reward: RewardRow, userId: string, condition: Condition) => {
  const organizationId = reward.organizationId;
  switch (condition.type) {
    case "FANS": {
      const [follow] = await tx
        .select({ followerId: follows.followerId })
        .from(follows)
        .where(
          and(
            eq(follows.organizationId, organizationId),
            eq(follows.followerId, userId),
            eq(follows.targetType, "CREATOR"),
            eq(follows.targetId, reward.creatorId),
          ),
        );
      return follow ? undefined : "FANS: the user does not follow the creator";
    }
    case "GROUP": {
      const groupId = condition.parameters[0] ?? "";
      const [member] = await tx
        .select({ userId: creatorGroupMembers.userId })
        .from(creatorGroupMembers)
        .innerJoin(
          creatorGroups,
          and(
            eq(creatorGroups.organizationId, creatorGroupMembers.organizationId),
            eq(creatorGroups.id, creatorGroupMembers.groupId),
          ),
        )
        .where(
          and(
            eq(creatorGroupMembers.organizationId, organizationId),
            eq(creatorGroupMembers.groupId, groupId),
            eq(creatorGroupMembers.userId, userId),
            eq(creatorGroups.creatorId, reward.creatorId),
          ),
        );
      return member ? undefined : `GROUP: the user is not a member of the creator's group ${groupId}`;
    }
    case "POINTS_AT_LEAST": {
      const needed = Number(condition.parameters[0] ?? 0);
      const [row] = await tx
        .select({ balance: pointBalances.balance })
        .from(pointBalances)
        .where(
          and(
            eq(pointBalances.organizationId, organizationId),
            eq(pointBalances.userId, userId),
            eq(pointBalances.scope, reward.creatorId),
          ),
        );
      const balance = row?.balance ?? 0;
      return balance >= needed
        ? undefined
        : `POINTS_AT_LEAST: the user holds ${balance} of the creator's points, ${needed} needed`;
    }
  }
};

/**
 * The reward's stored conditions, all of which the user must meet (409 `conditions_not_met` naming each one
 * failed). POINTS_AT_LEAST counts the user's points with the reward's creator.
 */
export const assertConditionsMet = async (tx: Tx, reward: RewardRow, userId: string): Promise<void> => {
  const failed: string[] = [];
  for (const condition of reward.conditions) {
    const reason = await unmet(tx, reward, userId, condition);
    if (reason) failed.push(reason);
  }
  if (failed.length > 0)
    throw new AppError(
      "conditions_not_met",
      `The user does not meet the reward's conditions: ${failed.join("; ")}`,
      {
        context: { unmet: failed },
      },
    );
};
