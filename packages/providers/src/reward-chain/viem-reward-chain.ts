import { rewardSalt, tallyRewardAbi, tallyRewardFactoryAbi } from "@tally/contracts";
import { AppError } from "@tally/core";
import {
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  type Log,
  NonceTooLowError,
  type PrivateKeyAccount,
  type PublicClient,
  parseEventLogs,
  type Transport,
  toHex,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { KeyedSerializer } from "../chain/keyed-serializer.ts";
import { rpcChain, rpcTransport } from "../chain/rpc.ts";
import { describeRpcError, isInsufficientFunds, isRpcUnreachable } from "../chain/rpc-errors.ts";
import type { ProviderLogger } from "../logger.ts";
import type { MintReceipt, RewardChainPort, RewardContracts, RewardProgrammeKey } from "./port.ts";

/** Sends another process of the deployment took the nonce of: each retry reads the next one. */
const NONCE_ATTEMPTS = 5;
/** Owner reads sent per JSON-RPC batch (one HTTP request each). */
const OWNER_READS_PER_BATCH = 200;

/** TallyReward's roles (AccessControl): the admin role is zero, the minter role the hash of its name. */
const DEFAULT_ADMIN_ROLE: Hex = `0x${"00".repeat(32)}`;
const MINTER_ROLE: Hex = keccak256(toHex("MINTER_ROLE"));

export const lower = (address: Address): Address => address.toLowerCase() as Address;

/** A read the code at the address does not answer: it reverted or returned nothing (not a TallyReward). */
const isNotAnswered = (error: unknown): boolean =>
  error instanceof BaseError &&
  error.walk(
    (cause) =>
      cause instanceof ContractFunctionRevertedError || cause instanceof ContractFunctionZeroDataError,
  ) !== null;

/** Another process signing as the operator used the nonce this send was given (or has one in flight). */
const isNonceTaken = (error: unknown): boolean =>
  error instanceof BaseError &&
  (error.walk((cause) => cause instanceof NonceTooLowError) !== null ||
    /nonce too low|replacement transaction underpriced|already known/i.test(error.message));

/** The operator's clients, handed to an adapter's hooks (the local chain's bootstrap, Base's checks). */
export interface RewardOperator {
  account: PrivateKeyAccount;
  publicClient: PublicClient<Transport, Chain>;
  wallet: WalletClient<Transport, Chain, PrivateKeyAccount>;
  hasCode(address: Address): Promise<boolean>;
  /** Waits for the transaction; rejects when it reverted. */
  confirm(hash: Hex): Promise<unknown>;
}

export interface ViemRewardChainOptions {
  adapter: "local" | "base";
  rpcUrl: string;
  chainId: number;
  chainName: string;
  /** Admin and minter of every clone, owner of the factory. Never logged. */
  operatorPrivateKey: Hex;
  /** How often waits poll (receipts). */
  pollingIntervalMs: number;
  logger: ProviderLogger;
  /**
   * The implementation and factory: found or deployed once, in the operator's send queue; a rejection is
   * retried on the next use.
   */
  resolveContracts(operator: RewardOperator): Promise<RewardContracts>;
  /** Runs before each operator send, in its queue (the local chain tops up the operator's balance here). */
  beforeSend?(operator: RewardOperator): Promise<void>;
}

/**
 * The reward chain over viem, shared by the local (anvil) and Base adapters: they differ only in where the
 * implementation and factory come from and in who pays the operator's gas.
 */
export const createViemRewardChain = (options: ViemRewardChainOptions): RewardChainPort => {
  const chain = rpcChain({ chainId: options.chainId, rpcUrl: options.rpcUrl, name: options.chainName });
  const clientOptions = {
    chain,
    transport: rpcTransport(options.rpcUrl),
    cacheTime: 0,
    pollingInterval: options.pollingIntervalMs,
  };
  const publicClient = createPublicClient(clientOptions);
  // Reads issued together go out as one JSON-RPC batch (a collection's owners in one round trip).
  const batchedReads = createPublicClient({
    ...clientOptions,
    transport: http(options.rpcUrl, {
      timeout: 10_000,
      retryCount: 1,
      batch: { batchSize: OWNER_READS_PER_BATCH },
    }),
  });
  const account = privateKeyToAccount(options.operatorPrivateKey);
  const wallet = createWalletClient({ ...clientOptions, account });
  const sends = new KeyedSerializer();

  const hasCode = async (address: Address) => ((await publicClient.getCode({ address })) ?? "0x") !== "0x";
  const operator: RewardOperator = {
    account,
    publicClient,
    wallet,
    hasCode,
    confirm: async (hash) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`reward chain: transaction ${hash} reverted`);
      return receipt;
    },
  };

  /** An operator that cannot pay for gas is the deployment's problem, not the caller's: 503, and logged. */
  const unpaid = (error: unknown): never => {
    options.logger.warn(
      {
        adapter: options.adapter,
        operator: lower(account.address),
        chainId: options.chainId,
        error: describeRpcError(error),
      },
      "the reward operator cannot pay for gas: fund its address",
    );
    throw new AppError(
      "service_unavailable",
      "The reward chain is unavailable: the deployment's reward operator cannot pay for gas",
      { cause: error, headers: { "Retry-After": "60" } },
    );
  };

  /** One send of the operator at a time in this process; another process's send can still take a nonce first. */
  const operatorSend = <T>(send: () => Promise<T>) =>
    sends.run("operator", async () => {
      await options.beforeSend?.(operator);
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await send();
        } catch (error) {
          if (isInsufficientFunds(error)) unpaid(error);
          if (attempt >= NONCE_ATTEMPTS || !isNonceTaken(error)) throw error;
        }
      }
    });

  let ready: Promise<RewardContracts> | undefined;
  const contracts = () => {
    ready ??= sends
      .run("operator", async () => {
        await options.beforeSend?.(operator);
        return options.resolveContracts(operator);
      })
      .then(
        (found) => ({
          implementationAddress: lower(found.implementationAddress),
          factoryAddress: lower(found.factoryAddress),
        }),
        (error: unknown) => {
          ready = undefined;
          if (isInsufficientFunds(error)) unpaid(error);
          throw error;
        },
      );
    return ready;
  };

  return reachable({
    adapter: options.adapter,
    chainId: options.chainId,
    contracts,
    predictAddress: async ({ organizationId, rewardId }) => {
      const { factoryAddress } = await contracts();
      return lower(
        await publicClient.readContract({
          address: factoryAddress,
          abi: tallyRewardFactoryAbi,
          functionName: "predictAddress",
          args: [rewardSalt(organizationId, rewardId)],
        }),
      );
    },
    hasCode,
    readParams: async (address) => {
      const read = <F extends "name" | "symbol" | "maxSupply" | "transferable">(functionName: F) =>
        publicClient.readContract({ address, abi: tallyRewardAbi, functionName });
      const [name, symbol, maxSupply, transferable] = await Promise.all([
        read("name"),
        read("symbol"),
        read("maxSupply"),
        read("transferable"),
      ]);
      return { name, symbol, maxSupply, transferable };
    },
    deploy: async ({ organizationId, rewardId }: RewardProgrammeKey, params) => {
      const { factoryAddress } = await contracts();
      return operatorSend(async () => {
        const { request, result } = await publicClient.simulateContract({
          account,
          address: factoryAddress,
          abi: tallyRewardFactoryAbi,
          functionName: "deploy",
          args: [
            rewardSalt(organizationId, rewardId),
            { ...params, admin: account.address, minter: account.address },
          ],
        });
        const txHash = await wallet.writeContract(request);
        await operator.confirm(txHash);
        return { txHash, address: lower(result) };
      });
    },
    mintedTokenOf: (contract, holder) =>
      publicClient.readContract({
        address: contract,
        abi: tallyRewardAbi,
        functionName: "mintedTokenOf",
        args: [holder],
      }),
    ownersOf: (contract, tokenIds) =>
      Promise.all(
        tokenIds.map((tokenId) =>
          batchedReads
            .readContract({
              address: contract,
              abi: tallyRewardAbi,
              functionName: "ownerOf",
              args: [tokenId],
            })
            .then(lower, (error: unknown) => {
              if (revertOf(error).message.startsWith("ERC721NonexistentToken(")) return null;
              throw error;
            }),
        ),
      ),
    inspect: async (address) => {
      const code = ((await publicClient.getCode({ address })) ?? "0x").toLowerCase() as Hex;
      if (code === "0x") return { code, operatorRoles: null };
      const hasRole = (role: Hex) =>
        publicClient.readContract({
          address,
          abi: tallyRewardAbi,
          functionName: "hasRole",
          args: [role, account.address],
        });
      try {
        const [admin, minter] = await Promise.all([hasRole(DEFAULT_ADMIN_ROLE), hasRole(MINTER_ROLE)]);
        return { code, operatorRoles: { admin, minter } };
      } catch (error) {
        if (isNotAnswered(error)) return { code, operatorRoles: null };
        throw error;
      }
    },
    simulateMint: async (contract, wallets) => {
      try {
        const gas = await publicClient.estimateContractGas({
          account,
          address: contract,
          abi: tallyRewardAbi,
          functionName: "batchMint",
          args: [wallets],
        });
        return { gas };
      } catch (error) {
        if (isInsufficientFunds(error)) unpaid(error);
        throw revertOf(error);
      }
    },
    blockGasLimit: async () => (await publicClient.getBlock({ blockTag: "latest" })).gasLimit,
    sendMint: async (contract, wallets) => {
      await contracts();
      return operatorSend(() =>
        wallet.writeContract({
          address: contract,
          abi: tallyRewardAbi,
          functionName: "batchMint",
          args: [wallets],
        }),
      );
    },
    mintReceipt: async (hash, { wait = false } = {}) => {
      const receipt = wait
        ? await publicClient.waitForTransactionReceipt({ hash })
        : await publicClient.getTransactionReceipt({ hash }).catch((error: unknown) => {
            if (error instanceof BaseError && error.name === "TransactionReceiptNotFoundError") return null;
            throw error;
          });
      return receipt && mintReceiptOf(receipt);
    },
  });
};

