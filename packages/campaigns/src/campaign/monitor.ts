import { campaigns, withTenant } from "@tally/db";
import type { EventBus } from "@tally/events";
import type { AppDeps } from "@tally/trpc";
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { endCampaign } from "./service.ts";

/** The most campaigns one run ends; the rest wait for the next run, 15 minutes later. */
const BATCH = 500;

/**
 * The campaign-monitor job (every 15 minutes): every PUBLISHED campaign whose endDate has passed
 * becomes ENDED, each in its tenant's transaction as a conditional move, and `campaign-ended` is
 * published with it. A campaign another run (or the creator) ended first is skipped, so concurrent
 * runs end it once. Reads candidates across tenants (a job, never a request path);
 * `scope.organizationId` limits a run to one tenant (tests, an operator's manual run).
 */
export const runCampaignMonitor = async (
  deps: Pick<AppDeps, "database" | "clock"> & { events: Pick<EventBus, "publish"> },
  scope: { organizationId?: string } = {},
): Promise<{ ended: string[] }> => {
  const now = deps.clock.now();
  const due = await deps.database.db
    .select({ organizationId: campaigns.organizationId, id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, "PUBLISHED"),
        lte(campaigns.endDate, now),
        isNull(campaigns.archivedAt),
        scope.organizationId === undefined ? undefined : eq(campaigns.organizationId, scope.organizationId),
      ),
    )
    .orderBy(asc(campaigns.endDate))
    .limit(BATCH);
  const ended: string[] = [];
  for (const campaign of due) {
    const moved = await withTenant(deps.database.db, campaign.organizationId, (tx) =>
      endCampaign({ tx, now, events: deps.events }, campaign),
    );
    if (moved) ended.push(moved.id);
  }
  return { ended };
};
