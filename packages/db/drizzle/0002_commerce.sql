CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name"),
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "chat_channels" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"peer_type" text NOT NULL,
	"peer_id" text NOT NULL,
	"provider_channel_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_channels_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "creator_categories" (
	"organization_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "creator_categories_organization_id_creator_id_category_id_pk" PRIMARY KEY("organization_id","creator_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "creator_group_members" (
	"organization_id" text NOT NULL,
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "creator_group_members_organization_id_group_id_user_id_pk" PRIMARY KEY("organization_id","group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "creator_groups" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"creator_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'MANUAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_groups_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "creator_owners" (
	"organization_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_owners_organization_id_creator_id_user_id_pk" PRIMARY KEY("organization_id","creator_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "creators" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"slug" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"avatar_url" text,
	"hero_url" text,
	"flat_shipping_rate" integer DEFAULT 0 NOT NULL,
	"points_accepted" text DEFAULT 'SELF' NOT NULL,
	"points_per_dollar" integer DEFAULT 0 NOT NULL,
	"social_profiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"onboarding_reminder_sent_at" timestamp with time zone,
	"onboarding_reminder_claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creators_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "creators_flat_shipping_non_negative" CHECK ("creators"."flat_shipping_rate" >= 0),
	CONSTRAINT "creators_points_per_dollar_non_negative" CHECK ("creators"."points_per_dollar" >= 0)
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"organization_id" text NOT NULL,
	"follower_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_organization_id_follower_id_target_type_target_id_pk" PRIMARY KEY("organization_id","follower_id","target_type","target_id"),
	CONSTRAINT "follows_no_self" CHECK (not ("follows"."target_type" = 'USER' and "follows"."target_id" = "follows"."follower_id"))
);
--> statement-breakpoint
CREATE TABLE "identity_registry" (
	"wallet_provider_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_webhook_events" (
	"source" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_webhook_events_source_event_id_pk" PRIMARY KEY("source","event_id")
);
--> statement-breakpoint
CREATE TABLE "local_chat_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"members" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_chat_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_chat_tokens_subject_unique" UNIQUE("subject")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"recipient_type" text NOT NULL,
	"recipient_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'UNREAD' NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_non_negative" CHECK ("product_variants"."price" is null or "product_variants"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"creator_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"point_eligible" boolean DEFAULT false NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" integer,
	"published_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "products_price_non_negative" CHECK ("products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "storefront_connections" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"creator_id" text NOT NULL,
	"shop_domain" text NOT NULL,
	"app_secret" text NOT NULL,
	"access_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_connections_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "storefront_products" (
	"organization_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"external_id" text NOT NULL,
	"product_id" text NOT NULL,
	"external_updated_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_products_organization_id_connection_id_external_id_pk" PRIMARY KEY("organization_id","connection_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "storefront_shops" (
	"shop_domain" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"connection_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_categories" (
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "user_categories_organization_id_user_id_category_id_pk" PRIMARY KEY("organization_id","user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"username" text,
	"wallet_provider_id" text NOT NULL,
	"avatar_url" text,
	"bio" text,
	"city" text,
	"state" text,
	"social_profiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipping_address" jsonb,
	"chat_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"organization_id" text NOT NULL,
	"address" text NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"chain_id" integer DEFAULT 8453 NOT NULL,
	"provider_wallet_id" text,
	"encrypted_private_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_organization_id_address_pk" PRIMARY KEY("organization_id","address")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"organization_id" text NOT NULL,
	"id" serial NOT NULL,
	"order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text,
	"product_name" text NOT NULL,
	"product_slug" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"selected_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_price_non_negative" CHECK ("order_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text,
	"guest_email" text,
	"creator_id" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"shipping_status" text DEFAULT 'PENDING' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"shipping_fee" integer DEFAULT 0 NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"shipping_address" jsonb,
	"shipping_info" jsonb,
	"amount_paid" integer,
	"payment_method" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "orders_money_non_negative" CHECK ("orders"."points" >= 0 and "orders"."shipping_fee" >= 0 and "orders"."discount_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "creator_categories" ADD CONSTRAINT "creator_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_categories" ADD CONSTRAINT "creator_categories_organization_id_creator_id_creators_organization_id_id_fk" FOREIGN KEY ("organization_id","creator_id") REFERENCES "public"."creators"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_group_members" ADD CONSTRAINT "creator_group_members_organization_id_group_id_creator_groups_organization_id_id_fk" FOREIGN KEY ("organization_id","group_id") REFERENCES "public"."creator_groups"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_group_members" ADD CONSTRAINT "creator_group_members_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_groups" ADD CONSTRAINT "creator_groups_organization_id_creator_id_creators_organization_id_id_fk" FOREIGN KEY ("organization_id","creator_id") REFERENCES "public"."creators"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_owners" ADD CONSTRAINT "creator_owners_organization_id_creator_id_creators_organization_id_id_fk" FOREIGN KEY ("organization_id","creator_id") REFERENCES "public"."creators"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_owners" ADD CONSTRAINT "creator_owners_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_organization_id_product_id_products_organization_id_id_fk" FOREIGN KEY ("organization_id","product_id") REFERENCES "public"."products"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_creator_id_creators_organization_id_id_fk" FOREIGN KEY ("organization_id","creator_id") REFERENCES "public"."creators"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_connections" ADD CONSTRAINT "storefront_connections_organization_id_creator_id_creators_organization_id_id_fk" FOREIGN KEY ("organization_id","creator_id") REFERENCES "public"."creators"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_categories" ADD CONSTRAINT "user_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_categories" ADD CONSTRAINT "user_categories_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_pair" ON "chat_channels" USING btree ("organization_id","user_id","peer_type","peer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_groups_name" ON "creator_groups" USING btree ("organization_id","creator_id",lower("name"));--> statement-breakpoint
CREATE INDEX "creator_owners_user" ON "creator_owners" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creators_slug_unique" ON "creators" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "creators_display_name_unique" ON "creators" USING btree ("organization_id",lower("display_name"));--> statement-breakpoint
CREATE INDEX "follows_target" ON "follows" USING btree ("organization_id","target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_recipient" ON "notifications" USING btree ("organization_id","recipient_type","recipient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe" ON "notifications" USING btree ("organization_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "product_variants_product" ON "product_variants" USING btree ("organization_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_unique" ON "products" USING btree ("organization_id","creator_id","slug");--> statement-breakpoint
CREATE INDEX "products_creator_status" ON "products" USING btree ("organization_id","creator_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "storefront_connections_creator" ON "storefront_connections" USING btree ("organization_id","creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storefront_products_product" ON "storefront_products" USING btree ("organization_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree ("organization_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_wallet_provider_unique" ON "users" USING btree ("organization_id","wallet_provider_id");--> statement-breakpoint
CREATE INDEX "wallets_user" ON "wallets" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE INDEX "order_items_product" ON "order_items" USING btree ("organization_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_user" ON "orders" USING btree ("organization_id","user_id") WHERE "orders"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_creator" ON "orders" USING btree ("organization_id","creator_id","created_at");