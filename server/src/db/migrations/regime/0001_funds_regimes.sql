CREATE TABLE "regime_fund_use" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"use_date" date,
	"category" varchar(64),
	"amount" bigint,
	"description" text,
	"vouchers" jsonb,
	"approver" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regime_fund_year" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"year" integer,
	"last_revenue" bigint,
	"carry_over" bigint,
	"rate" numeric(18, 4),
	"year_plan" bigint,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regime_doc" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"title" varchar(100),
	"doc_type" varchar(64),
	"revision" integer,
	"effective_date" date,
	"content" text,
	"attachments" jsonb,
	"reader_posts" text[],
	"reader_ids" uuid[],
	"state" varchar(64),
	"published_at" timestamp with time zone,
	"series_id" varchar(36),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_read" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" varchar(20) NOT NULL,
	"subject_id" uuid NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"staff_name" varchar(50) NOT NULL,
	"post" varchar(20),
	"read_at" timestamp with time zone,
	"recorded_by" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "regime_fund_use_enterprise_idx" ON "regime_fund_use" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "regime_fund_use_use_date_idx" ON "regime_fund_use" USING btree ("use_date");--> statement-breakpoint
CREATE INDEX "regime_fund_use_category_idx" ON "regime_fund_use" USING btree ("category");--> statement-breakpoint
CREATE INDEX "regime_fund_year_enterprise_idx" ON "regime_fund_year" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "regime_fund_year_year_uq" ON "regime_fund_year" USING btree ("enterprise_id","year");--> statement-breakpoint
CREATE INDEX "regime_doc_enterprise_idx" ON "regime_doc" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "regime_doc_doc_type_idx" ON "regime_doc" USING btree ("doc_type");--> statement-breakpoint
CREATE INDEX "regime_doc_effective_date_idx" ON "regime_doc" USING btree ("effective_date");--> statement-breakpoint
CREATE INDEX "regime_doc_state_idx" ON "regime_doc" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_read_once" ON "staff_read" USING btree ("subject_id","staff_id");--> statement-breakpoint
CREATE INDEX "staff_read_unread_idx" ON "staff_read" USING btree ("staff_id","subject") WHERE "staff_read"."read_at" is null;