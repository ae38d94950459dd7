import { randomBytes } from "node:crypto";
import {
  type Address,
  type Chain,
  type ContractFunctionParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  type LocalAccount,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
  type Transport,
  toHex,
} from "viem";
import { mockUsdcAbi, mockUsdcBytecode } from "../generated/mock-usdc.ts";
import { taskEscrowAbi, taskEscrowBytecode } from "../generated/task-escrow.ts";
import { resolutionTypedData, type TaskResolution, type TaskStatus, taskStatusOf } from "../task-escrow.ts";
import { confirmTransaction, type LocalAnvil, startLocalAnvil, type Wallet } from "./local-anvil.ts";

export interface TaskEscrowRoles {
  owner: Address;
  operator: Address;
  attester: Address;
  evaluator: Address;
}

export interface TaskEscrowAddresses {
  usdc: Address;
  escrow: Address;
}

/**
 * Deploys a MockUSDC (owned by `deployer`, who alone mints it) and a TaskEscrow holding it, with these role
 * holders. Works on any anvil: tests of other packages deploy into their own local chain with it. Addresses are
 * checksummed, as the contracts' reads return them.
 */
export const deployTaskEscrow = async (
  publicClient: PublicClient<Transport, Chain>,
  deployer: Wallet,
  roles: TaskEscrowRoles,
): Promise<TaskEscrowAddresses> => {
  const deployed = async (hash: Hex) =>
    getAddress((await confirmTransaction(publicClient, hash)).contractAddress!);
  const usdc = await deployed(
    await deployer.deployContract({
      abi: mockUsdcAbi,
      bytecode: mockUsdcBytecode,
      args: [deployer.account.address],
    }),
  );
  const escrow = await deployed(
    await deployer.deployContract({
      abi: taskEscrowAbi,
      bytecode: taskEscrowBytecode,
      args: [usdc, roles.operator, roles.attester, roles.evaluator, roles.owner],
    }),
  );
  return { usdc, escrow };
};

/** A state-changing TaskEscrow call: `{ functionName, args }`, typed by the ABI. */
export type EscrowCall = Omit<
  ContractFunctionParameters<typeof taskEscrowAbi, "nonpayable">,
  "abi" | "address"
>;

export interface EscrowTask {
  tenantId: Hex;
  amount: bigint;
  solver: Address;
  deadline: bigint;
  method: number;
  status: TaskStatus;
  submittedAt: bigint;
  rejectedAt: bigint;
  deliverable: Hex;
}

export interface EscrowTotals {
  pooled: bigint;
  escrowed: bigint;
  claimable: bigint;
}

/** One deployed escrow and the calls tests make on it. */
export interface TaskEscrowDriver extends TaskEscrowAddresses {
  /** Simulates first (a revert surfaces as the contract's decoded custom error), then mines and confirms. */
  send(wallet: Wallet, call: EscrowCall): Promise<TransactionReceipt>;
  getTask(taskId: Hex): Promise<EscrowTask>;
  poolBalance(tenantId: Hex): Promise<bigint>;
  claimable(solver: Address): Promise<bigint>;
  totals(): Promise<EscrowTotals>;
  usdcBalance(holder: Address): Promise<bigint>;
  /** Mints `amount` to the merchant, approves the escrow and deposits it into the tenant's pool. */
  deposit(merchant: Wallet, tenantId: Hex, amount: bigint): Promise<TransactionReceipt>;
  /** A verifier's EIP-712 signature over the resolution, for `resolveWithSignatures`. */
  signResolution(verifier: LocalAccount, resolution: TaskResolution): Promise<Hex>;
}

const escrowAndTokenAbi = [...taskEscrowAbi, ...mockUsdcAbi.filter((entry) => entry.type === "error")];

