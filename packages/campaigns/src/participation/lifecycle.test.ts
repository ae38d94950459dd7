import { ManualClock } from "@tally/core";
import {
  api,
  asOwner,
  balancesOf,
  type CampaignRecord,
  createCreator,
  expectError,
  handlerDeps,
  participate,
  publishableCampaign,
  publishedCampaign,
  seedUser,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";
import { runCampaignMonitor } from "../campaign/monitor.ts";

const clock = new ManualClock(new Date("2031-05-01T12:00:00Z"));
const h = useHarness({ clock });
const DAY = 24 * 60 * 60 * 1000;

const firstOptions = (campaign: CampaignRecord) =>
  campaign.attributes.map((attribute) => ({ attributeId: attribute.id, optionId: attribute.options[0]!.id }));

describe("participation across a campaign's lifecycle (campaigns made through the API)", () => {
  it("takes votes while PUBLISHED and open, not in a DRAFT, not after endDate, not once the job ended it", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    const user = await seedUser(h, tenant);
    const late = await seedUser(h, tenant);
    const draft = await publishableCampaign(h, tenant, creator);
    const campaign = await publishedCampaign(h, tenant, creator, {
      configuration: { endDate: new Date(clock.now().getTime() + DAY).toISOString() },
    });

    const inDraft = await participate(h, tenant, draft.id, "vote", {
      userId: user.id,
      votes: firstOptions(draft),
    });
    expectError(inDraft, 409, "invalid_state");
    expect(inDraft.body).toMatchObject({ context: { status: "DRAFT" } });

    const voted = await participate(h, tenant, campaign.id, "vote", {
      userId: user.id,
      votes: firstOptions(campaign),
    });
    expect(voted.status, voted.text).toBe(201);
    expect(voted.body).toMatchObject({
      completed: true,
      pointsAwarded: 10,
      completedAt: clock.now().toISOString(),
    });
    expect(await balancesOf(h, tenant, user.id)).toMatchObject({ balance: 10 });
    const read = await api<CampaignRecord>(h, "GET", `/campaign/${campaign.id}`, asOwner(tenant, creator));
    expect(
      read.body.attributes.map((attribute) => attribute.options.map((option) => option.voteCount)),
    ).toEqual([
      [1, 0],
      [1, 0, 0],
    ]);

    clock.advance(2 * DAY);
    const afterEnd = await participate(h, tenant, campaign.id, "vote", {
      userId: late.id,
      votes: firstOptions(campaign),
    });
    expectError(afterEnd, 409, "invalid_state");
    expect(afterEnd.body).toMatchObject({
      error: expect.stringContaining("closed at"),
      context: { status: "PUBLISHED" },
    });

    expect(await runCampaignMonitor(handlerDeps(h), { organizationId: tenant.organizationId })).toEqual({
      ended: [campaign.id],
    });
    const ended = await participate(h, tenant, campaign.id, "vote", {
      userId: late.id,
      votes: firstOptions(campaign),
    });
    expectError(ended, 409, "invalid_state");
    expect(ended.body).toMatchObject({ context: { status: "ENDED" } });
    expect(await balancesOf(h, tenant, late.id)).toMatchObject({ balance: 0 });
  });
});
