import type { Address, Hex } from "viem";
import { BASE_USDC_ADDRESS, type ChainPort, createViemChain, type LocalChain } from "./chain/index.ts";
import type { ProviderLogger } from "./logger.ts";
import {
  createBaseRewardChain,
  createLocalRewardChain,
  type RewardChainPort,
  UnavailableRewardChain,
} from "./reward-chain/index.ts";
import {
  DEV_WALLET_ENCRYPTION_KEY,
  LocalServerWallets,
  type ServerWalletsPort,
  UnavailableServerWallets,
} from "./server-wallets/index.ts";
import {
  createBaseTaskEscrow,
  createLocalTaskEscrow,
  type TaskEscrowPort,
  UnavailableTaskEscrow,
} from "./task-escrow/index.ts";
import {
  HttpX402Facilitator,
  LocalX402Facilitator,
  type X402FacilitatorPort,
} from "./x402-facilitator/index.ts";

/** The ports that move value on chain (ARCHITECTURE §6). */
export interface ChainProviders {
  chain: ChainPort;
  x402Facilitator: X402FacilitatorPort;
  serverWallets: ServerWalletsPort;
  /** Reward programmes' contracts: the local chain's, Base's with the reward settings, else unavailable. */
  rewardChain: RewardChainPort;
  /** The USDC task escrow: the local chain's (deployed on first use), Base's with the task settings, else unavailable. */
  taskEscrow: TaskEscrowPort;
}

export interface ChainProvidersConfig {
  /** `BASE_RPC_URL`: Base mainnet through this endpoint; unset = `localChain`. */
  baseRpcUrl?: string | undefined;
  /** The anvil chain the composition root started when `baseRpcUrl` is unset. */
  localChain?: Pick<LocalChain, "rpcUrl" | "usdcAddress" | "facilitatorAccount"> | undefined;
  /** `X402_FACILITATOR_URL`; unset = the local facilitator over the local chain. */
  x402FacilitatorUrl?: string | undefined;
  /** `WALLET_ENCRYPTION_KEY`; unset = the development key (test deployments only). */
  walletEncryptionKey?: string | undefined;
  /**
   * `REWARD_OPERATOR_PRIVATE_KEY`, `REWARD_FACTORY_ADDRESS`, `REWARD_IMPLEMENTATION_ADDRESS`: all three with
   * `baseRpcUrl` = reward programmes on Base; none = unavailable there; some = a boot failure.
   */
  rewards?: RewardSettings | undefined;
  /**
   * `TASK_ESCROW_ADDRESS`, `TASK_OPERATOR_PRIVATE_KEY`, `TASK_ATTESTER_PRIVATE_KEY`, `TASK_EVALUATOR_PRIVATE_KEY`,
   * `TASK_ORACLE_ADDRESS`: all five with `baseRpcUrl` = the task escrow on Base; none = unavailable there; some = a
   * boot failure.
   */
  taskEscrow?: TaskEscrowSettings | undefined;
  /** A live deployment: the local chain, the local facilitator and local key custody are boot failures. */
  refuseLocal: boolean;
  logger: ProviderLogger;
}

export interface RewardSettings {
  operatorPrivateKey?: Hex | undefined;
  factoryAddress?: Address | undefined;
  implementationAddress?: Address | undefined;
}

export interface TaskEscrowSettings {
  escrowAddress?: Address | undefined;
  operatorPrivateKey?: Hex | undefined;
  attesterPrivateKey?: Hex | undefined;
  evaluatorPrivateKey?: Hex | undefined;
  oracleAddress?: Address | undefined;
}

const taskEscrowSettingNames = {
  escrowAddress: "TASK_ESCROW_ADDRESS",
  operatorPrivateKey: "TASK_OPERATOR_PRIVATE_KEY",
  attesterPrivateKey: "TASK_ATTESTER_PRIVATE_KEY",
  evaluatorPrivateKey: "TASK_EVALUATOR_PRIVATE_KEY",
  oracleAddress: "TASK_ORACLE_ADDRESS",
} as const;

/** The task escrow the settings select, by `rewardChainOf`'s rules: a setting that would be ignored refuses the boot. */
const taskEscrowOf = (config: ChainProvidersConfig, chain: ChainPort): TaskEscrowPort => {
  const { baseRpcUrl, localChain, refuseLocal, logger } = config;
  const settings = config.taskEscrow ?? {};
  const names = Object.keys(taskEscrowSettingNames) as (keyof TaskEscrowSettings)[];
  const named = (list: (keyof TaskEscrowSettings)[]) =>
    list.map((name) => taskEscrowSettingNames[name]).join(", ");
  const given = names.filter((name) => settings[name] !== undefined);
  if (!baseRpcUrl) {
    if (given.length > 0)
      throw new Error(
        `${named(given)} apply with BASE_RPC_URL only: the local chain deploys its own task escrow with public keys`,
      );
    if (refuseLocal)
      throw new Error("BASE_RPC_URL is required: a live deployment cannot use the local task escrow");
    if (!localChain) throw new Error("No chain: set BASE_RPC_URL or start the local chain");
    return createLocalTaskEscrow({
      rpcUrl: localChain.rpcUrl,
      chainId: chain.chainId,
      usdcAddress: localChain.usdcAddress,
      logger,
    });
  }
  if (given.length === 0) return new UnavailableTaskEscrow(chain.chainId);
  const { escrowAddress, operatorPrivateKey, attesterPrivateKey, evaluatorPrivateKey, oracleAddress } =
    settings;
  if (!escrowAddress || !operatorPrivateKey || !attesterPrivateKey || !evaluatorPrivateKey || !oracleAddress)
    throw new Error(
      `${named(names.filter((name) => settings[name] === undefined))} required with ${named(given)}: the task escrow on Base needs all five`,
    );
  return createBaseTaskEscrow({
    rpcUrl: baseRpcUrl,
    chainId: chain.chainId,
    escrowAddress,
    operatorPrivateKey,
    attesterPrivateKey,
    evaluatorPrivateKey,
    oracleAddress,
    usdcAddress: chain.usdcAddress,
    logger,
  });
};

