import { z } from "zod";

const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address (0x followed by 40 hex digits)")
  .transform((address) => address.toLowerCase());

export const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    domain: z.string().nullable(),
    subscriptionTierId: z.string(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "Organization" });

export const createOrganizationInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      "a domain name such as shop.example.com",
    )
    .nullish(),
  subscriptionTierId: z.string().min(1).max(64).default("builder"),
});

export const updateOrganizationInput = z.strictObject({
  id: z.string(),
  name: createOrganizationInput.shape.name.optional(),
  domain: createOrganizationInput.shape.domain,
  subscriptionTierId: z.string().min(1).max(64).optional().describe("OPERATOR only"),
});

export const organizationIdInput = z.strictObject({ id: z.string().min(1).max(64) });

export const settingsSchema = z
  .object({
    organizationId: z.string(),
    x402Enabled: z.boolean(),
    x402WalletAddress: z
      .string()
      .nullable()
      .describe("Receiving address for x402 and embedded-wallet payments"),
    defaultChainId: z.number().int(),
    rewardMode: z.string(),
    enrichmentEnabled: z.boolean(),
    autoPublishProducts: z.boolean(),
    pointValueCents: z.number().int().describe("Value of one point in cents"),
    applicationFeeBps: z.number().int().describe("Platform fee on each order, in basis points"),
    payoutHoldDays: z.number().int().describe("Days a payout is held before it becomes eligible"),
    updatedAt: z.date(),
  })
  .meta({ id: "OrganizationSettings" });

export const updateSettingsInput = z
  .strictObject({
    id: z.string(),
    x402Enabled: z.boolean().optional(),
    x402WalletAddress: evmAddress.nullable().optional(),
    x402PayToAddress: evmAddress.nullable().optional().describe("Alias of x402WalletAddress"),
    defaultChainId: z.number().int().positive().optional(),
    rewardMode: z.enum(["QUEUE", "IMMEDIATE"]).optional(),
    enrichmentEnabled: z.boolean().optional(),
    autoPublishProducts: z.boolean().optional(),
    pointValueCents: z.number().int().min(1).max(100_000).optional(),
    applicationFeeBps: z.number().int().min(0).max(10_000).optional().describe("OPERATOR only"),
    payoutHoldDays: z.number().int().min(0).max(365).optional().describe("OPERATOR only"),
  })
  .refine((input) => input.x402WalletAddress === undefined || input.x402PayToAddress === undefined, {
    message: "Give x402WalletAddress or its alias x402PayToAddress, not both",
    path: ["x402PayToAddress"],
  });

export type UpdateSettingsInput = z.infer<typeof updateSettingsInput>;
