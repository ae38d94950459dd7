ALTER TABLE "tasks" ADD COLUMN "ai_evaluation" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "admin_notes" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "resolved_by" text;--> statement-breakpoint
CREATE INDEX "tasks_review" ON "tasks" USING btree ("organization_id","review_requested_at") WHERE "tasks"."review_requested_at" is not null;