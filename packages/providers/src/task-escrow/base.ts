import { taskEscrowAbi } from "@tally/contracts";
import type { Address, Hex } from "viem";
import { BASE_CHAIN_ID } from "../chain/port.ts";
import { describeRpcError, isRpcUnreachable } from "../chain/rpc-errors.ts";
import type { ProviderLogger } from "../logger.ts";
import { TaskEscrowError, type TaskEscrowPort } from "./port.ts";
import {
  createViemTaskEscrow,
  ESCROW_ROLES,
  type EscrowRole,
  lower,
  type TaskEscrowClients,
} from "./viem-task-escrow.ts";

export interface BaseTaskEscrowOptions {
  /** `BASE_RPC_URL`: the only RPC this adapter calls. */
  rpcUrl: string;
  /** `TASK_ESCROW_ADDRESS`: the TaskEscrow an operator deployed with these role holders. */
  escrowAddress: Address;
  /** `TASK_OPERATOR_PRIVATE_KEY`, `TASK_ATTESTER_PRIVATE_KEY`, `TASK_EVALUATOR_PRIVATE_KEY`. Never logged. */
  operatorPrivateKey: Hex;
  attesterPrivateKey: Hex;
  evaluatorPrivateKey: Hex;
  /** `TASK_ORACLE_ADDRESS`: whose signatures Oracle callbacks must carry. */
  oracleAddress: Address;
  /** The token the escrow must hold: the chain's USDC. */
  usdcAddress: Address;
  logger: ProviderLogger;
  /** Default Base (8453). */
  chainId?: number;
  /** How often waits poll: default 2 s (Base's block time). */
  pollingIntervalMs?: number;
  /** How long a send waits to be mined before answering `unavailable` with its hash: default 2 minutes. */
  receiptTimeoutMs?: number;
}

const roleSettings: Record<EscrowRole, string> = {
  operator: "TASK_OPERATOR_PRIVATE_KEY",
  attester: "TASK_ATTESTER_PRIVATE_KEY",
  evaluator: "TASK_EVALUATOR_PRIVATE_KEY",
};

/**
 * The task escrow on Base: the configured contract, checked once on first use (it has code, holds USDC, and
 * its operator, attester and evaluator are the configured keys' addresses), the roles paying their own gas: a
 * role without funds answers `unavailable` and is logged, never topped up.
 */
export const createBaseTaskEscrow = (options: BaseTaskEscrowOptions): TaskEscrowPort => {
  const escrowAddress = lower(options.escrowAddress);
  const tokenAddress = lower(options.usdcAddress);
  const misconfigured = (problem: string) => {
    options.logger.warn({ adapter: "base", escrowAddress }, `task escrow misconfigured: ${problem}`);
    return new TaskEscrowError(
      "unavailable",
      `The task escrow is unavailable: the deployment's task escrow settings are misconfigured (${problem})`,
    );
  };

  const checkContracts = async ({ publicClient, accounts, hasCode }: TaskEscrowClients) => {
    if (!(await hasCode(escrowAddress)))
      throw misconfigured(`TASK_ESCROW_ADDRESS ${escrowAddress} has no code`);
    const read = (functionName: "token" | "operator" | "attester" | "evaluator") =>
      publicClient.readContract({ address: escrowAddress, abi: taskEscrowAbi, functionName });
    const [token, operator, attester, evaluator] = await Promise.all([
      read("token"),
      read("operator"),
      read("attester"),
      read("evaluator"),
    ]).catch((error: unknown) => {
      if (isRpcUnreachable(error)) throw error;
      throw misconfigured(
        `TASK_ESCROW_ADDRESS ${escrowAddress} is not a TaskEscrow (${describeRpcError(error)})`,
      );
    });
    if (lower(token) !== tokenAddress)
      throw misconfigured(`the escrow holds ${lower(token)}, not USDC ${tokenAddress}`);
    const holders = { operator, attester, evaluator };
    for (const role of ESCROW_ROLES) {
      const holder = lower(holders[role]);
      const configured = lower(accounts[role].address);
      if (holder !== configured)
        throw misconfigured(
          `the escrow's ${role} is ${holder}, not ${roleSettings[role]}'s address ${configured}`,
        );
    }
    return { escrowAddress, tokenAddress };
  };

  return createViemTaskEscrow({
    adapter: "base",
    rpcUrl: options.rpcUrl,
    chainId: options.chainId ?? BASE_CHAIN_ID,
    chainName: "Base (task escrow)",
    privateKeys: {
      operator: options.operatorPrivateKey,
      attester: options.attesterPrivateKey,
      evaluator: options.evaluatorPrivateKey,
    },
    oracleAddress: options.oracleAddress,
    pollingIntervalMs: options.pollingIntervalMs ?? 2_000,
    receiptTimeoutMs: options.receiptTimeoutMs ?? 120_000,
    logger: options.logger,
    resolveContracts: checkContracts,
  });
};
