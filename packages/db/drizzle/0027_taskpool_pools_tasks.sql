CREATE TABLE "task_deposit_hashes" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_deposit_hashes_lowercase" CHECK ("task_deposit_hashes"."tx_hash" = lower("task_deposit_hashes"."tx_hash"))
);
--> statement-breakpoint
CREATE TABLE "task_pool_deposits" (
	"organization_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"amount_atomic" bigint NOT NULL,
	"block_number" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_pool_deposits_organization_id_tx_hash_pk" PRIMARY KEY("organization_id","tx_hash"),
	CONSTRAINT "task_pool_deposits_amount_positive" CHECK ("task_pool_deposits"."amount_atomic" > 0)
);
--> statement-breakpoint
CREATE TABLE "task_pool_withdrawals" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"amount_atomic" bigint NOT NULL,
	"to_address" text NOT NULL,
	"status" text NOT NULL,
	"tx_hash" text,
	"block_number" bigint,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_pool_withdrawals_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "task_pool_withdrawals_amount_positive" CHECK ("task_pool_withdrawals"."amount_atomic" > 0)
);
--> statement-breakpoint
CREATE TABLE "task_pools" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"escrow_address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"balance_atomic" bigint DEFAULT 0 NOT NULL,
	"escrowed_atomic" bigint DEFAULT 0 NOT NULL,
	"verifiers" text[] DEFAULT '{}'::text[] NOT NULL,
	"verifier_threshold" integer DEFAULT 0 NOT NULL,
	"register_tx_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_pools_balance_nonnegative" CHECK ("task_pools"."balance_atomic" >= 0),
	CONSTRAINT "task_pools_escrowed_nonnegative" CHECK ("task_pools"."escrowed_atomic" >= 0),
	CONSTRAINT "task_pools_threshold" CHECK ("task_pools"."verifier_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "task_routes" (
	"task_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"status" text NOT NULL,
	"merchant_address" text NOT NULL,
	"amount_atomic" bigint NOT NULL,
	"acceptance_criteria" text NOT NULL,
	"verification_method" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"campaign_id" text,
	"journey_id" text,
	"claimed_by" text,
	"claim_expires_at" timestamp with time zone,
	"submission_hash" text,
	"submission_metadata" jsonb,
	"submitted_at" timestamp with time zone,
	"verification_approved" boolean,
	"verification_score" integer,
	"verification_evidence_hash" text,
	"resolution_metadata" jsonb,
	"verified_at" timestamp with time zone,
	"create_tx_hash" text,
	"submit_tx_hash" text,
	"resolve_tx_hash" text,
	"refund_tx_hash" text,
	"refunded_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "tasks_amount_positive" CHECK ("tasks"."amount_atomic" > 0)
);
--> statement-breakpoint
CREATE INDEX "task_pool_withdrawals_created" ON "task_pool_withdrawals" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_status" ON "tasks" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tasks_campaign" ON "tasks" USING btree ("organization_id","campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_deadline" ON "tasks" USING btree ("status","deadline");