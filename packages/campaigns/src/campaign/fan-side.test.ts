import {
  api,
  type CampaignRecord,
  createCreator,
  createUser,
  expectError,
  publishableCampaign,
  publishedCampaign,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

interface Journey {
  joined: boolean;
  progress: { done: number; needed: number };
  completed: boolean;
  journeyPoints: number;
  participations: number;
}

/** A storefront's call: the organization's MEMBER key acting for the fan, never naming the creator's owner. */
const storefront = async () => {
  const tenant = await h.createTenant();
  const creator = await createCreator(h, tenant);
  const fan = await createUser(h, tenant);
  const asFan = { key: tenant.memberKey, userId: fan.id };
  const call = <T>(method: "GET" | "POST", path: string, body?: unknown) =>
    api<T>(h, method, path, { ...asFan, ...(body === undefined ? {} : { body }) });
  return { tenant, creator, fan, call };
};

/** The submissions a storefront builds from what `GET /campaign/{id}` shows: the first option or answer of each. */
const submissionsOf = (campaign: CampaignRecord, userId: string) => {
  switch (campaign.type) {
    case "MULTIVARIANT":
      return [
        {
          route: "vote",
          body: {
            userId,
            votes: campaign.attributes.map((attribute) => ({
              attributeId: attribute.id,
              optionId: attribute.options[0]?.id,
            })),
          },
        },
      ];
    case "SURVEY":
      return [
        {
          route: "survey",
          body: {
            userId,
            responses: campaign.questions
              .filter((question) => question.required)
              .map((question) => ({
                questionId: question.id,
                answer: question.type === "RATING" ? "4" : question.options?.[0],
              })),
          },
        },
      ];
    default:
      return campaign.swipeItems.map((item) => ({
        route: "swipe",
        body: { userId, itemId: item.id, direction: "RIGHT" },
      }));
  }
};

describe("campaigns on the fan side", () => {
  it("a storefront lists, renders and completes a vote, a survey and a swipe for a fan without the owner", async () => {
    const { tenant, creator, fan, call } = await storefront();
    const published = [];
    for (const type of ["MULTIVARIANT", "SURVEY", "SWIPE"] as const)
      published.push(await publishedCampaign(h, tenant, creator, { type }));
    const draft = await publishableCampaign(h, tenant, creator, { type: "MULTIVARIANT" });

    const listed = await call<CampaignRecord[]>("GET", `/creator/${creator.slug}/campaigns`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.headers.get("x-total-count")).toBe("3");
    expect(listed.body.map((campaign) => campaign.id).sort()).toEqual(published.map((c) => c.id).sort());

    for (const { id } of published) {
      const shown = await call<CampaignRecord>("GET", `/campaign/${id}`);
      expect(shown.status, shown.text).toBe(200);
      const before = await call<Journey>("GET", `/user/${fan.id}/campaigns/${id}`);
      expect(before.status, before.text).toBe(200);
      expect(before.body).toMatchObject({ joined: false, completed: false, participations: 0 });
      expect(before.body.progress.done).toBe(0);
      expect(before.body.progress.needed).toBeGreaterThan(0);

      const submissions = submissionsOf(shown.body, fan.id);
      for (const { route, body } of submissions) {
        const submitted = await call("POST", `/campaign/${id}/${route}`, body);
        expect(submitted.status, `${route}: ${submitted.text}`).toBe(201);
      }

      const after = await call<Journey>("GET", `/user/${fan.id}/campaigns/${id}`);
      expect(after.body).toMatchObject({
        joined: true,
        completed: true,
        journeyPoints: 10,
      });
      expect(after.body.participations).toBeGreaterThanOrEqual(submissions.length);
      expect(after.body.progress.done).toBe(after.body.progress.needed);
    }
    const attributes = await call("GET", `/campaign/${published[0]?.id}/attributes`);
    expect(attributes.status, attributes.text).toBe(200);
    // The key alone (no X-User-Id) is the fan side too.
    expect((await api(h, "GET", `/campaign/${published[0]?.id}`, { key: tenant.memberKey })).status).toBe(
      200,
    );

    for (const path of [
      `/campaign/${draft.id}`,
      `/campaign/${draft.id}/attributes`,
      `/user/${fan.id}/campaigns/${draft.id}`,
    ])
      expectError(await call("GET", path), 404, "not_found");
    // What stays the creator side's: analytics, and any change.
    expectError(await call("GET", `/campaign/${published[0]?.id}/analytics`), 403, "not_owner");
    expectError(
      await api(h, "PATCH", `/campaign/${published[0]?.id}`, {
        key: tenant.memberKey,
        userId: fan.id,
        body: { title: "x" },
      }),
      403,
      "not_owner",
    );
  });

  it("lists only campaigns open now: not before their start, not after their end, not ended or archived", async () => {
    const { tenant, creator, call } = await storefront();
    const now = h.runtime.deps.clock.now().getTime();
    const open = await publishedCampaign(h, tenant, creator);
    const later = await publishedCampaign(h, tenant, creator, {
      configuration: {
        startDate: new Date(now + 86_400_000).toISOString(),
        endDate: new Date(now + 2 * 86_400_000).toISOString(),
      },
    });
    const ended = await publishedCampaign(h, tenant, creator);
    const end = await api(h, "PATCH", `/campaign/${ended.id}`, {
      key: tenant.adminKey,
      body: { status: "ENDED" },
    });
    expect(end.status, end.text).toBe(200);
    const listed = await call<CampaignRecord[]>("GET", `/creator/${creator.slug}/campaigns`);
    expect(listed.body.map((campaign) => campaign.id)).toEqual([open.id]);
    // An ENDED campaign is still shown to the fan (its results), and one not yet open too.
    expect((await call("GET", `/campaign/${ended.id}`)).status).toBe(200);
    expect((await call("GET", `/campaign/${later.id}`)).status).toBe(200);
    expectError(await call("GET", "/creator/no-such-shop/campaigns"), 404, "not_found");
  });
});