const rewardSettingNames = {
  operatorPrivateKey: "REWARD_OPERATOR_PRIVATE_KEY",
  factoryAddress: "REWARD_FACTORY_ADDRESS",
  implementationAddress: "REWARD_IMPLEMENTATION_ADDRESS",
} as const;

/** The reward chain the settings select; a setting that would be ignored refuses the boot. */
const rewardChainOf = (config: ChainProvidersConfig, chain: ChainPort): RewardChainPort => {
  const { baseRpcUrl, localChain, logger } = config;
  const settings = config.rewards ?? {};
  const names = Object.keys(rewardSettingNames) as (keyof RewardSettings)[];
  const given = names.filter((name) => settings[name] !== undefined);
  if (!baseRpcUrl) {
    if (given.length > 0)
      throw new Error(
        `${given.map((name) => rewardSettingNames[name]).join(", ")} apply with BASE_RPC_URL only: the local chain deploys its own reward contracts`,
      );
    if (!localChain) throw new Error("No chain: set BASE_RPC_URL or start the local chain");
    return createLocalRewardChain({ rpcUrl: localChain.rpcUrl, chainId: chain.chainId, logger });
  }
  if (given.length === 0) return new UnavailableRewardChain(chain.chainId);
  const { operatorPrivateKey, factoryAddress, implementationAddress } = settings;
  if (!operatorPrivateKey || !factoryAddress || !implementationAddress)
    throw new Error(
      `${names
        .filter((name) => settings[name] === undefined)
        .map((name) => rewardSettingNames[name])
        .join(
          ", ",
        )} required with ${given.map((name) => rewardSettingNames[name]).join(", ")}: reward programmes on Base need all three`,
    );
  return createBaseRewardChain({
    rpcUrl: baseRpcUrl,
    chainId: chain.chainId,
    operatorPrivateKey,
    factoryAddress,
    implementationAddress,
    logger,
  });
};

export const createChainProviders = (config: ChainProvidersConfig): ChainProviders => {
  const { baseRpcUrl, localChain, refuseLocal, logger } = config;
  if (refuseLocal && !baseRpcUrl)
    throw new Error("BASE_RPC_URL is required: a live deployment cannot use the local chain");
  // Keys on a real chain hold real money: the public development key never guards them.
  if (baseRpcUrl && !refuseLocal && !config.walletEncryptionKey)
    throw new Error(
      "WALLET_ENCRYPTION_KEY is required with BASE_RPC_URL (server wallets there hold real funds)",
    );
  if (refuseLocal && !config.x402FacilitatorUrl)
    throw new Error(
      "X402_FACILITATOR_URL is required: a live deployment cannot use the local x402 facilitator",
    );
  let chain: ChainPort;
  if (baseRpcUrl) {
    chain = createViemChain({ adapter: "base", rpcUrl: baseRpcUrl, usdcAddress: BASE_USDC_ADDRESS });
  } else if (localChain) {
    chain = createViemChain({
      adapter: "local",
      rpcUrl: localChain.rpcUrl,
      usdcAddress: localChain.usdcAddress,
    });
  } else {
    throw new Error("No chain: set BASE_RPC_URL or start the local chain");
  }
  let x402Facilitator: X402FacilitatorPort;
  if (config.x402FacilitatorUrl) {
    x402Facilitator = new HttpX402Facilitator({ url: config.x402FacilitatorUrl });
  } else if (localChain && !baseRpcUrl) {
    x402Facilitator = new LocalX402Facilitator({
      chain: { rpcUrl: localChain.rpcUrl, chainId: chain.chainId },
      facilitatorPrivateKey: localChain.facilitatorAccount.privateKey,
      logger,
    });
  } else {
    throw new Error(
      "X402_FACILITATOR_URL is required with BASE_RPC_URL (the local facilitator settles on the local chain only)",
    );
  }
  const serverWallets = refuseLocal
    ? new UnavailableServerWallets()
    : new LocalServerWallets({
        chain,
        encryptionKey: config.walletEncryptionKey ?? DEV_WALLET_ENCRYPTION_KEY,
      });
  const rewardChain = rewardChainOf(config, chain);
  const taskEscrow = taskEscrowOf(config, chain);
  return { chain, x402Facilitator, serverWallets, rewardChain, taskEscrow };
};
