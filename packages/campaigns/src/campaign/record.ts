import { AppError } from "@tally/core";
import { campaignAttributeOptions, type campaignQuestions, campaigns, type Tx } from "@tally/db";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
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
export const findCampaign = async (
  tx: Tx,
  key: CampaignKey,
  options: { lock?: boolean } = {},
): Promise<CampaignRow> => {
  const query = tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.organizationId, key.organizationId), eq(campaigns.id, key.id)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not_found", "Campaign not found");
  return row;
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
 * Adds one vote to each named option of the campaign (an id named twice counts twice), as atomic
 * increments in id order so concurrent voters never deadlock. An id that is not an option of this
 * campaign is refused (422) and nothing is counted.
 */
export const recordVotes = async (
  tx: Tx,
  key: CampaignKey,
  input: { optionIds: readonly number[] },
): Promise<void> => {
  const times = new Map<number, number>();
  for (const id of input.optionIds) times.set(id, (times.get(id) ?? 0) + 1);
  for (const [optionId, n] of [...times].sort(([a], [b]) => a - b)) {
    const counted = await tx
      .update(campaignAttributeOptions)
      .set({ voteCount: sql`${campaignAttributeOptions.voteCount} + ${n}` })
      .where(
        and(
          eq(campaignAttributeOptions.organizationId, key.organizationId),
          eq(campaignAttributeOptions.campaignId, key.id),
          eq(campaignAttributeOptions.id, optionId),
        ),
      )
      .returning({ id: campaignAttributeOptions.id });
    if (counted.length === 0)
      throw new AppError("validation_failed", `optionId ${optionId} is not an option of this campaign`, {
        details: [{ field: "optionId", message: `${optionId} is not an option of this campaign` }],
      });
  }
};
