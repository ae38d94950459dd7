CREATE TABLE "claimed_transactions" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"order_id" text NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claimed_transactions_lowercase" CHECK ("claimed_transactions"."tx_hash" = lower("claimed_transactions"."tx_hash"))
);
--> statement-breakpoint
CREATE TABLE "crypto_payment_intents" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"order_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"wallet_address" text NOT NULL,
	"amount" text NOT NULL,
	"chain_id" integer NOT NULL,
	"block_number" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_payment_intents_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"wallet_address" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"tx_hash" text,
	"provider_tx_id" text,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"token_address" text NOT NULL,
	"amount" text NOT NULL,
	"chain_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "wallet_transactions_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "wallet_transactions_amount_uint" CHECK ("wallet_transactions"."amount" ~ '^[0-9]{1,78}$')
);
--> statement-breakpoint
CREATE TABLE "x402_authorizations" (
	"asset" text NOT NULL,
	"authorizer" text NOT NULL,
	"nonce" text NOT NULL,
	"organization_id" text NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "x402_authorizations_asset_authorizer_nonce_pk" PRIMARY KEY("asset","authorizer","nonce")
);
--> statement-breakpoint
CREATE TABLE "x402_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "x402_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" text NOT NULL,
	"order_id" text NOT NULL,
	"tx_hash" text,
	"network" text NOT NULL,
	"asset" text NOT NULL,
	"amount" text NOT NULL,
	"pay_to" text NOT NULL,
	"payer" text NOT NULL,
	"nonce" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"payment_payload" jsonb NOT NULL,
	"requirements" jsonb NOT NULL,
	"settlement_data" jsonb,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_payment_intents_order" ON "crypto_payment_intents" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_payment_intents_tx" ON "crypto_payment_intents" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "wallet_transactions_wallet" ON "wallet_transactions" USING btree ("organization_id","wallet_address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_hash" ON "wallet_transactions" USING btree ("organization_id","wallet_address","tx_hash") WHERE "wallet_transactions"."tx_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_provider_tx" ON "wallet_transactions" USING btree ("provider_tx_id") WHERE "wallet_transactions"."provider_tx_id" is not null;--> statement-breakpoint
CREATE INDEX "wallet_transactions_tx_hash" ON "wallet_transactions" USING btree ("tx_hash") WHERE "wallet_transactions"."tx_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "x402_payments_order" ON "x402_payments" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "x402_payments_tx" ON "x402_payments" USING btree ("tx_hash") WHERE "x402_payments"."tx_hash" is not null;--> statement-breakpoint
CREATE INDEX "x402_payments_unsettled" ON "x402_payments" USING btree ("updated_at") WHERE "x402_payments"."status" in ('PENDING', 'VERIFIED');--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_one_server_per_user" ON "wallets" USING btree ("organization_id","user_id") WHERE "wallets"."type" = 'SERVER';