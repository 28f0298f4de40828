CREATE TABLE "fusion_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(8),
	"plate_no" varchar(12),
	"trailer_plate_no" varchar(12),
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"station" varchar(100),
	"direction" varchar(20),
	"start_place" varchar(100),
	"end_place" varchar(100),
	"region_code" varchar(12),
	"end_region_code" varchar(12),
	"external_no" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fusion_result" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid,
	"result_class" varchar(8),
	"handling" varchar(8),
	"plate_no" varchar(12),
	"score" integer,
	"reason" varchar(100),
	"record_kind" varchar(8),
	"record_time" timestamp with time zone,
	"station" varchar(100),
	"waybill_no" varchar(24),
	"enterprise_id" uuid,
	"region_code" varchar(12),
	"record_id" varchar(36),
	"waybill_id" varchar(36),
	"waybill_created_at" timestamp with time zone,
	"abnormal_id" varchar(36),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fusion_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100),
	"kind" varchar(8),
	"date_from" date,
	"date_to" date,
	"region_code" varchar(12),
	"state" varchar(4),
	"tolerance_minutes" integer,
	"total" integer,
	"done" integer,
	"matched" integer,
	"partial" integer,
	"no_waybill" integer,
	"no_trace" integer,
	"message" varchar(500),
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"run_no" integer,
	"lease_until" timestamp with time zone,
	"cursor" varchar(36),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fusion_record_kind_idx" ON "fusion_record" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "fusion_record_plate_no_idx" ON "fusion_record" USING btree ("plate_no");--> statement-breakpoint
CREATE INDEX "fusion_record_start_time_idx" ON "fusion_record" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "fusion_record_region_code_idx" ON "fusion_record" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "fusion_result_enterprise_idx" ON "fusion_result" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fusion_result_task_id_idx" ON "fusion_result" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "fusion_result_result_class_idx" ON "fusion_result" USING btree ("result_class");--> statement-breakpoint
CREATE INDEX "fusion_result_handling_idx" ON "fusion_result" USING btree ("handling");--> statement-breakpoint
CREATE INDEX "fusion_result_plate_no_idx" ON "fusion_result" USING btree ("plate_no");--> statement-breakpoint
CREATE INDEX "fusion_result_record_kind_idx" ON "fusion_result" USING btree ("record_kind");--> statement-breakpoint
CREATE INDEX "fusion_result_waybill_no_idx" ON "fusion_result" USING btree ("waybill_no");--> statement-breakpoint
CREATE INDEX "fusion_result_enterprise_id_idx" ON "fusion_result" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "fusion_result_region_code_idx" ON "fusion_result" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "fusion_task_kind_idx" ON "fusion_task" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "fusion_task_state_idx" ON "fusion_task" USING btree ("state");