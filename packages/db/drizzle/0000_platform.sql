CREATE TABLE "api_key_hashes" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	CONSTRAINT "api_key_hashes_key_id_unique" UNIQUE("key_id")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text,
	"role" text DEFAULT 'MEMBER' NOT NULL,
	"environment" text NOT NULL,
	"key_prefix" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_used_at" timestamp with time zone,
	"previous_key_id" text,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "app_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"network" text DEFAULT 'base' NOT NULL,
	"reward_mode" text DEFAULT 'QUEUE' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dead_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"event" text NOT NULL,
	"job_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"error" text,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replayed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"template" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"organization_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"response_headers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_organization_id_key_pk" PRIMARY KEY("organization_id","key")
);
--> statement-breakpoint
CREATE TABLE "object_routes" (
	"object_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"x402_enabled" boolean DEFAULT false NOT NULL,
	"x402_wallet_address" text,
	"default_chain_id" integer DEFAULT 8453 NOT NULL,
	"reward_mode" text DEFAULT 'QUEUE' NOT NULL,
	"enrichment_enabled" boolean DEFAULT false NOT NULL,
	"auto_publish_products" boolean DEFAULT false NOT NULL,
	"point_value_cents" integer DEFAULT 1 NOT NULL,
	"application_fee_bps" integer DEFAULT 500 NOT NULL,
	"payout_hold_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"domain" text,
	"subscription_tier_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"organization_id" text NOT NULL,
	"key_id" text NOT NULL,
	"tokens_milli" bigint NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_buckets_organization_id_key_id_pk" PRIMARY KEY("organization_id","key_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_tiers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"monthly_api_calls" integer NOT NULL,
	"max_api_keys" integer NOT NULL,
	"max_creators" integer NOT NULL,
	"requests_per_second" integer NOT NULL,
	"features" text[] NOT NULL,
	CONSTRAINT "subscription_tiers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"organization_id" text NOT NULL,
	"month" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_organization_id_month_pk" PRIMARY KEY("organization_id","month")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"delivery_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_subscription_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("subscription_tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dead_letters_job" ON "dead_letters" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "dead_letters_unreplayed" ON "dead_letters" USING btree ("failed_at") WHERE replayed_at is null;--> statement-breakpoint
CREATE INDEX "email_outbox_to" ON "email_outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires" ON "idempotency_keys" USING btree ("expires_at");