import {
  type airdrops,
  creatorGroupMembers,
  creatorGroups,
  follows,
  type nftRewards,
  pointBalances,
  type Tx,
  users,
} from "@tally/db";
import { and, eq, exists, inArray, type SQL, sql } from "drizzle-orm";

type RewardRow = typeof nftRewards.$inferSelect;
type AirdropRow = typeof airdrops.$inferSelect;
type Eligibility = Pick<AirdropRow, "source" | "groupId" | "userIds">;

/** One condition of the reward as a predicate on `users` (the same rules as a grant's check, in SQL). */
const conditionMet = (tx: Tx, reward: RewardRow, condition: RewardRow["conditions"][number]): SQL => {
  const organizationId = reward.organizationId;
  switch (condition.type) {
    case "FANS":
      return exists(
        tx
          .select({ one: sql`1` })
          .from(follows)
          .where(
            and(
              eq(follows.organizationId, organizationId),
              eq(follows.followerId, users.id),
              eq(follows.targetType, "CREATOR"),
              eq(follows.targetId, reward.creatorId),
            ),
          ),
      );
    case "GROUP":
      return inGroup(tx, reward, condition.parameters[0] ?? "");
    case "POINTS_AT_LEAST":
      return sql`coalesce((${tx
        .select({ balance: pointBalances.balance })
        .from(pointBalances)
        .where(
          and(
            eq(pointBalances.organizationId, organizationId),
            eq(pointBalances.userId, users.id),
            eq(pointBalances.scope, reward.creatorId),
          ),
        )}), 0) >= ${Number(condition.parameters[0] ?? 0)}`;
  }
};

/** Membership of one of the reward creator's groups. */
const inGroup = (tx: Tx, reward: RewardRow, groupId: string): SQL =>
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
          eq(creatorGroupMembers.userId, users.id),
          eq(creatorGroups.creatorId, reward.creatorId),
        ),
      ),
  );

/** Who the airdrop names, before the reward's conditions: every user, a group's members, or a list. */
const named = (tx: Tx, reward: RewardRow, eligibility: Eligibility): SQL | undefined => {
  switch (eligibility.source) {
    case "CONDITIONS":
      return undefined;
    case "GROUP":
      return inGroup(tx, reward, eligibility.groupId ?? "");
    case "LIST":
      return inArray(users.id, eligibility.userIds ?? []);
  }
};

export interface AudienceMember {
  userId: string;
  meetsConditions: boolean;
}

/**
 * The users an airdrop is for, by id, each with whether they meet the reward's conditions. A CONDITIONS
 * airdrop is for exactly those who meet them; a GROUP or LIST airdrop is for everyone it names, and those
 * who do not meet the conditions are recorded as skipped.
 */
export const resolveAudience = async (
  tx: Tx,
  reward: RewardRow,
  eligibility: Eligibility,
): Promise<AudienceMember[]> => {
  const conditions = reward.conditions.map((condition) => conditionMet(tx, reward, condition));
  const met = conditions.length === 0 ? sql`true` : and(...conditions)!;
  const rows = await tx
    .select({ userId: users.id, meetsConditions: sql<boolean>`(${met})` })
    .from(users)
    .where(
      and(
        eq(users.organizationId, reward.organizationId),
        named(tx, reward, eligibility),
        eligibility.source === "CONDITIONS" ? met : undefined,
      ),
    )
    .orderBy(users.id);
  return rows.map((row) => ({ userId: row.userId, meetsConditions: row.meetsConditions === true }));
};
