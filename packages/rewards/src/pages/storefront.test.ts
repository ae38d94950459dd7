import { takeAddressToken } from "@tally/commerce";
import {
  type ApiSchema,
  api,
  asOwner,
  type CreatedCreator,
  createCreator,
  createReward,
  expectError,
  grantReward,
  publishedReward,
  type RewardRecord,
  readResponse,
  requestInit,
  rewardTokens,
  setRewardMode,
  type Tenant,
  useHarness,
  walletHolder,
} from "@tally/testing";
import { describe, expect, it } from "vitest";
import { METADATA_LIMIT } from "./router.ts";

type PublicCollectible = ApiSchema<"PublicCollectible">;
type CollectibleMetadata = ApiSchema<"CollectibleMetadata">;
type PublicReward = ApiSchema<"PublicReward">;
type TokenMetadata = ApiSchema<"RewardTokenMetadata">;
type ContractMetadata = ApiSchema<"RewardContractMetadata">;

const h = useHarness();

const WEBHOOK_URL = "https://hooks.example.com/creator-secret-path";

/** A CUSTOM_REWARD programme with full metadata, published: its webhook URL is the creator's own. */
const publishedCustomReward = async (tenant: Tenant, creator: CreatedCreator): Promise<RewardRecord> => {
  const owner = asOwner(tenant, creator);
  const draft = await createReward(h, tenant, creator, { type: "CUSTOM" });
  const details = await api(h, "PUT", `/nft-reward/${draft.id}`, {
    ...owner,
    body: {
      creatorId: creator.id,
      customRewardDetails: { webhookUrl: WEBHOOK_URL, moreInfo: "A signed print" },
    },
  });
  expect(details.status, details.text).toBe(200);
  const nft = await api(h, "PUT", `/nft-reward/${draft.id}/nft`, {
    ...owner,
    body: {
      name: "Signed Print",
      description: "One print, signed",
      imageUrl: "https://cdn.example.com/print.png",
      animationUrl: "https://cdn.example.com/print.mp4",
      externalUrl: "https://maker.example.com/print",
      points: 25,
    },
  });
  expect(nft.status, nft.text).toBe(200);
  const published = await api<RewardRecord>(h, "PUT", `/nft-reward/${draft.id}/publish`, owner);
  expect(published.status, published.text).toBe(200);
  return published.body;
};

const storefront = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  await setRewardMode(h, tenant, "IMMEDIATE");
  const points = await publishedReward(h, tenant, creator, { maxSupply: 10 });
  const custom = await publishedCustomReward(tenant, creator);
  const draft = await createReward(h, tenant, creator);
  const { user } = await walletHolder(h, tenant);
  const granted = await grantReward(h, tenant, creator, points.id, user.id);
  expect(granted.body.mint.status, granted.text).toBe("COMPLETED");
  return { tenant, creator, points, custom, draft };
};

describe("GET /creator/{slug}/collectibles and /creator/{slug}/rewards", () => {
  it("list the PUBLISHED programmes with their contract and minted count, never a draft or the webhook URL", async () => {
    const { tenant, creator, points, custom } = await storefront();
    const collectibles = await api<PublicCollectible[]>(h, "GET", `/creator/${creator.slug}/collectibles`, {
      key: tenant.memberKey,
    });
    expect(collectibles.status, collectibles.text).toBe(200);
    expect(collectibles.body.map((collectible) => collectible.rewardId)).toEqual([custom.id, points.id]);
    expect(collectibles.body[1]).toEqual({
      rewardId: points.id,
      type: "POINTS",
      name: "Backstage Pass",
      symbol: "BACKSTAG",
      description: null,
      imageUrl: "https://cdn.example.com/pass.png",
      animationUrl: null,
      externalUrl: null,
      chainId: 8453,
      contractAddress: points.contract.proxyAddress,
      maxSupply: 10,
      minted: 1,
      supplyLeft: 9,
      transferable: true,
      points: 10,
      publishedAt: points.publishedAt,
    });

    const rewards = await api<PublicReward[]>(h, "GET", `/creator/${creator.slug.toUpperCase()}/rewards`, {
      key: tenant.memberKey,
    });
    expect(rewards.status, rewards.text).toBe(200);
    expect(rewards.body.map((reward) => [reward.id, reward.type, reward.points])).toEqual([
      [custom.id, "CUSTOM_REWARD", 25],
      [points.id, "POINTS", 10],
    ]);
    expect(rewards.body[0]!.details).toEqual({ moreInfo: "A signed print" });
    expect(rewards.body[1]!.details).toEqual({ points: 50 });
    expect(rewards.text).not.toContain("creator-secret-path");
    expect(collectibles.text).not.toContain("creator-secret-path");
  });

  it("drop a programme once it is DISABLED", async () => {
    const { tenant, creator, points, custom } = await storefront();
    const disabled = await api(h, "PATCH", `/nft-reward/${custom.id}/disable`, asOwner(tenant, creator));
    expect(disabled.status, disabled.text).toBe(200);
    for (const path of ["collectibles", "rewards"]) {
      const listed = await api<{ rewardId?: string; id?: string }[]>(
        h,
        "GET",
        `/creator/${creator.slug}/${path}`,
        {
          key: tenant.memberKey,
        },
      );
      expect(listed.body.map((item) => item.rewardId ?? item.id)).toEqual([points.id]);
    }
  });

  it("404 for an unknown slug or another tenant's creator; 403 on BUILDER; 401 without a key", async () => {
    const { creator } = await storefront();
    const other = await h.createTenant({ tier: "growth" });
    const builder = await h.createTenant({ tier: "builder" });
    for (const path of ["collectibles", "collectibles/metadata", "rewards"]) {
      expectError(
        await api(h, "GET", `/creator/${creator.slug}/${path}`, { key: other.memberKey }),
        404,
        "not_found",
      );
      expectError(
        await api(h, "GET", `/creator/no-such-creator/${path}`, { key: other.memberKey }),
        404,
        "not_found",
      );
      expectError(
        await api(h, "GET", `/creator/${creator.slug}/${path}`, { key: builder.memberKey }),
        403,
        "tier_required",
      );
      expect((await api(h, "GET", `/creator/${creator.slug}/${path}`)).status).toBe(401);
    }
  });
});