export const taskEscrowDriver = (
  anvil: Pick<LocalAnvil, "publicClient" | "confirm">,
  minter: Wallet,
  { usdc, escrow }: TaskEscrowAddresses,
): TaskEscrowDriver => {
  const { publicClient, confirm } = anvil;
  const contract = { address: escrow, abi: taskEscrowAbi } as const;
  const total = (functionName: "totalPooled" | "totalEscrowed" | "totalClaimable") =>
    publicClient.readContract({ ...contract, functionName });
  const send = async (wallet: Wallet, call: EscrowCall) => {
    // The token's errors too: a failed transferFrom reverts with MockUSDC's custom error.
    await publicClient.simulateContract({
      ...contract,
      abi: escrowAndTokenAbi,
      account: wallet.account,
      ...call,
    });
    return confirm(
      await wallet.sendTransaction({ to: escrow, data: encodeFunctionData({ abi: taskEscrowAbi, ...call }) }),
    );
  };
  const sendUsdc = async (
    wallet: Wallet,
    functionName: "mint" | "approve",
    args: readonly [Address, bigint],
  ) => confirm(await wallet.writeContract({ address: usdc, abi: mockUsdcAbi, functionName, args }));

  return {
    usdc,
    escrow,
    send,
    getTask: async (taskId) => {
      const task = await publicClient.readContract({ ...contract, functionName: "getTask", args: [taskId] });
      return {
        ...task,
        deadline: BigInt(task.deadline),
        status: taskStatusOf(task.status),
        submittedAt: BigInt(task.submittedAt),
        rejectedAt: BigInt(task.rejectedAt),
      };
    },
    poolBalance: (tenantId) =>
      publicClient.readContract({ ...contract, functionName: "poolBalance", args: [tenantId] }),
    claimable: (solver) =>
      publicClient.readContract({ ...contract, functionName: "claimable", args: [solver] }),
    totals: async () => {
      const [pooled, escrowed, claimable] = await Promise.all([
        total("totalPooled"),
        total("totalEscrowed"),
        total("totalClaimable"),
      ]);
      return { pooled, escrowed, claimable };
    },
    usdcBalance: (holder) =>
      publicClient.readContract({
        address: usdc,
        abi: mockUsdcAbi,
        functionName: "balanceOf",
        args: [holder],
      }),
    deposit: async (merchant, tenantId, amount) => {
      await sendUsdc(minter, "mint", [merchant.account.address, amount]);
      await sendUsdc(merchant, "approve", [escrow, amount]);
      return send(merchant, { functionName: "deposit", args: [tenantId, amount] });
    },
    signResolution: async (verifier, resolution) =>
      verifier.signTypedData(resolutionTypedData(escrow, await publicClient.getChainId(), resolution)),
  };
};

export interface TaskEscrowChain extends LocalAnvil {
  /** Deploys, and mints MockUSDC. */
  deployer: Wallet;
  owner: Wallet;
  operator: Wallet;
  attester: Wallet;
  evaluator: Wallet;
  /** A fresh MockUSDC and TaskEscrow with the role holders above: every test starts from empty pools. */
  deploy(): Promise<TaskEscrowDriver>;
}

/** An anvil with funded wallets for every TaskEscrow role. */
export const startTaskEscrowChain = async (): Promise<TaskEscrowChain> => {
  const anvil = await startLocalAnvil();
  try {
    const [deployer, owner, operator, attester, evaluator] = await Promise.all(
      Array.from({ length: 5 }, () => anvil.newWallet()),
    );
    const roles = {
      deployer: deployer!,
      owner: owner!,
      operator: operator!,
      attester: attester!,
      evaluator: evaluator!,
    };
    const deploy = async () =>
      taskEscrowDriver(
        anvil,
        roles.deployer,
        await deployTaskEscrow(anvil.publicClient, roles.deployer, {
          owner: roles.owner.account.address,
          operator: roles.operator.account.address,
          attester: roles.attester.account.address,
          evaluator: roles.evaluator.account.address,
        }),
      );
    return { ...anvil, ...roles, deploy };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
};

/** A random bytes32: a task or tenant id no other test uses. */
export const randomId = (): Hex => toHex(randomBytes(32));

/** One USDC in atomic units (6 decimals). */
export const USDC = 1_000_000n;

/** The escrow's events in a receipt, as `{ eventName, args }` for exact comparison. */
export const escrowEventsOf = (receipt: TransactionReceipt) =>
  parseEventLogs({ abi: taskEscrowAbi, logs: receipt.logs }).map(({ eventName, args }) => ({
    eventName,
    args,
  }));
