CREATE TABLE "reward_webhook_deliveries" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"redemption_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_response_status" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_webhook_deliveries_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "reward_webhook_deliveries_attempts" CHECK ("reward_webhook_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reward_webhook_secrets" (
	"organization_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_webhook_secrets_organization_id_reward_id_pk" PRIMARY KEY("organization_id","reward_id")
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "redemption_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "redemption_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_webhook_deliveries_redemption" ON "reward_webhook_deliveries" USING btree ("organization_id","redemption_id");--> statement-breakpoint
CREATE INDEX "reward_webhook_deliveries_reward" ON "reward_webhook_deliveries" USING btree ("organization_id","reward_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_redemption" ON "discount_codes" USING btree ("organization_id","redemption_id") WHERE "discount_codes"."redemption_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_redemption" ON "orders" USING btree ("organization_id","redemption_id") WHERE "orders"."redemption_id" is not null;