import { type DeployedRewardContracts, deployRewardContracts } from "@tally/contracts";
import { type Address, type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { type LocalChain, startLocalChain } from "../chain/local-chain.ts";
import { localClients } from "../chain/test-support.ts";
import { recordingLogger } from "../email/test-support.ts";
import type { BaseRewardChainOptions } from "./base.ts";

export interface ChainAsBase {
  chain: LocalChain;
  logger: ReturnType<typeof recordingLogger>;
  /** What `deploy:rewards` deployed, the factory owned by the operator. */
  deployed: DeployedRewardContracts;
  /** The Base adapter's options: the operator key (unfunded until `fund`) and the deployed addresses. */
  adapterOptions: BaseRewardChainOptions & { operatorPrivateKey: Hex };
  /** Gives a key's address 10 ETH (what an operator does with a real chain's faucet or exchange). */
  fund(privateKey: Hex): Promise<void>;
}

/**
 * What an operator does before pointing a deployment at Base, done on an anvil chain: a funded deployer runs
 * `deploy:rewards`' function for a fresh operator key, which is funded too unless `fundOperator` is false.
 */
export const deployRewardOperator = async (
  rpcUrl: string,
  options: { fundOperator?: boolean } = {},
): Promise<{
  operatorPrivateKey: Hex;
  /** Owner of the factory. Lowercase. */
  operatorAddress: Address;
  deployed: DeployedRewardContracts;
  fund(privateKey: Hex): Promise<void>;
}> => {
  const { testClient } = localClients(rpcUrl);
  const fund = (privateKey: Hex) =>
    testClient.setBalance({ address: privateKeyToAccount(privateKey).address, value: parseEther("10") });
  const deployerPrivateKey = generatePrivateKey();
  const operatorPrivateKey = generatePrivateKey();
  await fund(deployerPrivateKey);
  if (options.fundOperator ?? true) await fund(operatorPrivateKey);
  const deployed = await deployRewardContracts({
    rpcUrl,
    deployerPrivateKey,
    owner: privateKeyToAccount(operatorPrivateKey).address,
  });
  return { operatorPrivateKey, operatorAddress: deployed.owner, deployed, fund };
};

/** anvil standing in for Base, with the operator unfunded until `fund`. */
export const startChainAsBase = async (): Promise<ChainAsBase> => {
  const logger = recordingLogger();
  const chain = await startLocalChain({ logger });
  const { operatorPrivateKey, deployed, fund } = await deployRewardOperator(chain.rpcUrl, {
    fundOperator: false,
  });
  const adapterOptions = {
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    operatorPrivateKey,
    factoryAddress: deployed.factoryAddress,
    implementationAddress: deployed.implementationAddress,
    logger,
    pollingIntervalMs: 50,
  };
  return { chain, logger, deployed, adapterOptions, fund };
};
