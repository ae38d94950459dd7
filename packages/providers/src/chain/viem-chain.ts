import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  type Log,
  parseAbi,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { KeyedSerializer } from "./keyed-serializer.ts";
import {
  type AuthorizationUse,
  BASE_CHAIN_ID,
  type ChainAdapterKind,
  ChainError,
  type ChainPort,
  type ChainTransaction,
  type TokenTransfer,
} from "./port.ts";
import { rpcChain, rpcTransport } from "./rpc.ts";
import {
  contractFailureReason,
  describeRpcError,
  isInsufficientFunds,
  isRpcUnreachable,
} from "./rpc-errors.ts";

export interface ViemChainOptions {
  adapter: ChainAdapterKind;
  /** `BASE_RPC_URL`, or the local anvil's URL. The only RPC this adapter ever calls. */
  rpcUrl: string;
  /** `BASE_USDC_ADDRESS` on Base; the deployed MockUSDC locally. */
  usdcAddress: Address;
  chainId?: number;
  /** How often waits poll: default 2 s on Base (its block time), 100 ms locally. */
  pollingIntervalMs?: number;
  /** Per JSON-RPC call; default 10 s. */
  rpcTimeoutMs?: number;
}

const eip3009Abi = parseAbi([
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
  "event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce)",
]);
const authorizationUsedEvent = eip3009Abi[1];
const authorizationCanceledEvent = eip3009Abi[2];

const DEFAULT_WAIT_TIMEOUT_MS = 60_000;
/** About 5.5 hours on Base, and within the 10,000-block `eth_getLogs` range most RPC providers allow. */
const DEFAULT_AUTHORIZATION_LOOKBACK = 10_000n;

const lower = (address: Address): Address => address.toLowerCase() as Address;

const toTransfers = (logs: Log[]): TokenTransfer[] =>
  // strict: an ERC-721 Transfer shares the topic but not the layout, and is skipped.
  parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs, strict: true }).map((log) => ({
    token: lower(log.address),
    from: lower(log.args.from),
    to: lower(log.args.to),
    value: log.args.value,
    logIndex: log.logIndex,
  }));

/** The chain port over viem, for Base (`adapter: "base"`) and the local anvil chain alike. */
export const createViemChain = (options: ViemChainOptions): ChainPort => new ViemChain(options);

class ViemChain implements ChainPort {
  readonly adapter: ChainAdapterKind;
  readonly chainId: number;
  readonly rpcUrl: string;
  readonly usdcAddress: Address;
  readonly #publicClient;
  readonly #walletClient;
  readonly #pollingIntervalMs: number;
  readonly #senders = new KeyedSerializer();
  /** Next nonce per sender after our own broadcasts, for RPCs whose pending count lags behind. */
  readonly #nextNonces = new Map<Address, number>();

  constructor(options: ViemChainOptions) {
    this.adapter = options.adapter;
    this.chainId = options.chainId ?? BASE_CHAIN_ID;
    this.rpcUrl = options.rpcUrl;
    this.usdcAddress = lower(options.usdcAddress);
    this.#pollingIntervalMs = options.pollingIntervalMs ?? (options.adapter === "local" ? 100 : 2_000);
    const chain = rpcChain({
      chainId: this.chainId,
      rpcUrl: options.rpcUrl,
      name: options.adapter === "base" ? "Base" : "Base (local anvil)",
    });
    const transport = rpcTransport(options.rpcUrl, options.rpcTimeoutMs);
    const clientOptions = { chain, transport, cacheTime: 0, pollingInterval: this.#pollingIntervalMs };
    this.#publicClient = createPublicClient(clientOptions);
    this.#walletClient = createWalletClient(clientOptions);
  }

  getTransaction(txHash: Hex): Promise<ChainTransaction> {
    return read(async () => {
      const receipt = await this.#publicClient
        .getTransactionReceipt({ hash: txHash })
        .catch(rethrowUnless(TransactionReceiptNotFoundError));
      if (!receipt) {
        const known = await this.#publicClient
          .getTransaction({ hash: txHash })
          .catch(rethrowUnless(TransactionNotFoundError));
        return known ? { status: "pending" } : { status: "not_found" };
      }
      const [transaction, head] = await Promise.all([
        this.#publicClient.getTransaction({ hash: txHash }),
        this.#publicClient.getBlockNumber({ cacheTime: 0 }),
      ]);
      const mined = {
        blockNumber: receipt.blockNumber,
        confirmations: Number(head - receipt.blockNumber + 1n),
        chainId: transaction.chainId ?? this.chainId,
        from: lower(receipt.from),
      };
      if (receipt.status === "reverted") return { status: "reverted", ...mined };
      return {
        status: "success",
        ...mined,
        to: receipt.to ? lower(receipt.to) : null,
        transfers: toTransfers(receipt.logs),
      };
    });
  }

  async getBalances(address: Address, token: Address = this.usdcAddress) {
    const [native, tokenBalance] = await Promise.all([
      read(() => this.#publicClient.getBalance({ address })),
      readToken(token, () =>
        this.#publicClient.readContract({
          address: token,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [address],
        }),
      ),
    ]);
    return { native, token: tokenBalance };
  }

  tokenDecimals(token: Address): Promise<number> {
    return readToken(token, () =>
      this.#publicClient.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
    );
  }

