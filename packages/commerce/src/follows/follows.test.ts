import {
  type ApiSchema,
  api,
  eventually,
  expectError,
  fieldsOf,
  seedCreator,
  seedUser,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
  other = await h.createTenant();
});

type Follow = ApiSchema<"Follow">;
type Notification = ApiSchema<"Notification">;
type User = ApiSchema<"User">;
type PublicCreator = ApiSchema<"PublicCreator">;

const creatorNotifications = async (creatorId: string) =>
  (
    await api<Notification[]>(h, "GET", `/creator/id/${creatorId}/notifications`, {
      key: tenant.adminKey,
    })
  ).body;

describe("following users", () => {
  it("follows a user once (a repeat returns the same follow) and notifies them", async () => {
    const fan = await seedUser(h, tenant);
    const star = await seedUser(h, tenant);
    const first = await api<Follow>(h, "POST", `/user/${fan.id}/followers/follow`, {
      key: tenant.memberKey,
      userId: fan.id,
      body: { followingId: star.id },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toEqual({
      followerId: fan.id,
      followingId: star.id,
      followingType: "USER",
      createdAt: expect.any(String),
    });
    const again = await api<Follow>(h, "POST", `/user/${fan.id}/followers/follow`, {
      key: tenant.memberKey,
      body: { followingId: star.id },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual(first.body);

    const notes = await api<Notification[]>(h, "GET", `/user/${star.id}/notifications`, {
      key: tenant.memberKey,
    });
    expect(notes.body).toHaveLength(1);
    expect(notes.body[0]).toMatchObject({
      type: "new-follower",
      recipientType: "USER",
      data: { userId: fan.id },
    });

    const following = await api<User[]>(h, "GET", `/user/${fan.id}/following`, {
      key: tenant.memberKey,
    });
    expect(following.status, following.text).toBe(200);
    expect(following.body.map((user) => user.id)).toEqual([star.id]);
    expect(following.headers.get("x-total-count")).toBe("1");
    const followers = await api<User[]>(h, "GET", `/user/${star.id}/followers`, {
      key: tenant.memberKey,
    });
    expect(followers.body.map((user) => user.id)).toEqual([fan.id]);
    expect(followers.body[0]).toMatchObject({ email: fan.email, wallets: [], interests: [] });
  });

  it("refuses self-follows and unknown or other tenants' targets", async () => {
    const fan = await seedUser(h, tenant);
    const self = await api(h, "POST", `/user/${fan.id}/followers/follow`, {
      key: tenant.memberKey,
      body: { followingId: fan.id },
    });
    expectError(self, 422, "validation_failed");
    expect(fieldsOf(self)).toEqual(["followingId"]);
    expectError(
      await api(h, "POST", `/user/${fan.id}/followers/follow`, {
        key: tenant.memberKey,
        body: { followingId: "nosuchid" },
      }),
      404,
      "not_found",
    );
    const stranger = await seedUser(h, other);
    expectError(
      await api(h, "POST", `/user/${fan.id}/followers/follow`, {
        key: tenant.memberKey,
        body: { followingId: stranger.id },
      }),
      404,
      "not_found",
    );
    const invalid = await api(h, "POST", `/user/${fan.id}/followers/follow`, {
      key: tenant.memberKey,
      body: { followingId: "Not An Id", followerId: "x" },
    });
    expectError(invalid, 422, "validation_failed");
    expect(fieldsOf(invalid)).toEqual(expect.arrayContaining(["followingId"]));
    expectError(
      await api(h, "POST", `/user/${fan.id}/followers/follow`, { key: tenant.memberKey, body: {} }),
      422,
      "validation_failed",
    );
  });

  it("unfollows idempotently with followingId in the body or the query", async () => {
    const fan = await seedUser(h, tenant);
    const a = await seedUser(h, tenant);
    const b = await seedUser(h, tenant);
    for (const target of [a, b]) {
      await api(h, "POST", `/user/${fan.id}/followers/follow`, {
        key: tenant.memberKey,
        body: { followingId: target.id },
      });
    }
    const byBody = await api(h, "DELETE", `/user/${fan.id}/followers/follow`, {
      key: tenant.memberKey,
      body: { followingId: a.id },
    });
    expect(byBody.status, byBody.text).toBe(204);
    const byQuery = await api(h, "DELETE", `/user/${fan.id}/followers/follow?followingId=${b.id}`, {
      key: tenant.memberKey,
    });
    expect(byQuery.status, byQuery.text).toBe(204);
    const repeat = await api(h, "DELETE", `/user/${fan.id}/followers/follow`, {
      key: tenant.memberKey,
      body: { followingId: b.id },
    });
    expect(repeat.status).toBe(204);
    const following = await api<User[]>(h, "GET", `/user/${fan.id}/following`, {
      key: tenant.memberKey,
    });
    expect(following.body).toEqual([]);
    const missing = await api(h, "DELETE", `/user/${fan.id}/followers/follow`, {
      key: tenant.memberKey,
    });
    expectError(missing, 422, "validation_failed");
    expect(fieldsOf(missing)).toEqual(["followingId"]);
  });
});

describe("following creators", () => {
  it("follows a creator by followingId or by path, once, and the follow event notifies the creator once", async () => {
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    const fan = await seedUser(h, tenant);
    const first = await api<Follow>(h, "POST", `/user/${fan.id}/followers/follow`, {
      key: tenant.memberKey,
      body: { followingId: creator.id },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      followerId: fan.id,
      followingId: creator.id,
      followingType: "CREATOR",
    });
    const byPath = await api<Follow>(h, "POST", `/user/${fan.id}/creator/${creator.id}/followers/follow`, {
      key: tenant.memberKey,
      userId: fan.id,
    });
    expect(byPath.status, byPath.text).toBe(201);
    expect(byPath.body).toEqual(first.body);

    const notes = await eventually(async () => {
      const list = await creatorNotifications(creator.id);
      return list.length > 0 ? list : undefined;
    });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: "follow",
      recipientType: "CREATOR",
      recipientId: creator.id,
      data: { userId: fan.id, creatorId: creator.id },
    });

    // Unfollow and follow again: a new follow, but no second notification for the same fan.
    expect(
      (
        await api(h, "DELETE", `/user/${fan.id}/followers/follow`, {
          key: tenant.memberKey,
          body: { followingId: creator.id },
        })
      ).status,
    ).toBe(204);
    const refollow = await api(h, "POST", `/user/${fan.id}/creator/${creator.id}/followers/follow`, {
      key: tenant.memberKey,
    });
    expect(refollow.status).toBe(201);
    const secondFan = await seedUser(h, tenant);
    await api(h, "POST", `/user/${secondFan.id}/creator/${creator.id}/followers/follow`, {
      key: tenant.memberKey,
    });
    const after = await eventually(async () => {
      const list = await creatorNotifications(creator.id);
      return list.length >= 2 ? list : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const settled = await creatorNotifications(creator.id);
    expect(settled).toHaveLength(2);
    expect(after.map((note) => note.data.userId)).toEqual([secondFan.id, fan.id]);
  });

  it("lists and counts followed creators, newest follow first, with paging", async () => {
    const owner = await seedUser(h, tenant);
    const fan = await seedUser(h, tenant);
    const creators = [];
    for (let i = 0; i < 3; i++) {
      const creator = await seedCreator(h, tenant, owner.id);
      creators.push(creator);
      await api(h, "POST", `/user/${fan.id}/creator/${creator.id}/followers/follow`, {
        key: tenant.memberKey,
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const list = await api<PublicCreator[]>(h, "GET", `/user/${fan.id}/following/creators`, {
      key: tenant.memberKey,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((creator) => creator.id)).toEqual(creators.map((creator) => creator.id).reverse());
    expect(list.body[0]).toMatchObject({ slug: creators[2]?.slug });
    expect(list.headers.get("x-total-count")).toBe("3");
    const page = await api<PublicCreator[]>(h, "GET", `/user/${fan.id}/following/creators?limit=1&offset=1`, {
      key: tenant.memberKey,
    });
    expect(page.body.map((creator) => creator.id)).toEqual([creators[1]?.id]);
    const count = await api(h, "GET", `/user/${fan.id}/following/creators/count`, {
      key: tenant.memberKey,
    });
    expect(count.status, count.text).toBe(200);
    expect(count.body).toEqual({ count: 3 });
    // Following users does not count as following creators.
    await api(h, "POST", `/user/${fan.id}/followers/follow`, {
      key: tenant.memberKey,
      body: { followingId: owner.id },
    });
    expect(
      (await api(h, "GET", `/user/${fan.id}/following/creators/count`, { key: tenant.memberKey })).body,
    ).toEqual({
      count: 3,
    });
    expectError(
      await api(h, "GET", `/user/${fan.id}/following/creators?limit=101`, { key: tenant.memberKey }),
      422,
      "validation_failed",
    );
  });

  it("answers 404 for unknown or other tenants' creators and users, 403 for another acting user", async () => {
    const fan = await seedUser(h, tenant);
    const strangerOwner = await seedUser(h, other);
    const strangerCreator = await seedCreator(h, other, strangerOwner.id);
    expectError(
      await api(h, "POST", `/user/${fan.id}/creator/${strangerCreator.id}/followers/follow`, {
        key: tenant.memberKey,
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "POST", `/user/${fan.id}/followers/follow`, {
        key: tenant.memberKey,
        body: { followingId: strangerCreator.id },
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "POST", `/user/${fan.id}/creator/nosuchcreator/followers/follow`, {
        key: tenant.memberKey,
      }),
      404,
      "not_found",
    );
    const someone = await seedUser(h, tenant);
    for (const [method, path] of [
      ["POST", `/user/${fan.id}/creator/${strangerCreator.id}/followers/follow`],
      ["GET", `/user/${fan.id}/following`],
      ["GET", `/user/${fan.id}/following/creators`],
      ["GET", `/user/${fan.id}/following/creators/count`],
      ["GET", `/user/${fan.id}/followers`],
    ] as const) {
      expectError(
        await api(h, method, path, { key: tenant.memberKey, userId: someone.id }),
        403,
        "acting_user_mismatch",
      );
      expectError(await api(h, method, path, { key: other.memberKey }), 404, "not_found");
    }
    expectError(
      await api(h, "DELETE", `/user/${fan.id}/followers/follow`, {
        key: tenant.memberKey,
        userId: someone.id,
        body: { followingId: someone.id },
      }),
      403,
      "acting_user_mismatch",
    );
  });
});
