import { nftRewards } from "@tally/db";
import {
  api,
  asOwner,
  createCreator,
  publishedReward,
  type RewardRecord,
  randomAddress,
  renounceOperatorRole,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { runContractMonitor } from "./contract-monitor.ts";

const h = useHarness();

type MonitoredReward = RewardRecord & { contract: { checkedAt: string | null; drift: string | null } };

const monitor = (tenant: Tenant) => {
  const logger = { ...h.runtime.deps.logger, warn: vi.fn() };
  const run = () =>
    runContractMonitor({ ...h.runtime.deps, logger }, { organizationId: tenant.organizationId });
  return {
    run,
    warnings: () => logger.warn.mock.calls.map((call) => call[0] as { rewardId: string; drift?: string }),
  };
};

const setup = async () => {
  const tenant = await h.createTenant({ tier: "growth" });
  const creator = await createCreator(h, tenant);
  const read = async (id: string) => {
    const response = await api<MonitoredReward>(h, "GET", `/nft-reward/${id}`, asOwner(tenant, creator));
    expect(response.status, response.text).toBe(200);
    return response.body.contract;
  };
  /** Records another proxy address for the programme, as a tampered or mistaken row would hold. */
  const recordProxy = (id: string, proxyAddress: string) =>
    h.database.db
      .update(nftRewards)
      .set({ proxyAddress })
      .where(and(eq(nftRewards.organizationId, tenant.organizationId), eq(nftRewards.id, id)));
  return { tenant, creator, read, recordProxy, ...monitor(tenant) };
};

describe("the contract-monitor job", () => {
  it("leaves a programme deployed on another chain alone: not checked, not flagged", async () => {
    const { tenant, creator, read, run } = await setup();
    const reward = await publishedReward(h, tenant, creator);
    await h.database.db
      .update(nftRewards)
      .set({ chainId: 84532 })
      .where(and(eq(nftRewards.organizationId, tenant.organizationId), eq(nftRewards.id, reward.id)));

    expect(await run()).toEqual({ checked: 0, drifted: 0, unreadable: 0 });

    expect(await read(reward.id)).toMatchObject({ checkedAt: null, drift: null });
  });

  it("leaves a healthy programme unflagged and records when it looked", async () => {
    const { tenant, creator, read, run, warnings } = await setup();
    const reward = await publishedReward(h, tenant, creator);
    expect(await read(reward.id)).toMatchObject({ checkedAt: null, drift: null });

    expect(await run()).toEqual({ checked: 1, drifted: 0, unreadable: 0 });

    const contract = await read(reward.id);
    expect(contract.drift).toBeNull();
    expect(contract.checkedAt).not.toBeNull();
    expect(warnings()).toEqual([]);
  });

  it("flags a programme whose recorded address has no code, or holds another contract, and clears it once healthy", async () => {
    const { tenant, creator, read, recordProxy, run, warnings } = await setup();
    const empty = await publishedReward(h, tenant, creator);
    const factory = await publishedReward(h, tenant, creator);
    const swapped = await publishedReward(h, tenant, creator);
    const healthy = await publishedReward(h, tenant, creator);
    const { factoryAddress } = await h.runtime.deps.providers.rewardChain.contracts();
    await recordProxy(empty.id, randomAddress());
    await recordProxy(factory.id, factoryAddress);
    // Another programme's clone: the same code and roles, but not the address this programme's salt gives.
    await recordProxy(swapped.id, healthy.contract.proxyAddress);

    expect(await run()).toEqual({ checked: 4, drifted: 3, unreadable: 0 });

    expect((await read(empty.id)).drift).toMatch(/no contract at the proxy address/);
    const factoryDrift = (await read(factory.id)).drift;
    expect(factoryDrift).toMatch(/is not the ERC-1167 clone of 0x[0-9a-f]{40}/);
    expect(factoryDrift).toMatch(/answers no hasRole/);
    expect((await read(swapped.id)).drift).toBe(
      `the proxy address is not the programme's (its salt gives ${swapped.contract.proxyAddress})`,
    );
    expect((await read(healthy.id)).drift).toBeNull();
    expect(
      warnings()
        .map((warning) => warning.rewardId)
        .sort(),
    ).toEqual([empty.id, factory.id, swapped.id].sort());

    // The management page shows the same flag.
    const collectibles = await api<{ rewardId: string; contractDrift: string | null }[]>(
      h,
      "GET",
      `/creator/id/${creator.id}/collectibles`,
      asOwner(tenant, creator),
    );
    expect(collectibles.body.find((item) => item.rewardId === empty.id)?.contractDrift).toMatch(
      /no contract/,
    );

    await recordProxy(empty.id, empty.contract.proxyAddress);
    await run();
    expect((await read(empty.id)).drift).toBeNull();
  });

  it("flags a clone on which the operator no longer holds its minter or admin role", async () => {
    const { tenant, creator, read, run } = await setup();
    const minterless = await publishedReward(h, tenant, creator);
    const adminless = await publishedReward(h, tenant, creator);
    await renounceOperatorRole(h, minterless.contract.proxyAddress, "MINTER_ROLE");
    await renounceOperatorRole(h, adminless.contract.proxyAddress, "DEFAULT_ADMIN_ROLE");

    expect(await run()).toEqual({ checked: 2, drifted: 2, unreadable: 0 });

    expect((await read(minterless.id)).drift).toBe("the operator no longer holds MINTER_ROLE");
    expect((await read(adminless.id)).drift).toBe("the operator no longer holds DEFAULT_ADMIN_ROLE");
  });

  it("skips drafts and disabled programmes", async () => {
    const { tenant, creator, read, recordProxy, run } = await setup();
    const disabled = await publishedReward(h, tenant, creator);
    const answer = await api(h, "PATCH", `/nft-reward/${disabled.id}/disable`, asOwner(tenant, creator));
    expect(answer.status, answer.text).toBe(200);
    await recordProxy(disabled.id, randomAddress());
    expect(await run()).toEqual({ checked: 0, drifted: 0, unreadable: 0 });
    expect(await read(disabled.id)).toMatchObject({ checkedAt: null, drift: null });
  });
});
