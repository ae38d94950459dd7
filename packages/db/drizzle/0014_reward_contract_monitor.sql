ALTER TABLE "nft_rewards" ADD COLUMN "contract_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nft_rewards" ADD COLUMN "contract_drift" text;