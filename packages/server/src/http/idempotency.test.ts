import { ManualClock } from "@tally/core";
import { apiKeys, idempotencyKeys } from "@tally/db";
import { claimIdempotencyKey, releaseIdempotencyKey } from "@tally/platform";
import { type ApiSchema, expectError, type Tenant, useHarness } from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyRequestHash } from "./idempotency.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const KEYS = "/api/v1/admin/api-keys";

type CreatedKey = ApiSchema<"CreatedApiKey">;

const clock = new ManualClock(new Date("2031-05-10T12:00:00Z"));
const h = useHarness({ clock });

const createKey = (tenant: Tenant, idempotencyKey: string | undefined, body: unknown) =>
  h.request<CreatedKey>("POST", KEYS, {
    key: tenant.adminKey,
    body,
    ...(idempotencyKey === undefined ? {} : { headers: { "idempotency-key": idempotencyKey } }),
  });

const listKeys = async (tenant: Tenant) => {
  const response = await h.request<CreatedKey[]>("GET", KEYS, { key: tenant.adminKey });
  expect(response.status).toBe(200);
  return response.body;
};

/** Keys the tenant created through the API (the harness gives each tenant an ADMIN and a MEMBER key). */
const createdCount = async (tenant: Tenant) => (await listKeys(tenant)).length - 2;

const uniqueKey = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;

/** The JSON body sent as is, so its request hash is the one `holdClaim` stored. */
const postRaw = (tenant: Tenant, idempotencyKey: string, body: string) =>
  h.request<CreatedKey>("POST", KEYS, {
    key: tenant.adminKey,
    rawBody: body,
    headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
  });

const adminKeyOf = async (tenant: Tenant) => {
  const [row] = await h.database.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, tenant.organizationId), eq(apiKeys.role, "ADMIN")));
  return row!;
};

/** A claim on the key for this POST by the tenant's ADMIN key, taken as the middleware takes it. */
const holdClaim = async (tenant: Tenant, idempotencyKey: string, body: string) => {
  const adminKey = await adminKeyOf(tenant);
  const requestHash = idempotencyRequestHash({
    method: "POST",
    path: KEYS,
    keyId: adminKey.id,
    actingUserId: undefined,
    body,
  });
  return claimIdempotencyKey(
    { db: h.database.db, clock },
    { organizationId: tenant.organizationId, key: idempotencyKey, requestHash },
  );
};

