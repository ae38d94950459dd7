import {
  type ApiSchema,
  createCreator,
  createUser,
  detailsOf,
  expectError,
  seedFollow,
  type Tenant,
  type TestUser,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();

describe("creator groups", () => {
  let tenant: Tenant;
  let owner: TestUser;
  let creatorId: string;
  let fans: TestUser[];
  beforeAll(async () => {
    tenant = await h.createTenant();
    owner = await createUser(h, tenant);
    creatorId = (await createCreator(h, tenant, { owner })).id;
    fans = [];
    for (const name of ["carol", "alice", "bob"]) {
      const fan = await createUser(h, tenant, `${name}${Date.now()}`);
      await seedFollow(h, tenant, fan.id, creatorId);
      fans.push(fan);
    }
  });

  const createGroup = (body: unknown, options: { userId?: string; key?: string; creator?: string } = {}) =>
    h.request<ApiSchema<"CreatorGroupWithMembers">>(
      "POST",
      `/api/v1/creator/id/${options.creator ?? creatorId}/group`,
      {
        key: options.key ?? tenant.memberKey,
        userId: options.userId ?? owner.id,
        body,
      },
    );

  it("creates a MANUAL group of followers (duplicates ignored) and lists groups with member counts", async () => {
    const [carol, alice, bob] = fans as [TestUser, TestUser, TestUser];
    const vip = await createGroup({
      groupName: "VIP",
      groupType: "MANUAL",
      memberIds: [carol.id, alice.id, carol.id],
    });
    expect(vip.status, vip.text).toBe(201);
    expect(vip.body).toEqual({
      id: expect.stringMatching(/^[0-9a-z]+$/),
      creatorId,
      groupName: "VIP",
      groupType: "MANUAL",
      memberCount: 2,
      members: [
        { id: alice.id, username: alice.username, avatarUrl: null },
        { id: carol.id, username: carol.username, avatarUrl: null },
      ],
      createdAt: expect.any(String),
    });
    const empty = await createGroup({ groupName: "Later" });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ groupType: "MANUAL", memberCount: 0, members: [] });
    const all = await createGroup(
      { groupName: "Everyone", memberIds: [alice.id, bob.id, carol.id] },
      {
        key: tenant.adminKey,
        userId: "",
      },
    );
    expect(all.status).toBe(201);

    const list = await h.request<ApiSchema<"CreatorGroup">[]>(
      "GET",
      `/api/v1/creator/id/${creatorId}/groups`,
      { key: tenant.memberKey, userId: owner.id },
    );
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("3");
    expect(
      list.body
        .map(({ groupName, memberCount }) => ({ groupName, memberCount }))
        .sort((a, b) => a.groupName.localeCompare(b.groupName)),
    ).toEqual([
      { groupName: "Everyone", memberCount: 3 },
      { groupName: "Later", memberCount: 0 },
      { groupName: "VIP", memberCount: 2 },
    ]);
    expect(list.body[0]).toEqual({
      id: expect.any(String),
      creatorId,
      groupName: expect.any(String),
      groupType: "MANUAL",
      memberCount: expect.any(Number),
      createdAt: expect.any(String),
    });

    const page = await h.request<unknown[]>(
      "GET",
      `/api/v1/creator/id/${creatorId}/groups?limit=2&offset=2`,
      {
        key: tenant.adminKey,
      },
    );
    expect(page.body).toHaveLength(1);
    expect(page.headers.get("x-total-count")).toBe("3");
  });

  it("answers 409 for a group name the creator already uses (case-insensitive)", async () => {
    expect((await createGroup({ groupName: "Early Birds" })).status).toBe(201);
    const clash = await createGroup({ groupName: "early birds" });
    expectError(clash, 409, "already_exists");
    expect(detailsOf(clash)).toEqual([{ field: "groupName", message: expect.any(String) }]);
    const otherCreator = await createCreator(h, tenant, { owner });
    expect((await createGroup({ groupName: "Early Birds" }, { creator: otherCreator.id })).status).toBe(201);
  });

  it("answers 422 for members who are unknown, in another tenant, or not followers", async () => {
    const other = await h.createTenant();
    const stranger = await createUser(h, other);
    const notFollowing = await createUser(h, tenant);
    const response = await createGroup({
      groupName: "Mixed",
      memberIds: [fans[0]!.id, "nosuchuser", stranger.id, notFollowing.id],
    });
    expectError(response, 422, "validation_failed");
    expect(detailsOf(response)).toEqual([
      { field: "memberIds.1", message: "Unknown user" },
      { field: "memberIds.2", message: "Unknown user" },
      { field: "memberIds.3", message: "This user does not follow the creator" },
    ]);
  });

  it.each([
    [{ groupName: "" }, "groupName"],
    [{ groupName: "A", groupType: "SMART" }, "groupType"],
    [{ groupName: "A", memberIds: "abc" }, "memberIds"],
    [{ groupName: "A", memberIds: ["Bad Id"] }, "memberIds.0"],
    [{ groupName: "A", id: "mine" }, "id"],
    [{ groupName: "A", memberCount: 5 }, "memberCount"],
  ])("answers 422 for %j", async (body, field) => {
    const response = await createGroup(body);
    expectError(response, 422, "validation_failed");
    expect(detailsOf(response).map((detail) => detail.field)).toEqual([field]);
  });

  it("answers 403 for a non-owner and 404 for another tenant's creator", async () => {
    const stranger = await createUser(h, tenant);
    expectError(await createGroup({ groupName: "Nope" }, { userId: stranger.id }), 403, "not_owner");
    expectError(
      await h.request("GET", `/api/v1/creator/id/${creatorId}/groups`, {
        key: tenant.memberKey,
        userId: stranger.id,
      }),
      403,
      "not_owner",
    );
    const other = await h.createTenant();
    expectError(
      await h.request("GET", `/api/v1/creator/id/${creatorId}/groups`, { key: other.adminKey }),
      404,
      "not_found",
    );
    expectError(
      await h.request("POST", `/api/v1/creator/id/${creatorId}/group`, {
        key: other.adminKey,
        body: { groupName: "Nope" },
      }),
      404,
      "not_found",
    );
  });
});
