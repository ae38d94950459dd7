import { AppError, type ErrorDetail } from "@tally/core";
import { campaignQuestions, campaignSwipeItems, products, type Tx } from "@tally/db";
import { and, eq } from "drizzle-orm";
import { attributeOptionsOf, type CampaignRow } from "../campaign/record.ts";
import type { SurveyInput, SwipeInput, UgcInput, VoteInput } from "./schemas.ts";

/** A RATING question without `ratingMax` rates from 1 to this. */
const DEFAULT_RATING_MAX = 5;

const refuse = (details: ErrorDetail[]): never => {
  throw new AppError(
    "validation_failed",
    details.map((detail) => `${detail.field}: ${detail.message}`).join("; "),
    {
      details,
    },
  );
};

interface CheckedVote {
  attributeId: number;
  optionIds: number[];
}

/**
 * Each vote against the campaign's attributes: the attribute is the campaign's, named once per submission,
 * and every option is one of that attribute's (an option named twice in one array counts once). 422 naming
 * each bad attribute or option.
 */
export const checkVotes = async (tx: Tx, campaign: CampaignRow, input: VoteInput): Promise<CheckedVote[]> => {
  const attributes = await attributeOptionsOf(tx, {
    organizationId: campaign.organizationId,
    id: campaign.id,
  });
  const attributeIds = new Set(attributes.map((attribute) => attribute.attributeId));
  const attributeOf = new Map(
    attributes.flatMap(({ attributeId, optionIds }) =>
      optionIds.map((optionId) => [optionId, attributeId] as const),
    ),
  );
  const details: ErrorDetail[] = [];
  const seen = new Set<number>();
  const checked = input.votes.map((vote, index) => {
    const field = `votes[${index}]`;
    if (!attributeIds.has(vote.attributeId))
      details.push({
        field: `${field}.attributeId`,
        message: `${vote.attributeId} is not an attribute of this campaign`,
      });
    else if (seen.has(vote.attributeId))
      details.push({
        field: `${field}.attributeId`,
        message: `attribute ${vote.attributeId} is voted twice`,
      });
    seen.add(vote.attributeId);
    const optionIds = [...new Set(Array.isArray(vote.optionId) ? vote.optionId : [vote.optionId])];
    for (const optionId of optionIds)
      if (attributeIds.has(vote.attributeId) && attributeOf.get(optionId) !== vote.attributeId)
        details.push({
          field: `${field}.optionId`,
          message: `${optionId} is not an option of attribute ${vote.attributeId}`,
        });
    return { attributeId: vote.attributeId, optionIds };
  });
  if (details.length > 0) refuse(details);
  return checked;
};

interface CheckedResponse {
  questionId: number;
  answers: string[];
}

type QuestionRow = typeof campaignQuestions.$inferSelect;

const answersTo = (
  question: QuestionRow,
  answer: string | string[],
  field: string,
  details: ErrorDetail[],
) => {
  const invalid = (message: string) => {
    details.push({ field, message });
    return [];
  };
  switch (question.type) {
    case "SINGLE_CHOICE":
      if (typeof answer !== "string") return invalid("one option, as a string");
      return question.options.includes(answer)
        ? [answer]
        : invalid(`"${answer}" is not an option of the question`);
    case "MULTIPLE_CHOICE": {
      const chosen = [...new Set(typeof answer === "string" ? [answer] : answer)];
      const unknown = chosen.filter((value) => !question.options.includes(value));
      return unknown.length > 0
        ? invalid(`${unknown.map((value) => `"${value}"`).join(", ")} not options of the question`)
        : chosen;
    }
    case "TEXT": {
      if (typeof answer !== "string") return invalid("a text, as a string");
      const text = answer.trim();
      return text.length > 0 ? [text] : invalid("must not be empty");
    }
    case "RATING": {
      const max = question.ratingMax ?? DEFAULT_RATING_MAX;
      const rating = typeof answer === "string" && /^\d{1,4}$/.test(answer) ? Number(answer) : Number.NaN;
      return rating >= 1 && rating <= max
        ? [String(rating)]
        : invalid(`an integer from 1 to ${max}, as a string`);
    }
  }
};

/**
 * The responses against the campaign's questions: each question the campaign's, answered once, the answer
 * fitting its type and options, and every required question answered. 422 naming each problem.
 */
export const checkResponses = async (
  tx: Tx,
  campaign: CampaignRow,
  input: SurveyInput,
): Promise<CheckedResponse[]> => {
  const questions = await tx
    .select()
    .from(campaignQuestions)
    .where(
      and(
        eq(campaignQuestions.organizationId, campaign.organizationId),
        eq(campaignQuestions.campaignId, campaign.id),
      ),
    )
    .orderBy(campaignQuestions.position);
  const byId = new Map(questions.map((question) => [question.id, question]));
  const details: ErrorDetail[] = [];
  const answered = new Set<number>();
  const checked = input.responses.map((response, index) => {
    const field = `responses[${index}]`;
    const question = byId.get(response.questionId);
    if (!question) {
      details.push({
        field: `${field}.questionId`,
        message: `${response.questionId} is not a question of this campaign`,
      });
      return { questionId: response.questionId, answers: [] };
    }
    if (answered.has(question.id))
      details.push({ field: `${field}.questionId`, message: `question ${question.id} is answered twice` });
    answered.add(question.id);
    return {
      questionId: question.id,
      answers: answersTo(question, response.answer, `${field}.answer`, details),
    };
  });
  for (const question of questions)
    if (question.required && !answered.has(question.id))
      details.push({
        field: "responses",
        message: `required question ${question.id} ("${question.title}") is not answered`,
      });
  if (details.length > 0) refuse(details);
  return checked;
};

/** The swiped item is one of the campaign's (422 otherwise). */
export const checkSwipe = async (tx: Tx, campaign: CampaignRow, input: SwipeInput): Promise<void> => {
  const [item] = await tx
    .select({ id: campaignSwipeItems.id })
    .from(campaignSwipeItems)
    .where(
      and(
        eq(campaignSwipeItems.organizationId, campaign.organizationId),
        eq(campaignSwipeItems.campaignId, campaign.id),
        eq(campaignSwipeItems.id, input.itemId),
      ),
    );
  if (!item) refuse([{ field: "itemId", message: `${input.itemId} is not a swipe item of this campaign` }]);
};

/** A featured product is one of the campaign's creator's (422 otherwise). */
export const checkUgc = async (tx: Tx, campaign: CampaignRow, input: UgcInput): Promise<void> => {
  if (input.productId === undefined) return;
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.organizationId, campaign.organizationId),
        eq(products.creatorId, campaign.creatorId),
        eq(products.id, input.productId),
      ),
    );
  if (!product) refuse([{ field: "productId", message: "not a product of the campaign's creator" }]);
};
