CREATE TABLE "presale_purchases" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"presale_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'PAID' NOT NULL,
	"price_points" integer NOT NULL,
	"point_transaction_id" integer,
	"refund_transaction_id" integer,
	"mint_id" text,
	"failure" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presale_purchases_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "presale_purchases_price_positive" CHECK ("presale_purchases"."price_points" > 0)
);
--> statement-breakpoint
CREATE TABLE "token_presales" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"creator_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"price_currency" text DEFAULT 'POINTS' NOT NULL,
	"price_points" integer,
	"price_atomic" bigint,
	"cap" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"distribution" text DEFAULT 'AT_END' NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_presales_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "token_presales_cap_positive" CHECK ("token_presales"."cap" > 0),
	CONSTRAINT "token_presales_sold_within_cap" CHECK ("token_presales"."sold" >= 0 and "token_presales"."sold" <= "token_presales"."cap"),
	CONSTRAINT "token_presales_window" CHECK ("token_presales"."ends_at" > "token_presales"."starts_at"),
	CONSTRAINT "token_presales_price" CHECK (("token_presales"."price_currency" = 'POINTS' and "token_presales"."price_points" > 0 and "token_presales"."price_atomic" is null) or ("token_presales"."price_currency" = 'USDC' and "token_presales"."price_atomic" > 0 and "token_presales"."price_points" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "presale_purchases_one_per_user" ON "presale_purchases" USING btree ("organization_id","reward_id","user_id") WHERE "presale_purchases"."status" in ('PAID', 'DISTRIBUTED');--> statement-breakpoint
CREATE INDEX "presale_purchases_presale" ON "presale_purchases" USING btree ("organization_id","presale_id","status");--> statement-breakpoint
CREATE INDEX "token_presales_creator" ON "token_presales" USING btree ("organization_id","creator_id","created_at");--> statement-breakpoint
CREATE INDEX "token_presales_due" ON "token_presales" USING btree ("status","ends_at");