import { isStatusIn } from "@tally/core";
import type { nftRewards } from "@tally/db";
import { PROGRAMME_MACHINE } from "./programme-state.ts";
import type { Reward } from "./schemas.ts";

export type RewardRow = typeof nftRewards.$inferSelect;

/** Which detail record a type keeps (`details` of the row is the one of its type). */
export const detailKindOf = (type: RewardRow["type"]) =>
  type === "POINTS"
    ? "pointsRewardDetails"
    : type === "CUSTOM_REWARD"
      ? "customRewardDetails"
      : "genericRewardDetails";

/**
 * Whether the fan side may see a programme: its contract exists (PUBLISHED, or DISABLED: tokens outlive
 * a disable). A DRAFT is the creator's and 404 to fans.
 */
export const isFanVisibleReward = (row: Pick<RewardRow, "status" | "proxyAddress">): boolean =>
  isStatusIn(PROGRAMME_MACHINE.sets.deployed, row.status) && row.proxyAddress !== null;

/** The fields of each type's detail record a fan may see: a CUSTOM_REWARD's webhook URL is the creator's. */
const PUBLIC_DETAIL_FIELDS: Record<RewardRow["type"], string[]> = {
  POINTS: ["points", "moreInfo"],
  FREE_PRODUCT: ["productId", "moreInfo"],
  DISCOUNT_CODE: ["percentOff", "moreInfo"],
  EVENT_PASS: ["eventName", "eventDate", "moreInfo"],
  EXCLUSIVE_ACCESS: ["contentDescription", "moreInfo"],
  CUSTOM_REWARD: ["moreInfo"],
};

export const publicDetailsOf = (row: RewardRow): Record<string, unknown> =>
  Object.fromEntries(
    PUBLIC_DETAIL_FIELDS[row.type]
      .filter((field) => row.details?.[field] !== undefined)
      .map((field) => [field, row.details?.[field]]),
  );

/** The Reward record as the fan side reads it: the detail record cut to its public fields. */
export const toFanReward = (row: RewardRow): Reward => toReward({ ...row, details: publicDetailsOf(row) });

/** The spec's Reward record of a row: the contract and the detail record nested, conditions numbered. */
export const toReward = (row: RewardRow): Reward => {
  const kind = detailKindOf(row.type);
  const details = row.details ?? null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    type: row.type,
    creatorId: row.creatorId,
    status: row.status,
    // Programmes created before `source` was recorded are all the creator's own.
    source: row.source ?? "EARNED",
    airdropId: row.airdropId,
    createdAt: row.createdAt,
    publishedAt: row.publishedAt,
    contractId: row.contractId,
    airdrop: null,
    pointsRewardDetails:
      kind === "pointsRewardDetails" && details
        ? {
            id: row.contractId,
            organizationId: row.organizationId,
            rewardId: row.id,
            points: details.points as number,
            moreInfo: (details.moreInfo as string | undefined) ?? null,
          }
        : null,
    genericRewardDetails: kind === "genericRewardDetails" ? details : null,
    customRewardDetails: kind === "customRewardDetails" ? details : null,
    conditions: row.conditions.map((condition, index) => ({
      id: index + 1,
      organizationId: row.organizationId,
      type: condition.type,
      nftRewardId: row.id,
      parameters: condition.parameters,
    })),
    contract: {
      id: row.contractId,
      organizationId: row.organizationId,
      name: row.name,
      symbol: row.symbol,
      proxyAddress: row.proxyAddress,
      implementationAddress: row.implementationAddress,
      metadataIpfsHash: row.metadataIpfsHash,
      maxSupply: row.maxSupply,
      transferable: row.transferable,
      points: row.points,
      chainId: row.chainId,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      abiId: null,
      checkedAt: row.contractCheckedAt,
      drift: row.contractDrift,
      metadata: {
        description: row.description,
        externalUrl: row.externalUrl,
        imageUrl: row.imageUrl,
        animationUrl: row.animationUrl,
      },
    },
  };
};
