import { airdrops } from "@tally/db";
import {
  type ApiSchema,
  airdropReward,
  api,
  asOwner,
  createCreator,
  createReward,
  expectError,
  publishedReward,
  seedFans,
  seedFollow,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { MAX_LIST_USERS } from "./schemas.ts";

const h = useHarness();

type Airdrop = ApiSchema<"Airdrop">;

const programme = async (options: Parameters<typeof publishedReward>[3] = {}) => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const reward = await publishedReward(h, tenant, creator, options);
  return { tenant, creator, reward };
};

const airdropsOf = (organizationId: string) =>
  h.database.db.select().from(airdrops).where(eq(airdrops.organizationId, organizationId));

describe("creating an airdrop", () => {
  it("schedules it PENDING for a GROUP's members, publishes `airdrop` and lists it as the creator's latest", async () => {
    const { tenant, creator, reward } = await programme();
    const members = await seedFans(h, tenant, 3, { creatorId: creator.id });
    const group = await api<{ id: string }>(h, "POST", `/creator/id/${creator.id}/group`, {
      ...asOwner(tenant, creator),
      body: { groupName: "Early fans", memberIds: members.map((member) => member.id) },
    });
    expect(group.status, group.text).toBe(201);
    const published = vi.spyOn(h.runtime.deps.events, "publish");
    const airdropDate = new Date(h.runtime.deps.clock.now().getTime() + 86_400_000).toISOString();

    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      airdropDate,
      eligibility: { type: "GROUP", groupId: group.body.id },
    });

    const events = published.mock.calls.filter((call) => call[1] === "airdrop").map((call) => call[2]);
    published.mockRestore();
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      status: "PENDING",
      source: "GROUP",
      groupId: group.body.id,
      eligible: 3,
      minted: 0,
      airdropDate,
      nftReward: { id: reward.id },
    });
    expect(events).toEqual([{ organizationId: tenant.organizationId, airdropId: created.body.id }]);

    const second = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      airdropDate,
      eligibility: { type: "LIST", userIds: [members[0]!.id] },
    });
    expect(second.status, second.text).toBe(201);
    const latest = await api<Airdrop>(
      h,
      "GET",
      `/creator/id/${creator.id}/latest-airdrop`,
      asOwner(tenant, creator),
    );
    expect(latest.status, latest.text).toBe(200);
    expect(latest.body.id).toBe(second.body.id);
    const list = await api<Airdrop[]>(h, "GET", `/creator/id/${creator.id}/airdrops?limit=1&offset=1`, {
      ...asOwner(tenant, creator),
    });
    expect(list.status, list.text).toBe(200);
    expect(list.headers.get("X-Total-Count")).toBe("2");
    expect(list.body.map((airdrop) => airdrop.id)).toEqual([created.body.id]);
    const read = await api<Airdrop>(h, "GET", `/airdrop/${created.body.id}`, asOwner(tenant, creator));
    expect(read.body).toEqual(created.body);
    // The programme's detail read carries its most recent airdrop.
    const detail = await api<ApiSchema<"NftReward">>(
      h,
      "GET",
      `/nft-reward/${reward.id}`,
      asOwner(tenant, creator),
    );
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toMatchObject({ airdropId: second.body.id, airdrop: second.body });
  });

  it("starts an airdrop due now from the `airdrop` event, without waiting for the monitor", async () => {
    const { tenant, creator, reward } = await programme();
    const fans = await seedFans(h, tenant, 2);
    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      eligibility: { type: "LIST", userIds: fans.map((fan) => fan.id) },
    });
    expect(created.status, created.text).toBe(201);
    let current = created.body;
    for (let waited = 0; current.status === "PENDING" && waited < 20_000; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      current = (await api<Airdrop>(h, "GET", `/airdrop/${created.body.id}`, asOwner(tenant, creator))).body;
    }
    // Started: PROCESSING, or already COMPLETED when the mint run its mints start was quicker than this poll.
    expect(current).toMatchObject({ status: expect.stringMatching(/^(PROCESSING|COMPLETED)$/), eligible: 2 });
  });

  it("refuses a reward not PUBLISHED (400), a CONDITIONS airdrop of a reward without conditions (400), another creator's group (404), unknown users (422)", async () => {
    const { tenant, creator, reward } = await programme();
    const [fan] = await seedFans(h, tenant, 1);
    const list = { type: "LIST", userIds: [fan!.id] };
    const draft = await createReward(h, tenant, creator);
    expectError(await airdropReward(h, tenant, creator, draft.id, { eligibility: list }), 400, "bad_request");
    expectError(
      await airdropReward(h, tenant, creator, reward.id, { eligibility: { type: "CONDITIONS" } }),
      400,
      "bad_request",
    );
    const other = await createCreator(h, tenant);
    await seedFollow(h, tenant, fan!.id, other.id);
    const foreignGroup = await api<{ id: string }>(h, "POST", `/creator/id/${other.id}/group`, {
      ...asOwner(tenant, other),
      body: { groupName: "Theirs", memberIds: [fan!.id] },
    });
    expect(foreignGroup.status, foreignGroup.text).toBe(201);
    expectError(
      await airdropReward(h, tenant, creator, reward.id, {
        eligibility: { type: "GROUP", groupId: foreignGroup.body.id },
      }),
      404,
      "not_found",
    );
    const stranger = await seedFans(h, await h.createTenant({ tier: "growth" }), 1);
    const unknown = await airdropReward(h, tenant, creator, reward.id, {
      eligibility: { type: "LIST", userIds: [fan!.id, stranger[0]!.id] },
    });
    expectError(unknown, 422, "validation_failed");
    expect(unknown.text).toContain("1 of the ids");
    expectError(
      await airdropReward(h, tenant, creator, reward.id, { eligibility: { type: "LIST", userIds: [] } }),
      422,
      "validation_failed",
    );
    expectError(
      await airdropReward(h, tenant, creator, reward.id, { eligibility: list, status: "COMPLETED" }),
      422,
      "validation_failed",
    );
    const tooMany = Array.from({ length: MAX_LIST_USERS + 1 }, (_, index) => `user${index}`);
    expectError(
      await airdropReward(h, tenant, creator, reward.id, { eligibility: { type: "LIST", userIds: tooMany } }),
      422,
      "validation_failed",
    );
    expectError(
      await airdropReward(h, tenant, creator, reward.id, { eligibility: list, airdropDate: "-271821-04-20" }),
      422,
      "validation_failed",
    );
    expect(await airdropsOf(tenant.organizationId)).toEqual([]);
  });

  it("keeps airdrops to the reward's creator: another tenant 404, a non-owner 403 (but for the public status), BUILDER 403", async () => {
    const { tenant, creator, reward } = await programme();
    const [fan] = await seedFans(h, tenant, 1);
    const created = await airdropReward<Airdrop>(h, tenant, creator, reward.id, {
      airdropDate: new Date(h.runtime.deps.clock.now().getTime() + 86_400_000).toISOString(),
      eligibility: { type: "LIST", userIds: [fan!.id] },
    });
    expect(created.status, created.text).toBe(201);

    const other = await programme();
    for (const path of [`/airdrop/${created.body.id}`, `/airdrop/${created.body.id}/delivered`])
      expectError(await api(h, "GET", path, asOwner(other.tenant, other.creator)), 404, "not_found");
    expectError(
      await airdropReward(h, other.tenant, other.creator, reward.id, { eligibility: { type: "CONDITIONS" } }),
      404,
      "not_found",
    );
    const outsider = await createCreator(h, tenant);
    expectError(
      await api(h, "GET", `/airdrop/${created.body.id}/delivered`, {
        key: tenant.memberKey,
        userId: outsider.ownerId,
      }),
      403,
      "not_owner",
    );
    expectError(
      await api(h, "GET", `/creator/id/${creator.id}/airdrops`, {
        key: tenant.memberKey,
        userId: outsider.ownerId,
      }),
      403,
      "not_owner",
    );
    const fresh = await createCreator(h, tenant);
    expectError(
      await api(h, "GET", `/creator/id/${fresh.id}/latest-airdrop`, asOwner(tenant, fresh)),
      404,
      "not_found",
    );
    const builder = await h.createTenant({ tier: "builder" });
    expectError(
      await api(h, "GET", `/airdrop/${created.body.id}`, { key: builder.adminKey }),
      403,
      "tier_required",
    );
  });
});
