import { apiKeys } from "@tally/db";
import { rowsOf } from "@tally/platform";
import {
  type Tenant,
  type TestResponse,
  type TestRuntime,
  testDatabaseUrl,
  useHarness,
} from "@tally/testing";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Two instances (A = the harness runtime, B = a second runtime with its own auth cache) on one
 * database. The cache TTL is raised to a minute, so within the 2 s these tests wait only the
 * `tally_api_key_changed` NOTIFY can make B forget a key.
 */
const CACHE_TTL_MS = 60_000;
const PROMPTLY_MS = 2_000;
const PROBE = "/api/v1/admin/subscription-tiers";

let a: TestRuntime;
let b: TestRuntime;
const h = useHarness({ env: { AUTH_CACHE_TTL_MS: String(CACHE_TTL_MS) } });
beforeAll(async () => {
  a = h.runtime;
  b = await h.startInstance();
});
type Reply<T = unknown> = Omit<TestResponse<T>, "text">;

const call = async <T = { code?: string }>(
  runtime: TestRuntime,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<Reply<T>> => {
  const response = await runtime.app.request(path, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as T,
  };
};

/** Polls until `check` holds (or the deadline passes) and returns the last reply. */
const eventually = async (probe: () => Promise<Reply>, check: (reply: Reply) => boolean): Promise<Reply> => {
  const deadline = Date.now() + PROMPTLY_MS;
  for (;;) {
    const reply = await probe();
    if (check(reply) || Date.now() > deadline) return reply;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const createKey = async (tenant: Tenant) => {
  const created = await call<{ id: string; key: string }>(
    a,
    "POST",
    "/api/v1/admin/api-keys",
    tenant.adminKey,
    {
      name: "cached",
    },
  );
  expect(created.status).toBe(201);
  return created.body;
};

/** The `api-key-changed` jobs pg-boss holds for a key, oldest first. */
const keyChangedJobs = async (keyId: string): Promise<string[]> => {
  const rows = rowsOf<{ change: string }>(
    await h.database.db.execute(sql`
      select data->>'change' as change from ${sql.raw(h.runtime.deps.events.schema)}.job
      where name = 'event.api-key-changed.platform' and data->>'keyId' = ${keyId}
      order by created_on, id`),
  );
  return rows.map((row) => row.change);
};

describe("auth cache across instances", () => {
  // The control for the tests below: without a NOTIFY, B keeps serving its cached copy. On a shared
  // PostgreSQL any other test file's key change NOTIFYs every listener, so it runs on PGlite only.
  it.skipIf(testDatabaseUrl() !== undefined)(
    "caches keys: a change made behind the service's back is not seen within the TTL",
    async () => {
      // The harness inserts the tenant's keys directly: no api-key-changed job whose handler would
      // NOTIFY (and flush B) while this test waits.
      const tenant = await h.createTenant();
      expect((await call(b, "GET", PROBE, tenant.memberKey)).status).toBe(200);
      await h.database.db
        .update(apiKeys)
        .set({ isActive: false })
        .where(and(eq(apiKeys.organizationId, tenant.organizationId), eq(apiKeys.role, "MEMBER")));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await call(b, "GET", PROBE, tenant.memberKey)).status).toBe(200);
      // Instance A never cached it, reads the database, and refuses it.
      expect((await call(a, "GET", PROBE, tenant.memberKey)).body).toMatchObject({ code: "key_inactive" });
    },
  );

  it("B refuses a key promptly after A deactivates it, and accepts it again after reactivation", async () => {
    const tenant = await h.createTenant();
    const key = await createKey(tenant);
    expect((await call(b, "GET", PROBE, key.key)).status).toBe(200);

    const deactivated = await call(a, "PATCH", `/api/v1/admin/api-keys/${key.id}`, tenant.adminKey, {
      isActive: false,
    });
    expect(deactivated.status).toBe(200);
    const refused = await eventually(
      () => call(b, "GET", PROBE, key.key),
      (reply) => reply.status === 401,
    );
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "key_inactive" });

    expect(
      (await call(a, "PATCH", `/api/v1/admin/api-keys/${key.id}`, tenant.adminKey, { isActive: true }))
        .status,
    ).toBe(200);
    const accepted = await eventually(
      () => call(b, "GET", PROBE, key.key),
      (reply) => reply.status === 200,
    );
    expect(accepted.status).toBe(200);

    expect(await keyChangedJobs(key.id)).toEqual(["created", "updated", "updated"]);
  });

  it("B refuses the old value promptly after A rotates the key, and accepts the new one", async () => {
    const tenant = await h.createTenant();
    const key = await createKey(tenant);
    expect((await call(b, "GET", PROBE, key.key)).status).toBe(200);

    const rotated = await call<{ key: string }>(
      a,
      "POST",
      `/api/v1/admin/api-keys/${key.id}/rotate`,
      tenant.adminKey,
    );
    expect(rotated.status).toBe(200);
    const refused = await eventually(
      () => call(b, "GET", PROBE, key.key),
      (reply) => reply.status === 401,
    );
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "unauthorized" });
    expect((await call(b, "GET", PROBE, rotated.body.key)).status).toBe(200);

    expect(await keyChangedJobs(key.id)).toEqual(["created", "rotated"]);
  });

  it("B refuses a key promptly after A deletes it", async () => {
    const tenant = await h.createTenant();
    const key = await createKey(tenant);
    expect((await call(b, "GET", PROBE, key.key)).status).toBe(200);
    expect((await call(a, "DELETE", `/api/v1/admin/api-keys/${key.id}`, tenant.adminKey)).status).toBe(204);
    const refused = await eventually(
      () => call(b, "GET", PROBE, key.key),
      (reply) => reply.status === 401,
    );
    expect(refused.body).toMatchObject({ code: "unauthorized" });
    expect(await keyChangedJobs(key.id)).toEqual(["created", "deleted"]);
  });

  it("the instance that makes a change applies it at once, without waiting for its own NOTIFY", async () => {
    const tenant = await h.createTenant({ tier: "pro" });
    const key = await createKey(tenant);
    expect((await call(a, "GET", PROBE, key.key)).headers.get("ratelimit-limit")).toBe("200");

    await call(a, "PATCH", `/api/v1/admin/api-keys/${key.id}`, tenant.adminKey, { isActive: false });
    expect((await call(a, "GET", PROBE, key.key)).body).toMatchObject({ code: "key_inactive" });

    // Warm again: the deactivation above flushed this instance's whole cache.
    expect((await call(a, "GET", PROBE, tenant.memberKey)).headers.get("ratelimit-limit")).toBe("200");
    await call(a, "PATCH", `/api/v1/admin/organizations/${tenant.organizationId}`, h.operatorKey, {
      subscriptionTierId: "growth",
    });
    expect((await call(a, "GET", PROBE, tenant.memberKey)).headers.get("ratelimit-limit")).toBe("50");
  });

  it("B applies the new tier's rate limit promptly after the operator changes it through A", async () => {
    const tenant = await h.createTenant({ tier: "pro" });
    const warm = await call(b, "GET", PROBE, tenant.memberKey);
    expect(warm.status).toBe(200);
    expect(warm.headers.get("ratelimit-limit")).toBe("200");

    const changed = await call(
      a,
      "PATCH",
      `/api/v1/admin/organizations/${tenant.organizationId}`,
      h.operatorKey,
      {
        subscriptionTierId: "builder",
      },
    );
    expect(changed.status).toBe(200);
    const downgraded = await eventually(
      () => call(b, "GET", PROBE, tenant.memberKey),
      (reply) => reply.headers.get("ratelimit-limit") === "10",
    );
    expect(downgraded.status).toBe(200);
    expect(downgraded.headers.get("ratelimit-limit")).toBe("10");

    // Tier features follow as well: the cached principal is gone, not patched.
    const organization = await call<{ subscriptionTierId: string }>(
      b,
      "GET",
      `/api/v1/admin/organizations/${tenant.organizationId}`,
      tenant.adminKey,
    );
    expect(organization.body.subscriptionTierId).toBe("builder");
  });
});
