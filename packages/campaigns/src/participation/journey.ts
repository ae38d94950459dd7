import { AppError, newId } from "@tally/core";
import {
  type CampaignType,
  campaignAttributes,
  campaignJourneys,
  campaignQuestions,
  campaignResponses,
  campaignSwipeItems,
  campaignSwipes,
  campaignVotes,
  type Tx,
} from "@tally/db";
import { and, countDistinct, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  type CampaignKey,
  type CampaignRow,
  claimParticipantSlot,
  rowsOfCampaign,
} from "../campaign/record.ts";
import type { JourneyRow, ParticipationContext } from "./record.ts";
import { awardJourneyPoints, grantJourneyToken } from "./rewards.ts";
import type { Participation } from "./schemas.ts";

const keyOf = (campaign: CampaignRow): CampaignKey => ({
  organizationId: campaign.organizationId,
  id: campaign.id,
});

/**
 * 409 unless the campaign takes this kind of submission now: its type (`conflict`), not archived, PUBLISHED
 * and inside startDate..endDate (`invalid_state`, naming the status or the window).
 */
export const assertOpen = ({ now }: { now: Date }, campaign: CampaignRow, type: CampaignType): void => {
  if (campaign.type !== type)
    throw new AppError(
      "conflict",
      `This is a ${campaign.type} campaign: it does not take ${type} submissions`,
      {
        context: { campaignType: campaign.type, submissionType: type },
      },
    );
  if (campaign.archivedAt)
    throw new AppError("invalid_state", "The campaign is archived", {
      context: { status: campaign.status, archivedAt: campaign.archivedAt.toISOString() },
    });
  if (campaign.status !== "PUBLISHED")
    throw new AppError(
      "invalid_state",
      `The campaign is ${campaign.status}: only a PUBLISHED campaign takes part`,
      {
        context: { status: campaign.status, allowedFrom: ["PUBLISHED"] },
      },
    );
  const window = {
    startDate: campaign.startDate?.toISOString() ?? null,
    endDate: campaign.endDate?.toISOString() ?? null,
  };
  if (campaign.startDate && now < campaign.startDate)
    throw new AppError("invalid_state", `The campaign opens at ${window.startDate}`, {
      context: { status: campaign.status, ...window },
    });
  if (campaign.endDate && now >= campaign.endDate)
    throw new AppError("invalid_state", `The campaign closed at ${window.endDate}`, {
      context: { status: campaign.status, ...window },
    });
};

/**
 * The user's journey, created on the first submission. Creating one takes a participant slot by H6's
 * conditional counter (409 `campaign_full` past `maxParticipants`, and this transaction's journey is rolled
 * back with it). A concurrent first submission of the same user waits on the unique (campaign, user) index
 * and then finds the journey the other one created.
 */
