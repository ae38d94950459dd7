/** Tables owned by @tally/commerce (its order aggregate is in orders.ts). */
import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { keyLookup } from "./key-lookup.ts";

export interface SocialProfile {
  platform: string;
  url: string;
}

export interface ShippingAddress {
  firstName?: string;
  lastName?: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

/** Global reference table (seeded): product and interest categories. */
export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
});

export const users = pgTable(
  "users",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    email: text("email").notNull(),
    /**
     * What an e-mail is looked up by. Under row-level security a condition on `lower(email)` can
     * never be an index condition (`lower` is not leakproof), only a filter over the organization's
     * users; on this column it is one.
     */
    emailLower: text("email_lower")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${users.email})`),
    emailVerified: boolean("email_verified").notNull().default(false),
    username: text("username"),
    walletProviderId: text("wallet_provider_id").notNull(),
    avatarUrl: text("avatar_url"),
    bio: text("bio"),
    city: text("city"),
    state: text("state"),
    socialProfiles: jsonb("social_profiles").$type<SocialProfile[]>().notNull().default([]),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    chatToken: text("chat_token"),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    keyLookup("users_id", t.id),
    uniqueIndex("users_email_unique").on(t.organizationId, sql`lower(${t.email})`),
    keyLookup("users_email", t.emailLower),
    uniqueIndex("users_username_unique").on(t.organizationId, sql`lower(${t.username})`),
    uniqueIndex("users_wallet_provider_unique").on(t.organizationId, t.walletProviderId),
  ],
);

export const userCategories = pgTable(
  "user_categories",
  {
    organizationId: text("organization_id").notNull(),
    userId: text("user_id").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.categoryId] }),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [users.organizationId, users.id],
    }).onDelete("cascade"),
  ],
);

export const walletTypes = ["EMBEDDED", "SERVER", "EXTERNAL"] as const;

export const wallets = pgTable(
  "wallets",
  {
    organizationId: text("organization_id").notNull(),
    /** Lowercase 0x address. */
    address: text("address").notNull(),
    userId: text("user_id").notNull(),
    type: text("type", { enum: walletTypes }).notNull(),
    chainId: integer("chain_id").notNull().default(8453),
    /** The wallet provider's id of an EMBEDDED wallet. */
    providerWalletId: text("provider_wallet_id"),
    /** SERVER wallets only: the private key encrypted with WALLET_ENCRYPTION_KEY; never returned. */
    encryptedPrivateKey: text("encrypted_private_key"),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.address] }),
    index("wallets_user").on(t.organizationId, t.userId),
    uniqueIndex("wallets_one_server_per_user")
      .on(t.organizationId, t.userId)
      .where(sql`${t.type} = 'SERVER'`),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [users.organizationId, users.id],
    }).onDelete("cascade"),
  ],
);

export const followTargetTypes = ["USER", "CREATOR"] as const;

export const follows = pgTable(
  "follows",
  {
    organizationId: text("organization_id").notNull(),
    followerId: text("follower_id").notNull(),
    targetType: text("target_type", { enum: followTargetTypes }).notNull(),
    targetId: text("target_id").notNull(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.followerId, t.targetType, t.targetId] }),
    index("follows_target").on(t.organizationId, t.targetType, t.targetId, t.createdAt),
    check("follows_no_self", sql`not (${t.targetType} = 'USER' and ${t.targetId} = ${t.followerId})`),
  ],
);

/** UNREAD until its recipient reads it; the moves live in commerce's notifications/notification-state.ts. */
export const notificationStatuses = ["UNREAD", "READ"] as const;

export const notifications = pgTable(
  "notifications",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    recipientType: text("recipient_type", { enum: followTargetTypes }).notNull(),
    recipientId: text("recipient_id").notNull(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: notificationStatuses }).notNull().default("UNREAD"),
    /** Makes event handlers idempotent: one notification per (recipient, cause). */
    dedupeKey: text("dedupe_key"),
    createdAt,
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("notifications_recipient").on(t.organizationId, t.recipientType, t.recipientId, t.createdAt),
    uniqueIndex("notifications_dedupe").on(t.organizationId, t.dedupeKey),
  ],
);

export const chatChannels = pgTable(
  "chat_channels",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    userId: text("user_id").notNull(),
    peerType: text("peer_type", { enum: followTargetTypes }).notNull(),
    peerId: text("peer_id").notNull(),
    providerChannelId: text("provider_channel_id").notNull(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("chat_channels_pair").on(t.organizationId, t.userId, t.peerType, t.peerId),
  ],
);

export const creators = pgTable(
  "creators",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    slug: text("slug").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description").notNull().default(""),
    avatarUrl: text("avatar_url"),
    heroUrl: text("hero_url"),
    flatShippingRate: integer("flat_shipping_rate").notNull().default(0),
    pointsAccepted: text("points_accepted", { enum: ["SELF", "ALL"] })
      .notNull()
      .default("SELF"),
    /** Points earned per whole dollar of point-eligible purchases. */
    pointsPerDollar: integer("points_per_dollar").notNull().default(0),
    socialProfiles: jsonb("social_profiles").$type<SocialProfile[]>().notNull().default([]),
    onboardingReminderSentAt: timestamp("onboarding_reminder_sent_at", { withTimezone: true, mode: "date" }),
    onboardingReminderClaimedUntil: timestamp("onboarding_reminder_claimed_until", {
      withTimezone: true,
      mode: "date",
    }),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    keyLookup("creators_id", t.id),
    uniqueIndex("creators_slug_unique").on(t.organizationId, t.slug),
    uniqueIndex("creators_display_name_unique").on(t.organizationId, sql`lower(${t.displayName})`),
    check("creators_flat_shipping_non_negative", sql`${t.flatShippingRate} >= 0`),
    check("creators_points_per_dollar_non_negative", sql`${t.pointsPerDollar} >= 0`),
  ],
);

export const creatorOwners = pgTable(
  "creator_owners",
  {
    organizationId: text("organization_id").notNull(),
    creatorId: text("creator_id").notNull(),
    userId: text("user_id").notNull(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.creatorId, t.userId] }),
    index("creator_owners_user").on(t.organizationId, t.userId),
    foreignKey({
      columns: [t.organizationId, t.creatorId],
      foreignColumns: [creators.organizationId, creators.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [users.organizationId, users.id],
    }).onDelete("cascade"),
  ],
);

export const creatorCategories = pgTable(
  "creator_categories",
  {
    organizationId: text("organization_id").notNull(),
    creatorId: text("creator_id").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.creatorId, t.categoryId] }),
    foreignKey({
      columns: [t.organizationId, t.creatorId],
      foreignColumns: [creators.organizationId, creators.id],
    }).onDelete("cascade"),
  ],
);

export const productStatuses = ["DRAFT", "PUBLISHED", "ARCHIVED"] as const;

/** A purged product is deleted; order items keep their own snapshot of name, slug and price. */
export const products = pgTable(
  "products",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    creatorId: text("creator_id").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    /** Minor units (cents). */
    price: integer("price").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: productStatuses }).notNull().default("DRAFT"),
    pointEligible: boolean("point_eligible").notNull().default(false),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    categoryId: integer("category_id").references(() => categories.id),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    keyLookup("products_id", t.id),
    uniqueIndex("products_slug_unique").on(t.organizationId, t.creatorId, t.slug),
    index("products_creator_status").on(t.organizationId, t.creatorId, t.status),
    // The storefront's page: a creator's published products newest first, read in order with no sort.
    index("products_storefront")
      .on(t.organizationId, t.creatorId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'PUBLISHED'`),
    foreignKey({
      columns: [t.organizationId, t.creatorId],
      foreignColumns: [creators.organizationId, creators.id],
    }).onDelete("cascade"),
    check("products_price_non_negative", sql`${t.price} >= 0`),
  ],
);

