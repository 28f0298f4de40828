CREATE TABLE "danger_check_function" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(50),
	"kind" varchar(64),
	"frequency" varchar(64),
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "danger_check_model" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(100),
	"check_function_id" uuid,
	"item_ids" uuid[],
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_no" varchar(20),
	"name" varchar(100),
	"period_start" date,
	"period_end" date,
	"region_code" varchar(12),
	"business_scope" text[],
	"sample_percent" integer,
	"check_items" text,
	"inspectors" varchar(200),
	"state" varchar(64),
	"enterprise_count" integer,
	"seed" varchar(40),
	"approve_opinion" text,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_no" varchar(20),
	"plan_id" uuid,
	"enterprise_id" uuid,
	"state" varchar(64),
	"check_date" date,
	"inspectors" varchar(200),
	"item_total" integer,
	"failed_count" integer,
	"score" numeric(18, 4),
	"problems" text,
	"photos" jsonb,
	"results" jsonb,
	"notice_id" varchar(36),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "danger_check_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"content" varchar(200),
	"category" varchar(64),
	"basis" varchar(200),
	"score" numeric(18, 4),
	"order_num" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hazard" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"hazard_no" varchar(20),
	"title" varchar(100),
	"state" varchar(64),
	"source" varchar(64),
	"found_date" date,
	"location" varchar(200),
	"category" varchar(64),
	"level" varchar(64),
	"description" text,
	"photos" jsonb,
	"responsible_id" uuid,
	"deadline" date,
	"measures" text,
	"actual_measures" text,
	"cost" numeric(18, 4),
	"completed_date" date,
	"after_photos" jsonb,
	"accept_opinion" text,
	"accepted_at" timestamp with time zone,
	"review_opinion" text,
	"closed_at" timestamp with time zone,
	"self_check_id" varchar(36),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "danger_meeting" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"meeting_date" date,
	"topic" varchar(100),
	"meeting_type" varchar(64),
	"host" varchar(20),
	"place" varchar(100),
	"attendee_ids" uuid[],
	"minutes" text,
	"attachments" jsonb,
	"photos" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rect_borrow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid,
	"enterprise_id" uuid,
	"purpose" text,
	"until" date,
	"state" varchar(64),
	"applicant" varchar(50),
	"applicant_id" varchar(36),
	"approver" varchar(50),
	"approve_opinion" text,
	"approved_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rect_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notice_no" varchar(20),
	"enterprise_id" uuid,
	"source" varchar(64),
	"state" varchar(64),
	"problems" text,
	"requirements" text,
	"deadline" date,
	"attachments" jsonb,
	"issuer" varchar(100),
	"measures" text,
	"photos" jsonb,
	"documents" jsonb,
	"submitted_at" timestamp with time zone,
	"review_opinion" text,
	"reviewed_at" timestamp with time zone,
	"check_record_id" varchar(36),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "danger_self_check" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"check_no" varchar(20),
	"check_model_id" uuid,
	"check_function_id" uuid,
	"check_date" date,
	"inspector" varchar(50),
	"place" varchar(200),
	"item_total" integer,
	"failed_count" integer,
	"hazard_count" integer,
	"score" numeric(18, 4),
	"conclusion" text,
	"results" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supervise_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supervise_no" varchar(20),
	"title" varchar(100),
	"state" varchar(64),
	"source_type" varchar(64),
	"source_id" varchar(36),
	"enterprise_id" uuid,
	"level" varchar(64),
	"deadline" date,
	"requirement" text,
	"report_count" integer,
	"reports" jsonb,
	"close_opinion" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "danger_training" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"training_date" date,
	"topic" varchar(100),
	"training_type" varchar(64),
	"lecturer" varchar(20),
	"hours" numeric(18, 4),
	"trainee_ids" uuid[],
	"content" text,
	"materials" jsonb,
	"photos" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "danger_violator" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"staff_id" uuid,
	"violation_date" date,
	"violation_type" varchar(64),
	"location" varchar(200),
	"points" integer,
	"fine" numeric(18, 4),
	"handling" text,
	"education" text,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_flow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" varchar(20) NOT NULL,
	"subject_id" uuid NOT NULL,
	"enterprise_id" uuid,
	"action" varchar(20) NOT NULL,
	"from_state" varchar(10),
	"to_state" varchar(10) NOT NULL,
	"opinion" text,
	"side" varchar(12) NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "danger_check_function_enterprise_idx" ON "danger_check_function" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "danger_check_function_name_uq" ON "danger_check_function" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "danger_check_function_kind_idx" ON "danger_check_function" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "danger_check_model_enterprise_idx" ON "danger_check_model" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "danger_check_model_name_uq" ON "danger_check_model" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "danger_check_model_check_function_id_idx" ON "danger_check_model" USING btree ("check_function_id");--> statement-breakpoint
