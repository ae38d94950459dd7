ALTER TABLE "product_variants" ALTER COLUMN "stock" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "stock" DROP NOT NULL;