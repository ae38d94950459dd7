ALTER TABLE "campaign_ugc" ADD COLUMN "status" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_ugc" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaign_ugc_campaign_status" ON "campaign_ugc" USING btree ("organization_id","campaign_id","status","created_at");--> statement-breakpoint
CREATE INDEX "presale_purchases_user" ON "presale_purchases" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
ALTER TABLE "campaign_ugc" ADD CONSTRAINT "campaign_ugc_status" CHECK ("campaign_ugc"."status" in ('PENDING', 'APPROVED', 'HIDDEN'));