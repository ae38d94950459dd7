import { withCreatorsRow, withFanVisibleRow, withOwnedRow } from "@tally/commerce";
import type { creators, Tx } from "@tally/db";
import { type Context, type Principal, requireFeature } from "@tally/trpc";
import { isFanVisibleReward, type RewardRow } from "./record.ts";
import { findReward } from "./service.ts";

/**
 * Spec 02's tier gate of every rewards route (programmes, grants, airdrops, redemptions, presales, pages):
 * GROWTH and PRO include `rewards`; BUILDER gets 403 tier_required.
 */
export const rewardsProcedure = requireFeature("rewards");

type AuthedContext = Context & { principal: Principal };
type CreatorRow = typeof creators.$inferSelect;

/**
 * Reward routes that name only the reward: its creator's ownership guard applies (X-User-Id must own the
 * creator unless the key is ADMIN), then `fn` runs with the reward's row locked. Another tenant's reward is 404.
 */
export const withOwnedReward = <T>(
  ctx: AuthedContext,
  rewardId: string,
  fn: (tx: Tx, row: RewardRow, creator: CreatorRow) => Promise<T>,
): Promise<T> => withOwnedRow(ctx, { find: findReward, id: rewardId, lock: true }, fn);

/** Routes that name the creator too (PUT, DELETE): a reward of another creator is 404 to it. */
export const withCreatorsReward = <T>(
  ctx: AuthedContext,
  { creatorId, rewardId }: { creatorId: string; rewardId: string },
  fn: (tx: Tx, row: RewardRow) => Promise<T>,
): Promise<T> => withCreatorsRow(ctx, { find: findReward, id: rewardId, creatorId }, fn);

/**
 * Fan-side reward reads (`GET /nft-reward/{id}`): the creator side (owner in X-User-Id, or an ADMIN key)
 * reads the programme in any state; every other key of the organization reads a deployed one (PUBLISHED or
 * DISABLED) and gets 404 for a DRAFT. `creatorSide` tells `fn` which caller it serves. No row lock.
 */
export const withFanVisibleReward = <T>(
  ctx: AuthedContext,
  rewardId: string,
  fn: (tx: Tx, row: RewardRow, caller: { creatorSide: boolean }) => Promise<T>,
): Promise<T> =>
  withFanVisibleRow(ctx, { find: findReward, id: rewardId, fanVisible: isFanVisibleReward }, fn);
