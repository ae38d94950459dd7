import {
  type ApiSchema,
  api,
  asOwner,
  createCreator,
  expectError,
  participate,
  seedCampaign,
  seedUser,
  useHarness,
  voteAll,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

type Dashboard = ApiSchema<"CreatorCampaignDashboard">;
type ParticipantCount = ApiSchema<"CreatorCampaignParticipantCount">;

const DAY = 24 * 60 * 60 * 1000;

describe("GET /creator/id/{creatorId}/campaigns/analytics/participants/count and /dashboard/campaigns", () => {
  it("counts the creator's campaigns that are not archived: users once, journeys, statuses and the active ones", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const neighbour = await createCreator(h, tenant);
    const owner = asOwner(tenant, creator);
    const attributes = [["red", "blue"]];
    const later = await seedCampaign(h, tenant, creator.id, {
      type: "MULTIVARIANT",
      attributes,
      endDate: new Date(Date.now() + 5 * DAY),
      rewardPoints: 7,
    });
    const sooner = await seedCampaign(h, tenant, creator.id, { type: "SWIPE", swipeItems: 1 });
    await seedCampaign(h, tenant, creator.id, {
      type: "SURVEY",
      status: "DRAFT",
      questions: [{ type: "TEXT" }],
    });
    const archived = await seedCampaign(h, tenant, creator.id, { type: "MULTIVARIANT", attributes });
    const elsewhere = await seedCampaign(h, tenant, neighbour.id, { type: "MULTIVARIANT", attributes });
    const [u1, u2, u3, u4] = [
      (await seedUser(h, tenant)).id,
      (await seedUser(h, tenant)).id,
      (await seedUser(h, tenant)).id,
      (await seedUser(h, tenant)).id,
    ];
    const joined = async (
      campaignId: string,
      kind: "vote" | "swipe",
      body: { userId: string } & Record<string, unknown>,
    ) => {
      const response = await participate(h, tenant, campaignId, kind, body);
      expect(response.status, response.text).toBe(201);
    };
    await joined(later.id, "vote", voteAll(later, u1));
    await joined(later.id, "vote", voteAll(later, u2));
    await joined(sooner.id, "swipe", { userId: u2, itemId: sooner.itemIds[0]!, direction: "RIGHT" });
    await joined(sooner.id, "swipe", { userId: u3, itemId: sooner.itemIds[0]!, direction: "LEFT" });
    await joined(archived.id, "vote", voteAll(archived, u4));
    await joined(elsewhere.id, "vote", voteAll(elsewhere, u4));
    const ended = await api(h, "PATCH", `/campaign/${archived.id}`, { ...owner, body: { status: "ENDED" } });
    expect(ended.status, ended.text).toBe(200);
    const gone = await api(h, "DELETE", `/creator/id/${creator.id}/campaign/${archived.id}`, owner);
    expect(gone.status, gone.text).toBe(200);

    const count = await api<ParticipantCount>(
      h,
      "GET",
      `/creator/id/${creator.id}/campaigns/analytics/participants/count`,
      owner,
    );
    expect(count.status, count.text).toBe(200);
    expect(count.body).toEqual({ count: 3, journeys: 4, campaigns: 3 });

    const dashboard = await api<Dashboard>(h, "GET", `/creator/id/${creator.id}/dashboard/campaigns`, owner);
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.body).toMatchObject({
      creatorId: creator.id,
      campaigns: 3,
      archived: 1,
      byStatus: { DRAFT: 1, SUBMITTED: 0, APPROVED: 0, PUBLISHED: 2, ENDED: 0 },
      totals: { participants: 3, journeys: 4, completedJourneys: 4, participations: 4, pointsAwarded: 14 },
    });
    expect(
      dashboard.body.active.map((campaign) => [campaign.id, campaign.participants, campaign.pointsAwarded]),
    ).toEqual([
      [sooner.id, 2, 0],
      [later.id, 2, 14],
    ]);
  });

  it("answers a creator with no campaign with zeros, another organization's creator 404 and a non-owner 403", async () => {
    const tenant = await h.createTenant();
    const creator = await createCreator(h, tenant);
    const paths = [
      `/creator/id/${creator.id}/campaigns/analytics/participants/count`,
      `/creator/id/${creator.id}/dashboard/campaigns`,
    ];
    const count = await api(h, "GET", paths[0]!, asOwner(tenant, creator));
    expect(count.body).toEqual({ count: 0, journeys: 0, campaigns: 0 });
    const dashboard = await api<Dashboard>(h, "GET", paths[1]!, asOwner(tenant, creator));
    expect(dashboard.body).toMatchObject({
      campaigns: 0,
      archived: 0,
      active: [],
      totals: { participants: 0 },
    });

    const stranger = await h.createTenant();
    const outsider = await seedUser(h, tenant);
    for (const path of paths) {
      expectError(await api(h, "GET", path, { key: stranger.adminKey }), 404, "not_found");
      expectError(
        await api(h, "GET", path, { key: tenant.memberKey, userId: outsider.id }),
        403,
        "not_owner",
      );
      expect((await api(h, "GET", path, { key: tenant.adminKey })).status).toBe(200);
    }
  });
});
