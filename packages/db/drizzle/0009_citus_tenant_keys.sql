-- Ready for Citus (docs/scaling.md): every key of a tenant table includes organization_id. The
-- global uniqueness of a chain transaction stays with the claimed_transactions registry.
DROP INDEX "crypto_payment_intents_tx";--> statement-breakpoint
DROP INDEX "wallet_transactions_provider_tx";--> statement-breakpoint
DROP INDEX "x402_payments_tx";--> statement-breakpoint
ALTER TABLE "x402_payments" DROP CONSTRAINT "x402_payments_pkey";--> statement-breakpoint
ALTER TABLE "x402_payments" ADD CONSTRAINT "x402_payments_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_payment_intents_tx" ON "crypto_payment_intents" USING btree ("organization_id","tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_provider_tx" ON "wallet_transactions" USING btree ("organization_id","provider_tx_id") WHERE "wallet_transactions"."provider_tx_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "x402_payments_tx" ON "x402_payments" USING btree ("organization_id","tx_hash") WHERE "x402_payments"."tx_hash" is not null;
