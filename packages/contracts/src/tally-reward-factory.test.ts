import { parseEventLogs, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tallyRewardAbi, tallyRewardFactoryAbi } from "./index.ts";
import { rewardSalt } from "./reward-salt.ts";
import { type RewardChain, revertOf, rewardParams, startRewardChain } from "./testing/reward-chain.ts";

/** EIP-1167 minimal proxy runtime code delegating to `implementation` (lower-case hex, no 0x). */
const minimalProxyCode = (implementation: string) =>
  `0x363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;

describe("TallyRewardFactory", () => {
  let chain: RewardChain;
  beforeAll(async () => {
    chain = await startRewardChain();
  });
  afterAll(() => chain?.stop());

  const predict = (salt: `0x${string}`) =>
    chain.publicClient.readContract({
      address: chain.factoryAddress,
      abi: tallyRewardFactoryAbi,
      functionName: "predictAddress",
      args: [salt],
    });

  it("deploys an initialized ERC-1167 clone of the implementation at predictAddress(salt)", async () => {
    const salt = rewardSalt("org-predict", "reward-predict");
    const predicted = await predict(salt);
    expect(await chain.publicClient.getCode({ address: predicted })).toBeUndefined();

    const deployed = await chain.deployReward(salt, { name: "Gold Member", symbol: "GOLD" });

    expect(deployed).toBe(predicted);
    expect(await chain.publicClient.getCode({ address: predicted })).toBe(
      minimalProxyCode(chain.implementationAddress),
    );
    const read = (functionName: "name" | "symbol") =>
      chain.publicClient.readContract({ address: deployed, abi: tallyRewardAbi, functionName });
    expect([await read("name"), await read("symbol")]).toEqual(["Gold Member", "GOLD"]);
  });

  it("announces each deployment with its salt", async () => {
    const salt = rewardSalt("org-event", "reward-event");
    const hash = await chain.platform.writeContract({
      address: chain.factoryAddress,
      abi: tallyRewardFactoryAbi,
      functionName: "deploy",
      args: [salt, rewardParams(chain.platform.account.address)],
    });
    const logs = parseEventLogs({
      abi: tallyRewardFactoryAbi,
      eventName: "RewardDeployed",
      logs: (await chain.confirm(hash)).logs,
    });
    expect(logs.map((log) => log.args)).toEqual([{ salt, reward: await predict(salt) }]);
  });

  it("reverts a second deploy of the same salt and leaves the first clone as it was", async () => {
    const salt = rewardSalt("org-twice", "reward-twice");
    const first = await chain.deployReward(salt, { name: "First" });
    const again = { name: "Second", maxSupply: 7n };

    expect(await revertOf(chain.deployReward(salt, again))).toBe("FailedDeployment");
    // Also mined (no simulation in front): the transaction itself reverts.
    const hash = await chain.platform.writeContract({
      address: chain.factoryAddress,
      abi: tallyRewardFactoryAbi,
      functionName: "deploy",
      args: [salt, rewardParams(chain.platform.account.address, again)],
      gas: 1_000_000n,
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe("reverted");
    expect(
      await chain.publicClient.readContract({ address: first, abi: tallyRewardAbi, functionName: "name" }),
    ).toBe("First");
  });

  it("lets only its owner deploy, so nobody can squat a programme's predictable address", async () => {
    const stranger = await chain.newWallet();
    const salt = rewardSalt("org-squat", "reward-squat");
    const squat = chain.publicClient.simulateContract({
      account: stranger.account,
      address: chain.factoryAddress,
      abi: tallyRewardFactoryAbi,
      functionName: "deploy",
      args: [salt, rewardParams(stranger.account.address)],
    });
    expect(await revertOf(squat)).toBe("OwnableUnauthorizedAccount");
    expect(await chain.publicClient.getCode({ address: await predict(salt) })).toBeUndefined();
  });

  it("never lets initialize run twice on a clone, nor at all on the implementation", async () => {
    const clone = await chain.deployReward(rewardSalt("org-init", "reward-init"));
    const stranger = await chain.newWallet();
    const takeover = rewardParams(stranger.account.address);
    for (const address of [clone, chain.implementationAddress]) {
      const initialize = chain.publicClient.simulateContract({
        account: stranger.account,
        address,
        abi: tallyRewardAbi,
        functionName: "initialize",
        args: [takeover],
      });
      expect(await revertOf(initialize)).toBe("InvalidInitialization");
    }
  });

  it("refuses a programme without an admin or a minter (the whole deploy reverts)", async () => {
    const salt = rewardSalt("org-roles", "reward-roles");
    for (const missing of [{ admin: zeroAddress }, { minter: zeroAddress }]) {
      const deploy = chain.publicClient.simulateContract({
        account: chain.platform.account,
        address: chain.factoryAddress,
        abi: [...tallyRewardFactoryAbi, ...tallyRewardAbi],
        functionName: "deploy",
        args: [salt, rewardParams(chain.platform.account.address, missing)],
      });
      expect(await revertOf(deploy)).toBe("ZeroRoleHolder");
    }
  });

  it("derives one salt, and so one address, per (organization, reward)", async () => {
    const salt = rewardSalt("org-1", "reward-1");
    expect(salt).toMatch(/^0x[0-9a-f]{64}$/);
    expect(rewardSalt("org-1", "reward-1")).toBe(salt);
    const others = [rewardSalt("org-2", "reward-1"), rewardSalt("org-1", "reward-2")];
    // Length-prefixed encoding: moving characters across the boundary is another pair.
    others.push(rewardSalt("org-1r", "eward-1"), rewardSalt("reward-1", "org-1"));
    expect(new Set([salt, ...others]).size).toBe(5);
    const addresses = await Promise.all([salt, ...others].map(predict));
    expect(new Set(addresses).size).toBe(5);
  });
});
