ALTER TABLE "storefront_connections" ADD COLUMN "verification_token" text;--> statement-breakpoint
ALTER TABLE "storefront_connections" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nft_redemptions" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
-- Connections made before verification existed hold their domain in the registry already: they count as verified.
UPDATE "storefront_connections" SET "verified_at" = "created_at" WHERE "verified_at" IS NULL;