CREATE INDEX "check_plan_plan_no_idx" ON "check_plan" USING btree ("plan_no");--> statement-breakpoint
CREATE INDEX "check_plan_period_start_idx" ON "check_plan" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "check_plan_region_code_idx" ON "check_plan" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "check_plan_state_idx" ON "check_plan" USING btree ("state");--> statement-breakpoint
CREATE INDEX "check_record_enterprise_idx" ON "check_record" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "check_record_record_no_idx" ON "check_record" USING btree ("record_no");--> statement-breakpoint
CREATE INDEX "check_record_plan_id_idx" ON "check_record" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "check_record_enterprise_id_idx" ON "check_record" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "check_record_state_idx" ON "check_record" USING btree ("state");--> statement-breakpoint
CREATE INDEX "check_record_check_date_idx" ON "check_record" USING btree ("check_date");--> statement-breakpoint
CREATE INDEX "danger_check_item_enterprise_idx" ON "danger_check_item" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "danger_check_item_content_uq" ON "danger_check_item" USING btree ("enterprise_id","content");--> statement-breakpoint
CREATE INDEX "danger_check_item_category_idx" ON "danger_check_item" USING btree ("category");--> statement-breakpoint
CREATE INDEX "hazard_enterprise_idx" ON "hazard" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "hazard_hazard_no_idx" ON "hazard" USING btree ("hazard_no");--> statement-breakpoint
CREATE INDEX "hazard_state_idx" ON "hazard" USING btree ("state");--> statement-breakpoint
CREATE INDEX "hazard_source_idx" ON "hazard" USING btree ("source");--> statement-breakpoint
CREATE INDEX "hazard_found_date_idx" ON "hazard" USING btree ("found_date");--> statement-breakpoint
CREATE INDEX "hazard_category_idx" ON "hazard" USING btree ("category");--> statement-breakpoint
CREATE INDEX "hazard_level_idx" ON "hazard" USING btree ("level");--> statement-breakpoint
CREATE INDEX "hazard_responsible_id_idx" ON "hazard" USING btree ("responsible_id");--> statement-breakpoint
CREATE INDEX "hazard_deadline_idx" ON "hazard" USING btree ("deadline");--> statement-breakpoint
CREATE INDEX "danger_meeting_enterprise_idx" ON "danger_meeting" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "danger_meeting_meeting_date_idx" ON "danger_meeting" USING btree ("meeting_date");--> statement-breakpoint
CREATE INDEX "danger_meeting_meeting_type_idx" ON "danger_meeting" USING btree ("meeting_type");--> statement-breakpoint
CREATE INDEX "rect_borrow_enterprise_idx" ON "rect_borrow" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "rect_borrow_record_id_idx" ON "rect_borrow" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "rect_borrow_enterprise_id_idx" ON "rect_borrow" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "rect_borrow_until_idx" ON "rect_borrow" USING btree ("until");--> statement-breakpoint
CREATE INDEX "rect_borrow_state_idx" ON "rect_borrow" USING btree ("state");--> statement-breakpoint
CREATE INDEX "rect_notice_enterprise_idx" ON "rect_notice" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "rect_notice_notice_no_idx" ON "rect_notice" USING btree ("notice_no");--> statement-breakpoint
CREATE INDEX "rect_notice_enterprise_id_idx" ON "rect_notice" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "rect_notice_source_idx" ON "rect_notice" USING btree ("source");--> statement-breakpoint
CREATE INDEX "rect_notice_state_idx" ON "rect_notice" USING btree ("state");--> statement-breakpoint
CREATE INDEX "rect_notice_deadline_idx" ON "rect_notice" USING btree ("deadline");--> statement-breakpoint
CREATE INDEX "danger_self_check_enterprise_idx" ON "danger_self_check" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "danger_self_check_check_no_idx" ON "danger_self_check" USING btree ("check_no");--> statement-breakpoint
CREATE INDEX "danger_self_check_check_model_id_idx" ON "danger_self_check" USING btree ("check_model_id");--> statement-breakpoint
CREATE INDEX "danger_self_check_check_function_id_idx" ON "danger_self_check" USING btree ("check_function_id");--> statement-breakpoint
CREATE INDEX "danger_self_check_check_date_idx" ON "danger_self_check" USING btree ("check_date");--> statement-breakpoint
CREATE INDEX "supervise_item_enterprise_idx" ON "supervise_item" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "supervise_item_supervise_no_idx" ON "supervise_item" USING btree ("supervise_no");--> statement-breakpoint
CREATE INDEX "supervise_item_state_idx" ON "supervise_item" USING btree ("state");--> statement-breakpoint
CREATE INDEX "supervise_item_source_type_idx" ON "supervise_item" USING btree ("source_type");--> statement-breakpoint
CREATE INDEX "supervise_item_enterprise_id_idx" ON "supervise_item" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "supervise_item_level_idx" ON "supervise_item" USING btree ("level");--> statement-breakpoint
CREATE INDEX "supervise_item_deadline_idx" ON "supervise_item" USING btree ("deadline");--> statement-breakpoint
CREATE INDEX "danger_training_enterprise_idx" ON "danger_training" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "danger_training_training_date_idx" ON "danger_training" USING btree ("training_date");--> statement-breakpoint
CREATE INDEX "danger_training_training_type_idx" ON "danger_training" USING btree ("training_type");--> statement-breakpoint
CREATE INDEX "danger_violator_enterprise_idx" ON "danger_violator" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "danger_violator_staff_id_idx" ON "danger_violator" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "danger_violator_violation_date_idx" ON "danger_violator" USING btree ("violation_date");--> statement-breakpoint
CREATE INDEX "danger_violator_violation_type_idx" ON "danger_violator" USING btree ("violation_type");--> statement-breakpoint
CREATE INDEX "work_flow_subject_idx" ON "work_flow" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE SEQUENCE "hazard_no_seq";--> statement-breakpoint
CREATE SEQUENCE "self_check_no_seq";--> statement-breakpoint
CREATE SEQUENCE "check_plan_no_seq";--> statement-breakpoint
CREATE SEQUENCE "check_record_no_seq";--> statement-breakpoint
CREATE SEQUENCE "rect_notice_no_seq";--> statement-breakpoint
CREATE INDEX "hazard_open_deadline_idx" ON "hazard" USING btree ("enterprise_id","deadline") WHERE "state" NOT IN ('草稿', '已销号');--> statement-breakpoint
CREATE VIEW "v_rectification_ledger" AS
  SELECT h.id, h.enterprise_id, '隐患'::varchar(64) AS kind, h.hazard_no, h.title, h.source, h.category, h.level, h.found_date, h.responsible_id, h.deadline,
         h.measures, h.actual_measures, h.cost, h.completed_date, h.state, h.closed_at, h.created_at, h.created_by, h.updated_at, h.updated_by, h.version
    FROM "hazard" h WHERE h.state <> '草稿'
  UNION ALL
  SELECT n.id, n.enterprise_id, '整改通知'::varchar(64), n.notice_no, left(split_part(n.problems, E'\n', 1), 100)::varchar(100), n.source, '管理'::varchar(64),
         '一般'::varchar(64), (n.created_at AT TIME ZONE 'Asia/Shanghai')::date, NULL::uuid, n.deadline, n.requirements, n.measures, NULL::numeric(18, 4),
         (n.submitted_at AT TIME ZONE 'Asia/Shanghai')::date, n.state, CASE WHEN n.state = '合格' THEN n.reviewed_at END, n.created_at, n.created_by,
         n.updated_at, n.updated_by, n.version
    FROM "rect_notice" n;
--> statement-breakpoint
CREATE SEQUENCE "supervise_no_seq";--> statement-breakpoint
CREATE UNIQUE INDEX "supervise_item_source_uq" ON "supervise_item" USING btree ("source_id") WHERE "source_id" IS NOT NULL;
