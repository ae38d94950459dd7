CREATE TABLE "task_solvers" (
	"address" text PRIMARY KEY NOT NULL,
	"name" text,
	"type" text,
	"capabilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_solvers_lowercase" CHECK ("task_solvers"."address" = lower("task_solvers"."address"))
);
