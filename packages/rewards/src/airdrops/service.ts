import { AppError, newId } from "@tally/core";
import {
  airdropRecipients,
  airdrops,
  creatorGroups,
  nftRewards,
  rewardMints,
  rowFinder,
  type Tx,
  users,
} from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { programmeOf } from "../programmes/grant.ts";
import type { RewardRow } from "../programmes/record.ts";
import type { Reward } from "../programmes/schemas.ts";
import { newAirdropRow } from "./airdrop-state.ts";
import { resolveAudience } from "./audience.ts";
import type { Airdrop, createAirdropInput } from "./schemas.ts";

export type AirdropRow = typeof airdrops.$inferSelect;
type AirdropKey = { organizationId: string; id: string };
type RewardContract = Pick<RewardRow, "id" | "name" | "proxyAddress">;

/** The spec's Airdrop object: the row with its reward and the reward's contract name and address. */
export const toAirdrop = (row: AirdropRow, reward: RewardContract): Airdrop => ({
  id: row.id,
  organizationId: row.organizationId,
  airdropDate: row.airdropDate,
  status: row.status,
  source: row.source,
  groupId: row.groupId,
  eligible: row.eligible,
  minted: row.minted,
  failed: row.failed,
  skipped: row.skipped,
  error: row.error,
  createdAt: row.createdAt,
  finishedAt: row.finishedAt,
  nftReward: { id: reward.id, contract: { name: reward.name, proxyAddress: reward.proxyAddress } },
});

const invalid = (field: string, message: string) =>
  new AppError("validation_failed", `${field}: ${message}`, { details: [{ field, message }] });

/** A group of the reward's creator: another creator's group is 404. */
const findGroup = rowFinder(creatorGroups, "Group");

/** The audience an airdrop input names, checked: a group of the reward's creator, users of the tenant. */
const eligibilityOf = async (
  tx: Tx,
  reward: RewardRow,
  eligibility: z.output<typeof createAirdropInput>["eligibility"],
): Promise<Pick<AirdropRow, "source" | "groupId" | "userIds">> => {
  switch (eligibility.type) {
    case "CONDITIONS":
      if (reward.conditions.length === 0)
        throw new AppError(
          "bad_request",
          "The reward has no conditions to draw an audience from; airdrop it to a GROUP or a LIST",
        );
      return { source: "CONDITIONS", groupId: null, userIds: null };
    case "GROUP": {
      const group = await findGroup(tx, {
        organizationId: reward.organizationId,
        id: eligibility.groupId,
        of: { creatorId: reward.creatorId },
      });
      return { source: "GROUP", groupId: group.id, userIds: null };
    }
    case "LIST": {
      const userIds = [...new Set(eligibility.userIds)];
      const [known] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.organizationId, reward.organizationId), inArray(users.id, userIds)));
      const unknown = userIds.length - (known?.n ?? 0);
      if (unknown > 0)
        throw invalid("eligibility.userIds", `${unknown} of the ids are not users of the organization`);
      return { source: "LIST", groupId: null, userIds };
    }
  }
};

/**
 * In the caller's transaction (the reward row locked): schedules an airdrop of a PUBLISHED reward (400
 * otherwise, as a grant) and publishes `airdrop`, which starts it at its date. `eligible` is the audience's size now; the monitor fixes it
 * when it resolves the recipients at `airdropDate`.
 */
