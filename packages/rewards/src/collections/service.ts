import { nftRedemptions, nftRewards, rewardMints, type Tx } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { and, count, desc, eq, inArray, or } from "drizzle-orm";
import { networkOf } from "../redemptions/networks.ts";
import type { CollectionItem } from "./schemas.ts";

/** The recorded tokens one collection read considers at most (a user holds one token per programme). */
export const MAX_COLLECTION_CANDIDATES = 1_000;

export type CollectionView = "all" | "earned" | "redeemable";

const programmeFields = {
  rewardId: nftRewards.id,
  rewardType: nftRewards.type,
  rewardStatus: nftRewards.status,
  creatorId: nftRewards.creatorId,
  name: nftRewards.name,
  imageUrl: nftRewards.imageUrl,
  pointCost: nftRewards.points,
  chainId: nftRewards.chainId,
  contractAddress: nftRewards.proxyAddress,
};

const redemptionFields = {
  redemptionId: nftRedemptions.id,
  redemptionStatus: nftRedemptions.status,
  redemptionUserId: nftRedemptions.userId,
  redeemedAt: nftRedemptions.redeemedAt,
};

const sameTokenRedemption = and(
  eq(nftRedemptions.organizationId, rewardMints.organizationId),
  eq(nftRedemptions.chainId, nftRewards.chainId),
  eq(nftRedemptions.contractAddress, nftRewards.proxyAddress),
  eq(nftRedemptions.tokenId, rewardMints.tokenId),
);

/** A recorded token the user may hold: a COMPLETED mint to the user or to one of the user's wallets. */
interface Candidate {
  item: Omit<CollectionItem, "walletAddress">;
  earned: boolean;
}

/**
 * In the tenant transaction: the user's recorded tokens (COMPLETED mints to the user or to any of the user's
 * wallets, newest first) with their programme and the token's redemption, if any.
 */
export const collectionCandidates = async (
  tx: Tx,
  user: { organizationId: string; id: string },
  walletAddresses: string[],
): Promise<Candidate[]> => {
  const rows = await tx
    .select({
      ...programmeFields,
      ...redemptionFields,
      tokenId: rewardMints.tokenId,
      mintUserId: rewardMints.userId,
      mintedAt: rewardMints.updatedAt,
    })
    .from(rewardMints)
    .innerJoin(
      nftRewards,
      and(eq(nftRewards.organizationId, rewardMints.organizationId), eq(nftRewards.id, rewardMints.rewardId)),
    )
    .leftJoin(nftRedemptions, sameTokenRedemption)
    .where(
      and(
        eq(rewardMints.organizationId, user.organizationId),
        eq(rewardMints.status, "COMPLETED"),
        or(
          eq(rewardMints.userId, user.id),
          walletAddresses.length === 0 ? undefined : inArray(rewardMints.walletAddress, walletAddresses),
        ),
      ),
    )
    .orderBy(desc(rewardMints.createdAt), desc(rewardMints.id))
    .limit(MAX_COLLECTION_CANDIDATES);
  return rows.flatMap((row) => {
    if (!row.tokenId || !row.contractAddress || row.chainId === null) return [];
    const redemption =
      row.redemptionId && row.redemptionStatus
        ? { id: row.redemptionId, status: row.redemptionStatus, redeemedAt: row.redeemedAt }
        : null;
    return [
      {
        earned: row.mintUserId === user.id,
        item: {
          network: networkOf(row.chainId),
          chainId: row.chainId,
          contractAddress: row.contractAddress,
          tokenId: row.tokenId,
          rewardId: row.rewardId,
          rewardType: row.rewardType,
          rewardStatus: row.rewardStatus,
          creatorId: row.creatorId,
          name: row.name,
          imageUrl: row.imageUrl,
          pointCost: row.pointCost,
          mintedAt: row.mintedAt,
          redemption,
        },
      },
    ];
  });
};

/**
 * Outside any transaction: keeps the candidates one of the user's wallets holds now (batched `ownerOf` reads per
 * contract), so a token transferred away leaves the collection. Tokens on a chain this deployment does not read
 * cannot be confirmed and are left out.
 */
export const heldByUser = async (
  deps: Pick<AppDeps, "providers">,
  candidates: Candidate[],
  walletAddresses: string[],
): Promise<(Candidate & { item: CollectionItem })[]> => {
  const chain = deps.providers.rewardChain;
  const readable = candidates.filter((candidate) => candidate.item.chainId === chain.chainId);
  const byContract = new Map<string, Candidate[]>();
  for (const candidate of readable)
    byContract.set(candidate.item.contractAddress, [
      ...(byContract.get(candidate.item.contractAddress) ?? []),
      candidate,
    ]);
  const owners = new Map<Candidate, string | null>();
  await Promise.all(
    [...byContract].map(async ([contract, group]) => {
      const holders = await chain.ownersOf(
        contract as `0x${string}`,
        group.map((candidate) => BigInt(candidate.item.tokenId)),
      );
      for (const [index, candidate] of group.entries()) owners.set(candidate, holders[index] ?? null);
    }),
  );
  return readable.flatMap((candidate) => {
    const holder = owners.get(candidate);
    return holder && walletAddresses.includes(holder)
      ? [{ ...candidate, item: { ...candidate.item, walletAddress: holder } }]
      : [];
  });
};

/** Which held tokens a view lists: all, those minted to the user, or those not redeemed (nor being redeemed). */
export const inView = (view: CollectionView, candidate: Candidate): boolean =>
  view === "all" ||
  (view === "earned" && candidate.earned) ||
  (view === "redeemable" &&
    (candidate.item.redemption === null || candidate.item.redemption.status === "FAILED"));

/** The user's REDEEMED redemptions, newest first: history, kept whoever holds the token now. */
export const listRedeemed = async (
  tx: Tx,
  user: { organizationId: string; id: string },
  page: { limit: number; offset: number },
): Promise<{ items: CollectionItem[]; total: number }> => {
  const where = and(
    eq(nftRedemptions.organizationId, user.organizationId),
    eq(nftRedemptions.userId, user.id),
    eq(nftRedemptions.status, "REDEEMED"),
  );
  const rows = await tx
    .select({
      ...programmeFields,
      ...redemptionFields,
      tokenId: nftRedemptions.tokenId,
      tokenChainId: nftRedemptions.chainId,
      tokenContract: nftRedemptions.contractAddress,
      walletAddress: nftRedemptions.walletAddress,
    })
    .from(nftRedemptions)
    .innerJoin(
      nftRewards,
      and(
        eq(nftRewards.organizationId, nftRedemptions.organizationId),
        eq(nftRewards.id, nftRedemptions.rewardId),
      ),
    )
    .where(where)
    .orderBy(desc(nftRedemptions.redeemedAt), desc(nftRedemptions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(nftRedemptions).where(where);
  return {
    items: rows.map((row) => ({
      network: networkOf(row.tokenChainId),
      chainId: row.tokenChainId,
      contractAddress: row.tokenContract,
      tokenId: row.tokenId,
      rewardId: row.rewardId,
      rewardType: row.rewardType,
      rewardStatus: row.rewardStatus,
      creatorId: row.creatorId,
      name: row.name,
      imageUrl: row.imageUrl,
      pointCost: row.pointCost,
      mintedAt: null,
      walletAddress: row.walletAddress,
      redemption: { id: row.redemptionId!, status: row.redemptionStatus!, redeemedAt: row.redeemedAt },
    })),
    total: total?.value ?? 0,
  };
};
