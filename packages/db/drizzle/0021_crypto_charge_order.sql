ALTER TABLE "sandbox_crypto_charges" ADD COLUMN "organization_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_crypto_charges" ADD COLUMN "order_id" text;