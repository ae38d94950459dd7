CREATE TABLE "campaign_journeys" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"user_id" text NOT NULL,
	"participations" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"points_awarded" integer DEFAULT 0 NOT NULL,
	"point_transaction_id" integer,
	"grant_status" text,
	"grant_note" text,
	"mint_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_journeys_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "campaign_journeys_participations_non_negative" CHECK ("campaign_journeys"."participations" >= 0),
	CONSTRAINT "campaign_journeys_points_non_negative" CHECK ("campaign_journeys"."points_awarded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_responses" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"journey_id" text NOT NULL,
	"user_id" text NOT NULL,
	"question_id" integer NOT NULL,
	"answers" text[] NOT NULL,
	"signal" text DEFAULT 'USER_DECLARED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_responses_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_swipes" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"journey_id" text NOT NULL,
	"user_id" text NOT NULL,
	"item_id" integer NOT NULL,
	"direction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_swipes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_ugc" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"journey_id" text NOT NULL,
	"user_id" text NOT NULL,
	"media_type" text NOT NULL,
	"content_url" text,
	"text" text,
	"product_id" text,
	"signal" text DEFAULT 'IMPLICIT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_ugc_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "campaign_ugc_has_content" CHECK ("campaign_ugc"."content_url" IS NOT NULL OR "campaign_ugc"."text" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "campaign_votes" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"journey_id" text NOT NULL,
	"user_id" text NOT NULL,
	"attribute_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_votes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "campaign_journeys" ADD CONSTRAINT "campaign_journeys_organization_id_campaign_id_campaigns_organization_id_id_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_responses" ADD CONSTRAINT "campaign_responses_organization_id_campaign_id_campaigns_organization_id_id_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_responses" ADD CONSTRAINT "campaign_responses_organization_id_journey_id_campaign_journeys_organization_id_id_fk" FOREIGN KEY ("organization_id","journey_id") REFERENCES "public"."campaign_journeys"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_responses" ADD CONSTRAINT "campaign_responses_organization_id_question_id_campaign_questions_organization_id_id_fk" FOREIGN KEY ("organization_id","question_id") REFERENCES "public"."campaign_questions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_swipes" ADD CONSTRAINT "campaign_swipes_organization_id_campaign_id_campaigns_organization_id_id_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_swipes" ADD CONSTRAINT "campaign_swipes_organization_id_journey_id_campaign_journeys_organization_id_id_fk" FOREIGN KEY ("organization_id","journey_id") REFERENCES "public"."campaign_journeys"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_swipes" ADD CONSTRAINT "campaign_swipes_organization_id_item_id_campaign_swipe_items_organization_id_id_fk" FOREIGN KEY ("organization_id","item_id") REFERENCES "public"."campaign_swipe_items"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_ugc" ADD CONSTRAINT "campaign_ugc_organization_id_campaign_id_campaigns_organization_id_id_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_ugc" ADD CONSTRAINT "campaign_ugc_organization_id_journey_id_campaign_journeys_organization_id_id_fk" FOREIGN KEY ("organization_id","journey_id") REFERENCES "public"."campaign_journeys"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_votes" ADD CONSTRAINT "campaign_votes_organization_id_campaign_id_campaigns_organization_id_id_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_votes" ADD CONSTRAINT "campaign_votes_organization_id_journey_id_campaign_journeys_organization_id_id_fk" FOREIGN KEY ("organization_id","journey_id") REFERENCES "public"."campaign_journeys"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_votes" ADD CONSTRAINT "campaign_votes_organization_id_attribute_id_campaign_attributes_organization_id_id_fk" FOREIGN KEY ("organization_id","attribute_id") REFERENCES "public"."campaign_attributes"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_votes" ADD CONSTRAINT "campaign_votes_organization_id_option_id_campaign_attribute_options_organization_id_id_fk" FOREIGN KEY ("organization_id","option_id") REFERENCES "public"."campaign_attribute_options"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_journeys_user" ON "campaign_journeys" USING btree ("organization_id","campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "campaign_journeys_campaign" ON "campaign_journeys" USING btree ("organization_id","campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_journeys_grants_due" ON "campaign_journeys" USING btree ("organization_id","campaign_id") WHERE "campaign_journeys"."grant_status" IN ('WALLET_REQUIRED', 'DEFERRED');--> statement-breakpoint
CREATE INDEX "campaign_responses_campaign" ON "campaign_responses" USING btree ("organization_id","campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_responses_journey" ON "campaign_responses" USING btree ("organization_id","journey_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_swipes_item" ON "campaign_swipes" USING btree ("organization_id","journey_id","item_id");--> statement-breakpoint
CREATE INDEX "campaign_swipes_campaign" ON "campaign_swipes" USING btree ("organization_id","campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_ugc_campaign" ON "campaign_ugc" USING btree ("organization_id","campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_votes_campaign" ON "campaign_votes" USING btree ("organization_id","campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_votes_journey" ON "campaign_votes" USING btree ("organization_id","journey_id","attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_transactions_campaign_journey" ON "point_transactions" USING btree ("organization_id",("reference" ->> 'journeyId')) WHERE "point_transactions"."type" = 'CAMPAIGN';