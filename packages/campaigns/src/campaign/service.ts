import { AppError, newId } from "@tally/core";
import {
  type CampaignStatus,
  campaignAttributeOptions,
  campaignAttributes,
  campaignQuestions,
  campaignSwipeItems,
  campaigns,
  products,
  type Tx,
} from "@tally/db";
import type { EventBus } from "@tally/events";
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { type CampaignRow, rowsOfCampaign } from "./record.ts";
import {
  type ConfigureCampaignInput,
  type createCampaignInput,
  EDITABLE_AFTER_DRAFT,
  type PatchCampaignInput,
} from "./schemas.ts";
import { applyMove, illegalMove, newCampaignRow } from "./states.ts";

/** What the writes of a campaign run with: the caller's transaction and the request's instant. */
export interface CampaignWriteContext {
  tx: Tx;
  now: Date;
}

const invalid = (problems: { field: string; message: string }[]) =>
  new AppError("validation_failed", problems.map((p) => `${p.field}: ${p.message}`).join("; "), {
    details: problems,
  });

export const assertNotArchived = (row: CampaignRow, what: string): void => {
  if (row.archivedAt)
    throw new AppError("invalid_state", `${what}: this campaign is archived (restore it first)`, {
      context: { currentStatus: row.status, archived: true },
    });
};

export const createCampaign = async (
  { tx, now }: CampaignWriteContext,
  creator: { organizationId: string; id: string },
  input: z.output<typeof createCampaignInput>,
): Promise<CampaignRow> => {
  const [row] = await tx
    .insert(campaigns)
    .values(
      newCampaignRow({
        organizationId: creator.organizationId,
        id: newId(),
        creatorId: creator.id,
        type: input.type,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .returning();
  return row!;
};

type Configuration = Omit<ConfigureCampaignInput, "id">;

/** The lists a type keeps: naming another type's list is refused. */
const LIST_OF_TYPE = {
  MULTIVARIANT: "attributes",
  SURVEY: "questions",
  SWIPE: "swipeItems",
  UGC: null,
} as const;

/** Problems of the configuration's lists for the campaign's type and creator (422 when any). */
const checkLists = async (tx: Tx, row: CampaignRow, input: Configuration) => {
  const problems: { field: string; message: string }[] = [];
  for (const list of ["attributes", "questions", "swipeItems"] as const)
    if (input[list] !== undefined && LIST_OF_TYPE[row.type] !== list)
      problems.push({ field: list, message: `a ${row.type} campaign has no ${list}` });
  for (const [index, question] of (input.questions ?? []).entries()) {
    const choice = question.type === "SINGLE_CHOICE" || question.type === "MULTIPLE_CHOICE";
    const options = question.options ?? [];
    if (choice && options.length < 2)
      problems.push({
        field: `questions.${index}.options`,
        message: `a ${question.type} question needs two or more`,
      });
    if (!choice && options.length > 0)
      problems.push({ field: `questions.${index}.options`, message: `a ${question.type} question has none` });
    if (choice && new Set(options).size !== options.length)
      problems.push({ field: `questions.${index}.options`, message: "the choices must differ" });
    if (question.ratingMax !== undefined && question.type !== "RATING")
      problems.push({ field: `questions.${index}.ratingMax`, message: "only a RATING question has one" });
  }
  const productIds = (input.swipeItems ?? []).flatMap((item) => (item.productId ? [item.productId] : []));
  if (productIds.length > 0) {
    const owned = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.organizationId, row.organizationId),
          eq(products.creatorId, row.creatorId),
          inArray(products.id, productIds),
        ),
      );
    const ownedIds = new Set(owned.map((product) => product.id));
    for (const [index, item] of (input.swipeItems ?? []).entries())
      if (item.productId && !ownedIds.has(item.productId))
        problems.push({
          field: `swipeItems.${index}.productId`,
          message: "not a product of the campaign's creator",
        });
  }
  if (problems.length > 0) throw invalid(problems);
};

