import { apiKeyRoles } from "@tally/db";
import { z } from "zod";

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    organizationId: z.string(),
    role: z.enum(apiKeyRoles),
    environment: z.enum(["test", "live"]),
    keyPrefix: z.string().describe("Masked value: environment prefix and last four characters"),
    isActive: z.boolean(),
    lastUsedAt: z.date().nullable(),
    previousKeyId: z.string().nullable(),
    rotatedAt: z.date().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: "ApiKey" });

export const createdApiKeySchema = apiKeySchema
  .extend({ key: z.string().describe("The full key value. Shown once: store it now.") })
  .meta({ id: "CreatedApiKey" });

export const rotatedApiKeySchema = z
  .object({
    id: z.string(),
    key: z.string().describe("The new full key value. Shown once."),
    keyPrefix: z.string(),
    previousKeyId: z.string().describe("The key whose value was replaced (rotation keeps the id)"),
    previousKeyPrefix: z.string().describe("Masked value that stopped working"),
    rotatedAt: z.date(),
  })
  .meta({ id: "RotatedApiKey" });

export const createApiKeyInput = z.strictObject({
  organizationId: z.string().min(1).max(64).optional().describe("Defaults to the calling key's organization"),
  role: z.enum(apiKeyRoles).default("MEMBER").describe("At most the calling key's own role"),
  name: z.string().trim().min(1).max(100).optional(),
});

export const listApiKeysInput = z.strictObject({
  organizationId: z.string().min(1).max(64).optional().describe("Defaults to the calling key's organization"),
});

export const apiKeyIdInput = z.strictObject({ id: z.string().min(1).max(64) });

export const updateApiKeyInput = z.strictObject({
  id: z.string().min(1).max(64),
  isActive: z.boolean().optional().describe("false blocks requests with this key immediately"),
  name: z.string().trim().min(1).max(100).nullable().optional(),
});
