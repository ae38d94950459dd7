import { randomBytes } from "node:crypto";
import { type Address, BaseError, ContractFunctionRevertedError, getAddress, type Hex, toHex } from "viem";
import { tallyRewardAbi, tallyRewardBytecode } from "../generated/tally-reward.ts";
import { tallyRewardFactoryAbi, tallyRewardFactoryBytecode } from "../generated/tally-reward-factory.ts";
import { type LocalAnvil, startLocalAnvil, type Wallet } from "./local-anvil.ts";

export interface RewardParams {
  name: string;
  symbol: string;
  baseURI: string;
  contractURI: string;
  maxSupply: bigint;
  transferable: boolean;
  admin: Address;
  minter: Address;
}

export interface RewardChain extends LocalAnvil {
  /** Deployed the implementation and the factory, owns the factory; admin and minter of `deployReward`'s clones. */
  platform: Wallet;
  implementationAddress: Address;
  factoryAddress: Address;
  /** Deploys a clone through the factory as `platform`; `params` override the defaults below. */
  deployReward(salt: Hex, params?: Partial<RewardParams>): Promise<Address>;
}

/** anvil, the TallyReward implementation and a TallyRewardFactory pointing at it. */
export const startRewardChain = async (): Promise<RewardChain> => {
  const anvil = await startLocalAnvil();
  try {
    const platform = await anvil.newWallet();
    const { confirm } = anvil;
    const deployed = async (hash: Hex) => (await confirm(hash)).contractAddress!;
    const implementationAddress = await deployed(
      await platform.deployContract({ abi: tallyRewardAbi, bytecode: tallyRewardBytecode }),
    );
    const factoryAddress = await deployed(
      await platform.deployContract({
        abi: tallyRewardFactoryAbi,
        bytecode: tallyRewardFactoryBytecode,
        args: [implementationAddress, platform.account.address],
      }),
    );
    const deployReward = async (salt: Hex, params: Partial<RewardParams> = {}) => {
      const { request, result } = await anvil.publicClient.simulateContract({
        account: platform.account,
        address: factoryAddress,
        abi: tallyRewardFactoryAbi,
        functionName: "deploy",
        args: [salt, rewardParams(platform.account.address, params)],
      });
      await confirm(await platform.writeContract(request));
      return result;
    };
    return { ...anvil, platform, implementationAddress, factoryAddress, deployReward };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
};

export const rewardParams = (platform: Address, overrides: Partial<RewardParams> = {}): RewardParams => ({
  name: "Backstage Pass",
  symbol: "PASS",
  baseURI: "https://api.tally.test/api/v1/nft-metadata/reward-1/",
  contractURI: "https://api.tally.test/api/v1/nft-metadata/reward-1/contract",
  maxSupply: 0n,
  transferable: true,
  admin: platform,
  minter: platform,
  ...overrides,
});

/** The custom error a call reverts with (its name), as decoded from the contract's ABI. */
export const revertOf = async (call: Promise<unknown>): Promise<string> => {
  try {
    await call;
  } catch (error) {
    const reverted =
      error instanceof BaseError
        ? error.walk((cause) => cause instanceof ContractFunctionRevertedError)
        : null;
    if (reverted instanceof ContractFunctionRevertedError)
      return reverted.data?.errorName ?? reverted.shortMessage;
    throw error;
  }
  throw new Error("the call did not revert");
};

/** A wallet address nobody holds a key to: a recipient that only receives. */
export const randomAddress = (): Address => getAddress(toHex(randomBytes(20)));
