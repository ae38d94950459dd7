import { newId } from "@tally/core";
import { type Tenant, type TestResponse, useHarness } from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { printFigures } from "./figures.ts";
import { urlFor as documentedUrl, label, type Operation, servedOperations } from "./operations.ts";

/**
 * A sweep generated from the served OpenAPI document (ARCHITECTURE §4): every operation that
 * declares `security` refuses a request without a key, MEMBER keys stay out of administration,
 * and an ADMIN key never reaches another tenant's objects through a path parameter. New
 * operations are swept as soon as they are documented.
 *
 * Extending the id map: `foreignIds` maps a path prefix that ends at a parameter to a real id of
 * ANOTHER tenant for that parameter. A later domain adds its own entries in `beforeAll`, e.g.
 *   "/user/{id}": their user id,
 *   "/creator/id/{creatorId}": their creator id,
 *   "/creator/id/{creatorId}/product/{productId}": their product id,
 * Each parameter of a path is resolved by its own prefix, so nested routes combine them. A prefix
 * without an entry gets a fresh random id, which must be refused as well.
 */

/**
 * Reachable without an API key (spec 01 "Authentication" 3; the sandbox and chain test helpers on
 * test deployments only; the crypto-commerce test helpers take a key; the card onboarding landing
 * pages a creator's browser is sent back to, which read nothing).
 */
const UNAUTHENTICATED =
  /^\/(agentic|webhooks|solver)\/|^\/test-helpers\/(?!cryptocommerce\/)|^\/x402\/orders\/\{\w+\}\/pay$|^\/guest\/order(\/|$)|^\/cardproc\/onboarding\/(return|refresh)$/;

/** Administration that any authenticated key may read (ARCHITECTURE §4). */
const OPEN_TO_MEMBERS = /^GET \/admin\/subscription-tiers(\/|$)/;

let mine: Tenant;
let theirs: Tenant;
let theirKeyId: string;
let theirState: () => Promise<unknown>;
let operations: Operation[];
const foreignIds: Record<string, string> = {};

const h = useHarness();
beforeAll(async () => {
  mine = await h.createTenant();
  theirs = await h.createTenant();
  const theirKey = await h.request<{ id: string }>("POST", "/api/v1/admin/api-keys", {
    key: theirs.adminKey,
    body: { name: "theirs" },
  });
  expect(theirKey.status).toBe(201);
  theirKeyId = theirKey.body.id;
  foreignIds["/admin/api-keys/{id}"] = theirKeyId;
  foreignIds["/admin/organizations/{id}"] = theirs.organizationId;
  // Their commerce objects: a user with a wallet, a creator they own, a published product.
  const walletAddress = `0x${"ab".repeat(20)}`;
  const walletProviderId = `did:privy:${newId()}`;
  const theirUser = await h.request<{ id: string }>("POST", "/api/v1/user", {
    key: theirs.adminKey,
    body: { email: `${newId()}@example.com`, walletProviderId, walletAddress },
  });
  expect(theirUser.status, theirUser.text).toBe(201);
  const slug = `their-${newId().slice(0, 10)}`;
  const theirCreator = await h.request<{ id: string }>("POST", `/api/v1/user/${theirUser.body.id}/creator`, {
    key: theirs.adminKey,
    body: { displayName: `Their ${slug}`, slug, categoryIds: [] },
  });
  expect(theirCreator.status, theirCreator.text).toBe(201);
  const theirProduct = await h.request<{ id: string; slug: string }>(
    "POST",
    `/api/v1/creator/id/${theirCreator.body.id}/product`,
    {
      key: theirs.adminKey,
      body: { name: "Their tee", slug: "their-tee", description: "x", price: 2500, stock: 5 },
    },
  );
  expect(theirProduct.status, theirProduct.text).toBe(201);
  const published = await h.request(
    "POST",
    `/api/v1/creator/id/${theirCreator.body.id}/product/${theirProduct.body.id}/publish`,
    {
      key: theirs.adminKey,
    },
  );
  expect(published.status, published.text).toBe(200);
  Object.assign(foreignIds, {
    "/user/{id}": theirUser.body.id,
    "/user/{id}/creator/{creatorId}": theirCreator.body.id,
    "/user/{id}/wallets/{address}": walletAddress,
    "/user/walletprovider/{walletProviderId}": walletProviderId,
    "/creator/id/{creatorId}": theirCreator.body.id,
    "/creator/id/{creatorId}/product/{productId}": theirProduct.body.id,
    "/creator/{slug}": slug,
    "/creator/{slug}/product/{productSlug}": theirProduct.body.slug,
    "/creator/followers/{id}": theirCreator.body.id,
  });
  const theirCreatorPath = `/api/v1/creator/id/${theirCreator.body.id}`;
  // What a successful cross-tenant write would change, read with their own key.
  theirState = async () => {
    const read = async (path: string) => (await h.request("GET", path, { key: theirs.adminKey })).body;
    return {
      organization: await read(`/api/v1/admin/organizations/${theirs.organizationId}`),
      settings: await read(`/api/v1/admin/organizations/${theirs.organizationId}/settings`),
      // lastUsedAt moves with these very reads; everything else must stay.
      keys: ((await read("/api/v1/admin/api-keys")) as Record<string, unknown>[]).map(
        ({ lastUsedAt: _, ...key }) => key,
      ),
      creator: await read(theirCreatorPath),
      products: await read(`${theirCreatorPath}/products`),
      followers: await read(`${theirCreatorPath}/followers`),
    };
  };

  operations = await servedOperations(h);
});
const secured = () => operations.filter((op) => op.secured);

