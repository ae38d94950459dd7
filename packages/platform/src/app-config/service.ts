import { appConfig, type Executor } from "@tally/db";
import { eq } from "drizzle-orm";

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
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
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