export const createAirdrop = async (
  { tx, events, now }: { tx: Tx; now: Date; events: Pick<EventBus, "publish"> },
  reward: RewardRow,
  input: z.output<typeof createAirdropInput>,
): Promise<AirdropRow> => {
  programmeOf(reward);
  const eligibility = await eligibilityOf(tx, reward, input.eligibility);
  const audience = await resolveAudience(tx, reward, eligibility);
  const [row] = await tx
    .insert(airdrops)
    .values(
      newAirdropRow({
        organizationId: reward.organizationId,
        id: newId(),
        rewardId: reward.id,
        creatorId: reward.creatorId,
        ...eligibility,
        airdropDate: input.airdropDate ?? now,
        eligible: audience.length,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .returning();
  // The job runs at the airdrop's date (at once when it has come); the airdrop-monitor is the backstop.
  await events.publish(
    tx,
    "airdrop",
    { organizationId: row!.organizationId, airdropId: row!.id },
    { startAfter: row!.airdropDate },
  );
  return row!;
};

/** The tenant's airdrop (404 "Airdrop not found" otherwise). */
export const findAirdrop = rowFinder(airdrops, "Airdrop");

const rewardContract = {
  id: nftRewards.id,
  name: nftRewards.name,
  proxyAddress: nftRewards.proxyAddress,
};

const withReward = (tx: Tx) =>
  tx
    .select({ airdrop: airdrops, reward: rewardContract })
    .from(airdrops)
    .innerJoin(
      nftRewards,
      and(eq(nftRewards.organizationId, airdrops.organizationId), eq(nftRewards.id, airdrops.rewardId)),
    );

/** The airdrop as the API shows it. */
export const readAirdrop = async (tx: Tx, key: AirdropKey): Promise<Airdrop> => {
  const [row] = await withReward(tx).where(
    and(eq(airdrops.organizationId, key.organizationId), eq(airdrops.id, key.id)),
  );
  if (!row) throw findAirdrop.notFound();
  return toAirdrop(row.airdrop, row.reward);
};

/**
 * The detail read of a programme: `airdrop` is its most recent airdrop and `airdropId` that airdrop's id (a
 * programme may be airdropped many times; the history is the creator's airdrops list).
 */
export const withLatestAirdrop = async (tx: Tx, reward: Reward): Promise<Reward> => {
  const [latest] = await tx
    .select()
    .from(airdrops)
    .where(and(eq(airdrops.organizationId, reward.organizationId), eq(airdrops.rewardId, reward.id)))
    .orderBy(desc(airdrops.createdAt), desc(airdrops.id))
    .limit(1);
  if (!latest) return reward;
  const contract = { id: reward.id, name: reward.contract.name, proxyAddress: reward.contract.proxyAddress };
  return { ...reward, airdropId: latest.id, airdrop: toAirdrop(latest, contract) };
};

/** The creator's airdrops, newest first (by creation), a page of them and the total. */
export const listCreatorAirdrops = async (
  tx: Tx,
  creator: { organizationId: string; id: string },
  page: { limit: number; offset: number },
): Promise<{ items: Airdrop[]; total: number }> => {
  const mine = and(eq(airdrops.organizationId, creator.organizationId), eq(airdrops.creatorId, creator.id));
  const rows = await withReward(tx)
    .where(mine)
    .orderBy(desc(airdrops.createdAt), desc(airdrops.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(airdrops).where(mine);
  return { items: rows.map((row) => toAirdrop(row.airdrop, row.reward)), total: total?.n ?? 0 };
};

/** The users who hold the airdrop's token (their mint COMPLETED), in order of delivery. */
export const listDelivered = async (tx: Tx, airdrop: AirdropRow, page: { limit: number; offset: number }) => {
  const delivered = and(
    eq(airdropRecipients.organizationId, airdrop.organizationId),
    eq(airdropRecipients.airdropId, airdrop.id),
    eq(rewardMints.status, "COMPLETED"),
  );
  const base = tx
    .select({
      userId: airdropRecipients.userId,
      walletAddress: rewardMints.walletAddress,
      tokenId: rewardMints.tokenId,
      txHash: rewardMints.txHash,
      deliveredAt: rewardMints.updatedAt,
    })
    .from(airdropRecipients)
    .innerJoin(
      rewardMints,
      and(
        eq(rewardMints.organizationId, airdropRecipients.organizationId),
        eq(rewardMints.id, airdropRecipients.mintId),
      ),
    );
  const rows = await base
    .where(delivered)
    .orderBy(rewardMints.updatedAt, airdropRecipients.userId)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ n: count() })
    .from(airdropRecipients)
    .innerJoin(
      rewardMints,
      and(
        eq(rewardMints.organizationId, airdropRecipients.organizationId),
        eq(rewardMints.id, airdropRecipients.mintId),
      ),
    )
    .where(delivered);
  return {
    items: rows.map((row) => ({ ...row, tokenId: row.tokenId! })),
    total: total?.n ?? 0,
  };
};
