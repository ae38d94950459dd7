import { offsetPaginationInput } from "@tally/core";
import { z } from "zod";
import { categorySummarySchema } from "../creators/schemas.ts";
import { categoryIds, httpUrl, socialProfile, socialProfiles, userIdParam } from "../shared/schemas.ts";
import { walletSchema } from "../wallets/schemas.ts";

export const userSchema = z
  .object({
    id: z.string(),
    username: z.string().nullable(),
    email: z.string(),
    emailVerified: z.boolean(),
    avatarUrl: z.string().nullable(),
    bio: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
    organizationId: z.string(),
    wallets: z.array(walletSchema),
    socialProfiles: z.array(socialProfile),
    interests: z.array(categorySummarySchema).describe("The user's categories (set by PATCH categoryIds)"),
  })
  .meta({ id: "User" });

export type User = z.infer<typeof userSchema>;

/** Words that are routes under `/user/`, plus a few that would mislead; compared case-insensitively. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  "username",
  "walletprovider",
  "me",
  "id",
  "user",
  "users",
  "creator",
  "creators",
  "followers",
  "following",
  "follow",
  "wallets",
  "notifications",
  "notification",
  "chat",
  "order",
  "orders",
  "points",
  "nfts",
  "admin",
  "api",
  "settings",
  "null",
  "undefined",
  "system",
  "support",
]);

const USERNAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9_.]{1,28})[A-Za-z0-9]$/;

export const usernameSchema = z
  .string()
  .superRefine((name, context) => {
    if (!USERNAME_PATTERN.test(name)) {
      context.addIssue({
        code: "custom",
        message: "3-30 letters, digits, '_' or '.', starting and ending with a letter or digit",
      });
    } else if (RESERVED_USERNAMES.has(name.toLowerCase())) {
      context.addIssue({ code: "custom", message: `"${name}" is reserved for the API's own routes` });
    }
  })
  .describe(
    "3-30 letters, digits, '_' or '.', starting and ending with a letter or digit; words used by the API's routes (e.g. `username`, `walletprovider`, `me`) are reserved",
  );

export const walletProviderIdSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, "printable characters without spaces, e.g. did:privy:abc123");

export const createUserInput = z.strictObject({
  email: z.string().trim().max(254).pipe(z.email()),
  walletProviderId: walletProviderIdSchema.describe("The wallet provider's decentralized identifier"),
  walletAddress: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "an EVM address (0x followed by 40 hex digits)")
    .transform((address) => address.toLowerCase())
    .optional()
    .describe("EXTERNAL wallet; with walletId, the EMBEDDED wallet's address"),
  walletId: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe("The wallet provider's embedded-wallet id; needs walletAddress"),
});

export type CreateUserInput = z.infer<typeof createUserInput>;

const nullableText = (max: number) => z.string().trim().max(max).nullable().optional();

export const updateUserInput = userIdParam.extend({
  username: usernameSchema.nullable().optional().describe("Unique handle (case-insensitive); null clears"),
  bio: nullableText(1000),
  avatarUrl: httpUrl.nullable().optional(),
  city: nullableText(100).describe("Extension: city; null clears"),
  state: nullableText(100).describe("Extension: state or region; null clears"),
  categoryIds: categoryIds.nullable().optional().describe("Replaces the user's interests; null or [] clears"),
  socialProfiles: socialProfiles.nullable().optional().describe("Replaces the list; null or [] clears"),
});

export type UpdateUserInput = z.infer<typeof updateUserInput>;

export const usernameInput = z.strictObject({ username: z.string().min(1).max(64) });

export const walletProviderInput = z.strictObject({ walletProviderId: walletProviderIdSchema });

export const walletProviderCreatorsInput = walletProviderInput.extend(offsetPaginationInput.shape);

export const shippingAddressSchema = z
  .object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    line1: z.string(),
    line2: z.string().nullable().optional(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    countryCode: z.string(),
  })
  .meta({ id: "ShippingAddress", description: "The address saved by the last shipping quote" });
