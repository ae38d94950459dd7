import { type Address, createPublicClient, createWalletClient, defineChain, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
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
  const transport = http(options.rpcUrl, { timeout: 30_000, retryCount: 1 });
  const chainId = await createPublicClient({ transport }).getChainId();
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport });
  const account = privateKeyToAccount(options.deployerPrivateKey);
  const deployer = createWalletClient({ chain, transport, account });
  const owner = (options.owner ?? account.address).toLowerCase() as Address;
  const deployed = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 180_000 });
    if (receipt.status !== "success" || !receipt.contractAddress)
      throw new Error(`deployment transaction ${hash} reverted`);
    return receipt.contractAddress.toLowerCase() as Address;
  };
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