/** Replaces the lists the input names (the old rows go, ids are new). */
const replaceLists = async (tx: Tx, row: CampaignRow, input: Configuration) => {
  const key = { organizationId: row.organizationId, campaignId: row.id };
  if (input.attributes !== undefined) {
    await tx.delete(campaignAttributes).where(rowsOfCampaign(campaignAttributes, row));
    for (const [position, attribute] of input.attributes.entries()) {
      const [stored] = await tx
        .insert(campaignAttributes)
        .values({ ...key, title: attribute.title, hasImages: attribute.hasImages, position })
        .returning({ id: campaignAttributes.id });
      await tx.insert(campaignAttributeOptions).values(
        attribute.options.map((option, optionPosition) => ({
          ...key,
          attributeId: stored!.id,
          value: option.value,
          imageUrl: option.imageUrl ?? null,
          position: optionPosition,
        })),
      );
    }
  }
  if (input.questions !== undefined) {
    await tx.delete(campaignQuestions).where(rowsOfCampaign(campaignQuestions, row));
    if (input.questions.length > 0)
      await tx.insert(campaignQuestions).values(
        input.questions.map((question, position) => ({
          ...key,
          type: question.type,
          title: question.title,
          options: question.options ?? [],
          ratingMax: question.type === "RATING" ? (question.ratingMax ?? 5) : null,
          required: question.required,
          position,
        })),
      );
  }
  if (input.swipeItems !== undefined) {
    await tx.delete(campaignSwipeItems).where(rowsOfCampaign(campaignSwipeItems, row));
    if (input.swipeItems.length > 0)
      await tx.insert(campaignSwipeItems).values(
        input.swipeItems.map((item, position) => ({
          ...key,
          productId: item.productId ?? null,
          title: item.title ?? null,
          imageUrl: item.imageUrl ?? null,
          position,
        })),
      );
  }
};

const updateRow = async ({ tx, now }: CampaignWriteContext, row: CampaignRow, set: Partial<CampaignRow>) => {
  const [updated] = await tx
    .update(campaigns)
    .set({ ...set, updatedAt: now })
    .where(and(eq(campaigns.organizationId, row.organizationId), eq(campaigns.id, row.id)))
    .returning();
  return updated!;
};

/**
 * `PUT /campaign/{id}` (and `PATCH` of a DRAFT): sets the fields the input names and replaces the
 * lists it names. DRAFT only: 409 naming the state otherwise.
 */
export const configureCampaign = async (
  context: CampaignWriteContext,
  row: CampaignRow,
  input: Configuration,
): Promise<CampaignRow> => {
  assertNotArchived(row, "Configuring a campaign");
  if (row.status !== "DRAFT")
    throw new AppError(
      "invalid_state",
      `Configuring a campaign needs a DRAFT campaign; this one is ${row.status} (after publish PATCH changes title, description, hero, showInstructions and showLeaderboard)`,
      { context: { currentStatus: row.status, allowedFrom: ["DRAFT"] } },
    );
  await checkLists(context.tx, row, input);
  await replaceLists(context.tx, row, input);
  return updateRow(context, row, {
    title: input.title,
    description: input.description,
    hero: input.hero,
    logo: input.logo,
    video: input.video,
    startDate: input.startDate,
    endDate: input.endDate,
    maxParticipants: input.maxParticipants,
    showInstructions: input.showInstructions,
    showLeaderboard: input.showLeaderboard,
    rateLimit: input.rateLimit,
    rewardPoints: input.reward?.points,
    rewardMaxSupply: input.reward?.maxSupply,
  });
};

/**
 * Ends a PUBLISHED campaign (the job at `endDate`, or the creator by hand) and publishes
 * `campaign-ended` with the move; undefined when it was no longer PUBLISHED.
 */
export const endCampaign = async (
  { tx, now, events }: CampaignWriteContext & { events: Pick<EventBus, "publish"> },
  row: Pick<CampaignRow, "organizationId" | "id">,
): Promise<CampaignRow | undefined> => {
  const ended = await applyMove({ tx, now }, row, { move: "end", set: { endedAt: now } });
  if (ended)
    await events.publish(tx, "campaign-ended", { organizationId: row.organizationId, campaignId: row.id });
  return ended;
};

/**
 * `PATCH /campaign/{id}`: a DRAFT takes every configuration field; past DRAFT only title,
 * description, hero, showInstructions, showLeaderboard and status (422 naming any other field).
 * `status` takes only ENDED: the documented manual end of a PUBLISHED campaign.
 */
