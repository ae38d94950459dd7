import { campaignResponses } from "@tally/db";
import {
  type ApiSchema,
  api,
  type CreatorShop,
  createProduct,
  expectError,
  inTenant,
  openCreatorShop,
  participate,
  seedCampaign,
  seedUser,
  useHarness,
} from "@tally/testing";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exactShares } from "./survey-report.ts";

const h = useHarness();

type Report = ApiSchema<"CampaignSurveyReport">;
type Breakdown = ApiSchema<"CampaignResponseBreakdown">;

const submit = async (
  shop: CreatorShop,
  campaignId: string,
  kind: "survey" | "swipe" | "ugc",
  body: { userId: string } & Record<string, unknown>,
) => {
  const response = await participate(h, shop.tenant, campaignId, kind, body);
  expect(response.status, response.text).toBe(201);
};

/** Response rows stored per question, counted straight from the table. */
const storedResponses = (shop: CreatorShop, campaignId: string) =>
  inTenant(h, shop.tenant, async (tx) =>
    Object.fromEntries(
      (
        await tx
          .select({ questionId: campaignResponses.questionId, n: count() })
          .from(campaignResponses)
          .where(
            and(
              eq(campaignResponses.organizationId, shop.tenant.organizationId),
              eq(campaignResponses.campaignId, campaignId),
            ),
          )
          .groupBy(campaignResponses.questionId)
      ).map((row) => [row.questionId, row.n]),
    ),
  );

describe("GET /campaign/{id}/survey/report", () => {
  it("splits every question's responses per option and rating with counts summing to the stored responses", async () => {
    const shop = await openCreatorShop(h);
    const campaign = await seedCampaign(h, shop.tenant, shop.creatorId, {
      type: "SURVEY",
      rateLimit: 0,
      questions: [
        { type: "SINGLE_CHOICE", options: ["a", "b", "c"] },
        { type: "MULTIPLE_CHOICE", options: ["x", "y", "z"] },
        { type: "RATING", ratingMax: 5 },
        { type: "TEXT", required: false },
      ],
    });
    const [single, multiple, rating, text] = campaign.questionIds as [number, number, number, number];
    const users = [
      (await seedUser(h, shop.tenant)).id,
      (await seedUser(h, shop.tenant)).id,
      (await seedUser(h, shop.tenant)).id,
    ];
    const answers = [
      { single: "a", multiple: ["x", "y"], rating: "5", text: "great" },
      { single: "a", multiple: ["y"], rating: "4", text: "fine" },
      { single: "b", multiple: ["x", "y", "z"], rating: "4", text: undefined },
    ];
    for (const [index, answer] of answers.entries()) {
      await submit(shop, campaign.id, "survey", {
        userId: users[index]!,
        responses: [
          { questionId: single, answer: answer.single },
          { questionId: multiple, answer: answer.multiple },
          { questionId: rating, answer: answer.rating },
          ...(answer.text ? [{ questionId: text, answer: answer.text }] : []),
        ],
      });
    }
    // A second submission by the first user counts as more responses (rateLimit 0 = unlimited).
    await submit(shop, campaign.id, "survey", {
      userId: users[0]!,
      responses: [
        { questionId: single, answer: "c" },
        { questionId: multiple, answer: "z" },
        { questionId: rating, answer: "1" },
        { questionId: text, answer: "still great" },
      ],
    });

    const report = await api<Report>(h, "GET", `/campaign/${campaign.id}/survey/report?latest=2`, shop.as);
    expect(report.status, report.text).toBe(200);
    const [singleReport, multipleReport, ratingReport, textReport] = report.body.questions;
    const stored = await storedResponses(shop, campaign.id);

    expect(report.body).toMatchObject({ campaignId: campaign.id, respondents: 3, responses: 15 });
    expect(report.body.questions.map((question) => question.responses)).toEqual([
      stored[single],
      stored[multiple],
      stored[rating],
      stored[text],
    ]);
    expect(singleReport).toMatchObject({
      type: "SINGLE_CHOICE",
      responses: 4,
      averageRating: null,
      latestAnswers: [],
    });
    expect(singleReport!.distribution).toEqual([
      { value: "a", count: 2, share: 5000 },
      { value: "b", count: 1, share: 2500 },
      { value: "c", count: 1, share: 2500 },
    ]);
    expect(multipleReport!.responses).toBe(4);
    expect(multipleReport!.distribution).toEqual([
      { value: "x", count: 2, share: 5000 },
      { value: "y", count: 3, share: 7500 },
      { value: "z", count: 2, share: 5000 },
    ]);
    expect(ratingReport!.distribution.map((entry) => [entry.value, entry.count])).toEqual([
      ["1", 1],
      ["2", 0],
      ["3", 0],
      ["4", 2],
      ["5", 1],
    ]);
    expect(ratingReport!.averageRating).toBe(3.5);
    for (const question of [singleReport!, ratingReport!]) {
      expect(question.distribution.reduce((sum, entry) => sum + entry.count, 0)).toBe(question.responses);
      expect(question.distribution.reduce((sum, entry) => sum + entry.share, 0)).toBe(10_000);
    }
    expect(textReport).toMatchObject({ type: "TEXT", responses: 3, distribution: [] });
    expect(textReport!.latestAnswers.map((entry) => [entry.answer, entry.userId])).toEqual([
      ["still great", users[0]],
      ["fine", users[1]],
    ]);

    const none = await api<Report>(h, "GET", `/campaign/${campaign.id}/survey/report?latest=0`, shop.as);
    expect(none.body.questions[3]!.latestAnswers).toEqual([]);
    expectError(
      await api(h, "GET", `/campaign/${campaign.id}/survey/report?latest=51`, shop.as),
      422,
      "validation_failed",
    );

    const breakdown = await api<Breakdown>(h, "GET", `/campaign/${campaign.id}/analytics/responses`, shop.as);
    expect(
      breakdown.body.questions.map((question) => [
        question.questionId,
        question.responses,
        question.respondents,
      ]),
    ).toEqual([
      [single, 4, 3],
      [multiple, 4, 3],
      [rating, 4, 3],
      [text, 3, 2],
    ]);
    expect(breakdown.body.totals).toMatchObject({ surveyResponses: 15, total: 15 });
  });

  it("answers every option at zero before any response", async () => {
    const shop = await openCreatorShop(h);
    const campaign = await seedCampaign(h, shop.tenant, shop.creatorId, {
      type: "SURVEY",
      questions: [{ type: "SINGLE_CHOICE", options: ["a", "b"] }, { type: "RATING" }],
    });
    const report = await api<Report>(h, "GET", `/campaign/${campaign.id}/survey/report`, shop.as);
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({ respondents: 0, responses: 0 });
    expect(report.body.questions[0]!.distribution).toEqual([
      { value: "a", count: 0, share: 0 },
      { value: "b", count: 0, share: 0 },
    ]);
    expect(report.body.questions[1]!.distribution.map((entry) => entry.value)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
    ]);
    expect(report.body.questions[1]!.averageRating).toBeNull();
  });
});