/** Each parameter by its prefix in `ids`, else a fresh random id (which must be refused as well). */
const urlFor = (path: string, ids: Record<string, string>) => documentedUrl(path, ids, () => newId());

/** `{}` for methods with a body, so a refusal comes from auth, not from a missing body. */
const send = async (method: string, url: string, key?: string): Promise<TestResponse> => {
  const options = { ...(key ? { key } : {}), ...(["GET", "DELETE"].includes(method) ? {} : { body: {} }) };
  for (let attempt = 0; ; attempt++) {
    const response = await h.request(method, url, options);
    // A long sweep may outrun the tier's rate limit: wait as told, it is not what is tested here.
    if (response.status !== 429 || attempt >= 5) return response;
    const seconds = Number(response.headers.get("retry-after") ?? "1");
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
  }
};

const expectRefused = (response: TestResponse, status: number, what: string) => {
  expect(response.status, `${what}: ${response.text}`).toBe(status);
  expect(response.body, what).toMatchObject({
    status,
    code: expect.any(String),
    error: expect.any(String),
    requestId: expect.any(String),
  });
};

describe("the set of protected operations", () => {
  it("is everything but the spec's unauthenticated families and the routes declared public", () => {
    expect(secured().length).toBeGreaterThan(10);
    for (const op of operations)
      expect(op.secured, label(op)).toBe(
        op.audience ? op.audience !== "public" : !UNAUTHENTICATED.test(op.path),
      );
  });
});

describe("generated sweep over protected operations", () => {
  it("answers 401 without a key, with an invalid key and with a malformed header", async () => {
    for (const op of secured()) {
      const url = urlFor(op.path, {});
      const response = await send(op.method, url);
      expectRefused(response, 401, `${label(op)} without a key`);
      expect((response.body as { code: string }).code).toBe("unauthorized");
      expectRefused(
        await send(op.method, url, `svc_test_${"0".repeat(40)}`),
        401,
        `${label(op)} unknown key`,
      );
      const malformed = await h.request(op.method, url, { headers: { authorization: "Basic Zm9vOmJhcg==" } });
      expectRefused(malformed, 401, `${label(op)} with Basic auth`);
    }
  });

  it("answers 403 to a MEMBER key on administration, except reading subscription tiers", async () => {
    const admin = secured().filter((op) => op.path.startsWith("/admin/"));
    expect(admin.length).toBeGreaterThan(10);
    let open = 0;
    for (const op of admin) {
      const response = await send(op.method, urlFor(op.path, {}), mine.memberKey);
      if (OPEN_TO_MEMBERS.test(label(op))) {
        open++;
        // Reachable: the list answers, an unknown tier is simply not found.
        expect([200, 404], `${label(op)}: ${response.text}`).toContain(response.status);
      } else {
        expectRefused(response, 403, `${label(op)} as MEMBER`);
      }
    }
    expect(open).toBe(2);
  });

  it("never lets an ADMIN key succeed on another tenant's ids or on unknown ids", async () => {
    const before = await theirState();
    const withParams = secured().filter((op) => op.path.includes("{"));
    expect(withParams.length).toBeGreaterThan(5);
    let foreignProbes = 0;
    for (const op of withParams) {
      const targets = [urlFor(op.path, {})];
      if (Object.keys(foreignIds).some((prefix) => op.path.startsWith(prefix))) {
        targets.push(urlFor(op.path, foreignIds));
        foreignProbes++;
      }
      for (const url of targets) {
        const response = await send(op.method, url, mine.adminKey);
        expect(
          response.status,
          `${op.method} ${url} as another tenant's ADMIN: ${response.text}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.status, `${op.method} ${url}`).not.toBe(500);
      }
    }
    // Every api-key and organization route was probed with the other tenant's real ids.
    expect(foreignProbes).toBeGreaterThanOrEqual(40);
    printFigures("tenant-sweep", {
      operations: operations.length,
      secured: secured().length,
      withIds: withParams.length,
      foreignIdProbes: foreignProbes,
    });

    // Nothing of theirs changed: organization, settings, keys (none rotated, revoked or deleted).
    const after = (await theirState()) as { keys: { id: string; isActive: boolean }[] };
    expect(after).toEqual(before);
    expect(after.keys).toHaveLength(3);
    expect(after.keys.find((key) => key.id === theirKeyId)?.isActive).toBe(true);
  });
});
