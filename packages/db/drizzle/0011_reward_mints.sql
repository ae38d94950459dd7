CREATE TABLE "reward_mints" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"reward_id" text NOT NULL,
	"user_id" text NOT NULL,
	"wallet_address" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text,
	"token_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_mints_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "reward_mints_attempts_non_negative" CHECK ("reward_mints"."attempts" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reward_mints_wallet" ON "reward_mints" USING btree ("organization_id","reward_id","wallet_address");--> statement-breakpoint
CREATE INDEX "reward_mints_status" ON "reward_mints" USING btree ("organization_id","status","reward_id");