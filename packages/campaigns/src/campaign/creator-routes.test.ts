import { ManualClock } from "@tally/core";
import { campaignJourneys, campaigns } from "@tally/db";
import {
  api,
  asOwner,
  type CampaignRecord,
  createCampaign,
  createCreator,
  createUser,
  expectError,
  handlerDeps,
  publishableCampaign,
  publishedCampaign,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { runCampaignMonitor } from "./monitor.ts";

const clock = new ManualClock(new Date("2031-03-01T12:00:00Z"));
const h = useHarness({ clock });
const DAY = 24 * 60 * 60 * 1000;

type Summary = Omit<CampaignRecord, "attributes" | "questions" | "swipeItems">;

const shop = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const owner = asOwner(tenant, creator);
  const call = <T = CampaignRecord>(method: string, path: string, body?: unknown) =>
    api<T>(h, method, path, { ...owner, body });
  return { tenant, creator, owner, call };
};

describe("the campaign-monitor job", () => {
  it("ends PUBLISHED campaigns whose endDate has passed, once, publishing campaign-ended", async () => {
    const { tenant, creator, call } = await shop();
    const now = clock.now();
    const ending = await publishedCampaign(h, tenant, creator, {
      configuration: { endDate: new Date(now.getTime() + DAY).toISOString() },
    });
    const later = await publishedCampaign(h, tenant, creator, {
      configuration: { endDate: new Date(now.getTime() + 10 * DAY).toISOString() },
    });
    const open = await publishedCampaign(h, tenant, creator, { configuration: { endDate: null } });
    const draft = await publishableCampaign(h, tenant, creator, {
      configuration: { endDate: new Date(now.getTime() + DAY).toISOString() },
    });
    const run = () => runCampaignMonitor(handlerDeps(h), { organizationId: tenant.organizationId });

    expect(await run()).toEqual({ ended: [] });
    clock.advance(2 * DAY);
    const events = vi.spyOn(h.runtime.deps.events, "publish");
    // Two runs at once (two workers): the campaign ends once.
    const [first, second] = await Promise.all([run(), run()]);
    expect([...first.ended, ...second.ended]).toEqual([ending.id]);
    expect(events.mock.calls.map((c) => [c[1], c[2]])).toEqual([
      ["campaign-ended", { organizationId: tenant.organizationId, campaignId: ending.id }],
    ]);
    events.mockRestore();

    const status = async (id: string) => (await call("GET", `/campaign/${id}`)).body;
    expect(await status(ending.id)).toMatchObject({ status: "ENDED", endedAt: clock.now().toISOString() });
    expect((await status(later.id)).status).toBe("PUBLISHED");
    expect((await status(open.id)).status).toBe("PUBLISHED");
    expect((await status(draft.id)).status).toBe("DRAFT");
    expect(await run()).toEqual({ ended: [] });
  });
});

