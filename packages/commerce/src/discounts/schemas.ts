import { dateTimeInput, offsetPaginationInput } from "@tally/core";
import { z } from "zod";
import { id } from "../shared/schemas.ts";

export const discountCodeSchema = z
  .object({
    id: z.string(),
    creatorId: z.string(),
    code: z.string().describe("Stored and matched upper case"),
    kind: z.enum(["PERCENT", "FIXED"]),
    value: z.number().int().describe("PERCENT: 1-100; FIXED: cents"),
    expiresAt: z.date().nullable(),
    usageLimit: z.number().int().nullable().describe("Orders that may use it; null = unlimited"),
    usedCount: z.number().int(),
    disabledAt: z.date().nullable(),
    active: z.boolean().describe("Not disabled, not expired, not used up"),
    createdAt: z.date(),
  })
  .meta({ id: "DiscountCode" });

export type DiscountCodeOutput = z.infer<typeof discountCodeSchema>;

export const createDiscountCodeInput = z.strictObject({
  creatorId: id,
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,32}$/, "3-32 letters, digits, _ or -")
    .describe("Case-insensitive; unique per creator"),
  kind: z.enum(["PERCENT", "FIXED"]),
  value: z.number().int().min(1).max(100_000_000).describe("PERCENT: 1-100; FIXED: cents off the items"),
  expiresAt: dateTimeInput()
    .optional()
    .describe(
      "RFC 3339 date-time with an offset (e.g. 2027-01-31T23:59:59Z); after this instant the code is refused",
    ),
  usageLimit: z.number().int().min(1).max(1_000_000_000).optional().describe("Default unlimited"),
});

export type CreateDiscountCodeInput = z.infer<typeof createDiscountCodeInput>;

export const listDiscountCodesInput = z.strictObject({ creatorId: id, ...offsetPaginationInput.shape });

export const discountCodeParams = z.strictObject({ creatorId: id, codeId: id });