describe("exactShares", () => {
  it("gives the remainder to the largest fractions so single-answer shares sum to exactly 10000", () => {
    expect(exactShares([2, 1, 0], 3)).toEqual([6667, 3333, 0]);
    expect(exactShares([1, 1, 1], 3)).toEqual([3334, 3333, 3333]);
    expect(exactShares([1, 5, 1], 7)).toEqual([1429, 7143, 1428]);
    expect(exactShares([0, 0], 0)).toEqual([0, 0]);
  });
});

describe("GET /campaign/{id}/analytics/responses for SWIPE and UGC", () => {
  it("counts swipes per item and direction, and UGC per media type and featured product", async () => {
    const shop = await openCreatorShop(h);
    const [hoodie, cap] = [await createProduct(h, shop), await createProduct(h, shop, { name: "Cap" })];
    const swipe = await seedCampaign(h, shop.tenant, shop.creatorId, { type: "SWIPE", swipeItems: 2 });
    const ugc = await seedCampaign(h, shop.tenant, shop.creatorId, { type: "UGC" });
    const [first, second] = [(await seedUser(h, shop.tenant)).id, (await seedUser(h, shop.tenant)).id];
    const [card1, card2] = swipe.itemIds as [number, number];
    await submit(shop, swipe.id, "swipe", { userId: first, itemId: card1, direction: "RIGHT" });
    await submit(shop, swipe.id, "swipe", { userId: first, itemId: card2, direction: "LEFT" });
    await submit(shop, swipe.id, "swipe", { userId: second, itemId: card1, direction: "RIGHT" });
    const url = "https://cdn.example.com/clip.mp4";
    await submit(shop, ugc.id, "ugc", {
      userId: first,
      mediaType: "VIDEO",
      contentUrl: url,
      productId: hoodie.id,
    });
    await submit(shop, ugc.id, "ugc", {
      userId: second,
      mediaType: "VIDEO",
      contentUrl: url,
      productId: hoodie.id,
    });
    await submit(shop, ugc.id, "ugc", {
      userId: second,
      mediaType: "TEXT",
      text: "Love it",
      productId: cap.id,
    });
    await submit(shop, ugc.id, "ugc", { userId: first, mediaType: "IMAGE", contentUrl: url });

    const swipes = await api<Breakdown>(h, "GET", `/campaign/${swipe.id}/analytics/responses`, shop.as);
    expect(swipes.status, swipes.text).toBe(200);
    expect(swipes.body.swipeItems.map((item) => [item.itemId, item.right, item.left])).toEqual([
      [card1, 2, 0],
      [card2, 0, 1],
    ]);
    expect(swipes.body.totals).toEqual({ votes: 0, surveyResponses: 0, swipes: 3, ugc: 0, total: 3 });

    const posts = await api<Breakdown>(h, "GET", `/campaign/${ugc.id}/analytics/responses`, shop.as);
    expect(posts.status, posts.text).toBe(200);
    expect(posts.body.ugc).toEqual({
      mediaTypes: [
        { mediaType: "IMAGE", count: 1 },
        { mediaType: "TEXT", count: 1 },
        { mediaType: "VIDEO", count: 2 },
      ],
      featuredProducts: [
        { productId: hoodie.id, count: 2 },
        { productId: cap.id, count: 1 },
      ],
    });
    expect(posts.body.totals.ugc).toBe(4);
  });
});
