import {
  campaignAttributeOptions,
  campaignAttributes,
  campaignQuestions,
  campaignResponses,
  campaignSwipeItems,
  campaignSwipes,
  campaignUgc,
  campaignVotes,
  type Tx,
} from "@tally/db";
import { and, asc, count, countDistinct, desc, gte, isNotNull, lt, max, min, sql } from "drizzle-orm";
import { type CampaignRow, rowsOfCampaign } from "../campaign/record.ts";
import { dayOf } from "./participants.ts";
import type { ResponseBreakdown } from "./schemas.ts";
import { type DayWindow, daysOf, windowBounds } from "./window.ts";

type SubmissionKind = "votes" | "surveyResponses" | "swipes" | "ugc";
type SubmissionCounts = Record<SubmissionKind | "total", number>;
type SubmissionTable =
  | typeof campaignVotes
  | typeof campaignResponses
  | typeof campaignSwipes
  | typeof campaignUgc;

/** Where each kind of submission is stored: one row per vote option, survey answer, swipe or UGC post. */
const SUBMISSION_TABLES: readonly (readonly [SubmissionKind, SubmissionTable])[] = [
  ["votes", campaignVotes],
  ["surveyResponses", campaignResponses],
  ["swipes", campaignSwipes],
  ["ugc", campaignUgc],
];

const withTotal = (counts: Record<SubmissionKind, number>): SubmissionCounts => ({
  ...counts,
  total: counts.votes + counts.surveyResponses + counts.swipes + counts.ugc,
});

/** The stored submissions by kind, with the earliest and latest of them. */
export const submissionTotals = async (tx: Tx, campaign: CampaignRow) => {
  const counts = { votes: 0, surveyResponses: 0, swipes: 0, ugc: 0 };
  let first: Date | null = null;
  let last: Date | null = null;
  for (const [kind, table] of SUBMISSION_TABLES) {
    const [row] = await tx
      .select({ n: count(), first: min(table.createdAt), last: max(table.createdAt) })
      .from(table)
      .where(rowsOfCampaign(table, campaign));
    counts[kind] = row?.n ?? 0;
    if (row?.first && (!first || row.first < first)) first = row.first;
    if (row?.last && (!last || row.last > last)) last = row.last;
  }
  return { submissions: withTotal(counts), firstParticipationAt: first, lastParticipationAt: last };
};

/** Submissions per UTC day of the window and kind, zero-filled, with the window's totals. */
export const submissionGrowth = async (tx: Tx, campaign: CampaignRow, window: DayWindow) => {
  const { start, end } = windowBounds(window);
  const byKind = new Map<SubmissionKind, Map<string, number>>();
  for (const [kind, table] of SUBMISSION_TABLES) {
    const rows = await tx
      .select({ day: dayOf(table.createdAt), n: count() })
      .from(table)
      .where(and(rowsOfCampaign(table, campaign), gte(table.createdAt, start), lt(table.createdAt, end)))
      .groupBy(sql`1`);
    byKind.set(kind, new Map(rows.map((row) => [row.day, row.n])));
  }
  const on = (kind: SubmissionKind, date: string) => byKind.get(kind)?.get(date) ?? 0;
  const days = daysOf(window).map((date) => ({
    date,
    ...withTotal({
      votes: on("votes", date),
      surveyResponses: on("surveyResponses", date),
      swipes: on("swipes", date),
      ugc: on("ugc", date),
    }),
  }));
  const sumOf = (kind: SubmissionKind) => days.reduce((sum, day) => sum + day[kind], 0);
  const totals = withTotal({
    votes: sumOf("votes"),
    surveyResponses: sumOf("surveyResponses"),
    swipes: sumOf("swipes"),
    ugc: sumOf("ugc"),
  });
  return { campaignId: campaign.id, ...window, totals, days };
};