/**
 * Every product has at least one variant (a default one when none is given): stock lives here only.
 * `stock` null = not tracked (never runs out); a number = units available to new orders, held ones excluded.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    productId: text("product_id").notNull(),
    name: text("name").notNull(),
    sku: text("sku"),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default({}),
    /** Overrides the product price when set (cents). */
    price: integer("price"),
    stock: integer("stock"),
    isDefault: boolean("is_default").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("product_variants_product").on(t.organizationId, t.productId),
    foreignKey({
      columns: [t.organizationId, t.productId],
      foreignColumns: [products.organizationId, products.id],
    }).onDelete("cascade"),
    check("product_variants_stock_non_negative", sql`${t.stock} >= 0`),
    check("product_variants_price_non_negative", sql`${t.price} is null or ${t.price} >= 0`),
  ],
);

/** A reservation HELD while its order is being paid, then COMMITTED (sold) or RELEASED (given back). */
export const stockReservationStatuses = ["HELD", "COMMITTED", "RELEASED"] as const;

/** Stock held for an order while it is being paid: taken from the variant, given back or committed. */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    organizationId: text("organization_id").notNull(),
    orderId: text("order_id").notNull(),
    variantId: text("variant_id").notNull(),
    quantity: integer("quantity").notNull(),
    status: text("status", { enum: stockReservationStatuses }).notNull().default("HELD"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.orderId, t.variantId] }),
    index("stock_reservations_expiry").on(t.expiresAt).where(sql`${t.status} = 'HELD'`),
    check("stock_reservations_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const discountCodes = pgTable(
  "discount_codes",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    creatorId: text("creator_id").notNull(),
    /** Stored uppercase. */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["PERCENT", "FIXED"] }).notNull(),
    /** Percent 1-100, or cents. */
    value: integer("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
    /** A DISCOUNT_CODE reward's one-time code: the redemption it was made for (at most one code each). */
    redemptionId: text("redemption_id"),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("discount_codes_code").on(t.organizationId, t.creatorId, t.code),
    uniqueIndex("discount_codes_redemption")
      .on(t.organizationId, t.redemptionId)
      .where(sql`${t.redemptionId} is not null`),
    check("discount_codes_usage", sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
    check("discount_codes_value_positive", sql`${t.value} > 0`),
  ],
);

