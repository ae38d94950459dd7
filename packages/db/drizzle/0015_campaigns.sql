CREATE TABLE "campaign_attribute_options" (
	"organization_id" text NOT NULL,
	"id" serial NOT NULL,
	"campaign_id" text NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" text NOT NULL,
	"image_url" text,
	"position" integer NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_attribute_options_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "campaign_attribute_options_vote_count_non_negative" CHECK ("campaign_attribute_options"."vote_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_attributes" (
	"organization_id" text NOT NULL,
	"id" serial NOT NULL,
	"campaign_id" text NOT NULL,
	"title" text NOT NULL,
	"has_images" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "campaign_attributes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_questions" (
	"organization_id" text NOT NULL,
	"id" serial NOT NULL,
	"campaign_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rating_max" integer,
	"required" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "campaign_questions_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "campaign_questions_rating_max" CHECK ("campaign_questions"."rating_max" IS NULL OR "campaign_questions"."rating_max" >= 2)
);
--> statement-breakpoint
CREATE TABLE "campaign_swipe_items" (
	"organization_id" text NOT NULL,
	"id" serial NOT NULL,
	"campaign_id" text NOT NULL,
	"product_id" text,
	"title" text,
	"image_url" text,
	"position" integer NOT NULL,
	CONSTRAINT "campaign_swipe_items_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "campaign_swipe_items_named" CHECK ("campaign_swipe_items"."product_id" IS NOT NULL OR "campaign_swipe_items"."title" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"creator_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"title" text,
	"description" text,
	"hero" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo" text,
	"video" text,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"max_participants" integer,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"show_instructions" boolean DEFAULT true NOT NULL,
	"show_leaderboard" boolean DEFAULT false NOT NULL,
	"rate_limit" integer DEFAULT 0 NOT NULL,
	"reward_points" integer DEFAULT 0 NOT NULL,
	"reward_max_supply" integer DEFAULT 0 NOT NULL,
	"rewarded_count" integer DEFAULT 0 NOT NULL,
	"reward_id" text,
	"requires_review" boolean DEFAULT true NOT NULL,
	"rejection_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "campaigns_participant_count_non_negative" CHECK ("campaigns"."participant_count" >= 0),
	CONSTRAINT "campaigns_participants_within_max" CHECK ("campaigns"."max_participants" IS NULL OR "campaigns"."participant_count" <= "campaigns"."max_participants"),
	CONSTRAINT "campaigns_max_participants_positive" CHECK ("campaigns"."max_participants" IS NULL OR "campaigns"."max_participants" > 0),
	CONSTRAINT "campaigns_rate_limit_non_negative" CHECK ("campaigns"."rate_limit" >= 0),
	CONSTRAINT "campaigns_reward_points_non_negative" CHECK ("campaigns"."reward_points" >= 0),
	CONSTRAINT "campaigns_reward_max_supply_non_negative" CHECK ("campaigns"."reward_max_supply" >= 0),
	CONSTRAINT "campaigns_rewarded_within_supply" CHECK ("campaigns"."rewarded_count" >= 0 AND ("campaigns"."reward_max_supply" = 0 OR "campaigns"."rewarded_count" <= "campaigns"."reward_max_supply"))
);
--> statement-breakpoint
ALTER TABLE "campaign_attribute_options" ADD CONSTRAINT "campaign_attribute_options_organization_id_attribute_id_campaign_attributes_organization_id_id_fk" FOREIGN KEY ("organization_id","attribute_id") REFERENCES "public"."campaign_attributes"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_attribute_options" ADD CONSTRAINT "campaign_attribute_options_organization_id_campaign_id_campaigns_organization_id_id_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_attributes" ADD CONSTRAINT "campaign_attributes_organization_id_campaign_id_campaigns_organization_id_id_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_questions" ADD CONSTRAINT "campaign_questions_organization_id_campaign_id_campaigns_organization_id_id_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_swipe_items" ADD CONSTRAINT "campaign_swipe_items_organization_id_campaign_id_campaigns_organization_id_id_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_attribute_options_position" ON "campaign_attribute_options" USING btree ("organization_id","attribute_id","position");--> statement-breakpoint
CREATE INDEX "campaign_attribute_options_campaign" ON "campaign_attribute_options" USING btree ("organization_id","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_attributes_position" ON "campaign_attributes" USING btree ("organization_id","campaign_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_questions_position" ON "campaign_questions" USING btree ("organization_id","campaign_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_swipe_items_position" ON "campaign_swipe_items" USING btree ("organization_id","campaign_id","position");--> statement-breakpoint
CREATE INDEX "campaigns_creator" ON "campaigns" USING btree ("organization_id","creator_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_status" ON "campaigns" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_running_until" ON "campaigns" USING btree ("end_date") WHERE "campaigns"."status" = 'PUBLISHED';