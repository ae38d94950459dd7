import { AppError, isStatusIn, newId, type OffsetPagination } from "@tally/core";
import { nftRewards, rowFinder, type Tx } from "@tally/db";
import type { AppDeps } from "@tally/trpc";
import { and, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { programmeChainOf } from "./chain.ts";
import {
  assertStatus,
  DRAFT_REWARD_STATUSES,
  newProgrammeRow,
  PROGRAMME_MACHINE,
} from "./programme-state.ts";
import { detailKindOf, type RewardRow } from "./record.ts";
import type { createRewardInput, updateRewardInput, updateRewardNftInput } from "./schemas.ts";

export type RewardSource = "EARNED" | "CAMPAIGN";

/** The reward of the tenant (404 "Reward not found" otherwise); `lock` holds its row until the transaction ends. */
export const findReward = rowFinder(nftRewards, "Reward");

/**
 * `source` says how holders get the programme's tokens: "EARNED" (granted, airdropped, earned by its
 * conditions) for the creator's own, "CAMPAIGN" for a campaign's collectible. Its chain is known from creation.
 */
export const createReward = async (
  { tx, ...deps }: { tx: Tx } & Pick<AppDeps, "providers">,
  creator: { organizationId: string; id: string },
  input: z.output<typeof createRewardInput> & { source?: RewardSource },
): Promise<RewardRow> => {
  const [row] = await tx
    .insert(nftRewards)
    .values(
      newProgrammeRow({
        chainId: await programmeChainOf({ tx, ...deps }, creator.organizationId),
        organizationId: creator.organizationId,
        id: newId(),
        creatorId: creator.id,
        type: input.type,
        name: input.name,
        description: input.description,
        imageUrl: input.imageUrl,
        points: input.points,
        maxSupply: input.maxSupply,
        source: input.source ?? "EARNED",
      }),
    )
    .returning();
  return row!;
};

const DETAIL_FIELDS = ["pointsRewardDetails", "genericRewardDetails", "customRewardDetails"] as const;
/** The field of the generic detail record each type must set. */
const REQUIRED_GENERIC_FIELD: Partial<Record<RewardRow["type"], string>> = {
  FREE_PRODUCT: "productId",
  DISCOUNT_CODE: "percentOff",
  EVENT_PASS: "eventName",
  EXCLUSIVE_ACCESS: "contentDescription",
};

const invalid = (field: string, message: string) =>
  new AppError("validation_failed", `${field}: ${message}`, { details: [{ field, message }] });

/** The detail record the input sets for the row's type, checked: a record of another type is refused. */
const detailsFor = (
  type: RewardRow["type"],
  input: z.output<typeof updateRewardInput>,
): Record<string, unknown> | undefined => {
  const kind = detailKindOf(type);
  for (const field of DETAIL_FIELDS)
    if (field !== kind && input[field] !== undefined) throw invalid(field, `a ${type} reward keeps ${kind}`);
  const details = input[kind];
  if (details === undefined) return undefined;
  const required = REQUIRED_GENERIC_FIELD[type];
  if (required && (details as Record<string, unknown>)[required] === undefined)
    throw invalid(`${kind}.${required}`, `required for a ${type} reward`);
  return details;
};

const conditionsOf = (input: z.output<typeof updateRewardInput>) => {
  for (const [index, condition] of (input.conditions ?? []).entries()) {
    const expected = condition.type === "FANS" ? 0 : 1;
    if (condition.parameters.length !== expected)
      throw invalid(`conditions.${index}.parameters`, `${condition.type} takes ${expected} parameter(s)`);
    if (condition.type === "POINTS_AT_LEAST" && !/^\d{1,9}$/.test(condition.parameters[0]!))
      throw invalid(`conditions.${index}.parameters`, "POINTS_AT_LEAST takes a non-negative integer");
  }
  return input.conditions;
};

/** What the writes of a reward run with: the caller's transaction and the request's instant. */
export interface RewardWriteContext {
  tx: Tx;
  now: Date;
}

export const updateReward = async (
  { tx, now }: RewardWriteContext,
  row: RewardRow,
  input: z.output<typeof updateRewardInput>,
): Promise<RewardRow> => {
  assertStatus(row, PROGRAMME_MACHINE.sets.editable, "Changing a reward");
  // Fixed in the contract at publish.
  if (
    !isStatusIn(DRAFT_REWARD_STATUSES, row.status) &&
    (input.maxSupply !== undefined || input.transferable !== undefined)
  )
    throw new AppError(
      "invalid_state",
      `maxSupply and transferable are fixed at publish; this reward is ${row.status}`,
    );
  const [updated] = await tx
    .update(nftRewards)
    .set({
      details: detailsFor(row.type, input),
      conditions: conditionsOf(input),
      maxSupply: input.maxSupply,
      transferable: input.transferable,
      updatedAt: now,
    })
    .where(and(eq(nftRewards.organizationId, row.organizationId), eq(nftRewards.id, row.id)))
    .returning();
  return updated!;
};

export const updateRewardNft = async (
  { tx, now }: RewardWriteContext,
  row: RewardRow,
  input: z.output<typeof updateRewardNftInput>,
): Promise<RewardRow> => {
  // The name and symbol are written into the contract at publish.
  assertStatus(row, DRAFT_REWARD_STATUSES, "Changing the NFT metadata");
  if (input.imageUrl === undefined && input.animationUrl === undefined)
    throw invalid("imageUrl", "imageUrl or animationUrl is required");
  const [updated] = await tx
    .update(nftRewards)
    .set({
      name: input.name,
      description: input.description,
      externalUrl: input.externalUrl,
      imageUrl: input.imageUrl,
      animationUrl: input.animationUrl,
      points: input.points,
      updatedAt: now,
    })
    .where(and(eq(nftRewards.organizationId, row.organizationId), eq(nftRewards.id, row.id)))
    .returning();
  return updated!;
};

export const deleteDraftReward = async (tx: Tx, row: RewardRow): Promise<void> => {
  assertStatus(row, DRAFT_REWARD_STATUSES, "Deleting a reward");
  await tx
    .delete(nftRewards)
    .where(and(eq(nftRewards.organizationId, row.organizationId), eq(nftRewards.id, row.id)));
};

/** One page of the creator's programmes, newest first, with the whole list's size. */
export const listCreatorRewards = async (
  tx: Tx,
  creator: { organizationId: string; id: string },
  page: OffsetPagination,
): Promise<{ items: RewardRow[]; total: number }> => {
  const where = and(
    eq(nftRewards.organizationId, creator.organizationId),
    eq(nftRewards.creatorId, creator.id),
  );
  const items = await tx
    .select()
    .from(nftRewards)
    .where(where)
    .orderBy(desc(nftRewards.createdAt), desc(nftRewards.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(nftRewards).where(where);
  return { items, total: total?.value ?? 0 };
};
