import { z } from "zod";

export const appConfigSchema = z
  .object({
    network: z.enum(["base", "base-sepolia"]).describe("Chain network the platform settles on"),
    rewardMode: z.enum(["QUEUE", "IMMEDIATE"]).describe("Default reward minting mode"),
    updatedAt: z.date(),
  })
  .meta({ id: "AppConfig" });

export const updateAppConfigInput = z.strictObject({
  network: z.enum(["base", "base-sepolia"]).optional(),
  rewardMode: z.enum(["QUEUE", "IMMEDIATE"]).optional(),
});
