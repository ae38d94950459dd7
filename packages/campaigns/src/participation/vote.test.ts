import { campaignAttributeOptions, campaignJourneys, campaignVotes } from "@tally/db";
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
  voteAll,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { handleCampaignVote } from "./handlers.ts";

const h = useHarness();

const voteCounts = (tenant: Tenant, campaignId: string) =>
  inTenant(h, tenant, async (tx) =>
    Object.fromEntries(
      (
        await tx
          .select({ id: campaignAttributeOptions.id, voteCount: campaignAttributeOptions.voteCount })
          .from(campaignAttributeOptions)
          .where(
            and(
              eq(campaignAttributeOptions.organizationId, tenant.organizationId),
              eq(campaignAttributeOptions.campaignId, campaignId),
            ),
          )
      ).map((row) => [row.id, row.voteCount]),
    ),
  );

const journeyCount = (tenant: Tenant, campaignId: string) =>
  inTenant(
    h,
    tenant,
    async (tx) =>
      (
        await tx
          .select({ id: campaignJourneys.id })
          .from(campaignJourneys)
          .where(
            and(
              eq(campaignJourneys.organizationId, tenant.organizationId),
              eq(campaignJourneys.campaignId, campaignId),
            ),
          )
      ).length,
  );

const voteCampaign = async (options: Partial<Parameters<typeof seedCampaign>[3]> = {}) => {
  const tenant = await h.createTenant();
  const creator = await createCreator(h, tenant);
  const campaign = await seedCampaign(h, tenant, creator.id, {
    type: "MULTIVARIANT",
    attributes: [
      ["red", "blue", "green"],
      ["small", "large"],
    ],
    ...options,
  });
  const user = await seedUser(h, tenant);
  return { tenant, creator, campaign, user };
};

