import type { TaskMethod, TaskStatus } from "@tally/contracts";
import type { Address, Hex } from "viem";

/** The escrow and the service's keys on it (lowercase). */
export interface TaskEscrowContracts {
  escrowAddress: Address;
  /** The token the escrow holds (USDC). */
  tokenAddress: Address;
  /** Sends every operator call: registerPool, setVerifiers, withdrawPool, createTask, cancelTask, submit. */
  operatorAddress: Address;
  /** Resolves Oracle tasks once the oracle's signed callback is verified. */
  attesterAddress: Address;
  /** Resolves AIEval tasks with the llm port's verdict (or an admin's). */
  evaluatorAddress: Address;
  /** Signs the Oracle callbacks `POST /webhooks/task-verify/{taskId}` carries (the service verifies them). */
  oracleAddress: Address;
}

/** A task as the escrow holds it (`getTask`). `status` None = never created. */
export interface OnChainTask {
  status: TaskStatus;
  tenantId: Hex;
  amount: bigint;
  /** Unix seconds. */
  deadline: bigint;
  method: TaskMethod;
  solver: Address | null;
  deliverable: Hex | null;
  submittedAt: bigint;
}

/** One `PoolDeposited` log of the escrow in a mined transaction. */
export interface PoolDeposit {
  tenantId: Hex;
  from: Address;
  amount: bigint;
  logIndex: number;
}

/** What a deposit transaction hash shows, with the confirmations the caller checks. */
export type DepositTransaction =
  | { status: "not_found" }
  | { status: "pending" }
  | { status: "reverted"; blockNumber: bigint; confirmations: number }
  | { status: "success"; blockNumber: bigint; confirmations: number; from: Address; deposits: PoolDeposit[] };

/** A mined write of the service's: its hash and block. */
export interface EscrowWrite {
  txHash: Hex;
  blockNumber: bigint;
}

export type TaskEscrowErrorReason =
  /** The RPC failed or timed out; `txHash` is set when a signed send may still be on its way. */
  | "unavailable"
  /** The contract refused: `revert` names its custom error (e.g. TaskNotOpen, InsufficientPool) with its args. */
  | "reverted"
  /** No escrow on this deployment (Base without the task-escrow settings). */
  | "not_configured";

export class TaskEscrowError extends Error {
  override readonly name = "TaskEscrowError";
  readonly reason: TaskEscrowErrorReason;
  readonly revert: { error: string; args: readonly unknown[] } | undefined;
  readonly txHash: Hex | undefined;

  constructor(
    reason: TaskEscrowErrorReason,
    message: string,
    options?: ErrorOptions & { revert?: { error: string; args: readonly unknown[] }; txHash?: Hex },
  ) {
    super(message, options);
    this.reason = reason;
    this.revert = options?.revert;
    this.txHash = options?.txHash;
  }
}

/**
 * The multi-tenant USDC task escrow (`packages/contracts/contracts/TaskEscrow.sol`) on the payments chain
 * (ARCHITECTURE §6): the local anvil's, deployed on first use, or Base's, configured. Every write is sent by
 * the key its role needs, serialized per key in this process, and resolves once mined; a revert rejects with
 * `TaskEscrowError("reverted")` naming the contract's error, so a caller that raced (TaskExists, TaskNotOpen)
 * reads `getTask` and reconciles. Nothing here touches the database: callers claim, call, record.
 */
export interface TaskEscrowPort {
  readonly adapter: "local" | "base" | "unavailable";
  readonly chainId: number;
  contracts(): Promise<TaskEscrowContracts>;

  /**
   * Registers the tenant's pool; a pool already registered resolves with `null` (idempotent). Two processes
   * racing may both resolve with the same write: they signed identical bytes, one transaction.
   */
  registerPool(tenantId: Hex): Promise<EscrowWrite | null>;
  isPoolRegistered(tenantId: Hex): Promise<boolean>;
  /** The pool's unescrowed balance (atomic USDC). */
  poolBalance(tenantId: Hex): Promise<bigint>;
  setVerifiers(tenantId: Hex, verifiers: Address[], threshold: number): Promise<EscrowWrite>;
  verifiersOf(tenantId: Hex): Promise<{ verifiers: Address[]; threshold: number }>;
  /** Reads a deposit transaction's `PoolDeposited` logs emitted by the escrow itself (other emitters ignored). */
  depositOf(txHash: Hex): Promise<DepositTransaction>;
  /** Pays `amount` of the pool's unescrowed balance to `to` (InsufficientPool when short). */
  withdrawPool(tenantId: Hex, to: Address, amount: bigint): Promise<EscrowWrite>;

  createTask(input: {
    taskId: Hex;
    tenantId: Hex;
    amount: bigint;
    /** Unix seconds, after the chain's latest block time. */
    deadline: bigint;
    method: TaskMethod;
  }): Promise<EscrowWrite>;
  cancelTask(taskId: Hex): Promise<EscrowWrite>;
  submit(taskId: Hex, solver: Address, deliverable: Hex): Promise<EscrowWrite>;
  /** Oracle tasks as the attester, AIEval tasks as the evaluator: the port picks the key from the task's method. */
  resolve(taskId: Hex, approved: boolean): Promise<EscrowWrite>;
  /** Consensus tasks: the verifiers' EIP-712 `Resolution` signatures (`resolutionTypedData`). */
  resolveWithSignatures(
    taskId: Hex,
    approved: boolean,
    timestamp: bigint,
    signatures: Hex[],
  ): Promise<EscrowWrite>;
  /** Anyone may expire; the operator sends it. TaskNotExpirable before the deadline (or deadline + grace). */
  expire(taskId: Hex): Promise<EscrowWrite>;
  getTask(taskId: Hex): Promise<OnChainTask>;
  /** A solver's settled, unwithdrawn payouts (atomic USDC). */
  claimable(solver: Address): Promise<bigint>;
  /** The latest block's timestamp (Unix seconds): deadlines are checked against it on chain. */
  chainTime(): Promise<bigint>;
}
