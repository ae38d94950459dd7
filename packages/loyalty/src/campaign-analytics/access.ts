import { inTenant, withCreator } from "@tally/commerce";
import type { Tx } from "@tally/db";
import type { Context, Principal } from "@tally/trpc";
import { type CampaignRow, findCampaign } from "../campaigns/record.ts";

type AuthedContext = Context & { principal: Principal };

/**
 * Read-only campaign routes: the campaigns' ownership guard (X-User-Id must own the campaign's creator
 * unless the key is ADMIN; another tenant's campaign is 404), without the row lock the changing routes
 * take, so reading analytics never waits on or holds up participation.
 */
export const withReadableCampaign = async <T>(
  ctx: AuthedContext,
  campaignId: string,
  fn: (tx: Tx, row: CampaignRow) => Promise<T>,
): Promise<T> => {
  const key = { organizationId: ctx.principal.organizationId, id: campaignId };
  const { creatorId } = await inTenant(ctx, (tx) => findCampaign(tx, key));
  return withCreator(ctx, creatorId, async (tx) => fn(tx, await findCampaign(tx, key)));
};
