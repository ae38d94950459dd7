import { campaignQuestions, campaignResponses, type Tx } from "@tally/db";
import { and, asc, count, countDistinct, inArray, lte, sql } from "drizzle-orm";
import { type CampaignQuestionRow, type CampaignRow, rowsOfCampaign } from "../campaign/record.ts";
import type { SurveyReport } from "./schemas.ts";

const WHOLE = 10_000;
/** The default top of a RATING scale, as participation validates it. */
const DEFAULT_RATING_MAX = 5;

/**
 * Shares of `total` in basis points that sum to exactly 10000 (largest remainder; ties to the earlier
 * entry), for answers where each response picks one value.
 */
export const exactShares = (counts: readonly number[], total: number): number[] => {
  if (total === 0) return counts.map(() => 0);
  const floors = counts.map((n) => Math.floor((n * WHOLE) / total));
  let left = WHOLE - floors.reduce((sum, share) => sum + share, 0);
  const order = counts
    .map((n, index) => ({ index, remainder: (n * WHOLE) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
};

/** Each count's share of `total` in basis points, rounded half up on its own (MULTIPLE_CHOICE). */
const roundedShares = (counts: readonly number[], total: number): number[] =>
  counts.map((n) => (total === 0 ? 0 : Math.floor((2 * n * WHOLE + total) / (2 * total))));

/** The values a question's answers are counted against, in order: its options, or its rating scale. */
const scaleOf = (question: CampaignQuestionRow): string[] =>
  question.type === "RATING"
    ? Array.from({ length: question.ratingMax ?? DEFAULT_RATING_MAX }, (_, index) => String(index + 1))
    : question.options;

const distributionOf = (
  question: CampaignQuestionRow,
  { responses, answered }: { responses: number; answered: Map<string, number> },
) => {
  const values = scaleOf(question);
  // Values outside the scale are still counted, so the counts keep summing to what was stored.
  for (const value of answered.keys()) if (!values.includes(value)) values.push(value);
  const counts = values.map((value) => answered.get(value) ?? 0);
  const shares =
    question.type === "MULTIPLE_CHOICE" ? roundedShares(counts, responses) : exactShares(counts, responses);
  return values.map((value, index) => ({ value, count: counts[index] ?? 0, share: shares[index] ?? 0 }));
};

const averageRating = (
  distribution: { value: string; count: number }[],
  responses: number,
): number | null => {
  if (responses === 0) return null;
  const sum = distribution.reduce((total, entry) => total + Number(entry.value) * entry.count, 0);
  return Math.round((sum / responses) * 100) / 100;
};

/**
 * Per question of a SURVEY campaign: how many responses, and for choices and ratings how they split
 * (count and share of every option); for TEXT questions the latest `latest` answers.
 */
export const surveyReport = async (
  tx: Tx,
  campaign: CampaignRow,
  { latest }: { latest: number },
): Promise<SurveyReport> => {
  const scope = rowsOfCampaign(campaignResponses, campaign);
  const questions = await tx
    .select()
    .from(campaignQuestions)
    .where(rowsOfCampaign(campaignQuestions, campaign))
    .orderBy(asc(campaignQuestions.position));
  const perQuestion = await tx
    .select({ questionId: campaignResponses.questionId, n: count() })
    .from(campaignResponses)
    .where(scope)
    .groupBy(campaignResponses.questionId);
  const [respondents] = await tx
    .select({ n: countDistinct(campaignResponses.userId) })
    .from(campaignResponses)
    .where(scope);
  const answers = tx
    .select({
      questionId: campaignResponses.questionId,
      answer: sql<string>`unnest(${campaignResponses.answers})`.as("answer"),
    })
    .from(campaignResponses)
    .where(scope)
    .as("answers");
  const perAnswer = await tx
    .select({ questionId: answers.questionId, answer: answers.answer, n: count() })
    .from(answers)
    .groupBy(answers.questionId, answers.answer);
  const textIds = questions.filter((question) => question.type === "TEXT").map((question) => question.id);
  const ranked = tx
    .select({
      questionId: campaignResponses.questionId,
      answers: campaignResponses.answers,
      userId: campaignResponses.userId,
      answeredAt: campaignResponses.createdAt,
      rank: sql<number>`row_number() over (partition by ${campaignResponses.questionId} order by ${campaignResponses.createdAt} desc, ${campaignResponses.id} desc)`.as(
        "rank",
      ),
    })
    .from(campaignResponses)
    .where(and(scope, inArray(campaignResponses.questionId, textIds)))
    .as("ranked");
  const latestTexts =
    textIds.length > 0 && latest > 0
      ? await tx
          .select()
          .from(ranked)
          .where(lte(ranked.rank, latest))
          .orderBy(asc(ranked.questionId), asc(ranked.rank))
      : [];

  const responsesOf = new Map(perQuestion.map((row) => [row.questionId, row.n]));
  const report = questions.map((question) => {
    const responses = responsesOf.get(question.id) ?? 0;
    const isText = question.type === "TEXT";
    const answered = new Map(
      perAnswer.filter((row) => row.questionId === question.id).map((row) => [row.answer, row.n] as const),
    );
    const distribution = isText ? [] : distributionOf(question, { responses, answered });
    return {
      questionId: question.id,
      title: question.title,
      type: question.type,
      required: question.required,
      responses,
      distribution,
      averageRating: question.type === "RATING" ? averageRating(distribution, responses) : null,
      latestAnswers: latestTexts
        .filter((row) => row.questionId === question.id)
        .map((row) => ({
          answer: row.answers.join("\n"),
          userId: row.userId,
          answeredAt: new Date(row.answeredAt),
        })),
    };
  });
  return {
    campaignId: campaign.id,
    respondents: respondents?.n ?? 0,
    responses: report.reduce((sum, question) => sum + question.responses, 0),
    questions: report,
  };
};