describe("creator campaign routes", () => {
  it("lists the creator's campaigns (status filter, paging, X-Total-Count), titles and the latest", async () => {
    const { tenant, creator, call } = await shop();
    const first = await createCampaign(h, tenant, creator, "UGC");
    clock.advance(1000);
    const second = await publishedCampaign(h, tenant, creator, { type: "SURVEY" });
    clock.advance(1000);
    const third = await createCampaign(h, tenant, creator, "SWIPE");
    const other = await shop();
    await createCampaign(h, other.tenant, other.creator, "UGC");

    const all = await call<Summary[]>("GET", `/creator/id/${creator.id}/campaigns`);
    expect(all.status, all.text).toBe(200);
    expect(all.headers.get("x-total-count")).toBe("3");
    expect(all.body.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
    const page = await call<Summary[]>("GET", `/creator/id/${creator.id}/campaigns?limit=1&offset=1`);
    expect(page.body.map((c) => c.id)).toEqual([second.id]);
    expect(page.headers.get("x-total-count")).toBe("3");
    const live = await call<Summary[]>("GET", `/creator/id/${creator.id}/campaigns?status=PUBLISHED`);
    expect(live.body.map((c) => [c.id, c.status])).toEqual([[second.id, "PUBLISHED"]]);

    const titles = await call<{ id: string; title: string | null }[]>(
      "GET",
      `/creator/id/${creator.id}/campaigns/titles`,
    );
    expect(titles.body).toEqual([
      { id: third.id, title: null, status: "DRAFT" },
      { id: second.id, title: "survey campaign", status: "PUBLISHED" },
      { id: first.id, title: null, status: "DRAFT" },
    ]);
    const latest = await call("GET", `/creator/id/${creator.id}/campaigns/latest`);
    expect(latest.body).toMatchObject({ id: third.id, type: "SWIPE", swipeItems: [] });

    const empty = await shop();
    expectError(
      await empty.call("GET", `/creator/id/${empty.creator.id}/campaigns/latest`),
      404,
      "not_found",
    );
    expectError(await other.call("GET", `/creator/id/${creator.id}/campaigns`), 404, "not_found");
  });

  it("archives (keeping the status), restores and purges; a live campaign is ended first", async () => {
    const { tenant, creator, call } = await shop();
    const draft = await publishableCampaign(h, tenant, creator);
    const live = await publishedCampaign(h, tenant, creator);
    const path = (id: string) => `/creator/id/${creator.id}/campaign/${id}`;

    const archived = await call("DELETE", path(draft.id));
    expect(archived.status, archived.text).toBe(200);
    expect(archived.body).toMatchObject({
      status: "DRAFT",
      archived: true,
      archivedAt: clock.now().toISOString(),
    });
    const visible = await call<Summary[]>("GET", `/creator/id/${creator.id}/campaigns`);
    expect(visible.body.map((c) => c.id)).toEqual([live.id]);
    const trash = await call<Summary[]>("GET", `/creator/id/${creator.id}/campaigns?archived=true`);
    expect(trash.body.map((c) => c.id)).toEqual([draft.id]);
    expect(
      (await call<{ id: string }[]>("GET", `/creator/id/${creator.id}/campaigns/titles`)).body.map(
        (c) => c.id,
      ),
    ).toEqual([live.id]);

    // An archived campaign moves nowhere and takes no change until restored.
    const submit = await call("PATCH", `/campaign/${draft.id}/submit`);
    expectError(submit, 409, "invalid_state");
    expect(submit.text).toContain("archived");
    expectError(await call("PUT", `/campaign/${draft.id}`, { title: "x" }), 409, "invalid_state");
    expectError(await call("DELETE", path(draft.id)), 409, "invalid_state");

    const liveArchive = await call("DELETE", path(live.id));
    expectError(liveArchive, 409, "invalid_state");
    expect(liveArchive.text).toContain("PUBLISHED");
    expectError(await call("DELETE", `${path(live.id)}/purge`), 409, "invalid_state");

    const restored = await call("POST", `${path(draft.id)}/restore`);
    expect(restored.body).toMatchObject({ status: "DRAFT", archived: false, archivedAt: null });
    expectError(await call("POST", `${path(draft.id)}/restore`), 409, "invalid_state");
    expect((await call("PATCH", `/campaign/${draft.id}/submit`)).body.status).toBe("SUBMITTED");

    await call("DELETE", path(draft.id));
    const purged = await call("DELETE", `${path(draft.id)}/purge`);
    expect(purged.status, purged.text).toBe(204);
    expectError(await call("GET", `/campaign/${draft.id}`), 404, "not_found");
    const rows = await h.database.db.select().from(campaigns).where(eq(campaigns.id, draft.id));
    expect(rows).toEqual([]);

    // Another creator's campaign is not found under this creator.
    const neighbour = await createCreator(h, tenant, {
      owner: { id: creator.ownerId, email: "", username: null },
    });
    expectError(await call("DELETE", `/creator/id/${neighbour.id}/campaign/${live.id}`), 404, "not_found");
  });

  it("purges a campaign people took part in: its participation rows go with it", async () => {
    const { tenant, creator, call } = await shop();
    const live = await publishedCampaign(h, tenant, creator);
    const fan = await createUser(h, tenant);
    const [colour] = live.attributes;
    const vote = await api(h, "POST", `/campaign/${live.id}/vote`, {
      key: tenant.adminKey,
      body: { userId: fan.id, votes: [{ attributeId: colour!.id, optionId: colour!.options[0]!.id }] },
    });
    expect(vote.status, vote.text).toBe(201);
    const journeys = () =>
      h.database.db.select().from(campaignJourneys).where(eq(campaignJourneys.campaignId, live.id));
    expect(await journeys()).toHaveLength(1);

    await call("PATCH", `/campaign/${live.id}`, { status: "ENDED" });
    const path = `/creator/id/${creator.id}/campaign/${live.id}`;
    expect((await call("DELETE", path)).status).toBe(200);
    const purged = await call("DELETE", `${path}/purge`);
    expect(purged.status, purged.text).toBe(204);
    expect(await journeys()).toEqual([]);
  });

  it("lists the organization's campaigns for review (ADMIN only), by status", async () => {
    const { tenant, creator, call } = await shop();
    const waiting = await publishableCampaign(h, tenant, creator);
    await call("PATCH", `/campaign/${waiting.id}/submit`);
    clock.advance(1000);
    await createCampaign(h, tenant, creator, "UGC");
    const queue = await api<Summary[]>(h, "GET", "/admin/campaigns?status=SUBMITTED&page=1&limit=10", {
      key: tenant.adminKey,
    });
    expect(queue.status, queue.text).toBe(200);
    expect(queue.body.map((c) => [c.id, c.status])).toEqual([[waiting.id, "SUBMITTED"]]);
    expect(queue.headers.get("x-total-count")).toBe("1");
    const all = await api<Summary[]>(h, "GET", "/admin/campaigns?limit=1&page=2", { key: tenant.adminKey });
    expect(all.body.map((c) => c.id)).toEqual([waiting.id]);
    expect(all.headers.get("x-total-count")).toBe("2");

    const member = await createUser(h, tenant);
    expectError(
      await api(h, "GET", "/admin/campaigns", { key: tenant.memberKey, userId: member.id }),
      403,
      "role_required",
    );
    expectError(
      await api(h, "PATCH", `/admin/campaigns/${waiting.id}/status`, {
        key: tenant.memberKey,
        body: { status: "APPROVED" },
      }),
      403,
      "role_required",
    );
    const unknown = await api(h, "PATCH", `/admin/campaigns/${waiting.id}/status`, {
      key: tenant.adminKey,
      body: { status: "PUBLISHED" },
    });
    expectError(unknown, 422, "validation_failed");
    expect((await call("GET", `/campaign/${waiting.id}`)).body.status).toBe("SUBMITTED");
  });
});
