import { z } from "zod";

/** `GET /intents/analytics`: the task summary under the legacy names. */
export const intentAnalyticsSchema = z
  .object({
    total: z.number().int().meta({ description: "Tasks whose escrow was created" }),
    fulfilled: z.number().int().meta({ description: "Settled: the solver was paid" }),
    pending: z.number().int().meta({ description: "Open, Claimed, SubmittedForVerification or Verified" }),
    expired: z.number().int(),
    cancelled: z.number().int().meta({ description: "Cancelled by the organization (extension)" }),
  })
  .meta({ id: "IntentAnalytics" });

/** `GET /intents/treasury`: the organization's task pool under the legacy name. */
export const treasurySchema = z
  .object({
    treasuryAddress: z.string().meta({ description: "The task escrow holding the pool" }),
    status: z.enum(["active", "inactive"]),
    chainId: z.number().int(),
    balanceUSDC: z.number().meta({ description: "Unescrowed balance" }),
    escrowedUSDC: z.number().meta({ description: "What live tasks hold in escrow" }),
    balanceAtomic: z.string(),
    escrowedAtomic: z.string(),
    createdAt: z.date(),
  })
  .meta({ id: "IntentTreasury" });