describe("Idempotency-Key on POST", () => {
  it("replays the stored response for the same key and body, and creates one key only", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("create");
    const first = await createKey(tenant, idem, { name: "replayed" });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const second = await createKey(tenant, idem, { name: "replayed" });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.headers.get("content-type")).toContain("application/json");
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.key).toBe(first.body.key);
    expect(second.text).toBe(first.text);

    expect(await createdCount(tenant)).toBe(1);
    // The replayed value is a real, working key.
    expect(
      (await h.request("GET", "/api/v1/admin/subscription-tiers", { key: second.body.key })).status,
    ).toBe(200);
  });

  it("keeps the per-request headers on a replay: X-Request-Id and RateLimit-*", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("headers");
    await createKey(tenant, idem, { name: "headers" });
    const replay = await h.request("POST", KEYS, {
      key: tenant.adminKey,
      body: { name: "headers" },
      headers: { "idempotency-key": idem, "x-request-id": "retry-of-headers" },
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("x-request-id")).toBe("retry-of-headers");
    // The replay still counted against the key's rate limit.
    expect(replay.headers.get("ratelimit-limit")).toBe("200");
    expect(replay.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
  });

  it("never replays a response to another API key or acting user of the same organization", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("privileged");
    const body = { role: "ADMIN", name: "admin only" };
    const created = await createKey(tenant, idem, body);
    expect(created.status).toBe(201);
    // A MEMBER key may not mint an ADMIN key; replaying the ADMIN's response would hand it one.
    const byMember = await h.request<CreatedKey>("POST", KEYS, {
      key: tenant.memberKey,
      body,
      headers: { "idempotency-key": idem },
    });
    expectError(byMember, 422, "idempotency_key_reused");
    expect(byMember.text).not.toContain(created.body.key);
    // The same key acting for someone else is another request too.
    const asUser = await h.request("POST", KEYS, {
      key: tenant.adminKey,
      body,
      userId: "someone-else",
      headers: { "idempotency-key": idem },
    });
    expectError(asUser, 422, "idempotency_key_reused");
    expect(await createdCount(tenant)).toBe(1);
  });

  it("refuses the same key with another body (422 idempotency_key_reused) and creates nothing", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("reuse");
    expect((await createKey(tenant, idem, { name: "first" })).status).toBe(201);
    expectError(await createKey(tenant, idem, { name: "second" }), 422, "idempotency_key_reused");
    expect(await createdCount(tenant)).toBe(1);
    // The stored response is untouched: the original body still replays.
    const replay = await createKey(tenant, idem, { name: "first" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.name).toBe("first");
  });

  it("scopes keys per organization: two tenants use the same key string independently", async () => {
    const [a, b] = await Promise.all([h.createTenant(), h.createTenant()]);
    const idem = uniqueKey("shared");
    const fromA = await createKey(a, idem, { name: "same body" });
    const fromB = await createKey(b, idem, { name: "same body" });
    expect(fromA.status).toBe(201);
    expect(fromB.status).toBe(201);
    expect(fromB.headers.get("idempotent-replayed")).toBeNull();
    expect(fromB.body.id).not.toBe(fromA.body.id);
    expect(fromB.body).toMatchObject({ organizationId: b.organizationId });
    // And B with another body is not "reused" either: A's claim is invisible to B.
    const otherBody = await createKey(b, uniqueKey("other"), { name: "other" });
    expect(otherBody.status).toBe(201);
    expect(await createdCount(a)).toBe(1);
    expect(await createdCount(b)).toBe(2);
  });

  it("answers 409 idempotency_in_progress while the first request is still running", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("running");
    const body = JSON.stringify({ name: "concurrent" });
    // Hold a running claim exactly as the middleware would for this request.
    const claim = await holdClaim(tenant, idem, body);
    expect(claim.kind).toBe("claimed");

    const duplicate = await postRaw(tenant, idem, body);
    expectError(duplicate, 409, "idempotency_in_progress");
    expect(await createdCount(tenant)).toBe(0);

    // The first request ends without a stored response (e.g. it failed): the key is free again.
    await releaseIdempotencyKey(h.database.db, { organizationId: tenant.organizationId, key: idem });
    const retry = await postRaw(tenant, idem, body);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await createdCount(tenant)).toBe(1);
  });

  it("takes over a claim abandoned by a crashed request after 5 minutes", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("abandoned");
    const body = JSON.stringify({ name: "after crash" });
    await holdClaim(tenant, idem, body);
    const send = () => postRaw(tenant, idem, body);
    clock.advance(4 * 60 * 1000);
    expectError(await send(), 409, "idempotency_in_progress");
    clock.advance(2 * 60 * 1000);
    const retry = await send();
    expect(retry.status).toBe(201);
    expect(await createdCount(tenant)).toBe(1);
  });

  it("never stores a created key's value in plain text, and a rotated caller key cannot read the replay", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("sealed");
    const first = await createKey(tenant, idem, { name: "sealed" });
    expect(first.status).toBe(201);
    const [row] = await h.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.organizationId, tenant.organizationId), eq(idempotencyKeys.key, idem)));
    expect(row?.responseBody).toBeTruthy();
    expect(row?.responseBody).not.toContain(first.body.key);
    expect(row?.responseBody).not.toContain(first.body.id);

    const replay = await createKey(tenant, idem, { name: "sealed" });
    expect(replay.body.key).toBe(first.body.key);

    // Rotate the ADMIN key that made the request: the stored response can no longer be opened.
    const adminKey = await adminKeyOf(tenant);
    const rotated = await h.request<{ key: string }>("POST", `${KEYS}/${adminKey.id}/rotate`, {
      key: tenant.adminKey,
    });
    expect(rotated.status).toBe(200);
    const afterRotation = await h.request("POST", KEYS, {
      key: rotated.body.key,
      body: { name: "sealed" },
      headers: { "idempotency-key": idem },
    });
    expectError(afterRotation, 409, "conflict");
    expect(afterRotation.text).not.toContain(first.body.key);
  });

  it("two truly concurrent duplicates create one key: the other is replayed or told to wait", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("race");
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => createKey(tenant, idem, { name: "race" })),
    );
    const created = responses.filter((r) => r.status === 201);
    const fresh = created.filter((r) => r.headers.get("idempotent-replayed") === null);
    expect(fresh).toHaveLength(1);
    for (const response of responses) {
      if (response.status === 201) expect(response.body.id).toBe(fresh[0]!.body.id);
      else expectError(response, 409, "idempotency_in_progress");
    }
    expect(await createdCount(tenant)).toBe(1);
  });

  it("does not burn the key on a refused request: a corrected retry with the same key succeeds", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("invalid");
    const invalid = await createKey(tenant, idem, { role: "SUPERUSER" });
    expectError(invalid, 422, "validation_failed");
    const [row] = await h.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.organizationId, tenant.organizationId), eq(idempotencyKeys.key, idem)));
    expect(row).toBeUndefined();

    // Another body means another hash; it is accepted because the 422 released the key.
    const corrected = await createKey(tenant, idem, { role: "MEMBER", name: "corrected" });
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get("idempotent-replayed")).toBeNull();
    // Retrying the refused body now is a reuse of a completed key.
    expectError(await createKey(tenant, idem, { role: "SUPERUSER" }), 422, "idempotency_key_reused");
    expect(await createdCount(tenant)).toBe(1);
  });

  it("does not burn the key on a request the operation never ran for: malformed JSON, a wrong content type", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("unparsed");
    expectError(await postRaw(tenant, idem, '{"name": "broken"'), 400, "invalid_json");
    const wrongType = await h.request("POST", KEYS, {
      key: tenant.adminKey,
      rawBody: JSON.stringify({ name: "as text" }),
      headers: { "content-type": "text/plain", "idempotency-key": idem },
    });
    expect(wrongType.status, wrongType.text).toBe(415);
    const [row] = await h.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.organizationId, tenant.organizationId), eq(idempotencyKeys.key, idem)));
    expect(row).toBeUndefined();
    const corrected = await postRaw(tenant, idem, JSON.stringify({ name: "corrected" }));
    expect(corrected.status, corrected.text).toBe(201);
    expect(await createdCount(tenant)).toBe(1);
  });

  it("replays a stored 4xx outcome instead of running the request again", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("forbidden");
    // A MEMBER key may not mint an ADMIN key: 403, a final answer that is stored.
    const body = { role: "ADMIN" };
    const first = await h.request("POST", KEYS, {
      key: tenant.memberKey,
      body,
      headers: { "idempotency-key": idem },
    });
    expectError(first, 403, "role_required");
    const second = await h.request("POST", KEYS, {
      key: tenant.memberKey,
      body,
      headers: { "idempotency-key": idem },
    });
    expect(second.status).toBe(403);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
  });

  it("validates the header itself", async () => {
    const tenant = await h.createTenant();
    expectError(await createKey(tenant, "x".repeat(256), { name: "long" }), 422, "validation_failed");
    expect(await createdCount(tenant)).toBe(0);
  });
});

