import type { Address, Hex } from "viem";
import { deployerOn } from "./deployer.ts";
import { tallyRewardAbi, tallyRewardBytecode } from "./generated/tally-reward.ts";
import { tallyRewardFactoryAbi, tallyRewardFactoryBytecode } from "./generated/tally-reward-factory.ts";

export interface DeployRewardContractsOptions {
  /** The chain's JSON-RPC endpoint (its chain id is read from it). */
  rpcUrl: string;
  /** Pays for both deployments. Never printed. */
  deployerPrivateKey: Hex;
  /** Owns the factory: the reward operator (`REWARD_OPERATOR_PRIVATE_KEY`'s address). Default: the deployer. */
  owner?: Address;
}

export interface DeployedRewardContracts {
  chainId: number;
  implementationAddress: Address;
  factoryAddress: Address;
  owner: Address;
}

/**
 * Deploys the TallyReward implementation and a TallyRewardFactory cloning it, owned by the reward operator:
 * done once per chain by an operator, whose addresses then go to `REWARD_IMPLEMENTATION_ADDRESS` and
 * `REWARD_FACTORY_ADDRESS`. Addresses are lowercase.
 */
export const deployRewardContracts = async (
  options: DeployRewardContractsOptions,
): Promise<DeployedRewardContracts> => {
  const {
    chainId,
    address,
    wallet: deployer,
    deployed,
  } = await deployerOn(options.rpcUrl, options.deployerPrivateKey);
  const owner = (options.owner ?? address).toLowerCase() as Address;
  const implementationAddress = await deployed(
    await deployer.deployContract({ abi: tallyRewardAbi, bytecode: tallyRewardBytecode }),
  );
  const factoryAddress = await deployed(
    await deployer.deployContract({
      abi: tallyRewardFactoryAbi,
      bytecode: tallyRewardFactoryBytecode,
      args: [implementationAddress, owner],
    }),
  );
  return { chainId, implementationAddress, factoryAddress, owner };
};
