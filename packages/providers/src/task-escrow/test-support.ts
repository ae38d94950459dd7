import {
  deployTaskEscrowContract,
  mockUsdcAbi,
  resolutionTypedData,
  type TaskResolution,
  taskEscrowAbi,
} from "@tally/contracts";
import { type Address, createWalletClient, type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { LocalChain } from "../chain/local-chain.ts";
import { BASE_CHAIN_ID } from "../chain/port.ts";
import { rpcChain, rpcTransport } from "../chain/rpc.ts";
import { localClients } from "../chain/test-support.ts";
import type { ProviderLogger } from "../logger.ts";
import type { BaseTaskEscrowOptions } from "./base.ts";
import { LOCAL_TASK_ESCROW_KEYS } from "./local.ts";
import { type TaskEscrowContracts, TaskEscrowError } from "./port.ts";

type EscrowAddresses = Pick<TaskEscrowContracts, "escrowAddress" | "tokenAddress">;

const walletOf = (rpcUrl: string, privateKey: Hex) =>
  createWalletClient({
    chain: rpcChain({ chainId: BASE_CHAIN_ID, rpcUrl, name: "test" }),
    transport: rpcTransport(rpcUrl),
    account: privateKeyToAccount(privateKey),
  });

const confirmed = async (rpcUrl: string, hash: Hex): Promise<Hex> => {
  const receipt = await localClients(rpcUrl).publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`test chain: transaction ${hash} reverted`);
  return hash;
};

/**
 * What a merchant's wallet does to fund its pool: `amount` of MockUSDC (and gas) from the local chain's faucet
 * unless `mint` is false, `approve` of the escrow, then `deposit(tenantId, amount)`. Resolves with the mined
 * deposit's hash (what `POST /tasks/pools/deposit` is given).
 */
export const depositAsMerchant = async (
  chain: Pick<LocalChain, "rpcUrl" | "faucet">,
  input: EscrowAddresses & { merchantPrivateKey: Hex; tenantId: Hex; amount: bigint; mint?: boolean },
): Promise<Hex> => {
  const merchant = walletOf(chain.rpcUrl, input.merchantPrivateKey);
  if (input.mint ?? true)
    await chain.faucet(merchant.account.address, { usdc: input.amount, native: parseEther("1") });
  await confirmed(
    chain.rpcUrl,
    await merchant.writeContract({
      address: input.tokenAddress,
      abi: mockUsdcAbi,
      functionName: "approve",
      args: [input.escrowAddress, input.amount],
    }),
  );
  return confirmed(
    chain.rpcUrl,
    await merchant.writeContract({
      address: input.escrowAddress,
      abi: taskEscrowAbi,
      functionName: "deposit",
      args: [input.tenantId, input.amount],
    }),
  );
};

/** Consensus verifiers' EIP-712 `Resolution` signatures, one per key, in the keys' order. */
export const signConsensusResolution = (input: {
  contracts: Pick<TaskEscrowContracts, "escrowAddress">;
  chainId: number;
  resolution: TaskResolution;
  verifierPrivateKeys: Hex[];
}): Promise<Hex[]> =>
  Promise.all(
    input.verifierPrivateKeys.map((key) =>
      privateKeyToAccount(key).signTypedData(
        resolutionTypedData(input.contracts.escrowAddress, input.chainId, input.resolution),
      ),
    ),
  );

/** The oracle's `resolverSignature` of an Oracle callback: by the local oracle key unless another is given. */
export const signOracleResolution = async (input: {
  contracts: Pick<TaskEscrowContracts, "escrowAddress">;
  chainId: number;
  resolution: TaskResolution;
  privateKey?: Hex;
}): Promise<Hex> => {
  const [signature] = await signConsensusResolution({
    contracts: input.contracts,
    chainId: input.chainId,
    resolution: input.resolution,
    verifierPrivateKeys: [input.privateKey ?? LOCAL_TASK_ESCROW_KEYS.oracle],
  });
  return signature!;
};

/** Moves the chain's clock forward by `seconds` and mines a block at the new time. */
export const advanceChainTime = async (rpcUrl: string, seconds: bigint): Promise<void> => {
  const { testClient } = localClients(rpcUrl);
  await testClient.increaseTime({ seconds: Number(seconds) });
  await testClient.mine({ blocks: 1 });
};

/** The escrow's three totals and its token balance: pooled + escrowed + claimable == balance. */
export const escrowBalances = async (
  rpcUrl: string,
  contracts: EscrowAddresses,
): Promise<{ pooled: bigint; escrowed: bigint; claimable: bigint; balance: bigint }> => {
  const { publicClient } = localClients(rpcUrl);
  const total = (functionName: "totalPooled" | "totalEscrowed" | "totalClaimable") =>
    publicClient.readContract({ address: contracts.escrowAddress, abi: taskEscrowAbi, functionName });
  const [pooled, escrowed, claimable, balance] = await Promise.all([
    total("totalPooled"),
    total("totalEscrowed"),
    total("totalClaimable"),
    publicClient.readContract({
      address: contracts.tokenAddress,
      abi: mockUsdcAbi,
      functionName: "balanceOf",
      args: [contracts.escrowAddress],
    }),
  ]);
  return { pooled, escrowed, claimable, balance };
};

/**
 * What an operator does before pointing a deployment at Base, done on a local chain: fresh operator, attester,
 * evaluator and oracle keys (the three senders funded with ETH), and a TaskEscrow holding the chain's MockUSDC
 * with those role holders, deployed and owned by another funded key. The Base adapter's options.
 */
export const deployTaskEscrowAsBase = async (
  chain: Pick<LocalChain, "rpcUrl" | "chainId" | "usdcAddress">,
  logger: ProviderLogger,
): Promise<BaseTaskEscrowOptions & { oraclePrivateKey: Hex }> => {
  const { testClient } = localClients(chain.rpcUrl);
  const [deployerKey, operatorPrivateKey, attesterPrivateKey, evaluatorPrivateKey, oraclePrivateKey] =
    Array.from({ length: 5 }, () => generatePrivateKey()) as [Hex, Hex, Hex, Hex, Hex];
  const address = (key: Hex): Address => privateKeyToAccount(key).address;
  for (const key of [deployerKey, operatorPrivateKey, attesterPrivateKey, evaluatorPrivateKey])
    await testClient.setBalance({ address: address(key), value: parseEther("10") });
  const { escrowAddress } = await deployTaskEscrowContract({
    rpcUrl: chain.rpcUrl,
    deployerPrivateKey: deployerKey,
    tokenAddress: chain.usdcAddress,
    operator: address(operatorPrivateKey),
    attester: address(attesterPrivateKey),
    evaluator: address(evaluatorPrivateKey),
  });
  return {
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    escrowAddress,
    operatorPrivateKey,
    attesterPrivateKey,
    evaluatorPrivateKey,
    oracleAddress: address(oraclePrivateKey).toLowerCase() as Address,
    oraclePrivateKey,
    usdcAddress: chain.usdcAddress,
    logger,
    pollingIntervalMs: 50,
    receiptTimeoutMs: 30_000,
  };
};

/** The TaskEscrowError a call rejects with; it throws when the call succeeds or fails otherwise. */
export const escrowRejection = async (call: Promise<unknown>): Promise<TaskEscrowError> => {
  const error = await call.then(
    () => {
      throw new Error("the call succeeded");
    },
    (failure: unknown) => failure,
  );
  if (!(error instanceof TaskEscrowError)) throw error;
  return error;
};
