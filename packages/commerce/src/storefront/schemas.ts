import { z } from "zod";
import { creatorIdParam } from "../shared/schemas.ts";

/** A store's hostname on the platform, e.g. `my-shop.myshopify.com`: lowercase, no scheme, no port, no IP. */
export const shopDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    "a shop hostname such as my-shop.myshopify.com (no scheme, path or port)",
  )
  // Names that only ever mean this host or a private network. The outbound client checks the
  // address each name resolves to when it connects; this only refuses the obvious at input.
  .refine(
    (name) =>
      !/(^|\.)(localhost|localdomain|local|internal|intranet|lan|home\.arpa|in-addr\.arpa|ip6\.arpa)$/.test(
        name,
      ),
    "a public shop hostname (local and private names are refused)",
  );

export const connectStorefrontInput = creatorIdParam.extend({
  shopDomain,
  appSecret: z
    .string()
    .min(16, "at least 16 characters")
    .max(512)
    .describe("The app's shared secret: signs the platform's webhooks. Never returned."),
  accessToken: z
    .string()
    .trim()
    .min(1)
    .max(512)
    .optional()
    .describe("Admin API access token, needed by the catalogue sync. Never returned."),
});
export type ConnectStorefrontInput = z.infer<typeof connectStorefrontInput>;

export const storefrontConnectionSchema = z
  .object({
    id: z.string(),
    creatorId: z.string(),
    shopDomain: z.string(),
    hasAccessToken: z
      .boolean()
      .describe("Whether an admin API token is stored (verification and the sync need one)"),
    status: z
      .enum(["PENDING", "VERIFIED"])
      .describe(
        "PENDING until the shop proves control of its domain (`POST …/storefront/verify`); only a VERIFIED connection holds the domain, receives its webhooks and syncs",
      ),
    verificationToken: z
      .string()
      .nullable()
      .describe(
        "PENDING: the value to set as the shop's metafield `tally.domain_verification` before verifying; null once VERIFIED",
      ),
    verifiedAt: z.date().nullable(),
    productCount: z.number().int().describe("Products currently linked to the store"),
    createdAt: z.date(),
  })
  .meta({
    id: "StorefrontConnection",
    description: "A creator's connection to a store on the storefront platform. Secrets are never returned.",
  });

export const storefrontSyncAcceptedSchema = z
  .object({
    jobId: z.string().describe("The queued `storefront-products-sync` job"),
    connectionId: z.string(),
  })
  .meta({ id: "StorefrontSyncAccepted" });

export const storefrontWebhookOutcomes = [
  "created",
  "updated",
  "stale",
  "archived",
  "uninstalled",
  "ignored",
  "duplicate",
] as const;
export type StorefrontWebhookOutcome = (typeof storefrontWebhookOutcomes)[number];

export const storefrontWebhookResultSchema = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().describe("A redelivery of an event already processed: nothing was done"),
    topic: z.string(),
    outcome: z
      .enum(storefrontWebhookOutcomes)
      .describe(
        "`created`/`updated` a product; `stale`: an update older than the one stored, ignored; `archived`; `uninstalled`: the connection is removed; `ignored`: an unknown topic, an unknown or purged product on delete/update; `duplicate`",
      ),
    productId: z.string().nullable(),
  })
  .meta({ id: "StorefrontWebhookResult" });
export type StorefrontWebhookResult = z.infer<typeof storefrontWebhookResultSchema>;
