import {
  mockUsdcAbi,
  TASK_METHODS,
  type TaskMethod,
  taskEscrowAbi,
  taskMethodCode,
  taskStatusOf,
} from "@tally/contracts";
import {
  type Address,
  BaseError,
  type Chain,
  type ContractFunctionParameters,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  keccak256,
  type Log,
  NonceTooLowError,
  type PrivateKeyAccount,
  type PublicClient,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { KeyedSerializer } from "../chain/keyed-serializer.ts";
import { rpcChain, rpcTransport } from "../chain/rpc.ts";
import { describeRpcError, isInsufficientFunds } from "../chain/rpc-errors.ts";
import type { ProviderLogger } from "../logger.ts";
import {
  type DepositTransaction,
  type EscrowWrite,
  type OnChainTask,
  type TaskEscrowContracts,
  TaskEscrowError,
  type TaskEscrowPort,
} from "./port.ts";

/** Sends another process of the deployment took the nonce of: each retry reads the next one. */
const NONCE_ATTEMPTS = 10;
/** Between those retries a random pause up to this many ms times the attempt, so two busy processes interleave. */
const NONCE_BACKOFF_MS = 50;
/** Estimates are exact for the state they ran on; a margin covers a verifier set or pool changed meanwhile. */
const GAS_MARGIN_PERCENT = 20n;
const ZERO_ADDRESS = `0x${"00".repeat(20)}`;
const ZERO_BYTES32 = `0x${"00".repeat(32)}`;

/** The service's three signing roles on the escrow; the oracle only signs off chain. */
export type EscrowRole = "operator" | "attester" | "evaluator";
export const ESCROW_ROLES: readonly EscrowRole[] = ["operator", "attester", "evaluator"];

export const lower = (address: Address): Address => address.toLowerCase() as Address;

/** A revert names the escrow's own errors, and a token's when SafeERC20 passes one on. */
const decodingAbi = [...taskEscrowAbi, ...mockUsdcAbi.filter((entry) => entry.type === "error")];

/** A state-changing TaskEscrow call: `{ functionName, args }`, typed by the ABI. */
type EscrowCall = Omit<ContractFunctionParameters<typeof taskEscrowAbi, "nonpayable">, "abi" | "address">;

/** The clients an adapter's hooks get (the local bootstrap deploys, Base checks the roles). */
export interface TaskEscrowClients {
  publicClient: PublicClient<Transport, Chain>;
  accounts: Record<EscrowRole, PrivateKeyAccount>;
  /** The operator's wallet: it deploys the local escrow. */
  operatorWallet: WalletClient<Transport, Chain, PrivateKeyAccount>;
  hasCode(address: Address): Promise<boolean>;
}

export interface ViemTaskEscrowOptions {
  adapter: "local" | "base";
  rpcUrl: string;
  chainId: number;
  chainName: string;
  /** The role holders' keys. Never logged. */
  privateKeys: Record<EscrowRole, Hex>;
  /** Signs Oracle callbacks off chain; the service only verifies its signatures. */
  oracleAddress: Address;
  /** How often receipt waits poll. */
  pollingIntervalMs: number;
  /** How long a send waits to be mined before it answers `unavailable` with its hash. */
  receiptTimeoutMs: number;
  logger: ProviderLogger;
  /**
   * The escrow and its token: found or deployed once, in the operator's send queue; a rejection is retried on
   * the next use.
   */
  resolveContracts(clients: TaskEscrowClients): Promise<{ escrowAddress: Address; tokenAddress: Address }>;
  /** Runs before each send of a role, in its queue (the local chain tops the role's balance up here). */
  beforeSend?(clients: TaskEscrowClients, role: EscrowRole): Promise<void>;
}

/** Another process signing with the key used the nonce this send was given (or has one in flight). */
const isNonceTaken = (error: unknown): boolean =>
  error instanceof BaseError &&
  (error.walk((cause) => cause instanceof NonceTooLowError) !== null ||
    /nonce too low|replacement transaction underpriced|already known|already imported|known transaction/i.test(
      error.message,
    ));

/** The contract's custom error (or a reason string as `Error(reason)`), when the failure is a revert. */
const revertOf = (error: unknown): { error: string; args: readonly unknown[] } | undefined => {
  const reverted =
    error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : null;
  if (!(reverted instanceof ContractFunctionRevertedError)) return undefined;
  if (reverted.data) return { error: reverted.data.errorName, args: reverted.data.args ?? [] };
  if (reverted.reason) return { error: "Error", args: [reverted.reason] };
  return { error: "unknown", args: [] };
};

const describeRevert = ({ error, args }: { error: string; args: readonly unknown[] }) =>
  `${error}(${args.map(String).join(", ")})`;

/** Reads: any failure is the RPC's (the escrow's views do not revert). */
const read = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof TaskEscrowError) throw error;
    throw new TaskEscrowError("unavailable", `task escrow RPC failed: ${describeRpcError(error)}`, {
      cause: error,
    });
  }
};

