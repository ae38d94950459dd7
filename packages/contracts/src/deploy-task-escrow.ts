import type { Address, Hex } from "viem";
import { deployerOn } from "./deployer.ts";
import { taskEscrowAbi, taskEscrowBytecode } from "./generated/task-escrow.ts";

export interface DeployTaskEscrowOptions {
  /** The chain's JSON-RPC endpoint (its chain id is read from it). */
  rpcUrl: string;
  /** Pays for the deployment. Never printed. */
  deployerPrivateKey: Hex;
  /** The USDC the escrow holds (on Base: Circle's USDC). */
  tokenAddress: Address;
  /** The service's keys: TASK_OPERATOR_PRIVATE_KEY's, TASK_ATTESTER_PRIVATE_KEY's, TASK_EVALUATOR_PRIVATE_KEY's. */
  operator: Address;
  attester: Address;
  evaluator: Address;
  /** Rotates the three role holders (Ownable2Step). Default: the deployer. */
  owner?: Address;
}

export interface DeployedTaskEscrow {
  chainId: number;
  escrowAddress: Address;
  owner: Address;
}

/**
 * Deploys the multi-tenant TaskEscrow once per chain, holding `tokenAddress`, with the service's three role
 * holders: done by an operator, whose address then goes to `TASK_ESCROW_ADDRESS`. Addresses are lowercase.
 */
export const deployTaskEscrowContract = async (
  options: DeployTaskEscrowOptions,
): Promise<DeployedTaskEscrow> => {
  const { chainId, address, wallet, deployed } = await deployerOn(options.rpcUrl, options.deployerPrivateKey);
  const owner = (options.owner ?? address).toLowerCase() as Address;
  const escrowAddress = await deployed(
    await wallet.deployContract({
      abi: taskEscrowAbi,
      bytecode: taskEscrowBytecode,
      args: [options.tokenAddress, options.operator, options.attester, options.evaluator, owner],
    }),
  );
  return { chainId, escrowAddress, owner };
};
