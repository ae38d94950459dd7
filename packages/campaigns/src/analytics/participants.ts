import type { OffsetPagination } from "@tally/core";
import { campaignJourneys, type Tx, users } from "@tally/db";
import type { Page } from "@tally/trpc";
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CampaignRow } from "../campaign/record.ts";
import type { CampaignParticipant } from "./schemas.ts";
import { type DayWindow, daysOf, windowBounds } from "./window.ts";

/** The campaign's journeys. */
export const journeysOf = (campaign: CampaignRow) =>
  and(
    eq(campaignJourneys.organizationId, campaign.organizationId),
    eq(campaignJourneys.campaignId, campaign.id),
  );

/** Aggregates arrive as strings (bigint, numeric) on some drivers. */
export const total = (expression: SQL) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/** A timestamp's UTC day, `YYYY-MM-DD`. */
export const dayOf = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The journeys' totals: participants, completions, accepted submissions and points paid. */
export const journeyTotals = async (tx: Tx, campaign: CampaignRow) => {
  const [row] = await tx
    .select({
      participants: count(),
      completedJourneys: count(campaignJourneys.completedAt),
      participations: total(sql`sum(${campaignJourneys.participations})`),
      pointsAwarded: total(sql`sum(${campaignJourneys.pointsAwarded})`),
    })
    .from(campaignJourneys)
    .where(journeysOf(campaign));
  return row ?? { participants: 0, completedJourneys: 0, participations: 0, pointsAwarded: 0 };
};

/** Users with a journey in the campaign. */
export const countParticipants = async (tx: Tx, campaign: CampaignRow): Promise<number> => {
  const [row] = await tx.select({ n: count() }).from(campaignJourneys).where(journeysOf(campaign));
  return row?.n ?? 0;
};

/** The campaign's participants in the order they joined, optionally only the (un)finished ones. */
export const listParticipants = async (
  tx: Tx,
  campaign: CampaignRow,
  input: OffsetPagination & { completed?: boolean },
): Promise<Page<CampaignParticipant>> => {
  const where = and(
    journeysOf(campaign),
    input.completed === undefined
      ? undefined
      : input.completed
        ? isNotNull(campaignJourneys.completedAt)
        : isNull(campaignJourneys.completedAt),
  );
  const rows = await tx
    .select({ journey: campaignJourneys, username: users.username })
    .from(campaignJourneys)
    .leftJoin(
      users,
      and(eq(users.organizationId, campaignJourneys.organizationId), eq(users.id, campaignJourneys.userId)),
    )
    .where(where)
    .orderBy(asc(campaignJourneys.createdAt), asc(campaignJourneys.id))
    .limit(input.limit)
    .offset(input.offset);
  const [counted] = await tx.select({ n: count() }).from(campaignJourneys).where(where);
  return {
    total: counted?.n ?? 0,
    items: rows.map(({ journey, username }) => ({
      userId: journey.userId,
      username,
      journeyId: journey.id,
      joinedAt: journey.createdAt,
      participations: journey.participations,
      completed: journey.completedAt !== null,
      completedAt: journey.completedAt,
      pointsAwarded: journey.pointsAwarded,
    })),
  };
};

const perDay = async (
  tx: Tx,
  campaign: CampaignRow,
  {
    column,
    window,
  }: { column: typeof campaignJourneys.createdAt | typeof campaignJourneys.completedAt; window: DayWindow },
): Promise<Map<string, number>> => {
  const { start, end } = windowBounds(window);
  const rows = await tx
    .select({ day: dayOf(column), n: count() })
    .from(campaignJourneys)
    .where(and(journeysOf(campaign), gte(column, start), lt(column, end)))
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, row.n]));
};

/** New participants and completions per UTC day of the window, zero-filled, with the running total. */
export const participantGrowth = async (tx: Tx, campaign: CampaignRow, window: DayWindow) => {
  const { start } = windowBounds(window);
  const [before] = await tx
    .select({ n: count() })
    .from(campaignJourneys)
    .where(and(journeysOf(campaign), lt(campaignJourneys.createdAt, start)));
  const joined = await perDay(tx, campaign, { column: campaignJourneys.createdAt, window });
  const completed = await perDay(tx, campaign, { column: campaignJourneys.completedAt, window });
  const startingTotal = before?.n ?? 0;
  let running = startingTotal;
  const days = daysOf(window).map((date) => {
    const newParticipants = joined.get(date) ?? 0;
    running += newParticipants;
    return { date, newParticipants, completedJourneys: completed.get(date) ?? 0, totalParticipants: running };
  });
  return { campaignId: campaign.id, ...window, startingTotal, days };
};

/** The campaign's journeys ranked: most points, most participations, earliest completion, earliest join. */
export const leaderboard = async (tx: Tx, campaign: CampaignRow, input: OffsetPagination) => {
  const rows = await tx
    .select({ journey: campaignJourneys, username: users.username })
    .from(campaignJourneys)
    .leftJoin(
      users,
      and(eq(users.organizationId, campaignJourneys.organizationId), eq(users.id, campaignJourneys.userId)),
    )
    .where(journeysOf(campaign))
    .orderBy(
      desc(campaignJourneys.pointsAwarded),
      desc(campaignJourneys.participations),
      sql`${campaignJourneys.completedAt} asc nulls last`,
      asc(campaignJourneys.createdAt),
      asc(campaignJourneys.id),
    )
    .limit(input.limit)
    .offset(input.offset);
  return {
    total: await countParticipants(tx, campaign),
    items: rows.map(({ journey, username }, index) => ({
      rank: input.offset + index + 1,
      userId: journey.userId,
      username,
      pointsAwarded: journey.pointsAwarded,
      participations: journey.participations,
      completedAt: journey.completedAt,
    })),
  };
};
