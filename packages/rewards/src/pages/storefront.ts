import { AppError } from "@tally/core";
import { nftRewards, rewardMints, type Tx } from "@tally/db";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { isFanVisibleReward, publicDetailsOf, type RewardRow } from "../programmes/record.ts";
import { findReward } from "../programmes/service.ts";
import { countsById, ofCreator, supplyLeftOf } from "./creator-pages.ts";
import type {
  ContractMetadata,
  collectibleMetadataSchema,
  publicCollectibleSchema,
  publicRewardSchema,
  TokenMetadata,
} from "./schemas.ts";

type CreatorKey = { organizationId: string; id: string };
type PublishedRow = RewardRow & { proxyAddress: string; chainId: number };

/** The creator's PUBLISHED programmes (a DISABLED one mints no more, so the storefront no longer offers it). */
const publishedOf = async (tx: Tx, creator: CreatorKey) => {
  const rows = await tx
    .select()
    .from(nftRewards)
    .where(and(ofCreator(creator), eq(nftRewards.status, "PUBLISHED")))
    .orderBy(desc(nftRewards.publishedAt), desc(nftRewards.id));
  const counts = await countsById(tx, and(ofCreator(creator), eq(nftRewards.status, "PUBLISHED")));
  return rows
    .filter((row): row is PublishedRow => row.proxyAddress !== null && row.chainId !== null)
    .map((row) => ({ row, counts: counts.get(row.id) }));
};

export const listPublicCollectibles = async (
  tx: Tx,
  creator: CreatorKey,
): Promise<z.output<typeof publicCollectibleSchema>[]> =>
  (await publishedOf(tx, creator)).map(({ row, counts }) => ({
    rewardId: row.id,
    type: row.type,
    name: row.name,
    symbol: row.symbol,
    description: row.description,
    imageUrl: row.imageUrl,
    animationUrl: row.animationUrl,
    externalUrl: row.externalUrl,
    chainId: row.chainId,
    contractAddress: row.proxyAddress,
    maxSupply: row.maxSupply,
    minted: counts?.minted ?? 0,
    supplyLeft: supplyLeftOf(row.maxSupply, counts),
    transferable: row.transferable,
    points: row.points,
    publishedAt: row.publishedAt,
  }));

export const listPublicRewards = async (
  tx: Tx,
  creator: CreatorKey,
): Promise<z.output<typeof publicRewardSchema>[]> =>
  (await publishedOf(tx, creator)).map(({ row, counts }) => ({
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    animationUrl: row.animationUrl,
    points: row.points,
    maxSupply: row.maxSupply,
    minted: counts?.minted ?? 0,
    supplyLeft: supplyLeftOf(row.maxSupply, counts),
    transferable: row.transferable,
    chainId: row.chainId,
    contractAddress: row.proxyAddress,
    details: publicDetailsOf(row),
    conditions: row.conditions.map(({ type, parameters }) => ({ type, parameters })),
    publishedAt: row.publishedAt,
  }));

/** Present only when set: marketplaces read a missing field better than an empty one. */
const present = <K extends string>(key: K, value: string | null) =>
  (value ? { [key]: value } : {}) as Partial<Record<K, string>>;

/** A token's ERC-721 metadata JSON: the programme's, with the token number in the name when given. */
export const tokenMetadataOf = (row: RewardRow, tokenId?: string): TokenMetadata => {
  const name = row.name ?? "Reward";
  return {
    name: tokenId ? `${name} #${tokenId}` : name,
    description: row.description ?? "",
    ...present("image", row.imageUrl),
    ...present("animation_url", row.animationUrl),
    ...present("external_url", row.externalUrl),
    attributes: [
      { trait_type: "Reward type", value: row.type },
      { trait_type: "Points cost", value: row.points },
      { trait_type: "Transferable", value: row.transferable },
      ...(row.maxSupply > 0 ? [{ trait_type: "Max supply", value: row.maxSupply }] : []),
    ],
  };
};

/** The contract's ERC-7572 metadata JSON (its contractURI document). */
export const contractMetadataOf = (row: RewardRow): ContractMetadata => ({
  name: row.name ?? "Reward",
  symbol: row.symbol ?? "",
  description: row.description ?? "",
  ...present("image", row.imageUrl),
  ...present("external_link", row.externalUrl),
});

export const listCollectibleMetadata = async (
  tx: Tx,
  creator: CreatorKey,
  metadataBase: (rewardId: string) => string,
): Promise<z.output<typeof collectibleMetadataSchema>[]> =>
  (await publishedOf(tx, creator)).map(({ row }) => ({
    rewardId: row.id,
    chainId: row.chainId,
    contractAddress: row.proxyAddress,
    tokenURI: `${metadataBase(row.id)}/{tokenId}`,
    contractURI: `${metadataBase(row.id)}/contract`,
    metadata: tokenMetadataOf(row),
    contractMetadata: contractMetadataOf(row),
  }));

/** A programme whose contract exists (PUBLISHED or DISABLED: its tokens outlive a disable); 404 otherwise. */
export const findDeployedReward = async (
  tx: Tx,
  key: { organizationId: string; rewardId: string },
): Promise<RewardRow> => {
  const row = await findReward(tx, { organizationId: key.organizationId, id: key.rewardId });
  if (!isFanVisibleReward(row)) throw findReward.notFound();
  return row;
};

/** A token's metadata: the token must be one the service recorded minting (404 otherwise). */
export const mintedTokenMetadata = async (
  tx: Tx,
  key: { organizationId: string; rewardId: string; tokenId: string },
): Promise<TokenMetadata> => {
  const row = await findDeployedReward(tx, key);
  const [mint] = await tx
    .select({ id: rewardMints.id })
    .from(rewardMints)
    .where(
      and(
        eq(rewardMints.organizationId, key.organizationId),
        eq(rewardMints.rewardId, key.rewardId),
        eq(rewardMints.status, "COMPLETED"),
        eq(rewardMints.tokenId, key.tokenId),
      ),
    );
  if (!mint) throw new AppError("not_found", "Token not found");
  return tokenMetadataOf(row, key.tokenId);
};
