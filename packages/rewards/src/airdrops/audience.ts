import { type airdrops, type nftRewards, type Tx, users } from "@tally/db";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { conditionsMet, inCreatorGroup } from "../programmes/conditions.ts";

type RewardRow = typeof nftRewards.$inferSelect;
type AirdropRow = typeof airdrops.$inferSelect;
type Eligibility = Pick<AirdropRow, "source" | "groupId" | "userIds">;

/** Who the airdrop names, before the reward's conditions: every user, a group's members, or a list. */
const named = (tx: Tx, reward: RewardRow, eligibility: Eligibility): SQL | undefined => {
  switch (eligibility.source) {
    case "CONDITIONS":
      return undefined;
    case "GROUP":
      return inCreatorGroup(tx, reward, { groupId: eligibility.groupId ?? "", userId: users.id });
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
  const met = conditionsMet(tx, reward, users.id);
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
