import {
  api,
  asOwner,
  type CampaignRecord,
  createCampaign,
  createCreator,
  createUser,
  expectError,
  fieldsOf,
  handlerDeps,
  notificationsOf,
  publishableCampaign,
  publishedCampaign,
  seedFollow,
  useHarness,
} from "@tally/testing";
import { describe, expect, it, vi } from "vitest";
import { handleCampaignPublished, handleCampaignReviewed } from "./handlers.ts";

const h = useHarness();

const shop = async (tier: "builder" | "growth" | "pro" = "growth") => {
  const tenant = await h.createTenant({ tier });
  const creator = await createCreator(h, tenant);
  const owner = asOwner(tenant, creator);
  const call = (method: string, path: string, body?: unknown) =>
    api<CampaignRecord>(h, method, path, { ...owner, body });
  const review = (id: string, body: unknown, key = tenant.adminKey) =>
    api<CampaignRecord>(h, "PATCH", `/admin/campaigns/${id}/status`, { key, body });
  return { tenant, creator, owner, call, review };
};

describe("campaign lifecycle over HTTP", () => {
  it("creates a DRAFT and configures it: attributes answered with option ids and voteCount", async () => {
    const { tenant, creator, call } = await shop();
    const created = await call("POST", "/campaign", { creatorId: creator.id, type: "MULTIVARIANT" });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      type: "MULTIVARIANT",
      status: "DRAFT",
      creatorId: creator.id,
      organizationId: tenant.organizationId,
      archived: false,
      maxParticipants: null,
      rateLimit: 0,
      attributes: [],
    });
    const configured = await call("PUT", `/campaign/${created.body.id}`, {
      title: "Next drop",
      maxParticipants: 100,
      rateLimit: 2,
      reward: { points: 25, maxSupply: 50 },
      attributes: [
        {
          title: "Colour",
          hasImages: true,
          options: [{ value: "Red", imageUrl: "https://cdn.example.com/r.png" }, { value: "Blue" }],
        },
      ],
    });
    expect(configured.status, configured.text).toBe(200);
    expect(configured.body).toMatchObject({
      title: "Next drop",
      maxParticipants: 100,
      rateLimit: 2,
      reward: { points: 25, maxSupply: 50, awarded: 0, rewardId: null },
      attributes: [
        {
          id: expect.any(Number),
          title: "Colour",
          hasImages: true,
          options: [
            { id: expect.any(Number), value: "Red", imageUrl: "https://cdn.example.com/r.png", voteCount: 0 },
            { id: expect.any(Number), value: "Blue", imageUrl: null, voteCount: 0 },
          ],
        },
      ],
    });
    const read = await call("GET", `/campaign/${created.body.id}`);
    expect(read.body).toEqual(configured.body);

    // A list named again replaces the stored one; fields not named stay.
    const replaced = await call("PUT", `/campaign/${created.body.id}`, {
      attributes: [{ title: "Size", options: [{ value: "S" }, { value: "M" }] }],
    });
    expect(replaced.body.title).toBe("Next drop");
    expect(replaced.body.attributes.map((a) => a.title)).toEqual(["Size"]);
  });

  it("goes DRAFT -> SUBMITTED -> rejected (reason kept) -> DRAFT -> SUBMITTED -> APPROVED -> PUBLISHED, notifying", async () => {
    const { tenant, creator, call, review } = await shop();
    const fan = await createUser(h, tenant);
    await seedFollow(h, tenant, fan.id, creator.id);
    const draft = await publishableCampaign(h, tenant, creator);
    const events = vi.spyOn(h.runtime.deps.events, "publish");

    const submitted = await call("PATCH", `/campaign/${draft.id}/submit`);
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body).toMatchObject({ status: "SUBMITTED", submittedAt: expect.any(String) });

    const rejected = await review(draft.id, { status: "REJECTED", reason: "Hero image is blurry" });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ status: "DRAFT", rejectionReason: "Hero image is blurry" });
    const reviewedPayloads = () =>
      events.mock.calls
        .filter((call) => call[1] === "campaign-reviewed")
        .map((call) => call[2] as Parameters<typeof handleCampaignReviewed>[1]);
    const [rejectedEvent] = reviewedPayloads();
    await handleCampaignReviewed(handlerDeps(h), rejectedEvent!);
    // Delivered twice, notified once.
    await handleCampaignReviewed(handlerDeps(h), rejectedEvent!);
    const rejection = await notificationsOf(h, tenant, creator.id, "campaign-reviewed");
    expect(rejection.map((n) => [n.recipientType, n.body])).toEqual([["CREATOR", "Hero image is blurry"]]);

    // The reason is shown until the next decision; the DRAFT is editable again.
    const fixed = await call("PUT", `/campaign/${draft.id}`, {
      hero: [{ url: "https://cdn.example.com/sharp.png", type: "image" }],
    });
    expect(fixed.body).toMatchObject({ status: "DRAFT", rejectionReason: "Hero image is blurry" });
    expect((await call("PATCH", `/campaign/${draft.id}/submit`)).body.status).toBe("SUBMITTED");

    const approved = await review(draft.id, { status: "APPROVED" });
    expect(approved.body).toMatchObject({
      status: "APPROVED",
      rejectionReason: null,
      reviewedAt: expect.any(String),
    });
    await handleCampaignReviewed(handlerDeps(h), reviewedPayloads()[1]!);
    // The rejection delivered again after the approval: still one notice of it, with its reason.
    await handleCampaignReviewed(handlerDeps(h), rejectedEvent!);
    const reviewNotices = await notificationsOf(h, tenant, creator.id, "campaign-reviewed");
    expect(reviewNotices.map((n) => n.body).sort()).toEqual([
      "Hero image is blurry",
      "Publish it when you are ready.",
    ]);

    const published = await call("PATCH", `/campaign/${draft.id}/publish`, { requiresReview: true });
    expect(published.status, published.text).toBe(200);
    expect(published.body).toMatchObject({
      status: "PUBLISHED",
      publishedAt: expect.any(String),
      requiresReview: true,
    });
    const byOrganization = { organizationId: tenant.organizationId, campaignId: draft.id };
    expect(events.mock.calls.map((c) => [c[1], c[2]])).toEqual([
      [
        "campaign-reviewed",
        {
          ...byOrganization,
          decision: "rejected",
          reviewedAt: expect.any(String),
          reason: "Hero image is blurry",
        },
      ],
      [
        "campaign-reviewed",
        { ...byOrganization, decision: "approved", reviewedAt: expect.any(String), reason: null },
      ],
      ["campaign-published", byOrganization],
    ]);
    events.mockRestore();

    await handleCampaignPublished(handlerDeps(h), byOrganization);
    await handleCampaignPublished(handlerDeps(h), byOrganization);
    const notices = await notificationsOf(h, tenant, fan.id, "campaign-published");
    expect(notices.map((n) => n.data)).toEqual([
      expect.objectContaining({ campaignId: draft.id, creatorId: creator.id }),
    ]);
  });

  it("rejects with the spec's body {status: DRAFT} and no reason: kept as null, notified without one", async () => {
    const { tenant, creator, call, review } = await shop();
    const draft = await publishableCampaign(h, tenant, creator);
    await call("PATCH", `/campaign/${draft.id}/submit`);
    const events = vi.spyOn(h.runtime.deps.events, "publish");

    const rejected = await review(draft.id, { status: "DRAFT" });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({
      status: "DRAFT",
      rejectionReason: null,
      reviewedAt: expect.any(String),
    });
    const [reviewed] = events.mock.calls.filter((c) => c[1] === "campaign-reviewed").map((c) => c[2]);
    events.mockRestore();
    expect(reviewed).toMatchObject({ decision: "rejected", reason: null });
    await handleCampaignReviewed(handlerDeps(h), reviewed as Parameters<typeof handleCampaignReviewed>[1]);
    const notices = await notificationsOf(h, tenant, creator.id, "campaign-reviewed");
    expect(notices.map((n) => [n.title, n.body, n.data])).toEqual([
      [
        expect.stringContaining("was rejected"),
        null,
        { campaignId: draft.id, decision: "rejected", reason: null },
      ],
    ]);
  });

  it("publishes without review from DRAFT and from SUBMITTED when requiresReview is false", async () => {
    const { tenant, creator, call } = await shop();
    const fromDraft = await publishableCampaign(h, tenant, creator, { type: "SURVEY" });
    const direct = await call("PATCH", `/campaign/${fromDraft.id}/publish`, { requiresReview: false });
    expect(direct.status, direct.text).toBe(200);
    expect(direct.body).toMatchObject({ status: "PUBLISHED", requiresReview: false, submittedAt: null });

    const fromSubmitted = await publishableCampaign(h, tenant, creator, { type: "SWIPE" });
    expect((await call("PATCH", `/campaign/${fromSubmitted.id}/submit`)).status).toBe(200);
    const skipped = await call("PATCH", `/campaign/${fromSubmitted.id}/publish`, { requiresReview: false });
    expect(skipped.body).toMatchObject({ status: "PUBLISHED", reviewedAt: null });
  });

  it("answers every illegal move 409 naming the current state, and changes nothing", async () => {
    const { tenant, creator, call, review } = await shop();
    const draft = await publishableCampaign(h, tenant, creator);
    const needsReview = await call("PATCH", `/campaign/${draft.id}/publish`);
    expectError(needsReview, 409, "invalid_state");
    expect(needsReview.body).toMatchObject({
      context: { currentStatus: "DRAFT", allowedFrom: ["APPROVED"] },
    });
    expect(needsReview.text).toContain("DRAFT");
    expectError(await review(draft.id, { status: "APPROVED" }), 409, "invalid_state");

    await call("PATCH", `/campaign/${draft.id}/submit`);
    const again = await call("PATCH", `/campaign/${draft.id}/submit`);
    expectError(again, 409, "invalid_state");
    expect(again.text).toContain("SUBMITTED");
    const configure = await call("PUT", `/campaign/${draft.id}`, { title: "Changed" });
    expectError(configure, 409, "invalid_state");
    expect(configure.text).toContain("SUBMITTED");

    const live = await publishedCampaign(h, tenant, creator);
    for (const [method, path, body] of [
      ["PATCH", `/campaign/${live.id}/publish`, { requiresReview: false }],
      ["PATCH", `/campaign/${live.id}/submit`, undefined],
      ["PUT", `/campaign/${live.id}`, { title: "x" }],
    ] as const) {
      const refused = await call(method, path, body);
      expectError(refused, 409, "invalid_state");
      expect(refused.text).toContain("PUBLISHED");
    }
    expectError(await review(live.id, { status: "REJECTED", reason: "late" }), 409, "invalid_state");
    expect((await call("GET", `/campaign/${draft.id}`)).body).toMatchObject({
      status: "SUBMITTED",
      title: draft.title,
    });
  });

  it("refuses to submit or publish a campaign that is not ready, listing every problem (422)", async () => {
    const { tenant, creator, call } = await shop();
    const bare = await createCampaign(h, tenant, creator, "MULTIVARIANT");
    await call("PUT", `/campaign/${bare.id}`, {
      attributes: [{ title: "Colour", options: [{ value: "Only one" }] }],
      startDate: "2030-01-02T00:00:00Z",
      endDate: "2030-01-01T00:00:00Z",
    });
    const refused = await call("PATCH", `/campaign/${bare.id}/publish`, { requiresReview: false });
    expectError(refused, 422, "validation_failed");
    expect(fieldsOf(refused)).toEqual(["title", "endDate", "attributes.0.options"]);
    expect((await call("GET", `/campaign/${bare.id}`)).body.status).toBe("DRAFT");

    const survey = await createCampaign(h, tenant, creator, "SURVEY");
    await call("PUT", `/campaign/${survey.id}`, { title: "No questions yet" });
    const submit = await call("PATCH", `/campaign/${survey.id}/submit`);
    expectError(submit, 422, "validation_failed");
    expect(fieldsOf(submit)).toEqual(["questions"]);

    const past = await publishableCampaign(h, tenant, creator, {
      configuration: { startDate: "2020-01-01T00:00:00Z", endDate: "2020-02-01T00:00:00Z" },
    });
    const over = await call("PATCH", `/campaign/${past.id}/publish`, { requiresReview: false });
    expect(fieldsOf(over)).toEqual(["endDate"]);
  });

  it("after publish PATCH changes only title, description, hero, showInstructions, showLeaderboard and status", async () => {
    const { tenant, creator, call } = await shop();
    const live = await publishedCampaign(h, tenant, creator);
    const cosmetic = await call("PATCH", `/campaign/${live.id}`, { title: "Renamed", showLeaderboard: true });
    expect(cosmetic.status, cosmetic.text).toBe(200);
    expect(cosmetic.body).toMatchObject({ title: "Renamed", showLeaderboard: true, status: "PUBLISHED" });

    const locked = await call("PATCH", `/campaign/${live.id}`, {
      title: "Again",
      maxParticipants: 5,
      rateLimit: 1,
    });
    expectError(locked, 422, "validation_failed");
    expect(fieldsOf(locked)).toEqual(["maxParticipants", "rateLimit"]);
    const otherStatus = await call("PATCH", `/campaign/${live.id}`, { status: "DRAFT" });
    expectError(otherStatus, 422, "validation_failed");
    expect(fieldsOf(otherStatus)).toEqual(["status"]);
    expect((await call("GET", `/campaign/${live.id}`)).body).toMatchObject({
      title: "Renamed",
      maxParticipants: null,
    });

    const events = vi.spyOn(h.runtime.deps.events, "publish");
    const ended = await call("PATCH", `/campaign/${live.id}`, { status: "ENDED" });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body).toMatchObject({ status: "ENDED", endedAt: expect.any(String) });
    expect(events.mock.calls.map((c) => c[1])).toEqual(["campaign-ended"]);
    events.mockRestore();
    expectError(await call("PATCH", `/campaign/${live.id}`, { status: "ENDED" }), 409, "invalid_state");

    // A DRAFT takes any configuration field through PATCH, but cannot be ended.
    const draft = await createCampaign(h, tenant, creator, "UGC");
    const patched = await call("PATCH", `/campaign/${draft.id}`, { rateLimit: 3 });
    expect(patched.body.rateLimit).toBe(3);
    expectError(await call("PATCH", `/campaign/${draft.id}`, { status: "ENDED" }), 409, "invalid_state");
    expectError(await call("PATCH", `/campaign/${draft.id}`, {}), 422, "validation_failed");
  });

  it("refuses bad configuration (422): wrong type's list, unknown fields, choices, another creator's product", async () => {
    const { tenant, creator, call } = await shop();
    const badType = await call("POST", "/campaign", { creatorId: creator.id, type: "POLL" });
    expectError(badType, 422, "validation_failed");
    expect(fieldsOf(badType)).toContain("type");
    const survey = await createCampaign(h, tenant, creator, "SURVEY");
    const wrongList = await call("PUT", `/campaign/${survey.id}`, {
      attributes: [{ title: "Colour", options: [{ value: "Red" }] }],
      questions: [{ type: "SINGLE_CHOICE", title: "Pick", options: ["Only"] }],
    });
    expectError(wrongList, 422, "validation_failed");
    expect(fieldsOf(wrongList)).toEqual(["attributes", "questions.0.options"]);
    const unknown = await call("PUT", `/campaign/${survey.id}`, { status: "PUBLISHED", participantCount: 9 });
    expectError(unknown, 422, "validation_failed");
    const negative = await call("PUT", `/campaign/${survey.id}`, { reward: { points: -1 } });
    expectError(negative, 422, "validation_failed");

    const other = await createCreator(h, tenant);
    const product = await api<{ id: string }>(h, "POST", `/creator/id/${other.id}/product`, {
      ...asOwner(tenant, other),
      body: { name: "Cap", slug: "cap", description: "A cap", price: 1500 },
    });
    const swipe = await createCampaign(h, tenant, creator, "SWIPE");
    const foreign = await call("PUT", `/campaign/${swipe.id}`, {
      swipeItems: [{ productId: product.body.id }],
    });
    expectError(foreign, 422, "validation_failed");
    expect(fieldsOf(foreign)).toEqual(["swipeItems.0.productId"]);
    expect((await call("GET", `/campaign/${survey.id}`)).body).toMatchObject({
      status: "DRAFT",
      questions: [],
    });
  });

  it("guards the campaign: 403 without the tier or ownership, a draft 404 to the fan side and in another tenant", async () => {
    const builder = await shop("builder");
    expectError(
      await builder.call("POST", "/campaign", { creatorId: builder.creator.id, type: "UGC" }),
      403,
      "tier_required",
    );
    const { tenant, creator } = await shop();
    const draft = await createCampaign(h, tenant, creator, "UGC");
    const stranger = await createUser(h, tenant);
    expectError(
      await api(h, "GET", `/campaign/${draft.id}`, { key: tenant.memberKey, userId: stranger.id }),
      404,
      "not_found",
    );
    expectError(await api(h, "GET", `/campaign/${draft.id}`, { key: tenant.memberKey }), 404, "not_found");
    expectError(
      await api(h, "PATCH", `/campaign/${draft.id}`, {
        key: tenant.memberKey,
        userId: stranger.id,
        body: { title: "Mine now" },
      }),
      403,
      "not_owner",
    );
    const elsewhere = await shop();
    expectError(await elsewhere.call("GET", `/campaign/${draft.id}`), 404, "not_found");
    expectError(await elsewhere.review(draft.id, { status: "APPROVED" }), 404, "not_found");
    expect((await api(h, "GET", `/campaign/${draft.id}`, { key: tenant.adminKey })).status).toBe(200);
  });
  it("moves once under concurrent requests: one review decision, one publish, one campaign-published", async () => {
    const { tenant, creator, call, review } = await shop();
    const draft = await publishableCampaign(h, tenant, creator);
    await call("PATCH", `/campaign/${draft.id}/submit`);
    const decisions = await Promise.all([
      review(draft.id, { status: "APPROVED" }),
      review(draft.id, { status: "REJECTED", reason: "No" }),
      review(draft.id, { status: "APPROVED" }),
    ]);
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409, 409]);
    const winner = decisions.find((d) => d.status === 200)!.body.status;
    expect((await call("GET", `/campaign/${draft.id}`)).body.status).toBe(winner);

    const ready = await publishableCampaign(h, tenant, creator);
    const events = vi.spyOn(h.runtime.deps.events, "publish");
    const publishes = await Promise.all(
      Array.from({ length: 6 }, () =>
        call("PATCH", `/campaign/${ready.id}/publish`, { requiresReview: false }),
      ),
    );
    expect(publishes.map((p) => p.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(events.mock.calls.filter((c) => c[1] === "campaign-published").length).toBe(1);
    events.mockRestore();
  });
});