export const creatorGroups = pgTable(
  "creator_groups",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    creatorId: text("creator_id").notNull(),
    name: text("name").notNull(),
    type: text("type", { enum: ["MANUAL"] })
      .notNull()
      .default("MANUAL"),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("creator_groups_name").on(t.organizationId, t.creatorId, sql`lower(${t.name})`),
    foreignKey({
      columns: [t.organizationId, t.creatorId],
      foreignColumns: [creators.organizationId, creators.id],
    }).onDelete("cascade"),
  ],
);

export const creatorGroupMembers = pgTable(
  "creator_group_members",
  {
    organizationId: text("organization_id").notNull(),
    groupId: text("group_id").notNull(),
    userId: text("user_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.groupId, t.userId] }),
    foreignKey({
      columns: [t.organizationId, t.groupId],
      foreignColumns: [creatorGroups.organizationId, creatorGroups.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [users.organizationId, users.id],
    }).onDelete("cascade"),
  ],
);

export const storefrontConnections = pgTable(
  "storefront_connections",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    creatorId: text("creator_id").notNull(),
    shopDomain: text("shop_domain").notNull(),
    /** Shared secret for webhook HMACs and the admin API; never returned. */
    appSecret: text("app_secret").notNull(),
    accessToken: text("access_token"),
    /**
     * The value the shop must hold for the connection to be verified (see `verifiedAt`). Null on a connection
     * made before verification existed, which counts as verified.
     */
    verificationToken: text("verification_token"),
    /** When the shop proved control of the domain; until then the connection is PENDING and claims no domain. */
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("storefront_connections_creator").on(t.organizationId, t.creatorId),
    foreignKey({
      columns: [t.organizationId, t.creatorId],
      foreignColumns: [creators.organizationId, creators.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Global registry: a shop domain is connected to at most one organization (webhooks carry no key). Only a
 * verified connection has a row: a PENDING one claims nothing.
 */
export const storefrontShops = pgTable("storefront_shops", {
  shopDomain: text("shop_domain").primaryKey(),
  organizationId: text("organization_id").notNull(),
  connectionId: text("connection_id").notNull(),
});

export const storefrontProducts = pgTable(
  "storefront_products",
  {
    organizationId: text("organization_id").notNull(),
    connectionId: text("connection_id").notNull(),
    externalId: text("external_id").notNull(),
    productId: text("product_id").notNull(),
    externalUpdatedAt: timestamp("external_updated_at", { withTimezone: true, mode: "date" }),
    syncedAt: timestamp("synced_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.connectionId, t.externalId] }),
    uniqueIndex("storefront_products_product").on(t.organizationId, t.productId),
  ],
);
