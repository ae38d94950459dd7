import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { mockUsdcAbi, mockUsdcBytecode, USDC_DECIMALS } from "@tally/contracts";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  toHex,
} from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import type { ProviderLogger } from "../logger.ts";
import { type AnvilProcess, spawnAnvil } from "./anvil-process.ts";
import { KeyedSerializer } from "./keyed-serializer.ts";
import { BASE_CHAIN_ID } from "./port.ts";
import { rpcChain, rpcTransport } from "./rpc.ts";

export interface LocalWallet {
  address: Address;
  privateKey: Hex;
}

export interface LocalChain {
  rpcUrl: string;
  chainId: 8453;
  usdcAddress: Address;
  /** Three demo payers, each funded with 10,000 USDC and 100 ETH. */
  fundedWallets: LocalWallet[];
  /** Pays gas for local x402 settlement; not one of `fundedWallets`. */
  facilitatorAccount: LocalWallet;
  /** Mints USDC (as the deployer) and adds native balance (anvil_setBalance on top of the current one). */
  faucet(address: Address, amount: { usdc?: bigint; native?: bigint }): Promise<void>;
  stop(): Promise<void>;
}

export interface StartLocalChainOptions {
  /** Where anvil keeps its state between runs (e.g. `.data/chain`); without it the chain is ephemeral. */
  stateDir?: string;
  /** How often anvil writes its state, besides on exit; default 5 s. */
  stateIntervalSeconds?: number;
  logger: ProviderLogger;
}

/**
 * Public on purpose, and only ever used on the local chain: fixed accounts keep addresses stable across
 * restarts. Not anvil's well-known default, whose accounts bots watch on real networks.
 */
const LOCAL_MNEMONIC = "shoot west mixture sentence version loud cruel skate indoor dinner decade catch";
const DEPLOYER_INDEX = 0;
const DEMO_WALLET_INDEXES = [1, 2, 3];
const FACILITATOR_INDEX = 4;
/** Every dev account starts with this much ETH (anvil's `--balance`). */
const DEV_ACCOUNT_ETH = 100;
const DEMO_WALLET_USDC = 10_000n * 10n ** BigInt(USDC_DECIMALS);

interface Deployment {
  usdcAddress: Address;
  deployer: Address;
}

const localWallet = (addressIndex: number): LocalWallet => {
  const account = mnemonicToAccount(LOCAL_MNEMONIC, { addressIndex });
  const privateKey = account.getHdKey().privateKey;
  if (!privateKey) throw new Error("local chain: the HD key has no private key");
  return { address: account.address.toLowerCase() as Address, privateKey: toHex(privateKey) };
};

const readDeployment = async (file: string): Promise<Deployment | undefined> => {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Deployment;
  } catch {
    return undefined;
  }
};

/**
 * The local chain of ARCHITECTURE.md §6: anvil as a child process with chain id 8453 and MockUSDC
 * deployed. With `stateDir`, the chain (and so the token and every balance) survives restarts.
 */
export const startLocalChain = async (options: StartLocalChainOptions): Promise<LocalChain> => {
  const { stateDir, logger } = options;
  const args = [
    "--chain-id",
    String(BASE_CHAIN_ID),
    "--mnemonic",
    LOCAL_MNEMONIC,
    "--accounts",
    String(FACILITATOR_INDEX + 1),
    "--balance",
    String(DEV_ACCOUNT_ETH),
    "--quiet",
  ];
  if (stateDir) {
    await mkdir(stateDir, { recursive: true });
    args.push(
      "--state",
      join(stateDir, "anvil-state.json"),
      "--state-interval",
      String(options.stateIntervalSeconds ?? 5),
    );
  }
  const anvil = await spawnAnvil({ args, logger });
  try {
    return await prepareChain(anvil, stateDir, logger);
  } catch (error) {
    await anvil.stop();
    throw error;
  }
};

const prepareChain = async (
  anvil: AnvilProcess,
  stateDir: string | undefined,
  logger: ProviderLogger,
): Promise<LocalChain> => {
  const chain = rpcChain({ chainId: BASE_CHAIN_ID, rpcUrl: anvil.rpcUrl, name: "Base (local anvil)" });
  const clientOptions = { chain, transport: rpcTransport(anvil.rpcUrl), cacheTime: 0, pollingInterval: 50 };
  const publicClient = createPublicClient(clientOptions);
  const testClient = createTestClient({ ...clientOptions, mode: "anvil" });
  const deployer = localWallet(DEPLOYER_INDEX);
  const deployerClient = createWalletClient({
    ...clientOptions,
    account: privateKeyToAccount(deployer.privateKey),
  });
  const fundedWallets = DEMO_WALLET_INDEXES.map(localWallet);

  const confirm = async (hash: Hex, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`local chain: ${what} reverted (${hash})`);
    return receipt;
  };
  const mint = async (usdcAddress: Address, to: Address, amount: bigint) => {
    const hash = await deployerClient.writeContract({
      address: usdcAddress,
      abi: mockUsdcAbi,
      functionName: "mint",
      args: [to, amount],
    });
    await confirm(hash, "USDC mint");
  };

  const deploymentFile = stateDir ? join(stateDir, "deployment.json") : undefined;
  const remembered = deploymentFile ? await readDeployment(deploymentFile) : undefined;
  let usdcAddress: Address;
  if (remembered && (await publicClient.getCode({ address: remembered.usdcAddress }))) {
    usdcAddress = remembered.usdcAddress;
    logger.info({ usdcAddress, rpcUrl: anvil.rpcUrl }, "local chain resumed with its MockUSDC");
  } else {
    const hash = await deployerClient.deployContract({
      abi: mockUsdcAbi,
      bytecode: mockUsdcBytecode,
      args: [deployer.address],
    });
    const { contractAddress } = await confirm(hash, "MockUSDC deployment");
    if (!contractAddress) throw new Error("local chain: the MockUSDC deployment has no contract address");
    usdcAddress = contractAddress.toLowerCase() as Address;
    for (const wallet of fundedWallets) await mint(usdcAddress, wallet.address, DEMO_WALLET_USDC);
    if (deploymentFile) {
      const deployment: Deployment = { usdcAddress, deployer: deployer.address };
      await writeFile(deploymentFile, `${JSON.stringify(deployment, null, 2)}\n`);
    }
    logger.info({ usdcAddress, rpcUrl: anvil.rpcUrl }, "local chain started with a new MockUSDC");
  }

  const faucetQueue = new KeyedSerializer();
  return {
    rpcUrl: anvil.rpcUrl,
    chainId: BASE_CHAIN_ID,
    usdcAddress,
    fundedWallets,
    facilitatorAccount: localWallet(FACILITATOR_INDEX),
    faucet: (address, amount) =>
      // One at a time: the deployer's nonce and the read-then-set balance must not interleave.
      faucetQueue.run("faucet", async () => {
        if (amount.usdc) await mint(usdcAddress, address, amount.usdc);
        if (amount.native) {
          const current = await publicClient.getBalance({ address });
          await testClient.setBalance({ address, value: current + amount.native });
        }
      }),
    stop: () => anvil.stop(),
  };
};
