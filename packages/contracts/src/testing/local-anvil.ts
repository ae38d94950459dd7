import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  type Account,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

/** Base's chain id, which the local chain uses too (ARCHITECTURE.md §1). */
const CHAIN_ID = 8453;
const READY_TIMEOUT_MS = 10_000;

export type Wallet = WalletClient<Transport, Chain, Account>;

export interface LocalAnvil {
  publicClient: PublicClient<Transport, Chain>;
  /** A fresh key holding 100 ETH: tests never share nonces. */
  newWallet(): Promise<Wallet>;
  /** Moves the chain's clock forward and mines a block at the new time. */
  increaseTime(seconds: bigint): Promise<void>;
  /** The latest block's timestamp (Unix seconds): the chain's "now". */
  now(): Promise<bigint>;
  /** Waits for the transaction and fails unless it succeeded. */
  confirm(hash: Hex): Promise<TransactionReceipt>;
  stop(): Promise<void>;
}

/**
 * The anvil executable of `@foundry-rs/anvil`'s platform package. @tally/providers has the full local chain,
 * but it depends on this package, so these tests start a bare anvil of their own.
 */
const anvilBinary = (): string => {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const wrapper = createRequire(createRequire(import.meta.url).resolve("@foundry-rs/anvil/package.json"));
  return join(
    dirname(wrapper.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)),
    "bin",
    "anvil",
  );
};

/** Resolves the "Listening on host:port" address anvil prints once it serves JSON-RPC. */
const listeningAddress = (child: ChildProcess): Promise<string> =>
  new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`anvil not ready: ${output.slice(-2_000)}`)),
      READY_TIMEOUT_MS,
    );
    const collect = (chunk: string) => {
      output += chunk;
      const match = /Listening on (\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      // Still flowing without a listener: anvil's per-transaction log is read and dropped, never buffered.
      child.stdout?.off("data", collect);
      resolve(match[1]!);
    };
    child.stdout?.setEncoding("utf8").on("data", collect);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited (${code}) before listening: ${output.slice(-2_000)}`));
    });
  });

/** Waits for the transaction and fails unless it succeeded. */
export const confirmTransaction = async (
  publicClient: PublicClient<Transport, Chain>,
  hash: Hex,
): Promise<TransactionReceipt> => {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  return receipt;
};

/** An ephemeral anvil (chain id 8453) on a port of its own choosing; its stdout keeps being drained. */
export const startLocalAnvil = async (): Promise<LocalAnvil> => {
  const child = spawn(anvilBinary(), ["--host", "127.0.0.1", "--port", "0", "--chain-id", String(CHAIN_ID)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stopOnExit = () => child.kill("SIGKILL");
  process.once("exit", stopOnExit);
  const stop = async () => {
    process.off("exit", stopOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  };

  let address: string;
  try {
    address = await listeningAddress(child);
  } catch (error) {
    await stop();
    throw error;
  }
  const rpcUrl = `http://${address}`;
  const chain = defineChain({
    id: CHAIN_ID,
    name: "local anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const options = { chain, transport: http(rpcUrl), cacheTime: 0, pollingInterval: 20 };
  const testClient = createTestClient({ ...options, mode: "anvil" });
  const publicClient = createPublicClient(options);
  return {
    publicClient,
    newWallet: async () => {
      const account = privateKeyToAccount(generatePrivateKey());
      await testClient.setBalance({ address: account.address, value: 100n * 10n ** 18n });
      return createWalletClient({ ...options, account });
    },
    increaseTime: async (seconds) => {
      await testClient.increaseTime({ seconds: Number(seconds) });
      await testClient.mine({ blocks: 1 });
    },
    now: async () => (await publicClient.getBlock({ blockTag: "latest" })).timestamp,
    confirm: (hash) => confirmTransaction(publicClient, hash),
    stop,
  };
};