const rethrowUnless =
  (notFound: new (...args: never[]) => Error) =>
  (error: unknown): undefined => {
    if (error instanceof notFound) return undefined;
    throw error;
  };

/**
 * The task escrow over viem, shared by the local (anvil) and Base adapters: they differ only in where the
 * escrow comes from and in who pays the roles' gas. Every write is estimated first (a revert rejects with the
 * contract's decoded error before anything is signed), signed here (so its hash is known before the node is
 * asked), broadcast and waited for, one at a time per role in this process.
 */
export const createViemTaskEscrow = (options: ViemTaskEscrowOptions): TaskEscrowPort => {
  const chain = rpcChain({ chainId: options.chainId, rpcUrl: options.rpcUrl, name: options.chainName });
  const clientOptions = {
    chain,
    transport: rpcTransport(options.rpcUrl),
    cacheTime: 0,
    pollingInterval: options.pollingIntervalMs,
  };
  const publicClient = createPublicClient(clientOptions);
  // No transport retry of a broadcast: a retried send whose first answer was lost reads "nonce too low" or
  // "already known", which would look like another process's send (the loop below checks the hash instead).
  const broadcaster = createWalletClient({
    ...clientOptions,
    transport: rpcTransport(options.rpcUrl, 10_000, 0),
  });
  const accounts = {
    operator: privateKeyToAccount(options.privateKeys.operator),
    attester: privateKeyToAccount(options.privateKeys.attester),
    evaluator: privateKeyToAccount(options.privateKeys.evaluator),
  };
  const clients: TaskEscrowClients = {
    publicClient,
    accounts,
    operatorWallet: createWalletClient({ ...clientOptions, account: accounts.operator }),
    hasCode: async (address) => ((await publicClient.getCode({ address })) ?? "0x") !== "0x",
  };
  const sends = new KeyedSerializer();
  /** Next nonce per role after our own mined sends, for RPCs whose pending count lags behind. */
  const nextNonces = new Map<EscrowRole, number>();

  /** A role that cannot pay for gas is the deployment's problem: logged with its address, never its key. */
  const unpaid = (role: EscrowRole, error: unknown): TaskEscrowError => {
    options.logger.warn(
      {
        adapter: options.adapter,
        role,
        address: lower(accounts[role].address),
        chainId: options.chainId,
        error: describeRpcError(error),
      },
      `the task escrow's ${role} cannot pay for gas: fund its address`,
    );
    return new TaskEscrowError("unavailable", `the task escrow's ${role} cannot pay for gas`, {
      cause: error,
    });
  };

  let ready: Promise<TaskEscrowContracts> | undefined;
  const contracts = (): Promise<TaskEscrowContracts> => {
    ready ??= sends
      .run("operator", async () => {
        await options.beforeSend?.(clients, "operator");
        return options.resolveContracts(clients);
      })
      .then(
        (found): TaskEscrowContracts => ({
          escrowAddress: lower(found.escrowAddress),
          tokenAddress: lower(found.tokenAddress),
          operatorAddress: lower(accounts.operator.address),
          attesterAddress: lower(accounts.attester.address),
          evaluatorAddress: lower(accounts.evaluator.address),
          oracleAddress: lower(options.oracleAddress),
        }),
        (error: unknown) => {
          ready = undefined;
          if (error instanceof TaskEscrowError) throw error;
          if (isInsufficientFunds(error)) throw unpaid("operator", error);
          throw new TaskEscrowError(
            "unavailable",
            `the task escrow is unavailable: ${describeRpcError(error)}`,
            { cause: error },
          );
        },
      );
    return ready;
  };
  const escrow = async () => (await contracts()).escrowAddress;

  /** The escrow's address and ABI for a read (resolving the escrow first). */
  const escrowContract = async () => ({ address: await escrow(), abi: taskEscrowAbi }) as const;

  /** Why a mined transaction reverted: the same call replayed on the state of its block. */
  const onChainRevert = async (
    role: EscrowRole,
    address: Address,
    call: EscrowCall,
    blockNumber: bigint,
  ): Promise<{ error: string; args: readonly unknown[] }> => {
    try {
      await publicClient.simulateContract({
        account: accounts[role],
        address,
        abi: decodingAbi,
        ...call,
        blockNumber,
      } as Parameters<typeof publicClient.simulateContract>[0]);
    } catch (error) {
      const revert = revertOf(error);
      if (revert) return revert;
    }
    return { error: "unknown", args: [] };
  };

  /**
   * The call estimated (a revert rejects here, decoded) and signed at the role's next nonce; a role that cannot
   * pay for its gas is refused before signing.
   */
  const sign = async (role: EscrowRole, address: Address, call: EscrowCall) => {
    const account = accounts[role];
    const [estimate, fees, pendingNonce, balance] = await Promise.all([
      publicClient.estimateContractGas({
        account,
        address,
        abi: decodingAbi,
        ...call,
      } as Parameters<typeof publicClient.estimateContractGas>[0]),
      publicClient.estimateFeesPerGas(),
      publicClient.getTransactionCount({ address: account.address, blockTag: "pending" }),
      publicClient.getBalance({ address: account.address }),
    ]);
    const gas = estimate + (estimate * GAS_MARGIN_PERCENT) / 100n;
    if (balance < gas * fees.maxFeePerGas)
      throw unpaid(role, new Error(`balance ${balance} wei is below the send's maximum gas cost`));
    const nonce = Math.max(pendingNonce, nextNonces.get(role) ?? 0);
    const signed = await account.signTransaction({
      type: "eip1559",
      chainId: options.chainId,
      to: address,
      data: encodeFunctionData({ abi: taskEscrowAbi, ...call } as Parameters<typeof encodeFunctionData>[0]),
      gas,
      nonce,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    return { signed, nonce };
  };

  /** Signs, broadcasts and waits for one role's call, one at a time per role in this process. */
  const sendCall = async (role: EscrowRole, call: EscrowCall): Promise<EscrowWrite & { logs: Log[] }> => {
    const address = await escrow();
    return sends.run(role, async () => {
      let txHash: Hex | undefined;
      try {
        await options.beforeSend?.(clients, role);
        for (let attempt = 1; ; attempt += 1) {
          txHash = undefined;
          const { signed, nonce } = await sign(role, address, call);
          const hash = keccak256(signed);
          txHash = hash;
          try {
            await broadcaster.sendRawTransaction({ serializedTransaction: signed });
            nextNonces.set(role, nonce + 1);
          } catch (error) {
            if (!isNonceTaken(error)) throw error;
            // Our own transaction (the node already has this hash) is waited for, never signed again.
            const ours = await publicClient
              .getTransaction({ hash })
              .catch(rethrowUnless(TransactionNotFoundError));
            if (!ours) {
              if (attempt >= NONCE_ATTEMPTS) throw error;
              await new Promise((resolve) => setTimeout(resolve, Math.random() * NONCE_BACKOFF_MS * attempt));
              continue;
            }
          }
          const receipt = await publicClient.waitForTransactionReceipt({
            hash,
            timeout: options.receiptTimeoutMs,
          });
          if (receipt.status === "reverted") {
            const revert = await onChainRevert(role, address, call, receipt.blockNumber);
            throw new TaskEscrowError("reverted", `task escrow: ${describeRevert(revert)}`, {
              revert,
              txHash: hash,
            });
          }
          return { txHash: hash, blockNumber: receipt.blockNumber, logs: receipt.logs };
        }
      } catch (error) {
        if (error instanceof TaskEscrowError) throw error;
        const revert = revertOf(error);
        if (revert)
          throw new TaskEscrowError("reverted", `task escrow: ${describeRevert(revert)}`, {
            cause: error,
            revert,
          });
        if (isInsufficientFunds(error)) throw unpaid(role, error);
        throw new TaskEscrowError("unavailable", `task escrow RPC failed: ${describeRpcError(error)}`, {
          cause: error,
          ...(txHash ? { txHash } : {}),
        });
      }
    });
  };

  const getTask = async (taskId: Hex): Promise<OnChainTask> => {
    const contract = await escrowContract();
    const task = await read(() =>
      publicClient.readContract({ ...contract, functionName: "getTask", args: [taskId] }),
    );
    const method = TASK_METHODS[task.method];
    if (method === undefined) throw new Error(`task escrow: unknown method code ${task.method}`);
    return {
      status: taskStatusOf(task.status),
      tenantId: task.tenantId,
      amount: task.amount,
      deadline: BigInt(task.deadline),
      method,
      solver: task.solver === ZERO_ADDRESS ? null : lower(task.solver),
      deliverable: task.deliverable === ZERO_BYTES32 ? null : task.deliverable,
      submittedAt: BigInt(task.submittedAt),
    };
  };

  /** A mined write: its hash and block. */
  const send = async (role: EscrowRole, call: EscrowCall): Promise<EscrowWrite> => {
    const { txHash, blockNumber } = await sendCall(role, call);
    return { txHash, blockNumber };
  };

  const isPoolRegistered = async (tenantId: Hex): Promise<boolean> => {
    const contract = await escrowContract();
    return read(() =>
      publicClient.readContract({ ...contract, functionName: "poolRegistered", args: [tenantId] }),
    );
  };

  const resolverOf = (method: TaskMethod): EscrowRole => (method === "AIEval" ? "evaluator" : "attester");

  return {
    adapter: options.adapter,
    chainId: options.chainId,
    contracts,
    registerPool: async (tenantId) => {
      // Idempotent on chain too (a registered pool emits nothing); checked first so no gas is spent on it.
      if (await isPoolRegistered(tenantId)) return null;
      const { logs, ...write } = await sendCall("operator", {
        functionName: "registerPool",
        args: [tenantId],
      });
      // Another process registered it first: our call was mined as the contract's no-op.
      const registered = parseEventLogs({ abi: taskEscrowAbi, eventName: "PoolRegistered", logs });
      return registered.length > 0 ? write : null;
    },
    isPoolRegistered,
    poolBalance: async (tenantId) => {
      const contract = await escrowContract();
      return read(() =>
        publicClient.readContract({ ...contract, functionName: "poolBalance", args: [tenantId] }),
      );
    },
    setVerifiers: (tenantId, verifiers, threshold) =>
      send("operator", { functionName: "setVerifiers", args: [tenantId, verifiers, threshold] }),
    verifiersOf: async (tenantId) => {
      const contract = await escrowContract();
      const [verifiers, threshold] = await read(() =>
        publicClient.readContract({ ...contract, functionName: "verifiersOf", args: [tenantId] }),
      );
      return { verifiers: verifiers.map(lower), threshold };
    },
    depositOf: async (txHash) => {
      const address = await escrow();
      return read(async (): Promise<DepositTransaction> => {
        const receipt = await publicClient
          .getTransactionReceipt({ hash: txHash })
          .catch(rethrowUnless(TransactionReceiptNotFoundError));
        if (!receipt) {
          const known = await publicClient
            .getTransaction({ hash: txHash })
            .catch(rethrowUnless(TransactionNotFoundError));
          return known ? { status: "pending" } : { status: "not_found" };
        }
        const head = await publicClient.getBlockNumber({ cacheTime: 0 });
        const mined = {
          blockNumber: receipt.blockNumber,
          confirmations: Number(head - receipt.blockNumber + 1n),
        };
        if (receipt.status === "reverted") return { status: "reverted", ...mined };
        const ours = receipt.logs.filter((log) => lower(log.address) === address);
        return {
          status: "success",
          ...mined,
          from: lower(receipt.from),
          deposits: parseEventLogs({
            abi: taskEscrowAbi,
            eventName: "PoolDeposited",
            logs: ours,
            strict: true,
          }).map((log) => ({
            tenantId: log.args.tenantId,
            from: lower(log.args.from),
            amount: log.args.amount,
            logIndex: log.logIndex,
          })),
        };
      });
    },
    withdrawPool: (tenantId, to, amount) =>
      send("operator", { functionName: "withdrawPool", args: [tenantId, to, amount] }),
    createTask: ({ taskId, tenantId, amount, deadline, method }) =>
      send("operator", {
        functionName: "createTask",
        args: [taskId, tenantId, amount, deadline, taskMethodCode(method)],
      }),
    cancelTask: (taskId) => send("operator", { functionName: "cancelTask", args: [taskId] }),
    submit: (taskId, solver, deliverable) =>
      send("operator", { functionName: "submit", args: [taskId, solver, deliverable] }),
    resolve: async (taskId, approved) => {
      const { method } = await getTask(taskId);
      // A Consensus task (or an unknown id, read as Oracle) reverts NotResolver / TaskNotSubmitted, decoded.
      return send(resolverOf(method), { functionName: "resolve", args: [taskId, approved] });
    },
    resolveWithSignatures: (taskId, approved, timestamp, signatures) =>
      send("operator", {
        functionName: "resolveWithSignatures",
        args: [taskId, approved, timestamp, signatures],
      }),
    expire: (taskId) => send("operator", { functionName: "expire", args: [taskId] }),
    getTask,
    claimable: async (solver) => {
      const contract = await escrowContract();
      return read(() =>
        publicClient.readContract({ ...contract, functionName: "claimable", args: [solver] }),
      );
    },
    chainTime: () => read(async () => (await publicClient.getBlock({ blockTag: "latest" })).timestamp),
  };
};
