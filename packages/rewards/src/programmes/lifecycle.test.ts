import {
  api,
  asOwner,
  createCreator,
  createReward,
  createUser,
  expectError,
  fieldsOf,
  publishableReward,
  type RewardRecord,
  useHarness,
} from "@tally/testing";
import { describe, expect, it } from "vitest";

const h = useHarness();

const shop = async (tier: "builder" | "growth" | "pro" = "growth") => {
  const tenant = await h.createTenant({ tier });
  const creator = await createCreator(h, tenant);
  return { tenant, creator, owner: asOwner(tenant, creator) };
};

describe("reward programmes over HTTP", () => {
  it("creates a DRAFT with no contract yet on a known chain, source EARNED; CUSTOM is taken as CUSTOM_REWARD", async () => {
    const { tenant, creator, owner } = await shop();
    const created = await api<RewardRecord>(h, "POST", "/nft-reward", {
      ...owner,
      body: { type: "CUSTOM", creatorId: creator.id, name: "VIP call", maxSupply: 100 },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      type: "CUSTOM_REWARD",
      status: "DRAFT",
      creatorId: creator.id,
      organizationId: tenant.organizationId,
      source: "EARNED",
      publishedAt: null,
      conditions: [],
      pointsRewardDetails: null,
      customRewardDetails: null,
      contract: {
        name: "VIP call",
        maxSupply: 100,
        proxyAddress: null,
        implementationAddress: null,
        chainId: h.runtime.deps.providers.rewardChain.chainId,
      },
    });
    const read = await api<RewardRecord>(h, "GET", `/nft-reward/${created.body.id}`, owner);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual(created.body);
    const listed = await api<RewardRecord[]>(h, "GET", `/creator/id/${creator.id}/nft-rewards`, owner);
    expect(listed.body.map((reward) => reward.id)).toEqual([created.body.id]);
  });

  it("pages the creator's programmes by limit/offset, newest first, the total in X-Total-Count", async () => {
    const { tenant, creator, owner } = await shop();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createReward(h, tenant, creator));
    const list = (query: string) =>
      api<RewardRecord[]>(h, "GET", `/creator/id/${creator.id}/nft-rewards${query}`, owner);
    const first = await list("?limit=2");
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get("x-total-count")).toBe("3");
    const rest = await list("?limit=2&offset=2");
    expect([...first.body, ...rest.body].map((reward) => reward.id).sort()).toEqual(
      created.map((reward) => reward.id).sort(),
    );
    expect(first.body).toHaveLength(2);
  });

  it("refuses bad creations: unknown type, missing creator, unknown fields, another creator's owner", async () => {
    const { tenant, creator, owner } = await shop();
    const post = (body: unknown, as = owner) => api(h, "POST", "/nft-reward", { ...as, body });
    const badType = await post({ type: "BADGE", creatorId: creator.id });
    expectError(badType, 422, "validation_failed");
    expect(fieldsOf(badType)).toContain("type");
    expectError(await post({ type: "POINTS" }), 422, "validation_failed");
    expectError(
      await post({ type: "POINTS", creatorId: creator.id, status: "PUBLISHED" }),
      422,
      "validation_failed",
    );
    const stranger = await createUser(h, tenant);
    expectError(
      await post({ type: "POINTS", creatorId: creator.id }, { key: tenant.memberKey, userId: stranger.id }),
      403,
      "not_owner",
    );
    const other = await shop();
    expectError(await post({ type: "POINTS", creatorId: other.creator.id }), 404, "not_found");
  });

  it("keeps the detail record of the reward's type, and numbered conditions", async () => {
    const { tenant, creator, owner } = await shop();
    const put = (id: string, body: Record<string, unknown>) =>
      api<RewardRecord>(h, "PUT", `/nft-reward/${id}`, {
        ...owner,
        body: { creatorId: creator.id, ...body },
      });
    const points = await createReward(h, tenant, creator);
    const wrongRecord = await put(points.id, { genericRewardDetails: { moreInfo: "x" } });
    expectError(wrongRecord, 422, "validation_failed");
    expect(fieldsOf(wrongRecord)).toEqual(["genericRewardDetails"]);
    expectError(await put(points.id, { pointsRewardDetails: { points: 0 } }), 422, "validation_failed");
    expectError(
      await put(points.id, { conditions: [{ type: "GROUP", parameters: [] }] }),
      422,
      "validation_failed",
    );
    expectError(
      await put(points.id, { conditions: [{ type: "POINTS_AT_LEAST", parameters: ["-3"] }] }),
      422,
      "validation_failed",
    );
    const set = await put(points.id, {
      pointsRewardDetails: { points: 25, moreInfo: "Credited at redemption" },
      conditions: [
        { type: "FANS", parameters: [] },
        { type: "POINTS_AT_LEAST", parameters: ["100"] },
      ],
      transferable: false,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({
      pointsRewardDetails: {
        organizationId: tenant.organizationId,
        rewardId: points.id,
        points: 25,
        moreInfo: "Credited at redemption",
      },
      genericRewardDetails: null,
      conditions: [
        {
          id: 1,
          type: "FANS",
          parameters: [],
          nftRewardId: points.id,
          organizationId: tenant.organizationId,
        },
        { id: 2, type: "POINTS_AT_LEAST", parameters: ["100"] },
      ],
      contract: { transferable: false },
    });

    const product = await createReward(h, tenant, creator, { type: "FREE_PRODUCT" });
    const noProduct = await put(product.id, { genericRewardDetails: { moreInfo: "a mug" } });
    expectError(noProduct, 422, "validation_failed");
    expect(fieldsOf(noProduct)).toEqual(["genericRewardDetails.productId"]);
    const custom = await createReward(h, tenant, creator, { type: "CUSTOM_REWARD" });
    expectError(
      await put(custom.id, { customRewardDetails: { webhookUrl: "http://example.com/x" } }),
      422,
      "validation_failed",
    );
    const hook = await put(custom.id, { customRewardDetails: { webhookUrl: "https://example.com/hook" } });
    expect(hook.body.customRewardDetails).toEqual({ webhookUrl: "https://example.com/hook" });

    // The reward of one creator is not found through another creator's id.
    const other = await createCreator(h, tenant);
    const foreign = await api(h, "PUT", `/nft-reward/${points.id}`, {
      ...asOwner(tenant, other),
      body: { creatorId: other.id, conditions: [] },
    });
    expectError(foreign, 404, "not_found");
  });

  it("sets NFT metadata with an image or animation and a positive point cost", async () => {
    const { tenant, creator, owner } = await shop();
    const reward = await createReward(h, tenant, creator);
    const nft = (body: Record<string, unknown>) =>
      api<RewardRecord>(h, "PUT", `/nft-reward/${reward.id}/nft`, { ...owner, body });
    const noMedia = await nft({ name: "Pass" });
    expectError(noMedia, 422, "validation_failed");
    expect(fieldsOf(noMedia)).toEqual(["imageUrl"]);
    expectError(
      await nft({ imageUrl: "https://cdn.example.com/a.png", points: 0 }),
      422,
      "validation_failed",
    );
    expectError(await nft({ imageUrl: "ftp://cdn.example.com/a.png" }), 422, "validation_failed");
    const set = await nft({
      name: "Pass",
      description: "Backstage",
      animationUrl: "https://cdn.example.com/a.mp4",
      externalUrl: "https://example.com",
      points: 5,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.contract).toMatchObject({
      name: "Pass",
      points: 5,
      metadata: {
        description: "Backstage",
        animationUrl: "https://cdn.example.com/a.mp4",
        externalUrl: "https://example.com",
        imageUrl: null,
      },
    });
  });

  it("documents the DELETE body the spec sends: {creatorId}, required, and no query parameter", async () => {
    const document = await h.request<{
      paths: Record<string, Record<string, { parameters?: { in: string }[]; requestBody?: unknown }>>;
    }>("GET", "/api/v1/openapi.json");
    const operation = document.body.paths["/nft-reward/{id}"]!.delete!;
    expect(operation.requestBody).toMatchObject({
      required: true,
      content: {
        "application/json": {
          schema: { type: "object", required: ["creatorId"], properties: { creatorId: { type: "string" } } },
        },
      },
    });
    expect(operation.parameters?.filter((parameter) => parameter.in === "query")).toEqual([]);
  });

  it("deletes drafts only, with creatorId in the body or the query", async () => {
    const { tenant, creator, owner } = await shop();
    const inQuery = await createReward(h, tenant, creator);
    const inBody = await createReward(h, tenant, creator);
    expectError(await api(h, "DELETE", `/nft-reward/${inQuery.id}`, owner), 422, "validation_failed");
    const byQuery = await api(h, "DELETE", `/nft-reward/${inQuery.id}?creatorId=${creator.id}`, owner);
    expect(byQuery.status, byQuery.text).toBe(200);
    expect(byQuery.body).toEqual({ message: expect.any(String) });
    expectError(await api(h, "GET", `/nft-reward/${inQuery.id}`, owner), 404, "not_found");
    const byBody = await api(h, "DELETE", `/nft-reward/${inBody.id}`, {
      ...owner,
      body: { creatorId: creator.id },
    });
    expect(byBody.status, byBody.text).toBe(200);
    expectError(
      await api(h, "DELETE", `/nft-reward/${inBody.id}`, { ...owner, body: { creatorId: creator.id } }),
      404,
      "not_found",
    );

    const published = await publishableReward(h, tenant, creator);
    expect((await api(h, "PUT", `/nft-reward/${published.id}/publish`, owner)).status).toBe(200);
    const refused = await api<{ error: string }>(h, "DELETE", `/nft-reward/${published.id}`, {
      ...owner,
      body: { creatorId: creator.id },
    });
    expectError(refused, 409, "invalid_state");
    expect(refused.body.error).toContain("PUBLISHED");
  });

  it("publishes, then disables only from PUBLISHED (409 naming the state otherwise)", async () => {
    const { tenant, creator, owner } = await shop();
    const bare = await createReward(h, tenant, creator);
    expectError(await api(h, "PUT", `/nft-reward/${bare.id}/publish`, owner), 409, "invalid_state");
    const draftDisable = await api<{ error: string }>(h, "PATCH", `/nft-reward/${bare.id}/disable`, owner);
    expectError(draftDisable, 409, "invalid_state");
    expect(draftDisable.body.error).toContain("DRAFT");

    const reward = await publishableReward(h, tenant, creator);
    const published = await api<RewardRecord>(h, "PUT", `/nft-reward/${reward.id}/publish`, owner);
    expect(published.status, published.text).toBe(200);
    expect(published.body.status).toBe("PUBLISHED");
    expectError(
      await api(h, "PUT", `/nft-reward/${reward.id}`, {
        ...owner,
        body: { creatorId: creator.id, maxSupply: 5 },
      }),
      409,
      "invalid_state",
    );
    expectError(
      await api(h, "PUT", `/nft-reward/${reward.id}/nft`, {
        ...owner,
        body: { imageUrl: "https://cdn.example.com/b.png" },
      }),
      409,
      "invalid_state",
    );
    const disabled = await api<RewardRecord>(h, "PATCH", `/nft-reward/${reward.id}/disable`, owner);
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body).toMatchObject({
      status: "DISABLED",
      contract: { ...published.body.contract, updatedAt: expect.any(String) },
    });
    const again = await api<{ error: string }>(h, "PATCH", `/nft-reward/${reward.id}/disable`, owner);
    expectError(again, 409, "invalid_state");
    expect(again.body.error).toContain("DISABLED");
    expectError(await api(h, "PUT", `/nft-reward/${reward.id}/publish`, owner), 409, "invalid_state");
  });

  it("hides another tenant's rewards (404) and refuses a non-owner (403)", async () => {
    const { tenant, creator, owner } = await shop();
    const reward = await createReward(h, tenant, creator);
    const other = await shop();
    for (const [method, path] of [
      ["GET", `/nft-reward/${reward.id}`],
      ["PUT", `/nft-reward/${reward.id}/publish`],
      ["PATCH", `/nft-reward/${reward.id}/disable`],
      ["GET", `/creator/id/${creator.id}/nft-rewards`],
    ] as const) {
      expectError(await api(h, method, path, { key: other.tenant.adminKey }), 404, "not_found");
    }
    const stranger = await createUser(h, tenant);
    expectError(
      await api(h, "PUT", `/nft-reward/${reward.id}/publish`, { key: tenant.memberKey, userId: stranger.id }),
      403,
      "not_owner",
    );
    expect((await api(h, "GET", `/nft-reward/${reward.id}`, owner)).status).toBe(200);
  });

  it("is a GROWTH and PRO feature: 403 tier_required on BUILDER", async () => {
    const { creator, owner } = await shop("builder");
    const refused = await api(h, "POST", "/nft-reward", {
      ...owner,
      body: { type: "POINTS", creatorId: creator.id },
    });
    expectError(refused, 403, "tier_required");
    expectError(await api(h, "GET", `/creator/id/${creator.id}/nft-rewards`, owner), 403, "tier_required");
    const pro = await shop("pro");
    expect((await createReward(h, pro.tenant, pro.creator)).status).toBe("DRAFT");
  });
});
