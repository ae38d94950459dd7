import { organizationSettings } from "@tally/db";
import {
  api,
  asOwner,
  codeAt,
  createCreator,
  deploymentsAt,
  expectError,
  publishableReward,
  type RewardRecord,
  readResponse,
  requestInit,
  type TestRuntime,
  useHarness,
} from "@tally/testing";
import { describe, expect, it, vi } from "vitest";

const h = useHarness();

const readyProgramme = async (options: { maxSupply?: number; transferable?: boolean } = {}) => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const reward = await publishableReward(h, tenant, creator, options);
  const publish = () =>
    api<RewardRecord>(h, "PUT", `/nft-reward/${reward.id}/publish`, asOwner(tenant, creator));
  return { tenant, creator, reward, publish };
};

const rewardChain = () => h.runtime.deps.providers.rewardChain;

/** What the clone at `address` was initialized with, read from the chain. */
const readClone = (address: string) => rewardChain().readParams(address as `0x${string}`);

describe("publishing a reward deploys its contract once", () => {
  it("deploys one clone at the predicted address, records it and emits nft-reward-published", async () => {
    const { tenant, reward, publish } = await readyProgramme({ maxSupply: 500, transferable: false });
    const predicted = await rewardChain().predictAddress({
      organizationId: tenant.organizationId,
      rewardId: reward.id,
    });
    expect(await codeAt(h, predicted)).toBe("0x");
    const published = vi.spyOn(h.runtime.deps.events, "publish");

    const response = await publish();

    expect(response.status, response.text).toBe(200);
    const { implementationAddress } = await rewardChain().contracts();
    expect(response.body).toMatchObject({
      status: "PUBLISHED",
      publishedAt: expect.any(String),
      contract: {
        proxyAddress: predicted,
        implementationAddress,
        chainId: 8453,
        name: "Backstage Pass",
        maxSupply: 500,
        transferable: false,
      },
    });
    expect(await codeAt(h, predicted)).not.toBe("0x");
    expect(await deploymentsAt(h, predicted)).toBe(1);
    expect(await readClone(predicted)).toEqual({
      name: "Backstage Pass",
      symbol: "BACKSTAG",
      maxSupply: 500n,
      transferable: false,
    });
    expect(published.mock.calls.map((call) => [call[1], call[2]])).toEqual([
      ["nft-reward-published", { organizationId: tenant.organizationId, rewardId: reward.id }],
    ]);
    published.mockRestore();

    // A retried publish of a PUBLISHED reward answers it as it is.
    const again = await publish();
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(response.body);
    expect(await deploymentsAt(h, predicted)).toBe(1);
  });

  it("adopts the clone a publish deployed before crashing instead of deploying a second", async () => {
    const { tenant, reward, publish } = await readyProgramme();
    const programme = { organizationId: tenant.organizationId, rewardId: reward.id };
    // The crashed publish: the deploy went through, the recording transaction never ran.
    const crashed = await rewardChain().deploy(programme, {
      name: "Backstage Pass",
      symbol: "BACKSTAG",
      baseURI: "https://api.example.com/",
      contractURI: "https://api.example.com/contract",
      maxSupply: 0n,
      transferable: true,
    });
    const before = await api<RewardRecord>(h, "GET", `/nft-reward/${reward.id}`, { key: tenant.adminKey });
    expect(before.body.status).toBe("DRAFT");

    const retried = await publish();

    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.contract.proxyAddress).toBe(crashed.address);
    expect(retried.body.status).toBe("PUBLISHED");
    expect(await deploymentsAt(h, crashed.address)).toBe(1);
  });

  it("deploys once when one reward is published concurrently", async () => {
    const { reward, publish, tenant } = await readyProgramme();
    const published = vi.spyOn(h.runtime.deps.events, "publish");
    const responses = await Promise.all(Array.from({ length: 6 }, publish));
    const events = published.mock.calls.filter((call) => call[1] === "nft-reward-published");
    published.mockRestore();
    expect(events).toHaveLength(1);
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
    const addresses = new Set(responses.map((response) => response.body.contract.proxyAddress));
    expect(addresses.size).toBe(1);
    const [address] = addresses;
    expect(address).toBe(
      await rewardChain().predictAddress({ organizationId: tenant.organizationId, rewardId: reward.id }),
    );
    expect(await deploymentsAt(h, address!)).toBe(1);
    expect(new Set(responses.map((response) => response.body.publishedAt)).size).toBe(1);
  });

  it("publishes different programmes at once through two instances, each signing as the one operator", async () => {
    const second: TestRuntime = await h.startInstance();
    const programmes = await Promise.all(Array.from({ length: 12 }, () => readyProgramme()));
    const responses = await Promise.all(
      programmes.map(async ({ tenant, creator, reward }, index) => {
        const instance = index % 2 === 0 ? h.runtime : second;
        return readResponse<RewardRecord>(
          await instance.app.request(
            `/api/v1/nft-reward/${reward.id}/publish`,
            requestInit("PUT", asOwner(tenant, creator)),
          ),
        );
      }),
    );
    // Before the retry on a nonce another process took, about one send in three failed here with a 500.
    expect(responses.filter((response) => response.status !== 200).map((response) => response.text)).toEqual(
      [],
    );
    for (const response of responses)
      expect(await deploymentsAt(h, response.body.contract.proxyAddress!)).toBe(1);
  });

  it("deploys on the organization's defaultChainId, refusing a chain this deployment does not serve", async () => {
    const { tenant, reward, publish } = await readyProgramme();
    const setChain = (defaultChainId: number) =>
      h.database.db
        .insert(organizationSettings)
        .values({ organizationId: tenant.organizationId, defaultChainId })
        .onConflictDoUpdate({ target: organizationSettings.organizationId, set: { defaultChainId } });
    // Seeded directly: the settings API still refuses a chain the deployment has no RPC for.
    await setChain(84532);
    const refused = await publish();
    expectError(refused, 409, "invalid_state");
    expect((refused.body as unknown as { error: string }).error).toContain("84532");
    expect(
      await codeAt(
        h,
        await rewardChain().predictAddress({ organizationId: tenant.organizationId, rewardId: reward.id }),
      ),
    ).toBe("0x");
    await setChain(8453);
    const published = await publish();
    expect(published.status, published.text).toBe(200);
    expect(published.body.contract.chainId).toBe(8453);
  });
});
