import { taskEscrowAbi, taskEscrowBytecode } from "@tally/contracts";
import { type Address, createTestClient, getContractAddress, type Hex, keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { rpcChain, rpcTransport } from "../chain/rpc.ts";
import type { ProviderLogger } from "../logger.ts";
import { TaskEscrowError, type TaskEscrowPort } from "./port.ts";
import { createViemTaskEscrow, type EscrowRole, lower, type TaskEscrowClients } from "./viem-task-escrow.ts";

/**
 * Public on purpose and only ever used on the local chain (like the local chain's mnemonic and
 * `LOCAL_REWARD_OPERATOR`): every process of a deployment signs as the same role holders, so all of them find
 * the same escrow. The operator also owns the escrow and deploys it; the oracle only signs Oracle callbacks.
 */
export const LOCAL_TASK_ESCROW_KEYS: Readonly<Record<EscrowRole | "oracle", Hex>> = {
  operator: keccak256(toHex("tally local task escrow operator")),
  attester: keccak256(toHex("tally local task escrow attester")),
  evaluator: keccak256(toHex("tally local task escrow evaluator")),
  oracle: keccak256(toHex("tally local task escrow oracle")),
};
/** Each role pays gas from anvil balance it tops up itself. */
const ROLE_FLOOR = 10n ** 19n;
const ROLE_BALANCE = 10n ** 20n;
const BOOTSTRAP_ATTEMPTS = 5;

export interface LocalTaskEscrowOptions {
  rpcUrl: string;
  chainId: number;
  /** The local chain's MockUSDC: the token the escrow holds. */
  usdcAddress: Address;
  logger: ProviderLogger;
}

/**
 * The task escrow on the local anvil. The operator's first transaction deploys it, so its address follows
 * from the operator alone (nonce 0): any process, or the same chain after a restart, finds it without a
 * registry.
 */
export const createLocalTaskEscrow = (options: LocalTaskEscrowOptions): TaskEscrowPort => {
  const operatorAddress = privateKeyToAccount(LOCAL_TASK_ESCROW_KEYS.operator).address;
  const escrowAddress = lower(getContractAddress({ from: operatorAddress, nonce: 0n }));
  const tokenAddress = lower(options.usdcAddress);
  const testClient = createTestClient({
    chain: rpcChain({ chainId: options.chainId, rpcUrl: options.rpcUrl, name: "local anvil (task escrow)" }),
    transport: rpcTransport(options.rpcUrl),
    mode: "anvil",
  });

  const fund = async ({ publicClient, accounts }: TaskEscrowClients, role: EscrowRole) => {
    const { address } = accounts[role];
    if ((await publicClient.getBalance({ address })) < ROLE_FLOOR)
      await testClient.setBalance({ address, value: ROLE_BALANCE });
  };

  /** Deploys the escrow at the operator's nonce 0; another process may do it at once (then ours fails). */
  const deployStep = async ({ publicClient, operatorWallet, accounts }: TaskEscrowClients) => {
    const nonce = await publicClient.getTransactionCount({ address: operatorAddress, blockTag: "pending" });
    if (nonce !== 0)
      throw new TaskEscrowError(
        "unavailable",
        "task escrow: the local operator key has sent other transactions; its escrow is not at nonce 0",
      );
    const hash = await operatorWallet.deployContract({
      abi: taskEscrowAbi,
      bytecode: taskEscrowBytecode,
      args: [
        tokenAddress,
        operatorAddress,
        accounts.attester.address,
        accounts.evaluator.address,
        operatorAddress,
      ],
      nonce,
    });
    await publicClient.waitForTransactionReceipt({ hash });
  };

  return createViemTaskEscrow({
    adapter: "local",
    rpcUrl: options.rpcUrl,
    chainId: options.chainId,
    chainName: "local anvil (task escrow)",
    privateKeys: {
      operator: LOCAL_TASK_ESCROW_KEYS.operator,
      attester: LOCAL_TASK_ESCROW_KEYS.attester,
      evaluator: LOCAL_TASK_ESCROW_KEYS.evaluator,
    },
    oracleAddress: privateKeyToAccount(LOCAL_TASK_ESCROW_KEYS.oracle).address,
    pollingIntervalMs: 50,
    receiptTimeoutMs: 30_000,
    logger: options.logger,
    beforeSend: fund,
    resolveContracts: async (clients) => {
      for (let attempt = 1; !(await clients.hasCode(escrowAddress)); attempt += 1) {
        try {
          await deployStep(clients);
        } catch (error) {
          if (attempt >= BOOTSTRAP_ATTEMPTS) throw error;
        }
      }
      const token = await clients.publicClient.readContract({
        address: escrowAddress,
        abi: taskEscrowAbi,
        functionName: "token",
      });
      if (lower(token) !== tokenAddress)
        throw new TaskEscrowError(
          "unavailable",
          `task escrow: the local escrow ${escrowAddress} holds ${lower(token)}, not the local chain's MockUSDC ${tokenAddress}`,
        );
      return { escrowAddress, tokenAddress };
    },
  });
};
