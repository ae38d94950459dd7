CREATE TABLE "airdrop_recipients" (
	"organization_id" text NOT NULL,
	"airdrop_id" text NOT NULL,
	"user_id" text NOT NULL,
	"wallet_address" text,
	"mint_id" text,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airdrop_recipients_organization_id_airdrop_id_user_id_pk" PRIMARY KEY("organization_id","airdrop_id","user_id"),
	CONSTRAINT "airdrop_recipients_queued_has_mint" CHECK (("airdrop_recipients"."status" = 'QUEUED') = ("airdrop_recipients"."mint_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "airdrops" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"reward_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"source" text NOT NULL,
	"group_id" text,
	"user_ids" jsonb,
	"airdrop_date" timestamp with time zone NOT NULL,
	"eligible" integer DEFAULT 0 NOT NULL,
	"minted" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airdrops_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "airdrops_counts_non_negative" CHECK ("airdrops"."eligible" >= 0 and "airdrops"."minted" >= 0 and "airdrops"."failed" >= 0 and "airdrops"."skipped" >= 0)
);
--> statement-breakpoint
CREATE INDEX "airdrop_recipients_mint" ON "airdrop_recipients" USING btree ("organization_id","mint_id");--> statement-breakpoint
CREATE INDEX "airdrops_creator" ON "airdrops" USING btree ("organization_id","creator_id","created_at");--> statement-breakpoint
CREATE INDEX "airdrops_due" ON "airdrops" USING btree ("status","airdrop_date");