  authorizationState(token: Address, authorizer: Address, nonce: Hex): Promise<boolean> {
    return readToken(token, () =>
      this.#publicClient.readContract({
        address: token,
        abi: eip3009Abi,
        functionName: "authorizationState",
        args: [authorizer, nonce],
      }),
    );
  }

  async authorizationUse(
    token: Address,
    authorizer: Address,
    nonce: Hex,
    options: { lookbackBlocks?: bigint } = {},
  ): Promise<AuthorizationUse> {
    const head = await read(() => this.#publicClient.getBlockNumber({ cacheTime: 0 }));
    const lookback = options.lookbackBlocks ?? DEFAULT_AUTHORIZATION_LOOKBACK;
    const range = { fromBlock: head > lookback ? head - lookback : 0n, toBlock: head };
    const [used, canceled] = await read(() =>
      Promise.all([
        this.#publicClient.getLogs({
          address: token,
          event: authorizationUsedEvent,
          args: { authorizer, nonce },
          ...range,
        }),
        this.#publicClient.getLogs({
          address: token,
          event: authorizationCanceledEvent,
          args: { authorizer, nonce },
          ...range,
        }),
      ]),
    );
    const ended = used[0];
    if (canceled.length > 0) return { status: "canceled" };
    if (!ended) return { status: "unused" };
    return { status: "used", txHash: ended.transactionHash.toLowerCase() as Hex };
  }

  sendToken(input: {
    privateKey: Hex;
    token: Address;
    to: Address;
    amount: bigint;
  }): Promise<{ txHash: Hex }> {
    const account = privateKeyToAccount(input.privateKey);
    const sender = lower(account.address);
    return this.#senders.run(sender, async () => {
      const call = {
        account,
        address: input.token,
        abi: erc20Abi,
        functionName: "transfer",
        args: [input.to, input.amount],
      } as const;
      try {
        const { result } = await this.#publicClient.simulateContract(call);
        // Tokens that signal failure by returning false instead of reverting.
        if (!result) throw new ChainError("rejected", "the token refused the transfer (returned false)");
        const [gas, fees, balance, pendingNonce] = await Promise.all([
          this.#publicClient.estimateContractGas(call),
          this.#publicClient.estimateFeesPerGas(),
          this.#publicClient.getBalance({ address: sender }),
          this.#publicClient.getTransactionCount({ address: sender, blockTag: "pending" }),
        ]);
        if (balance < gas * fees.maxFeePerGas)
          throw new ChainError("insufficient_gas", `${sender} cannot pay for gas`);
        const nonce = Math.max(pendingNonce, this.#nextNonces.get(sender) ?? 0);
        // Signed here first, so the hash is known before the node is asked: a broadcast whose answer is
        // lost still names the transaction it may have sent (ChainError.txHash).
        const signed = await account.signTransaction({
          type: "eip1559",
          chainId: this.chainId,
          to: input.token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "transfer",
            args: [input.to, input.amount],
          }),
          gas,
          nonce,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        });
        const txHash = keccak256(signed);
        try {
          await this.#walletClient.sendRawTransaction({ serializedTransaction: signed });
        } catch (error) {
          const failure = toSendError(error);
          if (failure.reason !== "unavailable") throw failure;
          throw new ChainError("unavailable", failure.message, { cause: error, txHash });
        }
        // Only after a broadcast the node acknowledged: a send that failed (even one whose outcome is
        // unknown) leaves the nonce free, so a retry reuses it and cannot pay twice.
        this.#nextNonces.set(sender, nonce + 1);
        return { txHash };
      } catch (error) {
        throw toSendError(error);
      }
    });
  }

  async waitForTransaction(txHash: Hex, options?: { timeoutMs?: number }): Promise<ChainTransaction> {
    const deadline = Date.now() + (options?.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS);
    for (;;) {
      const transaction = await this.getTransaction(txHash);
      if (transaction.status === "success" || transaction.status === "reverted") return transaction;
      if (Date.now() + this.#pollingIntervalMs > deadline) return { status: "pending" };
      await new Promise((resolve) => setTimeout(resolve, this.#pollingIntervalMs));
    }
  }
}

/** Turns viem's "not found" errors into undefined; everything else propagates. */
const rethrowUnless =
  (notFound: new (...args: never[]) => Error) =>
  (error: unknown): undefined => {
    if (error instanceof notFound) return undefined;
    throw error;
  };

const read = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw new ChainError("unavailable", `chain RPC failed: ${describeRpcError(error)}`, { cause: error });
  }
};

const readToken = async <T>(token: Address, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    const failure = contractFailureReason(error);
    if (failure !== undefined)
      throw new ChainError("not_a_token", `${lower(token)} did not answer as a token: ${failure}`, {
        cause: error,
      });
    throw new ChainError("unavailable", `chain RPC failed: ${describeRpcError(error)}`, { cause: error });
  }
};

const toSendError = (error: unknown): ChainError => {
  if (error instanceof ChainError) return error;
  if (isRpcUnreachable(error))
    return new ChainError("unavailable", `chain RPC failed: ${describeRpcError(error)}`, { cause: error });
  if (isInsufficientFunds(error))
    return new ChainError("insufficient_gas", "the sender cannot pay for gas", { cause: error });
  const failure = contractFailureReason(error) ?? describeRpcError(error);
  return new ChainError("rejected", `the transfer was rejected: ${failure}`, { cause: error });
};