export const patchCampaign = async (
  context: CampaignWriteContext & { events: Pick<EventBus, "publish"> },
  row: CampaignRow,
  input: PatchCampaignInput,
): Promise<CampaignRow> => {
  const { id: _id, status, ...fields } = input;
  const named = Object.entries(input).filter(([field, value]) => field !== "id" && value !== undefined);
  if (named.length === 0) throw invalid([{ field: "body", message: "name at least one field to change" }]);
  if (status !== undefined && status !== "ENDED")
    throw invalid([
      {
        field: "status",
        message: "only ENDED is set here; submit, publish and review have their own routes",
      },
    ]);
  assertNotArchived(row, "Changing a campaign");
  if (row.status === "DRAFT") {
    if (status) throw illegalMove("end", row);
    return configureCampaign(context, row, fields);
  }
  const locked = named.filter(([field]) => !(EDITABLE_AFTER_DRAFT as readonly string[]).includes(field));
  if (locked.length > 0)
    throw invalid(
      locked.map(([field]) => ({
        field,
        message: `fixed once the campaign leaves DRAFT (it is ${row.status}); editable: ${EDITABLE_AFTER_DRAFT.join(", ")}`,
      })),
    );
  const updated = await updateRow(context, row, {
    title: fields.title,
    description: fields.description,
    hero: fields.hero,
    showInstructions: fields.showInstructions,
    showLeaderboard: fields.showLeaderboard,
  });
  if (!status) return updated;
  const ended = await endCampaign(context, updated);
  if (!ended) throw illegalMove("end", updated);
  return ended;
};

const listOf = async (tx: Tx, where: SQL | undefined, page: { limit: number; offset: number }) => {
  const [total] = await tx.select({ n: count() }).from(campaigns).where(where);
  const items = await tx
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(page.limit)
    .offset(page.offset);
  return { items, total: total?.n ?? 0 };
};

const archivedIs = (archived: boolean | undefined) =>
  archived === undefined
    ? undefined
    : archived
      ? isNotNull(campaigns.archivedAt)
      : isNull(campaigns.archivedAt);

/** A creator's campaigns, newest first: the archived ones only when `archived` is true. */
export const listCreatorCampaigns = (
  tx: Tx,
  creator: { organizationId: string; id: string },
  input: { status?: CampaignStatus | undefined; archived: boolean; limit: number; offset: number },
) =>
  listOf(
    tx,
    and(
      eq(campaigns.organizationId, creator.organizationId),
      eq(campaigns.creatorId, creator.id),
      input.status ? eq(campaigns.status, input.status) : undefined,
      archivedIs(input.archived),
    ),
    input,
  );

/**
 * The campaigns a fan can join now: the creator's PUBLISHED campaigns, not archived, inside their window
 * (started, not ended; an open end means until ended by hand), newest first.
 */
export const listJoinableCampaigns = (
  { tx, now }: { tx: Tx; now: Date },
  creator: { organizationId: string; id: string },
  page: { limit: number; offset: number },
) =>
  listOf(
    tx,
    and(
      eq(campaigns.organizationId, creator.organizationId),
      eq(campaigns.creatorId, creator.id),
      eq(campaigns.status, "PUBLISHED"),
      isNull(campaigns.archivedAt),
      or(isNull(campaigns.startDate), lte(campaigns.startDate, now)),
      or(isNull(campaigns.endDate), gt(campaigns.endDate, now)),
    ),
    page,
  );

/** The organization's campaigns for review (`GET /admin/campaigns`), newest first. */
export const listOrganizationCampaigns = (
  tx: Tx,
  organization: { organizationId: string },
  input: { status?: CampaignStatus | undefined; archived?: boolean | undefined; page: number; limit: number },
) =>
  listOf(
    tx,
    and(
      eq(campaigns.organizationId, organization.organizationId),
      input.status ? eq(campaigns.status, input.status) : undefined,
      archivedIs(input.archived),
    ),
    { limit: input.limit, offset: (input.page - 1) * input.limit },
  );

/** The creator's campaigns that are not archived, newest first (ids, titles and statuses). */
export const creatorCampaignTitles = (tx: Tx, creator: { organizationId: string; id: string }) =>
  tx
    .select({ id: campaigns.id, title: campaigns.title, status: campaigns.status })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.organizationId, creator.organizationId),
        eq(campaigns.creatorId, creator.id),
        isNull(campaigns.archivedAt),
      ),
    )
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));

/** The creator's most recently created campaign that is not archived (404 when none). */
export const latestCreatorCampaign = async (
  tx: Tx,
  creator: { organizationId: string; id: string },
): Promise<CampaignRow> => {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.organizationId, creator.organizationId),
        eq(campaigns.creatorId, creator.id),
        isNull(campaigns.archivedAt),
      ),
    )
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(1);
  if (!row) throw new AppError("not_found", "The creator has no campaigns");
  return row;
};
