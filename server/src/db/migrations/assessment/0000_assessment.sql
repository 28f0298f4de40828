CREATE TABLE "assess_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100),
	"leader_name" varchar(50),
	"member_names" varchar(500),
	"region_code" varchar(12),
	"leader_id" varchar(36),
	"member_ids" jsonb,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assess_indicator" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" varchar(10),
	"name" varchar(100),
	"max_score" numeric(5, 1),
	"rule" text,
	"evidence" text,
	"order_num" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assess_model" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100),
	"model_version" integer,
	"total_score" integer,
	"items" jsonb,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assess_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100),
	"year" integer,
	"model_id" uuid,
	"group_id" uuid,
	"region_code" varchar(12),
	"enterprise_ids" uuid[],
	"deadline" date,
	"state" varchar(64),
	"enterprise_count" integer,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(100),
	"task_id" uuid,
	"enterprise_id" uuid,
	"region_code" varchar(12),
	"year" integer,
	"model_id" uuid,
	"group_id" uuid,
	"deadline" date,
	"state" varchar(64),
	"late" boolean,
	"self_total" numeric(6, 1),
	"group_total" numeric(6, 1),
	"grade" varchar(4),
	"items" jsonb,
	"submitted_at" timestamp with time zone,
	"scored_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirm_opinion" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "assess_indicator_category_idx" ON "assess_indicator" USING btree ("category");--> statement-breakpoint
CREATE INDEX "assess_task_year_idx" ON "assess_task" USING btree ("year");--> statement-breakpoint
CREATE INDEX "assess_task_model_id_idx" ON "assess_task" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "assess_task_group_id_idx" ON "assess_task" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "assess_task_deadline_idx" ON "assess_task" USING btree ("deadline");--> statement-breakpoint
CREATE INDEX "assess_task_state_idx" ON "assess_task" USING btree ("state");--> statement-breakpoint
CREATE INDEX "assessment_enterprise_idx" ON "assessment" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assessment_task_id_idx" ON "assessment" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "assessment_enterprise_id_idx" ON "assessment" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "assessment_region_code_idx" ON "assessment" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "assessment_year_idx" ON "assessment" USING btree ("year");--> statement-breakpoint
CREATE INDEX "assessment_model_id_idx" ON "assessment" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "assessment_group_id_idx" ON "assessment" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "assessment_deadline_idx" ON "assessment" USING btree ("deadline");--> statement-breakpoint
CREATE INDEX "assessment_state_idx" ON "assessment" USING btree ("state");--> statement-breakpoint
CREATE INDEX "assessment_late_idx" ON "assessment" USING btree ("late");--> statement-breakpoint
CREATE INDEX "assessment_grade_idx" ON "assessment" USING btree ("grade");