describe("reward metadata: /creator/{slug}/collectibles/metadata and the URIs the contracts point at", () => {
  it("serves, without a key, the token and contract documents the deployed contract's tokenURI and contractURI name", async () => {
    const { tenant, creator, points, custom } = await storefront();
    const listed = await api<CollectibleMetadata[]>(
      h,
      "GET",
      `/creator/${creator.slug}/collectibles/metadata`,
      {
        key: tenant.memberKey,
      },
    );
    expect(listed.status, listed.text).toBe(200);
    const entry = listed.body.find((item) => item.rewardId === points.id)!;
    const onChain = rewardTokens(h, points.contract.proxyAddress);
    const tokenUri = await onChain.tokenURI(1n);
    expect(entry.tokenURI.replace("{tokenId}", "1")).toBe(tokenUri);
    expect(entry.contractURI).toBe(await onChain.contractURI());
    expect(entry).toMatchObject({ chainId: 8453, contractAddress: points.contract.proxyAddress });

    const token = await h.request<TokenMetadata>("GET", new URL(tokenUri).pathname);
    expect(token.status, token.text).toBe(200);
    expect(token.body).toEqual({
      name: "Backstage Pass #1",
      description: "",
      image: "https://cdn.example.com/pass.png",
      attributes: [
        { trait_type: "Reward type", value: "POINTS" },
        { trait_type: "Points cost", value: 10 },
        { trait_type: "Transferable", value: true },
        { trait_type: "Max supply", value: 10 },
      ],
    });
    expect(entry.metadata).toEqual({ ...token.body, name: "Backstage Pass" });

    const contract = await h.request<ContractMetadata>("GET", new URL(entry.contractURI).pathname);
    expect(contract.status, contract.text).toBe(200);
    expect(contract.body).toEqual({
      name: "Backstage Pass",
      symbol: "BACKSTAG",
      description: "",
      image: "https://cdn.example.com/pass.png",
    });

    const customEntry = listed.body.find((item) => item.rewardId === custom.id)!;
    expect(customEntry.metadata).toEqual({
      name: "Signed Print",
      description: "One print, signed",
      image: "https://cdn.example.com/print.png",
      animation_url: "https://cdn.example.com/print.mp4",
      external_url: "https://maker.example.com/print",
      attributes: [
        { trait_type: "Reward type", value: "CUSTOM_REWARD" },
        { trait_type: "Points cost", value: 25 },
        { trait_type: "Transferable", value: true },
      ],
    });
  });

  it("404 for a token not minted, a draft, an unknown reward; 422 for a bad token id", async () => {
    const { points, draft } = await storefront();
    const base = `/api/v1/nft-reward/${points.id}/metadata`;
    expectError(await h.request("GET", `${base}/2`), 404, "not_found");
    expectError(await h.request("GET", `/api/v1/nft-reward/${draft.id}/metadata/1`), 404, "not_found");
    expectError(await h.request("GET", `/api/v1/nft-reward/${draft.id}/metadata/contract`), 404, "not_found");
    expectError(await h.request("GET", "/api/v1/nft-reward/nosuchreward/metadata/1"), 404, "not_found");
    for (const tokenId of ["0", "01", "-1", "abc"])
      expectError(await h.request("GET", `${base}/${tokenId}`), 422, "validation_failed");
  });

  it("limits each client address: 429 with Retry-After once its bucket is empty, another address still served", async () => {
    const { points } = await storefront();
    const from = (remoteAddress: string) => async () =>
      readResponse(
        await h.runtime.app.request(`/api/v1/nft-reward/${points.id}/metadata/contract`, requestInit("GET"), {
          incoming: { socket: { remoteAddress } },
        }),
      );
    const drained = "198.51.100.23";
    for (let taken = 0; taken <= 10 * METADATA_LIMIT.burst; taken++) {
      const refused = await takeAddressToken(h.database.db, drained, METADATA_LIMIT).then(
        () => false,
        () => true,
      );
      if (refused) break;
    }
    // The bucket refills at 20 a second: of 100 requests sent at once, most find it empty.
    const answers = await Promise.all(Array.from({ length: 100 }, from(drained)));
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(50);
    expectError(limited[0]!, 429, "rate_limited");
    expect(limited[0]!.headers.get("retry-after")).toBeTruthy();
    expect((await from("198.51.100.24")()).status).toBe(200);
  });
});