describe("POST /campaign/{id}/vote", () => {
  it("records a vote per chosen option, counts them into voteCount, emits campaign-vote each and completes the journey", async () => {
    const { tenant, campaign, user } = await voteCampaign({ rewardPoints: 0 });
    const [colour, size] = campaign.attributes;
    // `publish` goes through `publishMany` too: every published payload passes here.
    const spy = vi.spyOn(h.runtime.deps.events, "publishMany");

    const partial = await participate(h, tenant, campaign.id, "vote", {
      userId: user.id,
      votes: [
        {
          attributeId: colour!.id,
          optionId: [colour!.optionIds[0]!, colour!.optionIds[2]!, colour!.optionIds[0]!],
        },
      ],
    });
    const voteEvents = spy.mock.calls
      .filter((call) => call[1] === "campaign-vote")
      .flatMap((call) => call[2]);
    spy.mockRestore();

    expect(partial.status, partial.text).toBe(201);
    expect(partial.body).toMatchObject({
      campaignId: campaign.id,
      type: "MULTIVARIANT",
      userId: user.id,
      participations: 1,
      remainingParticipations: null,
      recorded: 2,
      completed: false,
      completedAt: null,
      pointsAwarded: 0,
      grant: null,
    });
    expect(voteEvents).toHaveLength(2);
    expect(voteEvents[0]).toMatchObject({ campaignId: campaign.id, userId: user.id });

    const rest = await participate(h, tenant, campaign.id, "vote", {
      userId: user.id,
      votes: [{ attributeId: size!.id, optionId: size!.optionIds[1]! }],
    });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body).toMatchObject({
      journeyId: partial.body.journeyId,
      participations: 2,
      completed: true,
    });
    expect(rest.body.completedAt).not.toBeNull();
    expect(await voteCounts(tenant, campaign.id)).toEqual({
      [colour!.optionIds[0]!]: 1,
      [colour!.optionIds[1]!]: 0,
      [colour!.optionIds[2]!]: 1,
      [size!.optionIds[0]!]: 0,
      [size!.optionIds[1]!]: 1,
    });
  });

  it("refuses attributes and options that are not the campaign's with 422 naming each, storing nothing", async () => {
    const { tenant, campaign, user } = await voteCampaign();
    const other = await voteCampaign();
    const [colour, size] = campaign.attributes;

    const refused = await participate(h, tenant, campaign.id, "vote", {
      userId: user.id,
      votes: [
        { attributeId: colour!.id, optionId: size!.optionIds[0]! },
        {
          attributeId: other.campaign.attributes[0]!.id,
          optionId: other.campaign.attributes[0]!.optionIds[0]!,
        },
        { attributeId: size!.id, optionId: [size!.optionIds[0]!, 999_999] },
      ],
    });
    expectError(refused, 422, "validation_failed");
    expect(fieldsOf(refused)).toEqual(["votes[0].optionId", "votes[1].attributeId", "votes[2].optionId"]);
    expect(refused.body).toMatchObject({
      error: expect.stringContaining(`is not an option of attribute ${colour!.id}`),
    });

    const twice = await participate(h, tenant, campaign.id, "vote", {
      userId: user.id,
      votes: [
        { attributeId: colour!.id, optionId: colour!.optionIds[0]! },
        { attributeId: colour!.id, optionId: colour!.optionIds[1]! },
      ],
    });
    expectError(twice, 422, "validation_failed");
    expect(fieldsOf(twice)).toEqual(["votes[1].attributeId"]);

    const shapeless = await participate(h, tenant, campaign.id, "vote", {
      userId: user.id,
      votes: [{ attributeId: "one", optionId: [] }],
    });
    expectError(shapeless, 422, "validation_failed");

    expect(Object.values(await voteCounts(tenant, campaign.id)).every((count) => count === 0)).toBe(true);
    expect(await journeyCount(tenant, campaign.id)).toBe(0);
  });

  it("takes votes only in a PUBLISHED MULTIVARIANT campaign inside its window (409 naming the type, status or window)", async () => {
    const { tenant, creator, user } = await voteCampaign();
    const seed = (options: Partial<Parameters<typeof seedCampaign>[3]>) =>
      seedCampaign(h, tenant, creator.id, { type: "MULTIVARIANT", attributes: [["a", "b"]], ...options });
    const draft = await seed({ status: "DRAFT" });
    const ended = await seed({ status: "ENDED" });
    const early = await seed({ startDate: new Date(Date.now() + 3_600_000) });
    const late = await seed({ endDate: new Date(Date.now() - 1000) });
    const survey = await seedCampaign(h, tenant, creator.id, {
      type: "SURVEY",
      questions: [{ type: "TEXT" }],
    });

    const draftVote = await participate(h, tenant, draft.id, "vote", voteAll(draft, user.id));
    expectError(draftVote, 409, "invalid_state");
    expect(draftVote.body).toMatchObject({
      error: expect.stringContaining("DRAFT"),
      context: { status: "DRAFT" },
    });
    const endedVote = await participate(h, tenant, ended.id, "vote", voteAll(ended, user.id));
    expectError(endedVote, 409, "invalid_state");
    expect(endedVote.body).toMatchObject({ context: { status: "ENDED" } });
    const earlyVote = await participate(h, tenant, early.id, "vote", voteAll(early, user.id));
    expectError(earlyVote, 409, "invalid_state");
    expect(earlyVote.body).toMatchObject({
      error: expect.stringContaining("opens at"),
      context: { status: "PUBLISHED" },
    });
    const lateVote = await participate(h, tenant, late.id, "vote", voteAll(late, user.id));
    expectError(lateVote, 409, "invalid_state");
    expect(lateVote.body).toMatchObject({ error: expect.stringContaining("closed at") });
    const wrongType = await participate(h, tenant, survey.id, "vote", {
      userId: user.id,
      votes: [{ attributeId: 1, optionId: 1 }],
    });
    expectError(wrongType, 409, "conflict");
    expect(wrongType.body).toMatchObject({
      context: { campaignType: "SURVEY", submissionType: "MULTIVARIANT" },
    });

    for (const campaign of [draft, ended, early, late])
      expect(await journeyCount(tenant, campaign.id)).toBe(0);
  });

  it("guards the acting user and the tenant: X-User-Id of another user 403, another tenant's campaign or user 404, BUILDER 403", async () => {
    const { tenant, campaign, user } = await voteCampaign();
    const stranger = await seedUser(h, tenant);
    const mismatch = await h.request("POST", `/api/v1/campaign/${campaign.id}/vote`, {
      key: tenant.memberKey,
      userId: stranger.id,
      body: voteAll(campaign, user.id),
    });
    expectError(mismatch, 403, "acting_user_mismatch");

    const other = await voteCampaign();
    const foreignCampaign = await participate(
      h,
      other.tenant,
      campaign.id,
      "vote",
      voteAll(campaign, other.user.id),
    );
    expectError(foreignCampaign, 404, "not_found");
    const foreignUser = await participate(h, tenant, campaign.id, "vote", voteAll(campaign, other.user.id));
    expectError(foreignUser, 404, "not_found");

    const builder = await h.createTenant({ tier: "builder" });
    const gated = await participate(h, builder, campaign.id, "vote", voteAll(campaign, user.id));
    expectError(gated, 403, "tier_required");
    expect(await journeyCount(tenant, campaign.id)).toBe(0);
  });

  it("campaign-vote's handler settles the voter's journey once, however often it runs", async () => {
    const { tenant, campaign, user } = await voteCampaign({ rewardPoints: 40 });
    const voted = await participate(h, tenant, campaign.id, "vote", voteAll(campaign, user.id));
    expect(voted.status, voted.text).toBe(201);
    expect(voted.body).toMatchObject({ completed: true, pointsAwarded: 40, journeyPoints: 40 });
    const [vote] = await inTenant(h, tenant, (tx) =>
      tx
        .select({ id: campaignVotes.id })
        .from(campaignVotes)
        .where(eq(campaignVotes.journeyId, voted.body.journeyId)),
    );
    const payload = {
      organizationId: tenant.organizationId,
      campaignId: campaign.id,
      voteId: vote!.id,
      userId: user.id,
    };
    await Promise.all([1, 2, 3].map(() => handleCampaignVote(h.runtime.deps, payload)));

    const balance = await h.request<{ balance: number }>("GET", `/api/v1/user/${user.id}/points`, {
      key: tenant.memberKey,
    });
    expect(balance.body.balance).toBe(40);
  });
});
