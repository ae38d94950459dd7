import { tallyRewardFactoryAbi } from "@tally/contracts";
import { AppError } from "@tally/core";
import type { Address, Hex } from "viem";
import { BASE_CHAIN_ID } from "../chain/port.ts";
import { describeRpcError, isRpcUnreachable } from "../chain/rpc-errors.ts";
import type { ProviderLogger } from "../logger.ts";
import type { RewardChainPort } from "./port.ts";
import { createViemRewardChain, lower, type RewardOperator } from "./viem-reward-chain.ts";

export interface BaseRewardChainOptions {
  /** `BASE_RPC_URL`: the only RPC this adapter calls. */
  rpcUrl: string;
  /** `REWARD_OPERATOR_PRIVATE_KEY`: owner of the factory, admin and minter of every clone. Never logged. */
  operatorPrivateKey: Hex;
  /** `REWARD_FACTORY_ADDRESS` and `REWARD_IMPLEMENTATION_ADDRESS`, deployed once by `deploy:rewards`. */
  factoryAddress: Address;
  implementationAddress: Address;
  logger: ProviderLogger;
  /** Default Base (8453). */
  chainId?: number;
  /** How often waits poll: default 2 s (Base's block time). */
  pollingIntervalMs?: number;
}

/**
 * The reward chain on Base: the configured factory and implementation, checked once on first use (the
 * factory has code, clones that implementation and is owned by the operator), and the operator paying its own
 * gas: an operator without funds answers 503 and is logged, never topped up.
 */
export const createBaseRewardChain = (options: BaseRewardChainOptions): RewardChainPort => {
  const configured = {
    implementationAddress: lower(options.implementationAddress),
    factoryAddress: lower(options.factoryAddress),
  };
  const misconfigured = (problem: string) => {
    options.logger.warn({ adapter: "base", ...configured }, `reward chain misconfigured: ${problem}`);
    return new AppError(
      "service_unavailable",
      "The reward chain is unavailable: the deployment's reward contracts are misconfigured",
    );
  };

  const checkContracts = async ({ account, publicClient, hasCode }: RewardOperator) => {
    const { factoryAddress, implementationAddress } = configured;
    if (!(await hasCode(factoryAddress)))
      throw misconfigured(`REWARD_FACTORY_ADDRESS ${factoryAddress} has no code`);
    const read = <F extends "implementation" | "owner">(functionName: F) =>
      publicClient.readContract({ address: factoryAddress, abi: tallyRewardFactoryAbi, functionName });
    const [implementation, owner] = await Promise.all([read("implementation"), read("owner")]).catch(
      (error: unknown) => {
        if (isRpcUnreachable(error)) throw error;
        throw misconfigured(
          `REWARD_FACTORY_ADDRESS ${factoryAddress} is not a TallyRewardFactory (${describeRpcError(error)})`,
        );
      },
    );
    if (lower(implementation) !== implementationAddress)
      throw misconfigured(
        `the factory clones ${lower(implementation)}, not REWARD_IMPLEMENTATION_ADDRESS ${implementationAddress}`,
      );
    if (lower(owner) !== lower(account.address))
      throw misconfigured(
        `the factory is owned by ${lower(owner)}, not by the operator key's address ${lower(account.address)}`,
      );
    return configured;
  };

  return createViemRewardChain({
    adapter: "base",
    rpcUrl: options.rpcUrl,
    chainId: options.chainId ?? BASE_CHAIN_ID,
    chainName: "Base (rewards)",
    operatorPrivateKey: options.operatorPrivateKey,
    pollingIntervalMs: options.pollingIntervalMs ?? 2_000,
    logger: options.logger,
    resolveContracts: checkContracts,
  });
};
