ALTER TABLE "presale_purchases" DROP CONSTRAINT "presale_purchases_price_positive";--> statement-breakpoint
DROP INDEX "presale_purchases_one_per_user";--> statement-breakpoint
ALTER TABLE "presale_purchases" ALTER COLUMN "price_points" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "presale_purchase_id" text;--> statement-breakpoint
ALTER TABLE "presale_purchases" ADD COLUMN "price_atomic" bigint;--> statement-breakpoint
ALTER TABLE "presale_purchases" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "presale_purchases" ADD COLUMN "payment_deadline" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_presale_purchase" ON "orders" USING btree ("organization_id","presale_purchase_id") WHERE "orders"."presale_purchase_id" is not null;--> statement-breakpoint
CREATE INDEX "presale_purchases_payment_due" ON "presale_purchases" USING btree ("status","payment_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "presale_purchases_one_per_user" ON "presale_purchases" USING btree ("organization_id","reward_id","user_id") WHERE "presale_purchases"."status" in ('AWAITING_PAYMENT', 'PAID', 'DISTRIBUTED');--> statement-breakpoint
ALTER TABLE "presale_purchases" ADD CONSTRAINT "presale_purchases_price" CHECK (("presale_purchases"."price_points" > 0 and "presale_purchases"."price_atomic" is null) or ("presale_purchases"."price_atomic" > 0 and "presale_purchases"."price_points" is null));