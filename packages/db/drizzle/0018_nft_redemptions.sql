CREATE TABLE "nft_redemptions" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"reward_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reward_type" text NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" text NOT NULL,
	"wallet_address" text NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"point_cost" integer DEFAULT 0 NOT NULL,
	"reward_details" jsonb,
	"message" text,
	"claimed_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_redemptions_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "nft_redemptions_point_cost_non_negative" CHECK ("nft_redemptions"."point_cost" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "nft_redemptions_token" ON "nft_redemptions" USING btree ("organization_id","chain_id","contract_address","token_id");--> statement-breakpoint
CREATE INDEX "nft_redemptions_user" ON "nft_redemptions" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_redemptions_creator" ON "nft_redemptions" USING btree ("organization_id","creator_id","created_at");