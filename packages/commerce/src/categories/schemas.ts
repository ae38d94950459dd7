import { z } from "zod";
import { categorySummarySchema } from "../creators/schemas.ts";

export { categorySummarySchema as categorySchema };

export const categoryIdInput = z.strictObject({
  id: z.number().int().positive().max(2_147_483_647).describe("Category id: an integer greater than 0"),
});

export const categoryDetailsSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string().describe("URL-friendly name"),
    productCount: z
      .number()
      .int()
      .describe("Published products in this category in the caller's organization"),
    creatorCount: z.number().int().describe("Creators in this category in the caller's organization"),
  })
  .meta({ id: "CategoryDetails" });