/**
 * Every call of the port, with an RPC that cannot be reached (or does not answer in time) turned into a 503
 * with Retry-After: nothing is known about the call's effect, and the caller may retry.
 */
const reachable = (port: RewardChainPort): RewardChainPort => {
  const guarded = { ...port } as Record<string, unknown>;
  for (const [name, member] of Object.entries(port)) {
    if (typeof member !== "function") continue;
    guarded[name] = (...args: unknown[]) =>
      (member as (...args: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
        if (!isRpcUnreachable(error)) throw error;
        throw new AppError("service_unavailable", "The reward chain's RPC is unreachable; try again", {
          cause: error,
          headers: { "Retry-After": "5" },
        });
      });
  }
  return guarded as unknown as RewardChainPort;
};

/** The contract's custom error as `Name(args)` (e.g. `MaxSupplyReached(1)`) when it reverted with one. */
const revertOf = (error: unknown): Error => {
  const reverted =
    error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : null;
  const data = reverted instanceof ContractFunctionRevertedError ? reverted.data : undefined;
  if (!data) return error instanceof Error ? error : new Error(String(error));
  return new Error(`${data.errorName}(${(data.args ?? []).map(String).join(", ")})`, { cause: error });
};

const mintReceiptOf = (receipt: { status: "success" | "reverted"; logs: Log[] }): MintReceipt => ({
  status: receipt.status,
  minted: parseEventLogs({ abi: tallyRewardAbi, eventName: "Transfer", logs: receipt.logs })
    .filter((log) => BigInt(log.args.from) === 0n)
    .map((log) => ({ wallet: lower(log.args.to), tokenId: log.args.tokenId })),
});
