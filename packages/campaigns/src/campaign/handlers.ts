import { type CommerceHandlerDeps, createNotification, notifyCreatorFollowers } from "@tally/commerce";
import { campaigns, creators, type Tx, withTenant } from "@tally/db";
import type { EventBus, EventPayload } from "@tally/events";
import { and, eq } from "drizzle-orm";
import { runCampaignMonitor } from "./monitor.ts";
import type { CampaignRow } from "./record.ts";

type Deps = Pick<CommerceHandlerDeps, "database" | "clock">;

/** The campaign an event names, or undefined when it was purged since. */
const campaignOf = async (
  tx: Tx,
  key: { organizationId: string; campaignId: string },
): Promise<CampaignRow | undefined> => {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.organizationId, key.organizationId), eq(campaigns.id, key.campaignId)));
  return row;
};

/**
 * `campaign-published`: every user following the campaign's creator is notified, once per (campaign,
 * follower) whatever the number of deliveries. A campaign no longer PUBLISHED (ended, or purged) is skipped.
 */
export const handleCampaignPublished = async (deps: Deps, payload: EventPayload<"campaign-published">) => {
  const { organizationId, campaignId } = payload;
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const campaign = await campaignOf(tx, { organizationId, campaignId });
    if (campaign?.status !== "PUBLISHED") return;
    const [creator] = await tx
      .select({ displayName: creators.displayName, slug: creators.slug })
      .from(creators)
      .where(and(eq(creators.organizationId, organizationId), eq(creators.id, campaign.creatorId)));
    await notifyCreatorFollowers(
      { tx, now: deps.clock.now() },
      { organizationId, id: campaign.creatorId },
      {
        type: "campaign-published",
        title: `${creator?.displayName ?? "A creator you follow"} launched ${campaign.title ?? "a campaign"}`,
        body: campaign.description ? campaign.description.slice(0, 500) : null,
        data: {
          campaignId,
          campaignType: campaign.type,
          creatorId: campaign.creatorId,
          creatorSlug: creator?.slug,
        },
        subject: `campaign-published:${campaignId}`,
      },
    );
  });
};

/**
 * `campaign-reviewed`: the creator is notified of the decision, with the rejection's reason, both as the event
 * names them (a delivery that arrives after a later review still tells of its own). One notification per review
 * (keyed by the review's time), whatever the number of deliveries.
 */
export const handleCampaignReviewed = async (deps: Deps, payload: EventPayload<"campaign-reviewed">) => {
  const { organizationId, campaignId, decision, reviewedAt, reason } = payload;
  await withTenant(deps.database.db, organizationId, async (tx) => {
    const campaign = await campaignOf(tx, { organizationId, campaignId });
    if (!campaign) return;
    const title = campaign.title ?? "Your campaign";
    await createNotification(tx, {
      organizationId,
      recipientType: "CREATOR",
      recipientId: campaign.creatorId,
      type: "campaign-reviewed",
      title: decision === "approved" ? `${title} was approved` : `${title} was rejected`,
      body: decision === "rejected" ? reason : "Publish it when you are ready.",
      data: { campaignId, decision, reason: decision === "rejected" ? reason : null },
      dedupeKey: `campaign-reviewed:${campaignId}:${decision}:${reviewedAt}`,
      createdAt: deps.clock.now(),
    });
  });
};

/** The campaigns slice's event handlers and its job. */
export const registerCampaignHandlers = (bus: EventBus, deps: CommerceHandlerDeps): void => {
  bus.subscribe("campaign-published", "campaigns", (payload) => handleCampaignPublished(deps, payload));
  bus.subscribe("campaign-reviewed", "campaigns", (payload) => handleCampaignReviewed(deps, payload));
  bus.registerCron("campaign-monitor", async () => {
    await runCampaignMonitor({ ...deps, events: bus });
  });
};
