import { campaignResponses } from "@tally/db";
import {
  createCreator,
  expectError,
  fieldsOf,
  inTenant,
  participate,
  seedCampaign,
  seedUser,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const h = useHarness();

const responsesOf = (tenant: Tenant, journeyId: string) =>
  inTenant(h, tenant, (tx) =>
    tx
      .select({
        questionId: campaignResponses.questionId,
        answers: campaignResponses.answers,
        signal: campaignResponses.signal,
      })
      .from(campaignResponses)
      .where(
        and(
          eq(campaignResponses.organizationId, tenant.organizationId),
          eq(campaignResponses.journeyId, journeyId),
        ),
      )
      .orderBy(asc(campaignResponses.questionId)),
  );

const surveyCampaign = async (options: Partial<Parameters<typeof seedCampaign>[3]> = {}) => {
  const tenant = await h.createTenant();
  const creator = await createCreator(h, tenant);
  const campaign = await seedCampaign(h, tenant, creator.id, {
    type: "SURVEY",
    questions: [
      { type: "SINGLE_CHOICE", options: ["dry", "oily", "mixed"] },
      { type: "MULTIPLE_CHOICE", options: ["acne", "redness", "wrinkles"] },
      { type: "TEXT", required: false },
      { type: "RATING", ratingMax: 10 },
    ],
    ...options,
  });
  return { tenant, creator, campaign, user: await seedUser(h, tenant) };
};

describe("POST /campaign/{id}/survey", () => {
  it("stores each answer as USER_DECLARED and completes the journey once every required question is answered", async () => {
    const { tenant, campaign, user } = await surveyCampaign({ rewardPoints: 25 });
    const [single, multiple, text, rating] = campaign.questionIds;

    const answered = await participate(h, tenant, campaign.id, "survey", {
      userId: user.id,
      responses: [
        { questionId: single, answer: "oily" },
        { questionId: multiple, answer: ["redness", "acne", "redness"] },
        { questionId: text, answer: "  fragrance free please " },
        { questionId: rating, answer: "8" },
      ],
    });

    expect(answered.status, answered.text).toBe(201);
    expect(answered.body).toMatchObject({
      type: "SURVEY",
      recorded: 4,
      completed: true,
      pointsAwarded: 25,
      journeyPoints: 25,
      participations: 1,
    });
    expect(await responsesOf(tenant, answered.body.journeyId)).toEqual([
      { questionId: single, answers: ["oily"], signal: "USER_DECLARED" },
      { questionId: multiple, answers: ["redness", "acne"], signal: "USER_DECLARED" },
      { questionId: text, answers: ["fragrance free please"], signal: "USER_DECLARED" },
      { questionId: rating, answers: ["8"], signal: "USER_DECLARED" },
    ]);
  });

  it("refuses answers that do not fit their question, unknown questions and missing required ones with 422 naming each", async () => {
    const { tenant, campaign, user } = await surveyCampaign();
    const other = await surveyCampaign();
    const [single, multiple, text, rating] = campaign.questionIds;

    const refused = await participate(h, tenant, campaign.id, "survey", {
      userId: user.id,
      responses: [
        { questionId: single, answer: ["dry", "oily"] },
        { questionId: multiple, answer: ["acne", "freckles"] },
        { questionId: text, answer: "   " },
        { questionId: rating, answer: "11" },
        { questionId: other.campaign.questionIds[0], answer: "dry" },
      ],
    });
    expectError(refused, 422, "validation_failed");
    expect(fieldsOf(refused)).toEqual([
      "responses[0].answer",
      "responses[1].answer",
      "responses[2].answer",
      "responses[3].answer",
      "responses[4].questionId",
    ]);

    const missing = await participate(h, tenant, campaign.id, "survey", {
      userId: user.id,
      responses: [
        { questionId: single, answer: "dry" },
        { questionId: single, answer: "oily" },
      ],
    });
    expectError(missing, 422, "validation_failed");
    expect(fieldsOf(missing)).toEqual(["responses[1].questionId", "responses", "responses"]);
    expect(missing.body).toMatchObject({ error: expect.stringContaining(`required question ${multiple}`) });

    const badRating = await participate(h, tenant, campaign.id, "survey", {
      userId: user.id,
      responses: [
        { questionId: single, answer: "dry" },
        { questionId: multiple, answer: "acne" },
        { questionId: rating, answer: "seven" },
      ],
    });
    expectError(badRating, 422, "validation_failed");
    expect(fieldsOf(badRating)).toEqual(["responses[2].answer"]);

    const unknownField = await participate(h, tenant, campaign.id, "survey", {
      userId: user.id,
      responses: [{ questionId: single, answer: "dry", weight: 2 }],
    });
    expectError(unknownField, 422, "validation_failed");

    const accepted = await participate(h, tenant, campaign.id, "survey", {
      userId: user.id,
      responses: [
        { questionId: single, answer: "dry" },
        { questionId: multiple, answer: "acne" },
        { questionId: rating, answer: "1" },
      ],
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body).toMatchObject({ participations: 1, recorded: 3, completed: true });
  });

  it("answers a MULTIVARIANT campaign's survey with 409 conflict", async () => {
    const { tenant, creator, user } = await surveyCampaign();
    const vote = await seedCampaign(h, tenant, creator.id, { type: "MULTIVARIANT", attributes: [["a"]] });
    const refused = await participate(h, tenant, vote.id, "survey", {
      userId: user.id,
      responses: [{ questionId: 1, answer: "a" }],
    });
    expectError(refused, 409, "conflict");
  });
});