export const joinJourney = async (
  { tx, now }: { tx: Tx; now: Date },
  campaign: CampaignRow,
  { userId }: { userId: string },
): Promise<JourneyRow> => {
  const [created] = await tx
    .insert(campaignJourneys)
    .values({
      organizationId: campaign.organizationId,
      id: newId(),
      campaignId: campaign.id,
      userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) {
    if (!(await claimParticipantSlot(tx, keyOf(campaign))))
      throw new AppError("campaign_full", `The campaign has its ${campaign.maxParticipants} participants`, {
        context: { maxParticipants: campaign.maxParticipants },
      });
    return created;
  }
  const existing = await findJourney(tx, campaign, { userId });
  if (!existing) throw new Error("journey neither inserted nor found");
  return existing;
};

/** The user's journey in the campaign, if they have taken part. */
export const findJourney = async (
  tx: Tx,
  campaign: CampaignRow,
  { userId }: { userId: string },
): Promise<JourneyRow | undefined> => {
  const [journey] = await tx
    .select()
    .from(campaignJourneys)
    .where(
      and(
        eq(campaignJourneys.organizationId, campaign.organizationId),
        eq(campaignJourneys.campaignId, campaign.id),
        eq(campaignJourneys.userId, userId),
      ),
    );
  return journey;
};

/**
 * Counts one submission on the journey within the campaign's `rateLimit` (0 = unlimited) by a conditional
 * increment, which also row-locks the journey: one user's submissions are settled one at a time.
 * 409 `participation_limit_reached` when the user has used them all.
 */
export const countParticipation = async (
  { tx, now }: { tx: Tx; now: Date },
  campaign: CampaignRow,
  journey: JourneyRow,
): Promise<JourneyRow> => {
  const [counted] = await tx
    .update(campaignJourneys)
    .set({ participations: sql`${campaignJourneys.participations} + 1`, updatedAt: now })
    .where(
      and(
        eq(campaignJourneys.organizationId, journey.organizationId),
        eq(campaignJourneys.id, journey.id),
        campaign.rateLimit === 0 ? undefined : lt(campaignJourneys.participations, campaign.rateLimit),
      ),
    )
    .returning();
  if (!counted)
    throw new AppError(
      "participation_limit_reached",
      `The campaign allows ${campaign.rateLimit} participation${campaign.rateLimit === 1 ? "" : "s"} per user`,
      { context: { rateLimit: campaign.rateLimit } },
    );
  return counted;
};

const journeyScope = (table: { organizationId: AnyPgColumn; journeyId: AnyPgColumn }, journey: JourneyRow) =>
  and(eq(table.organizationId, journey.organizationId), eq(table.journeyId, journey.id));

const countOf = async (query: Promise<{ value: number }[]>): Promise<number> =>
  Number((await query)[0]?.value ?? 0);

/**
 * How far a journey is: `done` of `needed` steps (none done before the user takes part, `journey` null).
 * MULTIVARIANT: attributes voted of the campaign's attributes; SWIPE: items swiped of its items; SURVEY:
 * required questions answered of those required (one submission when none is required); UGC: one submission.
 */
export const journeyProgress = async (
  tx: Tx,
  campaign: CampaignRow,
  journey: JourneyRow | null,
): Promise<{ done: number; needed: number }> => {
  const campaignScope = (table: Parameters<typeof rowsOfCampaign>[0]) => rowsOfCampaign(table, campaign);
  const submitted = Math.min(1, journey?.participations ?? 0);
  /** Counts the journey's rows; none without a journey. */
  const doneOf = (query: (journey: JourneyRow) => Promise<{ value: number }[]>) =>
    journey ? countOf(query(journey)) : Promise.resolve(0);
  switch (campaign.type) {
    case "UGC":
      return { done: submitted, needed: 1 };
    case "MULTIVARIANT": {
      const needed = await countOf(
        tx
          .select({ value: sql<number>`count(*)` })
          .from(campaignAttributes)
          .where(campaignScope(campaignAttributes)),
      );
      const done = await doneOf((journey) =>
        tx
          .select({ value: countDistinct(campaignVotes.attributeId) })
          .from(campaignVotes)
          .where(journeyScope(campaignVotes, journey)),
      );
      return { done, needed };
    }
    case "SWIPE": {
      const needed = await countOf(
        tx
          .select({ value: sql<number>`count(*)` })
          .from(campaignSwipeItems)
          .where(campaignScope(campaignSwipeItems)),
      );
      const done = await doneOf((journey) =>
        tx
          .select({ value: sql<number>`count(*)` })
          .from(campaignSwipes)
          .where(journeyScope(campaignSwipes, journey)),
      );
      return { done, needed };
    }
    case "SURVEY": {
      const required = and(campaignScope(campaignQuestions), eq(campaignQuestions.required, true));
      const needed = await countOf(
        tx.select({ value: sql<number>`count(*)` }).from(campaignQuestions).where(required),
      );
      if (needed === 0) return { done: submitted, needed: 1 };
      const done = await doneOf((journey) =>
        tx
          .select({ value: sql<number>`count(*)` })
          .from(campaignQuestions)
          .where(
            and(
              required,
              sql`exists (select 1 from ${campaignResponses} where ${journeyScope(campaignResponses, journey)} and ${campaignResponses.questionId} = ${campaignQuestions.id})`,
            ),
          ),
      );
      return { done, needed };
    }
  }
};

const isComplete = async (tx: Tx, campaign: CampaignRow, journey: JourneyRow): Promise<boolean> => {
  const { done, needed } = await journeyProgress(tx, campaign, journey);
  return done >= needed;
};

/**
 * Completes the journey if its submissions now complete it, once (a conditional update on `completedAt`),
 * and pays its rewards: the campaign's points and the linked reward token. On a journey already complete,
 * retries a token grant still due. Answers the points this call awarded.
 */
export const settleJourney = async (
  context: ParticipationContext,
  campaign: CampaignRow,
  journey: JourneyRow,
): Promise<{ journey: JourneyRow; pointsAwarded: number }> => {
  const { tx, now } = context;
  if (journey.completedAt) {
    if (!campaign.rewardId || journey.grantStatus === "QUEUED") return { journey, pointsAwarded: 0 };
    return { journey: await grantJourneyToken(context, campaign, journey), pointsAwarded: 0 };
  }
  if (!(await isComplete(tx, campaign, journey))) return { journey, pointsAwarded: 0 };
  const [completed] = await tx
    .update(campaignJourneys)
    .set({ completedAt: now, updatedAt: now })
    .where(
      and(
        eq(campaignJourneys.organizationId, journey.organizationId),
        eq(campaignJourneys.id, journey.id),
        isNull(campaignJourneys.completedAt),
      ),
    )
    .returning();
  if (!completed) return { journey, pointsAwarded: 0 };
  const paid = await awardJourneyPoints(context, campaign, completed);
  const granted = campaign.rewardId ? await grantJourneyToken(context, campaign, paid.journey) : paid.journey;
  return { journey: granted, pointsAwarded: paid.pointsAwarded };
};

/** What a journey stands at, as both the submission answer and the fan's journey read show it. */
export const journeyStanding = (campaign: CampaignRow, journey: JourneyRow) => ({
  participations: journey.participations,
  remainingParticipations:
    campaign.rateLimit === 0 ? null : Math.max(0, campaign.rateLimit - journey.participations),
  completed: journey.completedAt !== null,
  completedAt: journey.completedAt,
  journeyPoints: journey.pointsAwarded,
  pointTransactionId: journey.pointTransactionId,
  rewardSupplyExhausted:
    journey.completedAt !== null && campaign.rewardPoints > 0 && journey.pointTransactionId === null,
  grant: journey.grantStatus
    ? { status: journey.grantStatus, mintId: journey.mintId, note: journey.grantNote }
    : null,
});

export const presentParticipation = (
  campaign: CampaignRow,
  journey: JourneyRow,
  { recorded, pointsAwarded }: { recorded: number; pointsAwarded: number },
): Participation => ({
  campaignId: campaign.id,
  type: campaign.type,
  userId: journey.userId,
  journeyId: journey.id,
  recorded,
  pointsAwarded,
  ...journeyStanding(campaign, journey),
});

/**
 * Journeys of the campaign whose linked reward token is still due (completed, not QUEUED), locked in one
 * order: each grant then locks the reward, so the journeys are held first, as a vote's settling holds its
 * journey before the reward (the other way round the two deadlocked).
 */
export const journeysWithGrantDue = (tx: Tx, campaign: CampaignRow): Promise<JourneyRow[]> =>
  tx
    .select()
    .from(campaignJourneys)
    .where(
      and(
        eq(campaignJourneys.organizationId, campaign.organizationId),
        eq(campaignJourneys.campaignId, campaign.id),
        sql`${campaignJourneys.completedAt} is not null`,
        or(isNull(campaignJourneys.grantStatus), sql`${campaignJourneys.grantStatus} <> 'QUEUED'`),
      ),
    )
    .orderBy(campaignJourneys.completedAt, campaignJourneys.id)
    .for("update");
