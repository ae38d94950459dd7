import { withTenant } from "@tally/db";
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
import { beforeAll, describe, expect, it } from "vitest";
import { createNotification } from "./service.ts";

const h = useHarness();
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
  other = await h.createTenant();
});

type Notification = ApiSchema<"Notification">;

/** Notifications made through the service other features call. */
const notify = (
  t: Tenant,
  recipientType: "USER" | "CREATOR",
  recipientId: string,
  count: number,
  options: { dedupeKey?: string } = {},
) =>
  withTenant(h.database.db, t.organizationId, async (tx) => {
    const made = [];
    for (let i = 0; i < count; i++) {
      made.push(
        await createNotification(tx, {
          organizationId: t.organizationId,
          recipientType,
          recipientId,
          type: "test",
          title: `Note ${i}`,
          body: i % 2 === 0 ? `Body ${i}` : null,
          data: { i },
          dedupeKey: options.dedupeKey,
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)),
        }),
      );
    }
    return made;
  });

describe("createNotification", () => {
  it("creates once per dedupe key", async () => {
    const user = await seedUser(h, tenant);
    const [first] = await notify(tenant, "USER", user.id, 1, { dedupeKey: `once:${user.id}` });
    const [second] = await notify(tenant, "USER", user.id, 1, { dedupeKey: `once:${user.id}` });
    expect(first).toMatchObject({ recipientId: user.id, status: "UNREAD", readAt: null });
    expect(second).toBeNull();
  });
});

