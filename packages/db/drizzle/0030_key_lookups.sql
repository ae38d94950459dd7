ALTER TABLE "users" ADD COLUMN "email_lower" text GENERATED ALWAYS AS (lower("users"."email")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "creators_id" ON "creators" USING hash ("id");--> statement-breakpoint
CREATE INDEX "products_id" ON "products" USING hash ("id");--> statement-breakpoint
CREATE INDEX "users_id" ON "users" USING hash ("id");--> statement-breakpoint
CREATE INDEX "users_email" ON "users" USING hash ("email_lower");--> statement-breakpoint
CREATE INDEX "orders_id" ON "orders" USING hash ("id");--> statement-breakpoint
CREATE INDEX "card_payment_intents_id" ON "card_payment_intents" USING hash ("id");--> statement-breakpoint
CREATE INDEX "card_payment_intents_processor_id" ON "card_payment_intents" USING hash ("processor_intent_id");