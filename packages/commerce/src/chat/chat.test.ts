import { localChatChannels, users } from "@tally/db";
import {
  type ApiSchema,
  api,
  expectError,
  fieldsOf,
  seedCreator,
  seedUser,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
  other = await h.createTenant();
});

type Channel = ApiSchema<"ChatChannel">;

describe("chat", () => {
  it("opens one channel per user-creator pair, from either side", async () => {
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    const fan = await seedUser(h, tenant);
    const first = await api<Channel>(h, "POST", `/user/${fan.id}/chat`, {
      key: tenant.memberKey,
      userId: fan.id,
      body: { requestorId: creator.id, requestorType: "Creator" },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(String),
      channelId: expect.stringMatching(/^dm-/),
      members: [
        { type: "User", id: fan.id },
        { type: "Creator", id: creator.id },
      ],
      token: expect.any(String),
      createdAt: expect.any(String),
    });
    const [stored] = await h.database.db
      .select({ chatToken: users.chatToken })
      .from(users)
      .where(eq(users.id, fan.id));
    expect(stored?.chatToken).toBe(first.body.token);
    const [hosted] = await h.database.db
      .select()
      .from(localChatChannels)
      .where(eq(localChatChannels.id, first.body.channelId));
    expect(hosted?.members.map((member) => member.type).sort()).toEqual(["CREATOR", "USER"]);

    const second = await api<Channel>(h, "POST", `/user/${fan.id}/chat`, {
      key: tenant.memberKey,
      body: { requestorId: creator.id, requestorType: "Creator" },
    });
    expect(second.body).toEqual(first.body);

    const fromCreator = await api<Channel>(h, "POST", `/creator/id/${creator.id}/chat`, {
      key: tenant.memberKey,
      userId: owner.id,
      body: { requestorId: fan.id, requestorType: "User" },
    });
    expect(fromCreator.status, fromCreator.text).toBe(200);
    expect(fromCreator.body).toMatchObject({
      id: first.body.id,
      channelId: first.body.channelId,
      members: [
        { type: "Creator", id: creator.id },
        { type: "User", id: fan.id },
      ],
    });
    expect(fromCreator.body.token).not.toBe(first.body.token);
  });

  it("opens one channel per pair of users and the creator side first works too", async () => {
    const a = await seedUser(h, tenant);
    const b = await seedUser(h, tenant);
    const ab = await api<Channel>(h, "POST", `/user/${a.id}/chat`, {
      key: tenant.memberKey,
      body: { requestorId: b.id, requestorType: "User" },
    });
    const ba = await api<Channel>(h, "POST", `/user/${b.id}/chat`, {
      key: tenant.memberKey,
      body: { requestorId: a.id, requestorType: "User" },
    });
    expect(ab.status, ab.text).toBe(200);
    expect(ba.body.id).toBe(ab.body.id);
    expect(ba.body.channelId).toBe(ab.body.channelId);
    expect(ba.body.members).toEqual([
      { type: "User", id: b.id },
      { type: "User", id: a.id },
    ]);

    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    const byAdmin = await api<Channel>(h, "POST", `/creator/id/${creator.id}/chat`, {
      key: tenant.adminKey,
      body: { requestorId: a.id, requestorType: "User" },
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    const byUser = await api<Channel>(h, "POST", `/user/${a.id}/chat`, {
      key: tenant.memberKey,
      body: { requestorId: creator.id, requestorType: "Creator" },
    });
    expect(byUser.body.id).toBe(byAdmin.body.id);
  });

  it("validates the parties: self, unknown, other tenants, wrong type, non-owners", async () => {
    const fan = await seedUser(h, tenant);
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    const stranger = await seedUser(h, other);
    const self = await api(h, "POST", `/user/${fan.id}/chat`, {
      key: tenant.memberKey,
      body: { requestorId: fan.id, requestorType: "User" },
    });
    expectError(self, 422, "validation_failed");
    expect(fieldsOf(self)).toEqual(["requestorId"]);
    const wrongType = await api(h, "POST", `/user/${fan.id}/chat`, {
      key: tenant.memberKey,
      body: { requestorId: creator.id, requestorType: "Brand" },
    });
    expectError(wrongType, 422, "validation_failed");
    expect(fieldsOf(wrongType)).toEqual(["requestorType"]);
    expectError(
      await api(h, "POST", `/user/${fan.id}/chat`, {
        key: tenant.memberKey,
        body: { requestorId: creator.id, requestorType: "User" },
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "POST", `/user/${fan.id}/chat`, {
        key: tenant.memberKey,
        body: { requestorId: stranger.id, requestorType: "User" },
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "POST", `/user/${fan.id}/chat`, {
        key: tenant.memberKey,
        userId: owner.id,
        body: { requestorId: creator.id, requestorType: "Creator" },
      }),
      403,
      "acting_user_mismatch",
    );
    expectError(
      await api(h, "POST", `/user/${fan.id}/chat`, {
        key: other.memberKey,
        body: { requestorId: creator.id, requestorType: "Creator" },
      }),
      404,
      "not_found",
    );

    const creatorPath = `/creator/id/${creator.id}/chat`;
    const creatorType = await api(h, "POST", creatorPath, {
      key: tenant.adminKey,
      body: { requestorId: fan.id, requestorType: "Creator" },
    });
    expectError(creatorType, 422, "validation_failed");
    expect(fieldsOf(creatorType)).toEqual(["requestorType"]);
    expectError(
      await api(h, "POST", creatorPath, {
        key: tenant.adminKey,
        body: { requestorId: stranger.id, requestorType: "User" },
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "POST", creatorPath, {
        key: tenant.memberKey,
        userId: fan.id,
        body: { requestorId: fan.id, requestorType: "User" },
      }),
      403,
      "not_owner",
    );
    expectError(
      await api(h, "POST", creatorPath, {
        key: other.adminKey,
        body: { requestorId: fan.id, requestorType: "User" },
      }),
      404,
      "not_found",
    );
    const mass = await api(h, "POST", creatorPath, {
      key: tenant.adminKey,
      body: { requestorId: fan.id, requestorType: "User", channelId: "mine" },
    });
    expectError(mass, 422, "validation_failed");
  });
});
