import { z } from "zod";
import {
  categoryIds,
  creatorIdParam,
  httpUrl,
  id,
  socialProfile,
  socialProfiles,
} from "../shared/schemas.ts";

/** 3-50 characters: lowercase letters, digits and inner hyphens. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,48}[a-z0-9])$/;

/**
 * Words that follow `/creator/` in the API's own routes (`/creator/id/...`, `/creator/followers/...`):
 * a creator with one of these slugs could never be reached at `/creator/{slug}`.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(["id", "followers"]);

export const DISPLAY_NAME_MAX = 100;

export type NameProblem = "reserved" | "invalid";

/** Why a (normalised) slug cannot be used, if it cannot: reserved words first, then the format. */
export const slugProblem = (slug: string): NameProblem | undefined => {
  if (RESERVED_SLUGS.has(slug)) return "reserved";
  if (!SLUG_PATTERN.test(slug)) return "invalid";
  return undefined;
};

/** Why a (trimmed) display name cannot be used, if it cannot. */
export const displayNameProblem = (displayName: string): NameProblem | undefined =>
  displayName.length === 0 || displayName.length > DISPLAY_NAME_MAX ? "invalid" : undefined;

export const normaliseSlug = (slug: string): string => slug.trim().toLowerCase();

export const slugInput = z
  .string()
  .max(200)
  .transform(normaliseSlug)
  .superRefine((slug, context) => {
    const problem = slugProblem(slug);
    if (problem === "reserved") {
      context.addIssue({ code: "custom", message: `"${slug}" is reserved for the API's own routes` });
    } else if (problem === "invalid") {
      context.addIssue({
        code: "custom",
        message: "3-50 lowercase letters, digits or hyphens, starting and ending with a letter or digit",
      });
    }
  })
  .describe(
    "URL handle: 3-50 characters, lowercase letters, digits and hyphens (not at either end); upper case is " +
      "folded to lower case; `id` and `followers` are reserved",
  );

export const displayNameInput = z
  .string()
  .trim()
  .min(1)
  .max(DISPLAY_NAME_MAX)
  .describe("Unique within the organization, compared case-insensitively");

export const pointsAcceptedSchema = z
  .enum(["SELF", "ALL"])
  .describe("SELF: only points earned with this creator are accepted; ALL: organization-wide points too");

export const categorySummarySchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: "Category" });

export const publicCreatorSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    displayName: z.string(),
    description: z.string(),
    avatarUrl: z.string().nullable(),
    heroUrl: z.string().nullable().describe("Storefront banner"),
    flatShippingRate: z
      .number()
      .int()
      .describe(
        "Default shipping rate in cents (0 = none): quoted as rate `flat`, and the fee of an order paid without a chosen rate",
      ),
    socialProfiles: z.array(socialProfile),
    createdAt: z.date(),
  })
  .meta({ id: "PublicCreator" });

export const creatorOwnerSchema = z
  .object({
    userId: z.string(),
    username: z.string().nullable(),
    since: z.date().describe("When the user became an owner"),
  })
  .meta({ id: "CreatorOwner" });

export const creatorSchema = publicCreatorSchema
  .extend({
    organizationId: z.string(),
    pointsAccepted: pointsAcceptedSchema,
    pointsPerDollar: z.number().int().describe("Points earned per whole dollar of point-eligible purchases"),
    categories: z.array(categorySummarySchema),
    owners: z.array(creatorOwnerSchema),
    updatedAt: z.date(),
  })
  .meta({ id: "Creator" });

export type CreatorView = z.infer<typeof creatorSchema>;
export type PublicCreatorView = z.infer<typeof publicCreatorSchema>;

export const createCreatorInput = z.strictObject({
  id,
  displayName: displayNameInput,
  slug: slugInput,
  categoryIds: categoryIds.default([]).describe("Existing category ids (GET /categories)"),
});

export const checkAvailabilityInput = z.strictObject({
  id,
  displayName: z.string().max(1000).describe("Checked as given (trimmed)"),
  slug: z.string().max(1000).describe("Checked after folding to lower case"),
});

const availabilitySchema = (what: string) =>
  z.object({
    value: z.string().describe(`The ${what} as it would be stored (normalised)`),
    available: z.boolean(),
    reason: z
      .enum(["taken", "reserved", "invalid"])
      .optional()
      .describe("Present when not available: taken by another creator, a reserved word, or badly formed"),
    message: z.string().optional().describe("Human-readable explanation when not available"),
  });

export const availabilityResultSchema = z
  .object({
    slug: availabilitySchema("slug"),
    displayName: availabilitySchema("display name"),
    available: z.boolean().describe("Both the slug and the display name can be used"),
  })
  .meta({ id: "CreatorAvailability" });

export const creatorIdInput = creatorIdParam;

export const updateCreatorInput = z.strictObject({
  creatorId: id,
  displayName: displayNameInput.optional(),
  description: z.string().max(5000).nullable().optional().describe("null clears it (empty string)"),
  avatarUrl: httpUrl.nullable().optional().describe("null clears it"),
  heroUrl: httpUrl.nullable().optional().describe("null clears it"),
  flatShippingRate: z
    .number()
    .int()
    .min(0)
    .max(100_000_000)
    .optional()
    .describe("Cents; 0 = none. Orders already quoted or being paid keep their fee"),
  socialProfiles: socialProfiles.optional().describe("Replaces the list; [] clears it"),
  categoryIds: categoryIds.optional().describe("Replaces the creator's categories (extension)"),
  pointsAccepted: pointsAcceptedSchema.optional().describe("Extension: which points this creator accepts"),
  pointsPerDollar: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .optional()
    .describe("Extension: points earned per whole dollar of point-eligible purchases"),
});

export const slugParam = z.strictObject({
  slug: z.string().min(1).max(200).describe("The creator's slug (case-insensitive)"),
});

export const creatorStatsSchema = z
  .object({
    creatorId: z.string(),
    slug: z.string(),
    followerCount: z.number().int(),
    productCount: z.number().int().describe("Published products"),
    orderCount: z.number().int().describe("Paid orders (PAID, PROCESSING, SHIPPED or DELIVERED)"),
    itemsSold: z.number().int().describe("Units sold in paid orders"),
    customerCount: z.number().int().describe("Distinct buyers of paid orders (users and guests)"),
    createdAt: z.date(),
  })
  .meta({ id: "CreatorPublicStats" });
