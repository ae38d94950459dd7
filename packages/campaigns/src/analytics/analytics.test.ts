import { ManualClock } from "@tally/core";
import {
  type ApiSchema,
  api,
  asOwner,
  type CreatedCreator,
  createCreator,
  expectError,
  fieldsOf,
  participate,
  type SeededCampaign,
  seedCampaign,
  seedUser,
  type Tenant,
  useHarness,
  voteAll,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const clock = new ManualClock(new Date("2031-03-08T10:00:00.000Z"));
const h = useHarness({ clock });
const at = (iso: string) => clock.set(new Date(iso));

type Overview = ApiSchema<"CampaignAnalytics">;
type Participant = ApiSchema<"CampaignParticipant">;
type ParticipantGrowth = ApiSchema<"CampaignParticipantGrowth">;
type ResponseGrowth = ApiSchema<"CampaignResponseGrowth">;
type Breakdown = ApiSchema<"CampaignResponseBreakdown">;
type Attribute = ApiSchema<"CampaignAttribute">;
type LeaderboardEntry = ApiSchema<"CampaignLeaderboardEntry">;

interface VoteWorld {
  tenant: Tenant;
  creator: CreatedCreator;
  campaign: SeededCampaign;
  users: [string, string, string];
}

/**
 * A MULTIVARIANT campaign (colour: red, blue; size: s, m, l; 10 points per completion) open from 8 to 20
 * March 2031. On the 8th user 0 completes (red, s) and user 1 votes blue; on the 10th user 2 completes
 * (red, s) and user 1 votes blue again, never voting a size: 3 participants, 2 completed, 6 votes.
 */
const voteWorld = async (): Promise<VoteWorld> => {
  at("2031-03-08T09:00:00.000Z");
  const tenant = await h.createTenant();
  const creator = await createCreator(h, tenant);
  const campaign = await seedCampaign(h, tenant, creator.id, {
    type: "MULTIVARIANT",
    attributes: [
      ["red", "blue"],
      ["s", "m", "l"],
    ],
    startDate: new Date("2031-03-08T00:00:00.000Z"),
    endDate: new Date("2031-03-20T00:00:00.000Z"),
    rewardPoints: 10,
  });
  const users = [
    (await seedUser(h, tenant)).id,
    (await seedUser(h, tenant)).id,
    (await seedUser(h, tenant)).id,
  ] as [string, string, string];
  const colour = campaign.attributes[0]!;
  const blue = { userId: users[1], votes: [{ attributeId: colour.id, optionId: colour.optionIds[1]! }] };
  const submit = async (body: { userId: string } & Record<string, unknown>) => {
    const response = await participate(h, tenant, campaign.id, "vote", body);
    expect(response.status, response.text).toBe(201);
  };
  at("2031-03-08T10:00:00.000Z");
  await submit(voteAll(campaign, users[0]));
  at("2031-03-08T10:05:00.000Z");
  await submit(blue);
  at("2031-03-10T23:30:00.000Z");
  await submit(voteAll(campaign, users[2]));
  await submit(blue);
  return { tenant, creator, campaign, users };
};

const get = <T>(world: VoteWorld, path: string) =>
  api<T>(h, "GET", path, asOwner(world.tenant, world.creator));

describe("GET /campaign/{id}/analytics/participants/growth and /responses/growth", () => {
  it("answers one zero-filled entry per UTC day of the campaign's window, with the running total", async () => {
    const world = await voteWorld();
    at("2031-03-11T09:00:00.000Z");

    const growth = await get<ParticipantGrowth>(
      world,
      `/campaign/${world.campaign.id}/analytics/participants/growth`,
    );
    expect(growth.status, growth.text).toBe(200);
    expect(growth.body).toEqual({
      campaignId: world.campaign.id,
      from: "2031-03-08",
      to: "2031-03-11",
      startingTotal: 0,
      days: [
        { date: "2031-03-08", newParticipants: 2, completedJourneys: 1, totalParticipants: 2 },
        { date: "2031-03-09", newParticipants: 0, completedJourneys: 0, totalParticipants: 2 },
        { date: "2031-03-10", newParticipants: 1, completedJourneys: 1, totalParticipants: 3 },
        { date: "2031-03-11", newParticipants: 0, completedJourneys: 0, totalParticipants: 3 },
      ],
    });

    const responses = await get<ResponseGrowth>(
      world,
      `/campaign/${world.campaign.id}/analytics/responses/growth`,
    );
    expect(responses.status, responses.text).toBe(200);
    const none = { surveyResponses: 0, swipes: 0, ugc: 0 };
    expect(responses.body.totals).toEqual({ votes: 6, ...none, total: 6 });
    expect(responses.body.days).toEqual([
      { date: "2031-03-08", votes: 3, ...none, total: 3 },
      { date: "2031-03-09", votes: 0, ...none, total: 0 },
      { date: "2031-03-10", votes: 3, ...none, total: 3 },
      { date: "2031-03-11", votes: 0, ...none, total: 0 },
    ]);
  });

  it("takes from/to (days before counted into startingTotal) and refuses a reversed or too long window with 422", async () => {
    const world = await voteWorld();
    const path = `/campaign/${world.campaign.id}/analytics/participants/growth`;

    const window = await get<ParticipantGrowth>(world, `${path}?from=2031-03-09&to=2031-03-10`);
    expect(window.status, window.text).toBe(200);
    expect(window.body).toMatchObject({ from: "2031-03-09", to: "2031-03-10", startingTotal: 2 });
    expect(window.body.days.map((day) => [day.date, day.newParticipants, day.totalParticipants])).toEqual([
      ["2031-03-09", 0, 2],
      ["2031-03-10", 1, 3],
    ]);

    const reversed = await get(world, `${path}?from=2031-03-10&to=2031-03-09`);
    expectError(reversed, 422, "validation_failed");
    expect(fieldsOf(reversed)).toEqual(["from"]);
    expectError(await get(world, `${path}?from=2030-01-01&to=2031-03-10`), 422, "validation_failed");
    expectError(await get(world, `${path}?from=2031-02-30`), 422, "validation_failed");
    const responses = `/campaign/${world.campaign.id}/analytics/responses/growth`;
    expectError(await get(world, `${responses}?from=2031-03-10&to=2031-03-09`), 422, "validation_failed");
  });

  it("refuses a day PostgreSQL cannot compare timestamps with (year 0, past 9999) with 422 naming it, never 500", async () => {
    const world = await voteWorld();
    for (const series of ["participants", "responses"])
      for (const [query, field] of [
        ["from=0000-01-01&to=0000-01-02", "from"],
        ["from=9999-12-30&to=9999-12-31", "to"],
        ["to=0000-12-31", "to"],
      ] as const) {
        const answer = await get(world, `/campaign/${world.campaign.id}/analytics/${series}/growth?${query}`);
        expectError(answer, 422, "validation_failed");
        expect(fieldsOf(answer), answer.text).toContain(field);
      }
  });
});

describe("GET /campaign/{id}/analytics, /participants, /participants/count", () => {
  it("counts participants, completions, submissions and points from the stored rows", async () => {
    const world = await voteWorld();
    const overview = await get<Overview>(world, `/campaign/${world.campaign.id}/analytics`);
    expect(overview.status, overview.text).toBe(200);
    expect(overview.body).toEqual({
      campaignId: world.campaign.id,
      type: "MULTIVARIANT",
      status: "PUBLISHED",
      participants: 3,
      completedJourneys: 2,
      completionRate: 6666,
      participations: 4,
      submissions: { votes: 6, surveyResponses: 0, swipes: 0, ugc: 0, total: 6 },
      pointsAwarded: 20,
      rewardedCompletions: 2,
      firstParticipationAt: "2031-03-08T10:00:00.000Z",
      lastParticipationAt: "2031-03-10T23:30:00.000Z",
    });
    const count = await get(world, `/campaign/${world.campaign.id}/analytics/participants/count`);
    expect(count.status, count.text).toBe(200);
    expect(count.body).toEqual({ count: 3 });
  });

  it("pages the participants in the order they joined, with X-Total-Count, and filters by completion", async () => {
    const world = await voteWorld();
    const [first, second, third] = world.users;
    const path = `/campaign/${world.campaign.id}/analytics/participants`;

    const page1 = await get<Participant[]>(world, `${path}?limit=2`);
    expect(page1.status, page1.text).toBe(200);
    expect(page1.headers.get("x-total-count")).toBe("3");
    expect(page1.body.map((p) => [p.userId, p.participations, p.completed, p.pointsAwarded])).toEqual([
      [first, 1, true, 10],
      [second, 2, false, 0],
    ]);
    expect(page1.body[0]?.joinedAt).toBe("2031-03-08T10:00:00.000Z");

    const page2 = await get<Participant[]>(world, `${path}?limit=2&offset=2`);
    expect(page2.body.map((p) => p.userId)).toEqual([third]);
    expect(page2.headers.get("x-total-count")).toBe("3");

    const unfinished = await get<Participant[]>(world, `${path}?completed=false`);
    expect(unfinished.body.map((p) => p.userId)).toEqual([second]);
    expect(unfinished.headers.get("x-total-count")).toBe("1");

    expectError(await get(world, `${path}?limit=101`), 422, "validation_failed");
  });
});

describe("GET /campaign/{id}/attributes and /analytics/responses", () => {
  it("answers voteCount per option equal to the vote rows counted per option", async () => {
    const world = await voteWorld();
    const [colour, size] = world.campaign.attributes;

    const attributes = await get<Attribute[]>(world, `/campaign/${world.campaign.id}/attributes`);
    expect(attributes.status, attributes.text).toBe(200);
    const tallies = attributes.body.map((attribute) =>
      attribute.options.map((option) => [option.id, option.voteCount]),
    );
    expect(tallies).toEqual([
      [
        [colour!.optionIds[0], 2],
        [colour!.optionIds[1], 2],
      ],
      [
        [size!.optionIds[0], 2],
        [size!.optionIds[1], 0],
        [size!.optionIds[2], 0],
      ],
    ]);

    const breakdown = await get<Breakdown>(world, `/campaign/${world.campaign.id}/analytics/responses`);
    expect(breakdown.status, breakdown.text).toBe(200);
    expect(
      breakdown.body.votes.map((attribute) =>
        attribute.options.map((option) => [option.optionId, option.votes]),
      ),
    ).toEqual(tallies);
    expect(breakdown.body.votes.map((attribute) => [attribute.votes, attribute.voters])).toEqual([
      [4, 3],
      [2, 2],
    ]);
    expect(breakdown.body.totals.votes).toBe(6);
    expect(breakdown.body).toMatchObject({
      questions: [],
      swipeItems: [],
      ugc: { mediaTypes: [], featuredProducts: [] },
    });
  });
});

describe("GET /campaign/{id}/leaderboard", () => {
  it("is 409 to the fan side while showLeaderboard is false, then ranks by points, participations and completion", async () => {
    const world = await voteWorld();
    const path = `/campaign/${world.campaign.id}/leaderboard`;
    const asFan = { key: world.tenant.memberKey, userId: world.users[0] };
    const hidden = await api(h, "GET", path, asFan);
    expectError(hidden, 409, "conflict");
    expect(hidden.body).toMatchObject({ context: { showLeaderboard: false } });
    expect((await get(world, path)).status, "the creator side reads it always").toBe(200);

    const shown = await api(h, "PATCH", `/campaign/${world.campaign.id}`, {
      ...asOwner(world.tenant, world.creator),
      body: { showLeaderboard: true },
    });
    expect(shown.status, shown.text).toBe(200);
    const board = await get<LeaderboardEntry[]>(world, path);
    expect(board.status, board.text).toBe(200);
    expect(board.headers.get("x-total-count")).toBe("3");
    const [first, second, third] = world.users;
    expect(board.body.map((entry) => [entry.rank, entry.userId, entry.pointsAwarded])).toEqual([
      [1, first, 10],
      [2, third, 10],
      [3, second, 0],
    ]);
    const tail = await get<LeaderboardEntry[]>(world, `${path}?offset=1&limit=1`);
    expect(tail.body.map((entry) => [entry.rank, entry.userId])).toEqual([[2, third]]);
    const fanBoard = await api<LeaderboardEntry[]>(h, "GET", path, asFan);
    expect(fanBoard.status, fanBoard.text).toBe(200);
    expect(fanBoard.body).toEqual(board.body);
    const keyOnly = await api(h, "GET", path, { key: world.tenant.memberKey });
    expect(keyOnly.status, keyOnly.text).toBe(200);
  });
});

describe("analytics access", () => {
  const routes = (id: string) => [
    `/campaign/${id}/analytics`,
    `/campaign/${id}/analytics/participants`,
    `/campaign/${id}/analytics/participants/count`,
    `/campaign/${id}/analytics/participants/growth`,
    `/campaign/${id}/analytics/responses`,
    `/campaign/${id}/analytics/responses/growth`,
    `/campaign/${id}/survey/report`,
  ];

  it("answers another organization's campaign 404, a non-owner 403 not_owner, an ADMIN key 200, BUILDER 403", async () => {
    const world = await voteWorld();
    const stranger = await h.createTenant();
    const builder = await h.createTenant({ tier: "builder" });
    for (const path of routes(world.campaign.id)) {
      expectError(await api(h, "GET", path, { key: stranger.adminKey }), 404, "not_found");
      expectError(await api(h, "GET", path, { key: world.tenant.memberKey }), 403, "not_owner");
      expectError(
        await api(h, "GET", path, { key: world.tenant.memberKey, userId: world.users[0] }),
        403,
        "not_owner",
      );
      expectError(await api(h, "GET", path, { key: builder.adminKey }), 403, "tier_required");
    }
    for (const path of routes(world.campaign.id)) {
      const response = await api(h, "GET", path, { key: world.tenant.adminKey });
      expect(response.status, `${path} ${response.text}`).toBe(200);
    }
    expectError(await get(world, "/campaign/nosuchcampaign/analytics"), 404, "not_found");
  });
});
