import { z } from "zod";

export const tierSchema = z
  .object({
    id: z.string(),
    name: z.string().describe("BUILDER, GROWTH or PRO"),
    price: z.number().int().describe("Monthly price in cents"),
    monthlyApiCalls: z.number().int(),
    maxApiKeys: z.number().int(),
    maxCreators: z.number().int(),
    requestsPerSecond: z.number().int().describe("Per-key sustained rate; bursts up to twice this"),
    features: z.array(z.string()),
  })
  .meta({ id: "SubscriptionTier" });

export const tierIdInput = z.strictObject({ id: z.string().min(1).max(64) });
