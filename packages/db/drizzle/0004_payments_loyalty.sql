CREATE TABLE "point_balances" (
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"scope" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_balances_organization_id_user_id_scope_pk" PRIMARY KEY("organization_id","user_id","scope"),
	CONSTRAINT "point_balances_non_negative" CHECK ("point_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_transactions" (
	"organization_id" text NOT NULL,
	"id" serial NOT NULL,
	"user_id" text NOT NULL,
	"creator_id" text,
	"amount" integer NOT NULL,
	"type" text NOT NULL,
	"order_id" text,
	"reservation" text,
	"details" jsonb,
	"reference" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_transactions_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "point_transactions_non_zero" CHECK ("point_transactions"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "card_payment_intents" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"order_id" text NOT NULL,
	"processor_intent_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payment_intents_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "claimed_charges" (
	"charge_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connected_accounts" (
	"organization_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"processor_account_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connected_accounts_organization_id_creator_id_pk" PRIMARY KEY("organization_id","creator_id")
);
--> statement-breakpoint
CREATE TABLE "creator_payouts" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"creator_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"eligible_at" timestamp with time zone NOT NULL,
	"transfer_id" text,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_payouts_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "creator_payouts_amount_non_negative" CHECK ("creator_payouts"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crypto_commerce_payments" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"order_id" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"customer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "crypto_commerce_payments_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"creator_id" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "discount_codes_usage" CHECK ("discount_codes"."usage_limit" is null or "discount_codes"."used_count" <= "discount_codes"."usage_limit"),
	CONSTRAINT "discount_codes_value_positive" CHECK ("discount_codes"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "payer_customers" (
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"processor_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_customers_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_crypto_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_processor_objects_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"organization_id" text NOT NULL,
	"order_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_organization_id_order_id_variant_id_pk" PRIMARY KEY("organization_id","order_id","variant_id"),
	CONSTRAINT "stock_reservations_quantity_positive" CHECK ("stock_reservations"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" text;--> statement-breakpoint
CREATE INDEX "point_transactions_user" ON "point_transactions" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "point_transactions_order" ON "point_transactions" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_intents_processor" ON "card_payment_intents" USING btree ("organization_id","processor_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_intents_live" ON "card_payment_intents" USING btree ("organization_id","order_id") WHERE "card_payment_intents"."status" not in ('canceled', 'succeeded', 'payment_failed');--> statement-breakpoint
CREATE UNIQUE INDEX "connected_accounts_processor" ON "connected_accounts" USING btree ("organization_id","processor_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_payouts_order" ON "creator_payouts" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE INDEX "creator_payouts_due" ON "creator_payouts" USING btree ("status","eligible_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_commerce_payments_order" ON "crypto_commerce_payments" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code" ON "discount_codes" USING btree ("organization_id","creator_id","code");--> statement-breakpoint
CREATE INDEX "sandbox_processor_objects_kind" ON "sandbox_processor_objects" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "stock_reservations_expiry" ON "stock_reservations" USING btree ("expires_at") WHERE "stock_reservations"."status" = 'HELD';