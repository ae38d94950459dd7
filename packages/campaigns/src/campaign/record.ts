import { AppError } from "@tally/core";
import {
  campaignAttributeOptions,
  campaignAttributes,
  type campaignQuestions,
  campaigns,
  rowFinder,
  type Tx,
} from "@tally/db";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignQuestionRow = typeof campaignQuestions.$inferSelect;

export type CampaignKey = { organizationId: string; id: string };

/** The campaign's rows of a child table (one with `organization_id` and `campaign_id`). */
export const rowsOfCampaign = (
  table: { organizationId: AnyPgColumn; campaignId: AnyPgColumn },
  campaign: Pick<CampaignRow, "organizationId" | "id">,
) => and(eq(table.organizationId, campaign.organizationId), eq(table.campaignId, campaign.id));

/**
 * The tenant's campaign (404 otherwise, archived ones included: callers that must refuse an
 * archived campaign check `archivedAt`); `lock` holds its row until the transaction ends.
 */
export const findCampaign = rowFinder(campaigns, "Campaign");

/** The campaign's attributes in position order, each with its option ids: one statement. */
export const attributeOptionsOf = async (
  tx: Tx,
  key: CampaignKey,
): Promise<{ attributeId: number; optionIds: number[] }[]> => {
  const rows = await tx
    .select({ attributeId: campaignAttributes.id, optionId: campaignAttributeOptions.id })
    .from(campaignAttributes)
    .leftJoin(
      campaignAttributeOptions,
      and(
        eq(campaignAttributeOptions.organizationId, campaignAttributes.organizationId),
        eq(campaignAttributeOptions.attributeId, campaignAttributes.id),
      ),
    )
    .where(
      and(
        eq(campaignAttributes.organizationId, key.organizationId),
        eq(campaignAttributes.campaignId, key.id),
      ),
    )
    .orderBy(campaignAttributes.position, campaignAttributeOptions.position);
  const attributes = new Map<number, number[]>();
  for (const row of rows) {
    const options = attributes.get(row.attributeId) ?? [];
    if (row.optionId !== null) options.push(row.optionId);
    attributes.set(row.attributeId, options);
  }
  return [...attributes].map(([attributeId, optionIds]) => ({ attributeId, optionIds }));
};

/**
 * Counts one more participant if the campaign has room (`maxParticipants` null = unlimited): one
 * conditional update, so concurrent joins never pass the maximum. False when it is full.
 */
export const claimParticipantSlot = async (tx: Tx, key: CampaignKey): Promise<boolean> => {
  const claimed = await tx
    .update(campaigns)
    .set({ participantCount: sql`${campaigns.participantCount} + 1` })
    .where(
      and(
        eq(campaigns.organizationId, key.organizationId),
        eq(campaigns.id, key.id),
        or(isNull(campaigns.maxParticipants), lt(campaigns.participantCount, campaigns.maxParticipants)),
      ),
    )
    .returning({ participantCount: campaigns.participantCount });
  return claimed.length === 1;
};

/**
 * Counts one more completion paid the campaign's points if its supply allows (`rewardMaxSupply`
 * 0 = unlimited): one conditional update. False when the supply is spent.
 */
export const claimRewardedCompletion = async (tx: Tx, key: CampaignKey): Promise<boolean> => {
  const claimed = await tx
    .update(campaigns)
    .set({ rewardedCount: sql`${campaigns.rewardedCount} + 1` })
    .where(
      and(
        eq(campaigns.organizationId, key.organizationId),
        eq(campaigns.id, key.id),
        or(eq(campaigns.rewardMaxSupply, 0), lt(campaigns.rewardedCount, campaigns.rewardMaxSupply)),
      ),
    )
    .returning({ rewardedCount: campaigns.rewardedCount });
  return claimed.length === 1;
};

/**
 * Adds one vote to each option named (each at most once: the submission's check refused an attribute voted
 * twice and an option of another attribute) in one statement that locks the options in id order first, so
 * concurrent voters never deadlock on them.
 */
export const recordVotes = async (
  tx: Tx,
  key: CampaignKey,
  input: { optionIds: readonly number[] },
): Promise<void> => {
  const optionIds = [...new Set(input.optionIds)];
  if (optionIds.length === 0) return;
  const locked = tx.$with("locked").as(
    tx
      .select({ id: campaignAttributeOptions.id })
      .from(campaignAttributeOptions)
      .where(
        and(
          eq(campaignAttributeOptions.organizationId, key.organizationId),
          eq(campaignAttributeOptions.campaignId, key.id),
          inArray(campaignAttributeOptions.id, optionIds),
        ),
      )
      .orderBy(campaignAttributeOptions.id)
      // The vote rows just inserted hold KEY SHARE on their options (foreign key): FOR UPDATE would wait on
      // another voter's and deadlock; NO KEY UPDATE is what the increment itself takes.
      .for("no key update"),
  );
  const counted = await tx
    .with(locked)
    .update(campaignAttributeOptions)
    .set({ voteCount: sql`${campaignAttributeOptions.voteCount} + 1` })
    .from(locked)
    .where(
      and(
        eq(campaignAttributeOptions.organizationId, key.organizationId),
        eq(campaignAttributeOptions.id, locked.id),
      ),
    )
    .returning({ id: campaignAttributeOptions.id });
  // The check read the options in this transaction; one gone since is a campaign reconfigured meanwhile.
  if (counted.length !== optionIds.length)
    throw new AppError("conflict", "The campaign's options changed while the vote was counted; try again", {
      context: { reason: "options_changed" },
    });
};
