import { appConfig, type Executor } from "@tally/db";
import { eq } from "drizzle-orm";
import { CHAIN_IS_THE_DEPLOYMENTS, refuseInertChange } from "./inert-settings.ts";

export const getAppConfig = async (db: Executor) => {
  const [config] = await db
    .select({ network: appConfig.network, rewardMode: appConfig.rewardMode, updatedAt: appConfig.updatedAt })
    .from(appConfig)
    .where(eq(appConfig.id, 1));
  return config!;
};

export const updateAppConfig = async (
  db: Executor,
  input: { network?: "base" | "base-sepolia" | undefined; rewardMode?: "QUEUE" | "IMMEDIATE" | undefined },
) => {
  const { network, ...rest } = input;
  if (network !== undefined) {
    // The value cannot change (a change is refused), so this read is not racing another writer.
    const current = await getAppConfig(db);
    refuseInertChange({
      field: "network",
      current: current.network,
      requested: network,
      why: CHAIN_IS_THE_DEPLOYMENTS,
    });
  }
  const changes = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const [config] = await db
    .update(appConfig)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(appConfig.id, 1))
    .returning({
      network: appConfig.network,
      rewardMode: appConfig.rewardMode,
      updatedAt: appConfig.updatedAt,
    });
  return config!;
};
