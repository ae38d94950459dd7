import { withCreatorsRow, withFanVisibleRow, withOwnedRow } from "@tally/commerce";
import type { creators, Tx } from "@tally/db";
import { type Context, type Principal, requireFeature, requireRole } from "@tally/trpc";
import { type CampaignRow, findCampaign } from "./record.ts";
import { isFanVisible } from "./states.ts";

/** Spec 02's tier gate: GROWTH and PRO include `campaigns`; BUILDER gets 403 tier_required. */
export const campaignsProcedure = requireFeature("campaigns");

/** The review routes: ADMIN (or OPERATOR), checked before the input so a MEMBER learns nothing from a 422. */
export const campaignReviewProcedure = campaignsProcedure.use(({ ctx, next }) => {
  requireRole(ctx.principal, "ADMIN");
  return next();
});

type AuthedContext = Context & { principal: Principal };
type CreatorRow = typeof creators.$inferSelect;

/**
 * Campaign routes that name only the campaign: its creator's ownership guard applies (X-User-Id must
 * own the creator unless the key is ADMIN), then `fn` runs with the campaign's row locked. Another
 * tenant's campaign is 404.
 */
export const withOwnedCampaign = <T>(
  ctx: AuthedContext,
  campaignId: string,
  fn: (tx: Tx, row: CampaignRow, creator: CreatorRow) => Promise<T>,
): Promise<T> => withOwnedRow(ctx, { find: findCampaign, id: campaignId, lock: true }, fn);

/**
 * Read-only campaign routes: the same guard without the row lock, so a read never waits on or holds up
 * participation.
 */
export const withReadableCampaign = <T>(
  ctx: AuthedContext,
  campaignId: string,
  fn: (tx: Tx, row: CampaignRow) => Promise<T>,
): Promise<T> => withOwnedRow(ctx, { find: findCampaign, id: campaignId, lock: false }, fn);

/**
 * Fan-side campaign reads (`GET /campaign/{id}`, `/attributes`, `/leaderboard`): the creator side
 * (owner in X-User-Id, or an ADMIN key) reads the campaign in any state; every other key of the
 * organization reads it once PUBLISHED or ENDED, and gets 404 before (a draft is not shown to fans).
 * `creatorSide` tells `fn` which caller it serves. No row lock.
 */
export const withFanVisibleCampaign = <T>(
  ctx: AuthedContext,
  campaignId: string,
  fn: (tx: Tx, row: CampaignRow, caller: { creatorSide: boolean }) => Promise<T>,
): Promise<T> => withFanVisibleRow(ctx, { find: findCampaign, id: campaignId, fanVisible: isFanVisible }, fn);

/** Routes that name the creator too (`/creator/id/{creatorId}/campaign/{id}`): another creator's campaign is 404. */
export const withCreatorsCampaign = <T>(
  ctx: AuthedContext,
  { creatorId, campaignId }: { creatorId: string; campaignId: string },
  fn: (tx: Tx, row: CampaignRow) => Promise<T>,
): Promise<T> => withCreatorsRow(ctx, { find: findCampaign, id: campaignId, creatorId }, fn);
