import { AppError } from "@tally/core";
import {
  creatorGroupMembers,
  creatorGroups,
  follows,
  type nftRewards,
  pointBalances,
  type Tx,
  users,
} from "@tally/db";
import { and, eq, exists, type SQL, type SQLWrapper, sql } from "drizzle-orm";

type RewardRow = typeof nftRewards.$inferSelect;
type Condition = RewardRow["conditions"][number];
/** A user id: a value (one user's grant) or a column (every user an airdrop considers). */
type UserRef = SQLWrapper | string;

/** Membership of one of the reward creator's groups. */
export const inCreatorGroup = (
  tx: Tx,
  reward: RewardRow,
  { groupId, userId }: { groupId: string; userId: UserRef },
): SQL =>
  exists(
    tx
      .select({ one: sql`1` })
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
          eq(creatorGroupMembers.organizationId, reward.organizationId),
          eq(creatorGroupMembers.groupId, groupId),
          eq(creatorGroupMembers.userId, userId),
          eq(creatorGroups.creatorId, reward.creatorId),
        ),
      ),
  );

/** The user's points with the reward's creator (0 without a balance row). */
const creatorPoints = (tx: Tx, reward: RewardRow, userId: UserRef): SQL<number> =>
  sql<number>`coalesce((${tx
    .select({ balance: pointBalances.balance })
    .from(pointBalances)
    .where(
      and(
        eq(pointBalances.organizationId, reward.organizationId),
        eq(pointBalances.userId, userId),
        eq(pointBalances.scope, reward.creatorId),
      ),
    )}), 0)`;

const pointsNeeded = (condition: Condition): number => Number(condition.parameters[0] ?? 0);

/**
 * One condition of a reward as a predicate on a user: the one rule a grant checks for one user and an
 * airdrop applies to every user it considers.
 */
export const conditionMet = (
  tx: Tx,
  reward: RewardRow,
  { condition, userId }: { condition: Condition; userId: UserRef },
): SQL => {
  switch (condition.type) {
    case "FANS":
      return exists(
        tx
          .select({ one: sql`1` })
          .from(follows)
          .where(
            and(
              eq(follows.organizationId, reward.organizationId),
              eq(follows.followerId, userId),
              eq(follows.targetType, "CREATOR"),
              eq(follows.targetId, reward.creatorId),
            ),
          ),
      );
    case "GROUP":
      return inCreatorGroup(tx, reward, { groupId: condition.parameters[0] ?? "", userId });
    case "POINTS_AT_LEAST":
      return sql`${creatorPoints(tx, reward, userId)} >= ${pointsNeeded(condition)}`;
  }
};

/** Every condition of the reward at once (true without conditions). */
export const conditionsMet = (tx: Tx, reward: RewardRow, userId: UserRef): SQL =>
  reward.conditions.length === 0
    ? sql`true`
    : and(...reward.conditions.map((condition) => conditionMet(tx, reward, { condition, userId })))!;

/** Why the user fails a condition, for the refusal's message. */
const reasonFor = async (
  tx: Tx,
  reward: RewardRow,
  condition: Condition,
  userId: string,
): Promise<string> => {
  switch (condition.type) {
    case "FANS":
      return "FANS: the user does not follow the creator";
    case "GROUP":
      return `GROUP: the user is not a member of the creator's group ${condition.parameters[0] ?? ""}`;
    case "POINTS_AT_LEAST": {
      const [row] = await tx
        .select({ balance: creatorPoints(tx, reward, userId) })
        .from(users)
        .where(and(eq(users.organizationId, reward.organizationId), eq(users.id, userId)));
      return `POINTS_AT_LEAST: the user holds ${Number(row?.balance ?? 0)} of the creator's points, ${pointsNeeded(condition)} needed`;
    }
  }
};

/**
 * The reward's stored conditions, all of which the user must meet (409 `conditions_not_met` naming each one
 * failed), evaluated in one statement. POINTS_AT_LEAST counts the user's points with the reward's creator.
 */
export const assertConditionsMet = async (tx: Tx, reward: RewardRow, userId: string): Promise<void> => {
  if (reward.conditions.length === 0) return;
  const checks = Object.fromEntries(
    reward.conditions.map((condition, index) => [
      `c${index}`,
      sql<boolean>`(${conditionMet(tx, reward, { condition, userId })})`,
    ]),
  );
  const [row] = await tx
    .select(checks)
    .from(users)
    .where(and(eq(users.organizationId, reward.organizationId), eq(users.id, userId)));
  const failed: string[] = [];
  for (const [index, condition] of reward.conditions.entries())
    if (row?.[`c${index}`] !== true) failed.push(await reasonFor(tx, reward, condition, userId));
  if (failed.length > 0)
    throw new AppError(
      "conditions_not_met",
      `The user does not meet the reward's conditions: ${failed.join("; ")}`,
      { context: { unmet: failed } },
    );
};
