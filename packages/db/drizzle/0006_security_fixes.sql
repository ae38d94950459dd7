CREATE TABLE "payment_exceptions" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"order_id" text NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"reason" text NOT NULL,
	"expected_amount" integer NOT NULL,
	"received_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_exceptions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "identity_registry" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "identity_registry" CASCADE;--> statement-breakpoint
DROP INDEX "crypto_commerce_payments_order";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_exceptions_reference" ON "payment_exceptions" USING btree ("organization_id","method","reference","reason");--> statement-breakpoint
CREATE INDEX "payment_exceptions_open" ON "payment_exceptions" USING btree ("organization_id","created_at") WHERE "payment_exceptions"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_commerce_payments_order" ON "crypto_commerce_payments" USING btree ("organization_id","order_id") WHERE "crypto_commerce_payments"."status" <> 'FAILED';