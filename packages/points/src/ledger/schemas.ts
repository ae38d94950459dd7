import { idPattern, pageInfo, pagePaginationInput } from "@tally/core";
import { orderStatuses, pointTransactionTypes } from "@tally/db";
import { z } from "zod";

/** A CUID2 id in a path or body (same rule as commerce's). */
const id = z.string().min(1).max(64).regex(idPattern, "an id of lowercase letters and digits");

const userIdParam = z.strictObject({ id });

/** Largest single grant or spend: keeps running balances far from the int4 limit. */
export const MAX_POINTS_AMOUNT = 100_000_000;

export const pointTransactionSchema = z
  .object({
    id: z.number().int(),
    userId: z.string(),
    amount: z.number().int().describe("Positive = earn, negative = spend"),
    type: z.enum(pointTransactionTypes),
    creatorId: z.string().nullable().describe("Null = organization-wide points"),
    createdAt: z.date(),
    organizationId: z.string(),
    details: z.record(z.string(), z.unknown()).optional().describe("API transactions: stored verbatim"),
    orderId: z.string().optional().describe("PURCHASE transactions: the order"),
    journeyId: z.string().optional().describe("CAMPAIGN transactions: the completed campaign journey"),
    campaignId: z.string().optional().describe("CAMPAIGN transactions: the campaign"),
  })
  .meta({ id: "PointTransaction" });
export type PointTransaction = z.infer<typeof pointTransactionSchema>;

export const balancesSchema = z
  .object({
    balance: z.number().int().describe("Sum over all scopes (organization-wide and every creator)"),
    creatorBalances: z.array(z.object({ creatorId: z.string(), balance: z.number().int() })),
  })
  .meta({ id: "PointBalances" });
export type Balances = z.infer<typeof balancesSchema>;

export const getBalancesInput = userIdParam.extend({
  creatorId: id.optional().describe("Only this creator's balance in creatorBalances"),
});

export const recordTransactionInput = userIdParam.extend({
  amount: z
    .number()
    .int()
    .min(-MAX_POINTS_AMOUNT)
    .max(MAX_POINTS_AMOUNT)
    .refine((value) => value !== 0, "must be non-zero")
    .describe("Positive earns, negative spends (never below zero)"),
  creatorId: id.optional().describe("The creator's points; absent = organization-wide points"),
  details: z.record(z.string(), z.unknown()).optional().describe("Stored verbatim"),
});

export const historyInput = userIdParam.extend({
  ...pagePaginationInput.shape,
  creatorId: id.optional().describe("Only this creator's transactions"),
});

export const historySchema = z
  .object({ data: z.array(pointTransactionSchema), pagination: pageInfo })
  .meta({ id: "PointHistory" });

export const orderPointsParams = userIdParam.extend({ orderId: id });

export const setOrderPointsInput = orderPointsParams.extend({
  points: z
    .number()
    .int()
    .min(0)
    .max(MAX_POINTS_AMOUNT)
    .describe("Points to apply to the order (0 clears); held at checkout"),
});

export const orderPointsSchema = z
  .object({
    orderId: z.string(),
    status: z.enum(orderStatuses).describe("The order's status"),
    points: z.number().int().describe("Points applied to the order"),
    reserved: z.number().int().describe("Points held for the order now (deducted, revertible)"),
    finalized: z.number().int().describe("Points spent on the order for good"),
  })
  .meta({ id: "OrderPoints" });
export type OrderPoints = z.infer<typeof orderPointsSchema>;
