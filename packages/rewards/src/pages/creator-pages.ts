import { nftRedemptions, nftRewards, rewardMints, type Tx } from "@tally/db";
import { and, count, countDistinct, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { MINT_MACHINE } from "../programmes/mint-state.ts";
import type { EarnedReward, ManagedCollectible, RewardsDashboard } from "./schemas.ts";

type CreatorKey = { organizationId: string; id: string };
type Page = { limit: number; offset: number };

export const ofCreator = (creator: CreatorKey) =>
  and(eq(nftRewards.organizationId, creator.organizationId), eq(nftRewards.creatorId, creator.id));

const mintsOfReward = and(
  eq(rewardMints.organizationId, nftRewards.organizationId),
  eq(rewardMints.rewardId, nftRewards.id),
);

const completed = eq(rewardMints.status, "COMPLETED");

/** Per programme of the creator: its mints by state and the distinct users it was minted to. */
const mintCountsOf = (tx: Tx, where: SQL | undefined) =>
  tx
    .select({
      rewardId: nftRewards.id,
      minted:
        sql<number>`count(${rewardMints.id}) filter (where ${rewardMints.status} = 'COMPLETED')`.mapWith(
          Number,
        ),
      pending:
        sql<number>`count(${rewardMints.id}) filter (where ${inArray(rewardMints.status, [...MINT_MACHINE.sets.inFlight])})`.mapWith(
          Number,
        ),
      errors: sql<number>`count(${rewardMints.id}) filter (where ${rewardMints.status} = 'ERROR')`.mapWith(
        Number,
      ),
      holders:
        sql<number>`count(distinct ${rewardMints.userId}) filter (where ${rewardMints.status} = 'COMPLETED')`.mapWith(
          Number,
        ),
    })
    .from(nftRewards)
    .leftJoin(rewardMints, mintsOfReward)
    .where(where)
    .groupBy(nftRewards.id);

export const countsById = async (tx: Tx, where: SQL | undefined) =>
  new Map((await mintCountsOf(tx, where)).map((counts) => [counts.rewardId, counts]));

/** What is left to mint: maxSupply minus tokens minted or on their way; null when unlimited. */
export const supplyLeftOf = (maxSupply: number, counts: { minted: number; pending: number } | undefined) =>
  maxSupply === 0 ? null : Math.max(0, maxSupply - (counts?.minted ?? 0) - (counts?.pending ?? 0));

const earnedColumns = {
  id: rewardMints.id,
  rewardId: rewardMints.rewardId,
  rewardName: nftRewards.name,
  rewardType: nftRewards.type,
  userId: rewardMints.userId,
  walletAddress: rewardMints.walletAddress,
  chainId: rewardMints.chainId,
  contractAddress: nftRewards.proxyAddress,
  tokenId: sql<string>`${rewardMints.tokenId}`,
  txHash: rewardMints.txHash,
  mintedAt: sql<Date>`coalesce(${rewardMints.updatedAt}, ${rewardMints.createdAt})`.mapWith(
    rewardMints.createdAt,
  ),
};

const earnedQuery = (tx: Tx, creator: CreatorKey) =>
  tx
    .select(earnedColumns)
    .from(rewardMints)
    .innerJoin(nftRewards, mintsOfReward)
    .where(and(ofCreator(creator), completed))
    .orderBy(desc(sql`coalesce(${rewardMints.updatedAt}, ${rewardMints.createdAt})`), desc(rewardMints.id));

/** Tokens minted from the creator's programmes (COMPLETED mints), newest first. */
export const listEarnedRewards = async (
  tx: Tx,
  creator: CreatorKey,
  page: Page,
): Promise<{ items: EarnedReward[]; total: number }> => {
  const [total] = await tx
    .select({ n: count() })
    .from(rewardMints)
    .innerJoin(nftRewards, mintsOfReward)
    .where(and(ofCreator(creator), completed));
  const items = await earnedQuery(tx, creator).limit(page.limit).offset(page.offset);
  return { items, total: total?.n ?? 0 };
};

/** The newest token minted from the creator's programmes; null when none was. */
export const latestEarnedReward = async (tx: Tx, creator: CreatorKey): Promise<EarnedReward | null> => {
  const [latest] = await earnedQuery(tx, creator).limit(1);
  return latest ?? null;
};

/** Every programme of the creator, any status, with its contract and mint counts, newest first. */
export const listManagedCollectibles = async (tx: Tx, creator: CreatorKey): Promise<ManagedCollectible[]> => {
  const rows = await tx
    .select()
    .from(nftRewards)
    .where(ofCreator(creator))
    .orderBy(desc(nftRewards.createdAt), desc(nftRewards.id));
  const counts = await countsById(tx, ofCreator(creator));
  return rows.map((row) => {
    const mints = counts.get(row.id);
    return {
      rewardId: row.id,
      type: row.type,
      status: row.status,
      name: row.name,
      symbol: row.symbol,
      imageUrl: row.imageUrl,
      chainId: row.chainId,
      contractAddress: row.proxyAddress,
      implementationAddress: row.implementationAddress,
      maxSupply: row.maxSupply,
      supplyLeft: supplyLeftOf(row.maxSupply, mints),
      transferable: row.transferable,
      points: row.points,
      minted: mints?.minted ?? 0,
      pending: mints?.pending ?? 0,
      contractCheckedAt: row.contractCheckedAt,
      contractDrift: row.contractDrift,
      publishedAt: row.publishedAt,
    };
  });
};

/** Programme performance from the mint and redemption records: per programme and for the creator as a whole. */
export const rewardsDashboard = async (tx: Tx, creator: CreatorKey): Promise<RewardsDashboard> => {
  const rows = await tx
    .select({ id: nftRewards.id, name: nftRewards.name, type: nftRewards.type, status: nftRewards.status })
    .from(nftRewards)
    .where(ofCreator(creator))
    .orderBy(desc(nftRewards.createdAt), desc(nftRewards.id));
  const counts = await countsById(tx, ofCreator(creator));
  const redemptions = await tx
    .select({ rewardId: nftRedemptions.rewardId, n: count() })
    .from(nftRedemptions)
    .where(
      and(
        eq(nftRedemptions.organizationId, creator.organizationId),
        eq(nftRedemptions.creatorId, creator.id),
        eq(nftRedemptions.status, "REDEEMED"),
      ),
    )
    .groupBy(nftRedemptions.rewardId);
  const redeemedById = new Map(redemptions.map((row) => [row.rewardId, row.n]));
  const programmes = rows.map((row) => {
    const mints = counts.get(row.id);
    return {
      rewardId: row.id,
      name: row.name,
      type: row.type,
      status: row.status,
      minted: mints?.minted ?? 0,
      pending: mints?.pending ?? 0,
      errors: mints?.errors ?? 0,
      holders: mints?.holders ?? 0,
      redeemed: redeemedById.get(row.id) ?? 0,
    };
  });
  // A user holding tokens of two programmes is one holder of the creator.
  const [holders] = await tx
    .select({ n: countDistinct(rewardMints.userId) })
    .from(rewardMints)
    .innerJoin(nftRewards, mintsOfReward)
    .where(and(ofCreator(creator), completed));
  const sum = (field: "minted" | "pending" | "errors" | "redeemed") =>
    programmes.reduce((total, programme) => total + programme[field], 0);
  return {
    programmes,
    totals: {
      programmes: programmes.length,
      published: programmes.filter((programme) => programme.status === "PUBLISHED").length,
      minted: sum("minted"),
      pending: sum("pending"),
      errors: sum("errors"),
      holders: holders?.n ?? 0,
      redeemed: sum("redeemed"),
    },
  };
};