describe("Idempotency-Key on PATCH and GET", () => {
  it("replays a PATCH without running it again", async () => {
    const tenant = await h.createTenant();
    const created = await createKey(tenant, undefined, { name: "original" });
    const path = `${KEYS}/${created.body.id}`;
    const idem = uniqueKey("patch");
    const first = await h.request<CreatedKey>("PATCH", path, {
      key: tenant.adminKey,
      body: { name: "renamed" },
      headers: { "idempotency-key": idem },
    });
    expect(first.status).toBe(200);
    expect(first.body.name).toBe("renamed");

    // Someone renames it again without a key; the retry of the first PATCH must not undo that.
    expect((await h.request("PATCH", path, { key: tenant.adminKey, body: { name: "later" } })).status).toBe(
      200,
    );
    const retry = await h.request<CreatedKey>("PATCH", path, {
      key: tenant.adminKey,
      body: { name: "renamed" },
      headers: { "idempotency-key": idem },
    });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.text).toBe(first.text);
    const read = await h.request<CreatedKey>("GET", path, { key: tenant.adminKey });
    expect(read.body.name).toBe("later");

    expectError(
      await h.request("PATCH", path, {
        key: tenant.adminKey,
        body: { name: "different" },
        headers: { "idempotency-key": idem },
      }),
      422,
      "idempotency_key_reused",
    );
  });

  it("ignores the header on GET", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("get");
    const first = await h.request<CreatedKey[]>("GET", KEYS, {
      key: tenant.adminKey,
      headers: { "idempotency-key": idem },
    });
    expect(first.status).toBe(200);
    await createKey(tenant, undefined, { name: "in between" });
    const second = await h.request<CreatedKey[]>("GET", KEYS, {
      key: tenant.adminKey,
      headers: { "idempotency-key": idem },
    });
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.body).toHaveLength(first.body.length + 1);
    const rows = await h.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.organizationId, tenant.organizationId));
    expect(rows).toHaveLength(0);
  });
});

describe("Idempotency-Key retention", () => {
  it("replays for 24 hours, then the key may be used again", async () => {
    const tenant = await h.createTenant();
    const idem = uniqueKey("expiry");
    const first = await createKey(tenant, idem, { name: "day one" });
    expect(first.status).toBe(201);

    clock.advance(DAY_MS - 1_000);
    const withinDay = await createKey(tenant, idem, { name: "day one" });
    expect(withinDay.headers.get("idempotent-replayed")).toBe("true");
    expect(withinDay.body.id).toBe(first.body.id);
    expectError(await createKey(tenant, idem, { name: "other" }), 422, "idempotency_key_reused");

    clock.advance(2_000);
    const afterDay = await createKey(tenant, idem, { name: "day one" });
    expect(afterDay.status).toBe(201);
    expect(afterDay.headers.get("idempotent-replayed")).toBeNull();
    expect(afterDay.body.id).not.toBe(first.body.id);
    // The new claim is stored with a fresh 24 h window.
    const again = await createKey(tenant, idem, { name: "day one" });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(afterDay.body.id);

    // Once that window has passed too, even another body may take the key over.
    clock.advance(DAY_MS + 1_000);
    const takeover = await createKey(tenant, idem, { name: "new body" });
    expect(takeover.status).toBe(201);
    expect(takeover.headers.get("idempotent-replayed")).toBeNull();
    expect(await createdCount(tenant)).toBe(3);
  });
});