describe("user notifications", () => {
  it("lists newest first with paging, a total and a status filter", async () => {
    const user = await seedUser(h, tenant);
    await notify(tenant, "USER", user.id, 3);
    const list = await api<Notification[]>(h, "GET", `/user/${user.id}/notifications`, {
      key: tenant.memberKey,
      userId: user.id,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((note) => note.title)).toEqual(["Note 2", "Note 1", "Note 0"]);
    expect(list.headers.get("x-total-count")).toBe("3");
    expect(list.body[0]).toEqual({
      id: expect.any(String),
      recipientType: "USER",
      recipientId: user.id,
      type: "test",
      title: "Note 2",
      body: "Body 2",
      data: { i: 2 },
      status: "UNREAD",
      createdAt: "2025-01-01T00:00:02.000Z",
      readAt: null,
    });
    const page = await api<Notification[]>(h, "GET", `/user/${user.id}/notifications?limit=1&offset=1`, {
      key: tenant.memberKey,
    });
    expect(page.body.map((note) => note.title)).toEqual(["Note 1"]);
    expect(page.headers.get("x-total-count")).toBe("3");

    const read = await api<Notification>(h, "PUT", `/user/${user.id}/notification/${list.body[1]?.id}`, {
      key: tenant.memberKey,
      body: { status: "READ" },
    });
    const unread = await api<Notification[]>(h, "GET", `/user/${user.id}/notifications?status=UNREAD`, {
      key: tenant.memberKey,
    });
    expect(unread.body.map((note) => note.title)).toEqual(["Note 2", "Note 0"]);
    expect(unread.headers.get("x-total-count")).toBe("2");
    const onlyRead = await api<Notification[]>(h, "GET", `/user/${user.id}/notifications?status=READ`, {
      key: tenant.memberKey,
    });
    expect(onlyRead.body.map((note) => note.id)).toEqual([read.body.id]);

    const bad = await api(h, "GET", `/user/${user.id}/notifications?status=SEEN&limit=0`, {
      key: tenant.memberKey,
    });
    expectError(bad, 422, "validation_failed");
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(["status", "limit"]));
  });

  it("marks READ (idempotently) and deletes", async () => {
    const user = await seedUser(h, tenant);
    const [note] = await notify(tenant, "USER", user.id, 1);
    const path = `/user/${user.id}/notification/${note?.id}`;
    const read = await api<Notification>(h, "PUT", path, {
      key: tenant.memberKey,
      body: { status: "READ" },
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ id: note?.id, status: "READ", readAt: expect.any(String) });
    const again = await api<Notification>(h, "PUT", path, {
      key: tenant.memberKey,
      body: { status: "READ" },
    });
    expect(again.body.readAt).toBe(read.body.readAt);

    for (const body of [{ status: "UNREAD" }, {}, { status: "READ", title: "edited" }]) {
      expectError(await api(h, "PUT", path, { key: tenant.memberKey, body }), 422, "validation_failed");
    }

    const deleted = await api(h, "DELETE", path, { key: tenant.memberKey, userId: user.id });
    expect(deleted.status, deleted.text).toBe(204);
    expect(deleted.text).toBe("");
    expectError(await api(h, "DELETE", path, { key: tenant.memberKey }), 404, "not_found");
    expectError(
      await api(h, "PUT", path, { key: tenant.memberKey, body: { status: "READ" } }),
      404,
      "not_found",
    );
  });

  it("keeps each user's notifications to that user and that tenant", async () => {
    const user = await seedUser(h, tenant);
    const someone = await seedUser(h, tenant);
    const [note] = await notify(tenant, "USER", user.id, 1);
    // Through another user's path: not theirs.
    expectError(
      await api(h, "PUT", `/user/${someone.id}/notification/${note?.id}`, {
        key: tenant.memberKey,
        body: { status: "READ" },
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "DELETE", `/user/${someone.id}/notification/${note?.id}`, {
        key: tenant.memberKey,
      }),
      404,
      "not_found",
    );
    // Acting as someone else on this user's path.
    for (const [method, path, body] of [
      ["GET", `/user/${user.id}/notifications`, undefined],
      ["PUT", `/user/${user.id}/notification/${note?.id}`, { status: "READ" }],
      ["DELETE", `/user/${user.id}/notification/${note?.id}`, undefined],
    ] as const) {
      expectError(
        await api(h, method, path, { key: tenant.memberKey, userId: someone.id, body }),
        403,
        "acting_user_mismatch",
      );
      expectError(await api(h, method, path, { key: other.memberKey, body }), 404, "not_found");
    }
    const list = await api<Notification[]>(h, "GET", `/user/${someone.id}/notifications`, {
      key: tenant.memberKey,
    });
    expect(list.body).toEqual([]);
    expect(list.headers.get("x-total-count")).toBe("0");
  });
});

describe("creator notifications", () => {
  it("lists a creator's notifications for its owner or an ADMIN key only", async () => {
    const owner = await seedUser(h, tenant);
    const creator = await seedCreator(h, tenant, owner.id);
    await notify(tenant, "CREATOR", creator.id, 2);
    const path = `/creator/id/${creator.id}/notifications`;
    const mine = await api<Notification[]>(h, "GET", path, { key: tenant.memberKey, userId: owner.id });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.map((note) => note.title)).toEqual(["Note 1", "Note 0"]);
    expect(mine.body[0]).toMatchObject({ recipientType: "CREATOR", recipientId: creator.id });
    expect(mine.headers.get("x-total-count")).toBe("2");
    const admin = await api<Notification[]>(h, "GET", `${path}?limit=1`, { key: tenant.adminKey });
    expect(admin.body).toHaveLength(1);

    const fan = await seedUser(h, tenant);
    expectError(await api(h, "GET", path, { key: tenant.memberKey, userId: fan.id }), 403, "not_owner");
    expectError(await api(h, "GET", path, { key: tenant.memberKey }), 403, "not_owner");
    expectError(await api(h, "GET", path, { key: other.adminKey }), 404, "not_found");
    expectError(
      await api(h, "GET", "/creator/id/nosuchcreator/notifications", { key: tenant.adminKey }),
      404,
      "not_found",
    );
    expectError(await api(h, "GET", `${path}?offset=-1`, { key: tenant.adminKey }), 422, "validation_failed");
  });
});