const voteBreakdown = async (tx: Tx, campaign: CampaignRow): Promise<ResponseBreakdown["votes"]> => {
  const attributes = await tx
    .select()
    .from(campaignAttributes)
    .where(rowsOfCampaign(campaignAttributes, campaign))
    .orderBy(asc(campaignAttributes.position));
  const options = await tx
    .select()
    .from(campaignAttributeOptions)
    .where(rowsOfCampaign(campaignAttributeOptions, campaign))
    .orderBy(asc(campaignAttributeOptions.position));
  const perOption = await tx
    .select({ optionId: campaignVotes.optionId, n: count() })
    .from(campaignVotes)
    .where(rowsOfCampaign(campaignVotes, campaign))
    .groupBy(campaignVotes.optionId);
  const perAttribute = await tx
    .select({ attributeId: campaignVotes.attributeId, voters: countDistinct(campaignVotes.userId) })
    .from(campaignVotes)
    .where(rowsOfCampaign(campaignVotes, campaign))
    .groupBy(campaignVotes.attributeId);
  const votesOf = new Map(perOption.map((row) => [row.optionId, row.n]));
  const votersOf = new Map(perAttribute.map((row) => [row.attributeId, row.voters]));
  return attributes.map((attribute) => {
    const entries = options
      .filter((option) => option.attributeId === attribute.id)
      .map((option) => ({ optionId: option.id, value: option.value, votes: votesOf.get(option.id) ?? 0 }));
    return {
      attributeId: attribute.id,
      title: attribute.title,
      votes: entries.reduce((sum, entry) => sum + entry.votes, 0),
      voters: votersOf.get(attribute.id) ?? 0,
      options: entries,
    };
  });
};

const questionBreakdown = async (tx: Tx, campaign: CampaignRow): Promise<ResponseBreakdown["questions"]> => {
  const questions = await tx
    .select()
    .from(campaignQuestions)
    .where(rowsOfCampaign(campaignQuestions, campaign))
    .orderBy(asc(campaignQuestions.position));
  const perQuestion = await tx
    .select({
      questionId: campaignResponses.questionId,
      n: count(),
      respondents: countDistinct(campaignResponses.userId),
    })
    .from(campaignResponses)
    .where(rowsOfCampaign(campaignResponses, campaign))
    .groupBy(campaignResponses.questionId);
  const of = new Map(perQuestion.map((row) => [row.questionId, row]));
  return questions.map((question) => ({
    questionId: question.id,
    title: question.title,
    type: question.type,
    responses: of.get(question.id)?.n ?? 0,
    respondents: of.get(question.id)?.respondents ?? 0,
  }));
};

const swipeBreakdown = async (tx: Tx, campaign: CampaignRow): Promise<ResponseBreakdown["swipeItems"]> => {
  const items = await tx
    .select()
    .from(campaignSwipeItems)
    .where(rowsOfCampaign(campaignSwipeItems, campaign))
    .orderBy(asc(campaignSwipeItems.position));
  const perItem = await tx
    .select({ itemId: campaignSwipes.itemId, direction: campaignSwipes.direction, n: count() })
    .from(campaignSwipes)
    .where(rowsOfCampaign(campaignSwipes, campaign))
    .groupBy(campaignSwipes.itemId, campaignSwipes.direction);
  const on = (itemId: number, direction: "LEFT" | "RIGHT") =>
    perItem.find((row) => row.itemId === itemId && row.direction === direction)?.n ?? 0;
  return items.map((item) => ({
    itemId: item.id,
    productId: item.productId,
    title: item.title,
    right: on(item.id, "RIGHT"),
    left: on(item.id, "LEFT"),
  }));
};

const ugcBreakdown = async (tx: Tx, campaign: CampaignRow): Promise<ResponseBreakdown["ugc"]> => {
  const mediaTypes = await tx
    .select({ mediaType: campaignUgc.mediaType, count: count() })
    .from(campaignUgc)
    .where(rowsOfCampaign(campaignUgc, campaign))
    .groupBy(campaignUgc.mediaType)
    .orderBy(asc(campaignUgc.mediaType));
  const products = await tx
    .select({ productId: campaignUgc.productId, count: count() })
    .from(campaignUgc)
    .where(and(rowsOfCampaign(campaignUgc, campaign), isNotNull(campaignUgc.productId)))
    .groupBy(campaignUgc.productId)
    .orderBy(desc(count()), asc(campaignUgc.productId));
  return {
    mediaTypes,
    featuredProducts: products.flatMap(({ productId, count }) => (productId ? [{ productId, count }] : [])),
  };
};

/** What the submissions say, per kind: votes per option, answers per question, swipes per item, UGC per media type. */
export const responseBreakdown = async (tx: Tx, campaign: CampaignRow): Promise<ResponseBreakdown> => {
  const { submissions } = await submissionTotals(tx, campaign);
  return {
    campaignId: campaign.id,
    type: campaign.type,
    totals: submissions,
    votes: await voteBreakdown(tx, campaign),
    questions: await questionBreakdown(tx, campaign),
    swipeItems: await swipeBreakdown(tx, campaign),
    ugc: await ugcBreakdown(tx, campaign),
  };
};
