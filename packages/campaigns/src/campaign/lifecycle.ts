import { AppError } from "@tally/core";
import { campaignQuestions, campaignSwipeItems, campaigns, type Tx } from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { attributeOptionsOf, type CampaignRow } from "./record.ts";
import type { CampaignWriteContext } from "./service.ts";
import { applyMove, archiveCampaignRow, assertCanMove, type CampaignMove, illegalMove } from "./states.ts";

type EventContext = CampaignWriteContext & { events: Pick<EventBus, "publish"> };

const countOf = async (
  tx: Tx,
  row: CampaignRow,
  table: typeof campaignQuestions | typeof campaignSwipeItems,
) => {
  const [found] = await tx
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.organizationId, row.organizationId), eq(table.campaignId, row.id)));
  return found?.n ?? 0;
};

/**
 * What keeps the campaign from going live, each as `{field, message}`: a title, dates in order and
 * not over, and the list its type runs on (attributes each with two or more options, questions,
 * swipe items). Points are never negative (refused when configured, and a CHECK).
 */
const publishProblems = async (
  { tx, now }: CampaignWriteContext,
  row: CampaignRow,
): Promise<{ field: string; message: string }[]> => {
  const problems: { field: string; message: string }[] = [];
  if (!row.title) problems.push({ field: "title", message: "required to publish" });
  if (row.startDate && row.endDate && row.endDate <= row.startDate)
    problems.push({ field: "endDate", message: "must be after startDate" });
  if (row.endDate && row.endDate <= now) problems.push({ field: "endDate", message: "has already passed" });
  if (row.type === "MULTIVARIANT") {
    const attributes = await attributeOptionsOf(tx, row);
    if (attributes.length === 0)
      problems.push({ field: "attributes", message: "a MULTIVARIANT campaign needs at least one attribute" });
    for (const [index, attribute] of attributes.entries())
      if (attribute.optionIds.length < 2)
        problems.push({
          field: `attributes.${index}.options`,
          message: "an attribute needs two or more options",
        });
  }
  if (row.type === "SURVEY" && (await countOf(tx, row, campaignQuestions)) === 0)
    problems.push({ field: "questions", message: "a SURVEY campaign needs at least one question" });
  if (row.type === "SWIPE" && (await countOf(tx, row, campaignSwipeItems)) === 0)
    problems.push({ field: "swipeItems", message: "a SWIPE campaign needs at least one item" });
  return problems;
};

const assertPublishable = async (context: CampaignWriteContext, row: CampaignRow, what: string) => {
  const problems = await publishProblems(context, row);
  if (problems.length > 0)
    throw new AppError(
      "validation_failed",
      `${what}: the campaign is not ready (${problems.map((p) => `${p.field} ${p.message}`).join("; ")})`,
      { details: problems },
    );
};

/** `PATCH /campaign/{id}/submit`: a publishable DRAFT awaits review (SUBMITTED). */
export const submitCampaign = async (
  context: CampaignWriteContext,
  row: CampaignRow,
): Promise<CampaignRow> => {
  assertCanMove("submit", row);
  await assertPublishable(context, row, "Submitting");
  const { now } = context;
  const submitted = await applyMove(context, row, { move: "submit", set: { submittedAt: now } });
  if (!submitted) throw illegalMove("submit", row);
  return submitted;
};

/**
 * `PATCH /campaign/{id}/publish`: APPROVED -> PUBLISHED, or with `requiresReview: false` from DRAFT,
 * SUBMITTED or APPROVED; checked publishable again (an endDate may pass during review), and
 * `campaign-published` published with the move.
 */
export const publishCampaign = async (
  context: EventContext,
  row: CampaignRow,
  input: { requiresReview: boolean },
): Promise<CampaignRow> => {
  const move: CampaignMove = input.requiresReview ? "publish" : "publishWithoutReview";
  assertCanMove(move, row);
  await assertPublishable(context, row, "Publishing");
  const { tx, now, events } = context;
  const published = await applyMove(context, row, {
    move,
    set: { publishedAt: now, requiresReview: input.requiresReview },
  });
  if (!published) throw illegalMove(move, row);
  await events.publish(tx, "campaign-published", { organizationId: row.organizationId, campaignId: row.id });
  return published;
};

/**
 * `PATCH /admin/campaigns/{id}/status`: a SUBMITTED campaign approved (APPROVED), or rejected back to
 * DRAFT with the reason kept until the next decision; `campaign-reviewed` carries the decision.
 */
export const reviewCampaign = async (
  context: EventContext & { reviewerKeyId: string },
  row: CampaignRow,
  input: { approve: boolean; reason: string | undefined },
): Promise<CampaignRow> => {
  const move: CampaignMove = input.approve ? "approve" : "reject";
  assertCanMove(move, row);
  const { tx, now, events } = context;
  const reviewed = await applyMove(context, row, {
    move,
    set: {
      rejectionReason: input.approve ? null : (input.reason ?? null),
      reviewedAt: now,
      reviewedBy: context.reviewerKeyId,
    },
  });
  if (!reviewed) throw illegalMove(move, row);
  await events.publish(tx, "campaign-reviewed", {
    organizationId: row.organizationId,
    campaignId: row.id,
    decision: input.approve ? "approved" : "rejected",
    reviewedAt: now.toISOString(),
    reason: reviewed.rejectionReason,
  });
  return reviewed;
};

const keyOf = (row: CampaignRow) =>
  and(eq(campaigns.organizationId, row.organizationId), eq(campaigns.id, row.id));

/**
 * Archives a campaign (the diagram's DELETED): it keeps its status and disappears from the creator's
 * lists until restored. A PUBLISHED campaign is ended first (409), so nobody is participating in an
 * archived one.
 */
export const archiveCampaign = async (
  context: CampaignWriteContext,
  row: CampaignRow,
): Promise<CampaignRow> => {
  const archived = await archiveCampaignRow(context, row);
  if (archived) return archived;
  throw new AppError(
    "invalid_state",
    row.archivedAt
      ? "This campaign is already archived"
      : "Archiving needs a campaign that is not live; this one is PUBLISHED (end it first: PATCH status ENDED)",
    { context: { currentStatus: row.status, archived: row.archivedAt !== null } },
  );
};

/** Restores an archived campaign, in the status it was archived in. */
export const restoreCampaign = async (
  { tx, now }: CampaignWriteContext,
  row: CampaignRow,
): Promise<CampaignRow> => {
  const [restored] = await tx
    .update(campaigns)
    .set({ archivedAt: null, updatedAt: now })
    .where(and(keyOf(row), isNotNull(campaigns.archivedAt)))
    .returning();
  if (restored) return restored;
  throw new AppError(
    "invalid_state",
    `Restoring needs an archived campaign; this one is ${row.status}, not archived`,
    {
      context: { currentStatus: row.status, archived: false },
    },
  );
};

/**
 * Deletes an archived campaign for good: its configuration and its participation rows cascade. A
 * linked reward programme stays (its tokens live on chain).
 */
export const purgeCampaign = async (tx: Tx, row: CampaignRow): Promise<void> => {
  const purged = await tx
    .delete(campaigns)
    .where(and(keyOf(row), isNotNull(campaigns.archivedAt)))
    .returning({ id: campaigns.id });
  if (purged.length === 0)
    throw new AppError(
      "invalid_state",
      `Purging needs an archived campaign (archive it first); this one is ${row.status}`,
      {
        context: { currentStatus: row.status, archived: false },
      },
    );
};
