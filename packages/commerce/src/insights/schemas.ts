import { offsetPaginationInput } from "@tally/core";
import { z } from "zod";
import { id } from "../shared/schemas.ts";

export const userSummarySchema = z
  .object({
    id: z.string(),
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  })
  .meta({ id: "UserSummary" });

export const creatorFollowerSchema = z
  .object({
    user: userSummarySchema,
    followedAt: z.date(),
  })
  .meta({ id: "CreatorFollower" });

export const topFollowerSchema = z
  .object({
    rank: z.number().int().describe("1 = the follower who spent most with this creator"),
    user: userSummarySchema,
    followedAt: z.date(),
  })
  .meta({ id: "TopFollower" });

export const followerCountSchema = z
  .object({ creatorId: z.string(), count: z.number().int() })
  .meta({ id: "CreatorFollowerCount" });

export const dashboardSchema = z
  .object({
    creatorId: z.string(),
    currency: z.literal("usd"),
    periodDays: z.number().int().describe("Length of the recent window the *Last30Days fields cover"),
    followerCount: z.number().int(),
    newFollowersLast30Days: z.number().int(),
    publishedProductCount: z.number().int(),
    draftProductCount: z.number().int(),
    archivedProductCount: z.number().int(),
    paidOrderCount: z.number().int().describe("Orders in PAID, PROCESSING, SHIPPED or DELIVERED"),
    paidOrdersLast30Days: z.number().int(),
    itemsSold: z.number().int().describe("Units in paid orders"),
    grossSalesCents: z.number().int().describe("Unit price x quantity over paid orders' items"),
    revenueCents: z
      .number()
      .int()
      .describe("What buyers were charged for paid orders (after discounts and points, shipping included)"),
    revenueLast30DaysCents: z.number().int(),
    averageOrderValueCents: z
      .number()
      .int()
      .describe("revenueCents / paidOrderCount, rounded; 0 without orders"),
    customerCount: z.number().int().describe("Distinct buyers (users, and guests by e-mail)"),
    generatedAt: z.date(),
  })
  .meta({ id: "CreatorDashboard" });

export const topFanSchema = z
  .object({
    user: userSummarySchema,
    orderCount: z.number().int(),
    spentCents: z.number().int().describe("What this user was charged for paid orders of this creator"),
    firstOrderAt: z.date(),
    lastOrderAt: z.date(),
    isFollower: z.boolean(),
    followedAt: z.date().nullable(),
  })
  .meta({ id: "TopFan" });

export const fansSchema = z
  .object({
    creatorId: z.string(),
    followerCount: z.number().int(),
    customerCount: z.number().int().describe("Distinct buyers of paid orders (users, and guests by e-mail)"),
    repeatCustomerCount: z.number().int().describe("Buyers with two or more paid orders"),
    repeatCustomerRate: z
      .number()
      .describe("repeatCustomerCount / customerCount (0-1, 4 decimals); 0 without buyers"),
    followerCustomerCount: z.number().int().describe("Followers who bought at least once"),
    followerConversionRate: z
      .number()
      .describe("followerCustomerCount / followerCount (0-1, 4 decimals); 0 without followers"),
    averageSpendPerCustomerCents: z.number().int().describe("Revenue / customerCount, rounded"),
    topFans: z
      .array(topFanSchema)
      .describe("Registered buyers by spend, then order count, then earliest first order"),
    generatedAt: z.date(),
  })
  .meta({ id: "CreatorFans" });

export const growthPointSchema = z
  .object({
    date: z.string().describe("UTC day, YYYY-MM-DD"),
    newFollowers: z.number().int(),
    total: z.number().int().describe("Followers at the end of that day"),
  })
  .meta({ id: "FollowerGrowthPoint" });

export const growthSchema = z
  .object({
    creatorId: z.string(),
    days: z.number().int(),
    from: z.string().describe("First UTC day of the window, YYYY-MM-DD"),
    to: z.string().describe("Last UTC day of the window (today), YYYY-MM-DD"),
    startingTotal: z.number().int().describe("Followers before the window"),
    newFollowers: z.number().int().describe("Followers gained in the window"),
    total: z.number().int().describe("Followers at the end of the window"),
    points: z
      .array(growthPointSchema)
      .describe("One entry per day, oldest first, days without follows included"),
  })
  .meta({ id: "CreatorFollowerGrowth" });

export const creatorPaginatedInput = offsetPaginationInput.extend({ creatorId: id }).strict();
export const publicFollowersInput = offsetPaginationInput.extend({ id: id.describe("Creator id") }).strict();
export const fansInput = z.strictObject({
  creatorId: id,
  limit: z.number().int().min(1).max(100).default(10).describe("How many top fans to list"),
});
export const growthInput = z.strictObject({
  id: id.describe("Creator id"),
  days: z.number().int().min(1).max(365).default(30).describe("Window length in days, today included"),
});
