import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalChain } from "../chain/local-chain.ts";
import { recordingLogger } from "../email/test-support.ts";
import { createBaseRewardChain } from "./base.ts";
import { createLocalRewardChain } from "./local.ts";
import type { RewardChainPort, RewardContractParams } from "./port.ts";
import { startChainAsBase } from "./test-support.ts";

const params: RewardContractParams = {
  name: "Gold Member",
  symbol: "GOLD",
  baseURI: "https://api.example.com/nft-reward/r/metadata/",
  contractURI: "https://api.example.com/nft-reward/r/metadata/contract",
  maxSupply: 3n,
  transferable: false,
};

/** Two processes of one deployment: each its own adapter (and send queue), one operator key. */
interface RewardChainUnderTest {
  first: RewardChainPort;
  second: RewardChainPort;
  stop(): Promise<void>;
}

/**
 * What every reward-chain adapter does, run against each of them (the local one and the Base one on anvil):
 * `start` builds two adapters of one deployment on a fresh chain.
 */
const describeRewardChainContract = (adapter: string, start: () => Promise<RewardChainUnderTest>) => {
  describe(`the ${adapter} reward chain adapter`, () => {
    let chain: RewardChainUnderTest;
    const adapters = () => ({ first: chain.first, second: chain.second });

    beforeAll(async () => {
      chain = await start();
    });
    afterAll(() => chain?.stop());

    describe(`deploying on the ${adapter} reward chain`, () => {
      it("finds one implementation and factory however many processes ask at once", async () => {
        const { first, second } = adapters();
        const [a, b] = await Promise.all([first.contracts(), second.contracts()]);
        expect(a).toEqual(b);
        expect(await first.hasCode(a.implementationAddress)).toBe(true);
        expect(await first.hasCode(a.factoryAddress)).toBe(true);
      });

      it("deploys a programme's clone once: the second deploy of its salt reverts, the clone stays the first's", async () => {
        const { first, second } = adapters();
        const programme = { organizationId: "org-once", rewardId: "reward-once" };
        const predicted = await first.predictAddress(programme);
        expect(await second.predictAddress(programme)).toBe(predicted);
        expect(await first.hasCode(predicted)).toBe(false);

        const outcomes = await Promise.allSettled([
          first.deploy(programme, params),
          second.deploy(programme, { ...params, name: "Squatter" }),
        ]);

        expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
        const deployed = outcomes.find((outcome) => outcome.status === "fulfilled");
        expect(deployed?.value.address).toBe(predicted);
        expect((await first.readParams(predicted)).maxSupply).toBe(3n);
      });

      it("deploys different programmes from two processes at once (a nonce the other took is retried)", async () => {
        const { first, second } = adapters();
        const programmes = Array.from({ length: 8 }, (_, index) => ({
          organizationId: "org-many",
          rewardId: `r${index}`,
        }));
        const deployed = await Promise.all(
          programmes.map((programme, index) => (index % 2 === 0 ? first : second).deploy(programme, params)),
        );
        for (const [index, { address }] of deployed.entries()) {
          expect(address).toBe(await first.predictAddress(programmes[index]!));
          expect(await first.readParams(address)).toEqual({
            name: "Gold Member",
            symbol: "GOLD",
            maxSupply: 3n,
            transferable: false,
          });
        }
      });
    });

    describe(`minting on the ${adapter} reward chain`, () => {
      it("mints one token per wallet in a batch, skips a wallet minted before, and stops at maxSupply", async () => {
        const { first, second } = adapters();
        const { address } = await first.deploy(
          { organizationId: "org-mint", rewardId: "reward-mint" },
          params,
        );
        const wallets = [
          "0x00000000000000000000000000000000000000c1",
          "0x00000000000000000000000000000000000000c2",
        ] as const;
        expect((await first.simulateMint(address, [...wallets])).gas).toBeGreaterThan(0n);
        expect(await first.blockGasLimit()).toBeGreaterThan(0n);

        const hash = await first.sendMint(address, [...wallets]);
        const receipt = await second.mintReceipt(hash, { wait: true });
        expect(receipt).toEqual({
          status: "success",
          minted: [
            { wallet: wallets[0], tokenId: 1n },
            { wallet: wallets[1], tokenId: 2n },
          ],
        });
        expect(await second.mintReceipt(hash)).toEqual(receipt);
        expect(await second.mintedTokenOf(address, wallets[1])).toBe(2n);

        // A replayed batch mints nothing twice; the third wallet takes the last of maxSupply 3.
        const third = "0x00000000000000000000000000000000000000c3";
        const replay = await second.sendMint(address, [wallets[0], third]);
        expect((await first.mintReceipt(replay, { wait: true }))?.minted).toEqual([
          { wallet: third, tokenId: 3n },
        ]);
        await expect(
          first.simulateMint(address, ["0x00000000000000000000000000000000000000c4"]),
        ).rejects.toThrow("MaxSupplyReached(3)");
      });
    });

    describe(`token owners on the ${adapter} reward chain`, () => {
      it("reads every token's holder in one batched call, null for a token never minted", async () => {
        const { first, second } = adapters();
        const programme = { organizationId: "org-owners", rewardId: "reward-owners" };
        const { address } = await first.deploy(programme, { ...params, maxSupply: 0n, transferable: true });
        const wallets = [
          "0x00000000000000000000000000000000000000a1",
          "0x00000000000000000000000000000000000000a2",
        ] as const;
        const receipt = await first.mintReceipt(await first.sendMint(address, [...wallets]), { wait: true });
        expect(receipt?.minted.map((entry) => entry.tokenId)).toEqual([1n, 2n]);

        expect(await second.ownersOf(address, [2n, 1n, 99n])).toEqual([wallets[1], wallets[0], null]);
        expect(await second.ownersOf(address, [])).toEqual([]);
      });
    });

    describe(`inspecting a deployed address on the ${adapter} reward chain`, () => {
      it("reads a clone's ERC-1167 code and the operator's roles; no roles where code answers none", async () => {
        const { first, second } = adapters();
        const programme = { organizationId: "org-inspect", rewardId: "reward-inspect" };
        const { address } = await first.deploy(programme, params);
        const { implementationAddress, factoryAddress } = await first.contracts();

        const clone = await second.inspect(address);
        expect(clone.code).toBe(
          `0x363d3d373d3d3d363d73${implementationAddress.slice(2)}5af43d82803e903d91602b57fd5bf3`,
        );
        expect(clone.operatorRoles).toEqual({ admin: true, minter: true });

        // The implementation answers hasRole but was never initialized: the operator holds nothing there.
        expect((await second.inspect(implementationAddress)).operatorRoles).toEqual({
          admin: false,
          minter: false,
        });
        // The factory has no hasRole at all.
        expect((await second.inspect(factoryAddress)).operatorRoles).toBeNull();
        expect(await second.inspect("0x00000000000000000000000000000000000000b7")).toEqual({
          code: "0x",
          operatorRoles: null,
        });
      });
    });
  });
};

describeRewardChainContract("local", async () => {
  const logger = recordingLogger();
  const chain = await startLocalChain({ logger });
  const options = { rpcUrl: chain.rpcUrl, chainId: chain.chainId, logger };
  return {
    first: createLocalRewardChain(options),
    second: createLocalRewardChain(options),
    stop: () => chain.stop(),
  };
});

describeRewardChainContract("Base (on anvil)", async () => {
  const { chain, fund, adapterOptions } = await startChainAsBase();
  await fund(adapterOptions.operatorPrivateKey);
  return {
    first: createBaseRewardChain(adapterOptions),
    second: createBaseRewardChain(adapterOptions),
    stop: () => chain.stop(),
  };
});
