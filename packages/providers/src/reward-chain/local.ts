import {
  tallyRewardAbi,
  tallyRewardBytecode,
  tallyRewardFactoryAbi,
  tallyRewardFactoryBytecode,
} from "@tally/contracts";
import { createTestClient, getContractAddress, type Hex, keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { rpcChain, rpcTransport } from "../chain/rpc.ts";
import type { ProviderLogger } from "../logger.ts";
import type { RewardChainPort, RewardContracts } from "./port.ts";
import { createViemRewardChain, lower, type RewardOperator } from "./viem-reward-chain.ts";

/**
 * Public on purpose and only ever used on the local chain (like the local chain's mnemonic): every process
 * of a deployment signs as the same operator, so all of them find the same factory and own it.
 */
export const LOCAL_REWARD_OPERATOR: Hex = keccak256(toHex("tally local reward operator"));
/** The operator pays gas from anvil balance it tops up itself. */
const OPERATOR_FLOOR = 10n ** 19n;
const OPERATOR_BALANCE = 10n ** 20n;
const BOOTSTRAP_ATTEMPTS = 5;

export interface LocalRewardChainOptions {
  rpcUrl: string;
  chainId: number;
  logger: ProviderLogger;
}

/**
 * The reward chain on the local anvil. The operator's first two transactions deploy the implementation and
 * the factory, so their addresses follow from the operator alone (nonces 0 and 1): any process, or the same
 * chain after a restart, finds them without a registry.
 */
export const createLocalRewardChain = (options: LocalRewardChainOptions): RewardChainPort => {
  const operatorAddress = privateKeyToAccount(LOCAL_REWARD_OPERATOR).address;
  const contracts: RewardContracts = {
    implementationAddress: lower(getContractAddress({ from: operatorAddress, nonce: 0n })),
    factoryAddress: lower(getContractAddress({ from: operatorAddress, nonce: 1n })),
  };
  const testClient = createTestClient({
    chain: rpcChain({ chainId: options.chainId, rpcUrl: options.rpcUrl, name: "local anvil (rewards)" }),
    transport: rpcTransport(options.rpcUrl),
    mode: "anvil",
  });

  const fundOperator = async ({ publicClient }: RewardOperator) => {
    const balance = await publicClient.getBalance({ address: operatorAddress });
    if (balance < OPERATOR_FLOOR)
      await testClient.setBalance({ address: operatorAddress, value: OPERATOR_BALANCE });
  };

  /** One step towards both contracts; another process may take the same step at once (then ours fails). */
  const bootstrapStep = async ({ publicClient, wallet, confirm }: RewardOperator) => {
    const nonce = await publicClient.getTransactionCount({ address: operatorAddress, blockTag: "pending" });
    if (nonce === 0) {
      await confirm(
        await wallet.deployContract({ abi: tallyRewardAbi, bytecode: tallyRewardBytecode, nonce }),
      );
    } else if (nonce === 1) {
      await confirm(
        await wallet.deployContract({
          abi: tallyRewardFactoryAbi,
          bytecode: tallyRewardFactoryBytecode,
          args: [contracts.implementationAddress, operatorAddress],
          nonce,
        }),
      );
    } else {
      throw new Error(
        "reward chain: the operator key has sent other transactions; its factory is not at nonce 1",
      );
    }
  };

  return createViemRewardChain({
    adapter: "local",
    rpcUrl: options.rpcUrl,
    chainId: options.chainId,
    chainName: "local anvil (rewards)",
    operatorPrivateKey: LOCAL_REWARD_OPERATOR,
    pollingIntervalMs: 50,
    logger: options.logger,
    beforeSend: fundOperator,
    resolveContracts: async (operator) => {
      for (let attempt = 1; !(await operator.hasCode(contracts.factoryAddress)); attempt += 1) {
        try {
          await bootstrapStep(operator);
        } catch (error) {
          if (attempt >= BOOTSTRAP_ATTEMPTS) throw error;
        }
      }
      return contracts;
    },
  });
};
