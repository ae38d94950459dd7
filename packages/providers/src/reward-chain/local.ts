import {
  rewardSalt,
  tallyRewardAbi,
  tallyRewardBytecode,
  tallyRewardFactoryAbi,
  tallyRewardFactoryBytecode,
} from "@tally/contracts";
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  type Log,
  NonceTooLowError,
  parseEventLogs,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { KeyedSerializer } from "../chain/keyed-serializer.ts";
import { rpcChain, rpcTransport } from "../chain/rpc.ts";
import type {
  MintReceipt,
  RewardChainPort,
  RewardContractParams,
  RewardContracts,
  RewardProgrammeKey,
} from "./port.ts";

/**
 * Public on purpose and only ever used on the local chain (like the local chain's mnemonic): every process
 * of a deployment signs as the same operator, so all of them find the same factory and own it.
 */
export const LOCAL_REWARD_OPERATOR: Hex = keccak256(toHex("tally local reward operator"));
/** The operator pays gas from anvil balance it tops up itself. */
const OPERATOR_FLOOR = 10n ** 19n;
const OPERATOR_BALANCE = 10n ** 20n;
const BOOTSTRAP_ATTEMPTS = 5;
/** Sends another process of the deployment took the nonce of: each retry reads the next one. */
const NONCE_ATTEMPTS = 5;

/** Owner reads sent per JSON-RPC batch (one HTTP request each). */
const OWNER_READS_PER_BATCH = 200;

/** TallyReward's roles (AccessControl): the admin role is zero, the minter role the hash of its name. */
const DEFAULT_ADMIN_ROLE: Hex = `0x${"00".repeat(32)}`;
const MINTER_ROLE: Hex = keccak256(toHex("MINTER_ROLE"));

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

export interface LocalRewardChainOptions {
  rpcUrl: string;
  chainId: number;
}

const lower = (address: Address): Address => address.toLowerCase() as Address;

/**
 * The reward chain on the local anvil. The operator's first two transactions deploy the implementation and
 * the factory, so their addresses follow from the operator alone (nonces 0 and 1): any process, or the same
 * chain after a restart, finds them without a registry.
 */
export const createLocalRewardChain = (options: LocalRewardChainOptions): RewardChainPort => {
  const chain = rpcChain({ chainId: options.chainId, rpcUrl: options.rpcUrl, name: "local anvil (rewards)" });
  const clientOptions = { chain, transport: rpcTransport(options.rpcUrl), cacheTime: 0, pollingInterval: 50 };
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
  const testClient = createTestClient({ ...clientOptions, mode: "anvil" });
  const account = privateKeyToAccount(LOCAL_REWARD_OPERATOR);
  const operator = createWalletClient({ ...clientOptions, account });
  const sends = new KeyedSerializer();
  const implementationAddress = lower(getContractAddress({ from: account.address, nonce: 0n }));
  const factoryAddress = lower(getContractAddress({ from: account.address, nonce: 1n }));
  const contracts: RewardContracts = { implementationAddress, factoryAddress };

  const hasCode = async (address: Address) => ((await publicClient.getCode({ address })) ?? "0x") !== "0x";

  const confirm = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`reward chain: transaction ${hash} reverted`);
    return receipt;
  };

  const fundOperator = async () => {
    const balance = await publicClient.getBalance({ address: account.address });
    if (balance < OPERATOR_FLOOR)
      await testClient.setBalance({ address: account.address, value: OPERATOR_BALANCE });
  };

  /** One step towards both contracts; another process may take the same step at once (then ours fails). */
  const bootstrapStep = async () => {
    const nonce = await publicClient.getTransactionCount({ address: account.address, blockTag: "pending" });
    if (nonce === 0) {
      await confirm(
        await operator.deployContract({ abi: tallyRewardAbi, bytecode: tallyRewardBytecode, nonce }),
      );
    } else if (nonce === 1) {
      await confirm(
        await operator.deployContract({
          abi: tallyRewardFactoryAbi,
          bytecode: tallyRewardFactoryBytecode,
          args: [implementationAddress, account.address],
          nonce,
        }),
      );
    } else {
      throw new Error(
        "reward chain: the operator key has sent other transactions; its factory is not at nonce 1",
      );
    }
  };

  /** One send of the operator at a time in this process; another process's send can still take a nonce first. */
  const operatorSend = <T>(send: () => Promise<T>) =>
    sends.run("operator", async () => {
      await fundOperator();
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await send();
        } catch (error) {
          if (attempt >= NONCE_ATTEMPTS || !isNonceTaken(error)) throw error;
        }
      }
    });

  let ready: Promise<RewardContracts> | undefined;
  const ensureContracts = () => {
    ready ??= sends
      .run("operator", async () => {
        await fundOperator();
        for (let attempt = 1; !(await hasCode(factoryAddress)); attempt += 1) {
          try {
            await bootstrapStep();
          } catch (error) {
            if (attempt >= BOOTSTRAP_ATTEMPTS) throw error;
          }
        }
        return contracts;
      })
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
    return ready;
  };

  return {
    adapter: "local",
    chainId: options.chainId,
    contracts: ensureContracts,
    predictAddress: async ({ organizationId, rewardId }) => {
      await ensureContracts();
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
    deploy: async ({ organizationId, rewardId }: RewardProgrammeKey, params: RewardContractParams) => {
      await ensureContracts();
      const send = async () => {
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
        const txHash = await operator.writeContract(request);
        await confirm(txHash);
        return { txHash, address: lower(result) };
      };
      return operatorSend(send);
    },
    mintedTokenOf: (contract, wallet) =>
      publicClient.readContract({
        address: contract,
        abi: tallyRewardAbi,
        functionName: "mintedTokenOf",
        args: [wallet],
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
        throw revertOf(error);
      }
    },
    blockGasLimit: async () => (await publicClient.getBlock({ blockTag: "latest" })).gasLimit,
    sendMint: async (contract, wallets) => {
      await ensureContracts();
      return operatorSend(() =>
        operator.writeContract({
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
  };
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
