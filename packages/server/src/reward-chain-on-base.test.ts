import { deployRewardOperator, localClients } from "@tally/providers/test-support";
import {
  api,
  asOwner,
  createCreator,
  createTestHarness,
  expectError,
  grantReward,
  publishableReward,
  publishedReward,
  rewardTokens,
  setRewardMode,
  type TestHarness,
  walletHolder,
} from "@tally/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime } from "./runtime.ts";

/**
 * The composition root on "Base": BASE_RPC_URL pointed at the harness's anvil and the three reward settings
 * from `deploy:rewards`, so publish and grant go through the Base reward adapter over HTTP.
 */
let h: TestHarness;
let contracts: Awaited<ReturnType<typeof deployRewardOperator>>;

beforeAll(async () => {
  h = await createTestHarness({
    createRuntime: async ({ config, localChain, ...options }) => {
      if (!localChain) throw new Error("the harness brings its chain");
      contracts ??= await deployRewardOperator(localChain.rpcUrl);
      return createRuntime({
        ...options,
        localChain,
        config: {
          ...config,
          BASE_RPC_URL: localChain.rpcUrl,
          X402_FACILITATOR_URL: "https://facilitator.invalid",
          WALLET_ENCRYPTION_KEY: "a-wallet-encryption-key-of-32-characters",
          REWARD_OPERATOR_PRIVATE_KEY: contracts.operatorPrivateKey,
          REWARD_FACTORY_ADDRESS: contracts.deployed.factoryAddress,
          REWARD_IMPLEMENTATION_ADDRESS: contracts.deployed.implementationAddress,
        },
      });
    },
  });
}, 180_000);
afterAll(() => h?.close());

describe("reward programmes through the Base reward adapter", () => {
  it("publish deploys the clone through the configured factory and a grant mints the token", async () => {
    expect(h.runtime.deps.providers.rewardChain.adapter).toBe("base");
    const tenant = await h.createTenant({ tier: "growth" });
    await setRewardMode(h, tenant, "IMMEDIATE");
    const creator = await createCreator(h, tenant);

    const reward = await publishedReward(h, tenant, creator);

    expect(reward.contract.implementationAddress).toBe(contracts.deployed.implementationAddress);
    expect(reward.contract.proxyAddress).toBe(
      await h.runtime.deps.providers.rewardChain.predictAddress({
        organizationId: tenant.organizationId,
        rewardId: reward.id,
      }),
    );
    const { user, address } = await walletHolder(h, tenant, "EXTERNAL");
    const granted = await grantReward(h, tenant, creator, reward.id, user.id);
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body).toMatchObject({
      status: "BROADCASTED",
      mint: { status: "COMPLETED", tokenId: "1" },
    });
    expect(await rewardTokens(h, reward.contract.proxyAddress).mintedTokenOf(address)).toBe(1n);
  });

  it("answers 503 to a publish the operator cannot pay for, and publishes once it is funded", async () => {
    const tenant = await h.createTenant({ tier: "growth" });
    const creator = await createCreator(h, tenant);
    const draft = await publishableReward(h, tenant, creator);
    const { testClient } = localClients(h.chain.rpcUrl);
    await testClient.setBalance({ address: contracts.operatorAddress, value: 0n });
    const publish = () => api(h, "PUT", `/nft-reward/${draft.id}/publish`, asOwner(tenant, creator));

    const refused = await publish();

    expectError(refused, 503, "service_unavailable");
    expect(refused.headers.get("retry-after")).toBe("60");
    await contracts.fund(contracts.operatorPrivateKey);
    const published = await publish();
    expect(published.status, published.text).toBe(200);
    expect(published.body).toMatchObject({ status: "PUBLISHED" });
  });
});
