import { AppError } from "@tally/core";
import { appConfig, type Executor } from "@tally/db";
import { eq } from "drizzle-orm";

type Network = "base" | "base-sepolia";

/** The chain each `network` names: Base mainnet and Base Sepolia. */
const NETWORK_CHAIN_IDS: Record<Network, number> = { base: 8453, "base-sepolia": 84532 };

export const getAppConfig = async (db: Executor) => {
  const [config] = await db
    .select({ network: appConfig.network, rewardMode: appConfig.rewardMode, updatedAt: appConfig.updatedAt })
    .from(appConfig)
    .where(eq(appConfig.id, 1));
  return config!;
};

/**
 * `network` must name a chain this deployment reaches (its payments chain and reward chain): a network no
 * process can settle or deploy on would be a setting stored and silently not followed.
 */
const assertReachable = (network: Network, reachableChainIds: readonly number[]) => {
  const chainId = NETWORK_CHAIN_IDS[network];
  if (reachableChainIds.includes(chainId)) return;
  const reachable = Object.entries(NETWORK_CHAIN_IDS)
    .filter(([, id]) => reachableChainIds.includes(id))
    .map(([name, id]) => `${name} (${id})`);
  const message = `network ${network} is chain ${chainId}, which this deployment does not reach; it reaches ${reachable.join(", ") || "no Base network"} (the chain it is configured with)`;
  throw new AppError("validation_failed", message, { details: [{ field: "network", message }] });
};

export const updateAppConfig = async (
  { db, reachableChainIds, now }: { db: Executor; reachableChainIds: readonly number[]; now: Date },
  input: { network?: Network | undefined; rewardMode?: "QUEUE" | "IMMEDIATE" | undefined },
) => {
  if (input.network !== undefined) assertReachable(input.network, reachableChainIds);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const [config] = await db
    .update(appConfig)
    .set({ ...changes, updatedAt: now })
    .where(eq(appConfig.id, 1))
    .returning({
      network: appConfig.network,
      rewardMode: appConfig.rewardMode,
      updatedAt: appConfig.updatedAt,
    });
  return config!;
};
