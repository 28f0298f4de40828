CREATE TABLE "company_goods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"goods_id" uuid,
	"un_no" varchar(8),
	"goods_name" varchar(200),
	"goods_class" varchar(16),
	"packing_group" varchar(8),
	"annual_volume" numeric(18, 4),
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_licence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"cert_type" varchar(64),
	"cert_no" varchar(60),
	"issuer" varchar(100),
	"issue_date" date,
	"expiry_date" date,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_park" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(100),
	"region_code" varchar(12),
	"address" varchar(200),
	"area" numeric(18, 4),
	"spaces" integer,
	"ownership" varchar(64),
	"lease_expiry" date,
	"facilities" text,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dangerous_goods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"un_no" varchar(4),
	"name_zh" varchar(300),
	"name_en" varchar(500),
	"goods_class" varchar(8),
	"subsidiary_hazard" varchar(20),
	"packing_group" varchar(64),
	"special_provisions" varchar(200),
	"limited_quantity" varchar(20),
	"excepted_quantity" varchar(10),
	"pinyin" varchar(300),
	"source" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100),
	"credit_code" varchar(255),
	"legal_person" varchar(20),
	"licence_no" varchar(50),
	"licence_expiry" date,
	"business_scope" text[],
	"region_code" varchar(12),
	"address" varchar(200),
	"phone" varchar(255),
	"registered_capital" numeric(18, 4),
	"established_date" date,
	"safety_manager" varchar(20),
	"safety_manager_phone" varchar(255),
	"status" varchar(64),
	"audit_status" varchar(64),
	"audit_opinion" text,
	"licence_scan" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(20),
	"sex" varchar(64),
	"id_card" varchar(18),
	"mobile" varchar(255),
	"post" varchar(64),
	"qualification_no" varchar(30),
	"qualification_types" text[],
	"qualification_expiry" date,
	"driving_licence_no" varchar(30),
	"driving_class" varchar(64),
	"driving_licence_expiry" date,
	"entry_date" date,
	"status" varchar(64),
	"photo" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"staff_id" uuid,
	"entry_date" date,
	"post" varchar(64),
	"contract_no" varchar(40),
	"contract_start" date,
	"contract_end" date,
	"contract_file" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_leave" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"staff_id" uuid,
	"leave_date" date,
	"reason" text,
	"handover" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tank" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"tank_no" varchar(40),
	"vehicle_id" uuid,
	"tank_type" varchar(64),
	"volume" numeric(18, 4),
	"material" varchar(40),
	"suitable_media" text[],
	"manufacturer" varchar(100),
	"manufacture_date" date,
	"inspection_expiry" date,
	"status" varchar(64),
	"audit_status" varchar(64),
	"audit_opinion" text,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tank_check" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"tank_id" uuid,
	"record_date" date,
	"content" text,
	"unit" varchar(100),
	"cost" numeric(18, 4),
	"attachments" jsonb,
	"check_type" varchar(64),
	"result" varchar(64),
	"report_no" varchar(60),
	"next_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tank_container" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"container_no" varchar(20),
	"container_type" varchar(64),
	"volume" numeric(18, 4),
	"suitable_media" text[],
	"inspection_expiry" date,
	"owner" varchar(100),
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tank_maintain" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"tank_id" uuid,
	"record_date" date,
	"content" text,
	"unit" varchar(100),
	"cost" numeric(18, 4),
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tank_repair" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"tank_id" uuid,
	"record_date" date,
	"content" text,
	"unit" varchar(100),
	"cost" numeric(18, 4),
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"plate_no" varchar(10),
	"plate_color" varchar(64),
	"vehicle_type" varchar(64),
	"brand_model" varchar(60),
	"vin" varchar(17),
	"engine_no" varchar(30),
	"approved_load" integer,
	"total_mass" integer,
	"dimensions" varchar(40),
	"transport_cert_no" varchar(40),
	"transport_cert_expiry" date,
	"annual_review_expiry" date,
	"inspection_expiry" date,
	"tech_grade" varchar(64),
	"compulsory_insurance_expiry" date,
	"commercial_insurance_expiry" date,
	"carrier_insurance_expiry" date,
	"gps_terminal_no" varchar(30),
	"register_date" date,
	"status" varchar(64),
	"audit_status" varchar(64),
	"audit_opinion" text,
	"photos" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_daily_repair" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"vehicle_id" uuid,
	"record_date" date,
	"mileage" integer,
	"content" text,
	"unit" varchar(100),
	"cost" numeric(18, 4),
	"next_date" date,
	"next_mileage" integer,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_facility" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"vehicle_id" uuid,
	"facility_type" varchar(64),
	"quantity" integer,
	"check_date" date,
	"expiry_date" date,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_gps_repair" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"vehicle_id" uuid,
	"record_date" date,
	"mileage" integer,
	"content" text,
	"unit" varchar(100),
	"cost" numeric(18, 4),
	"next_date" date,
	"next_mileage" integer,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_level1" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"vehicle_id" uuid,
	"record_date" date,
	"mileage" integer,
	"content" text,
	"unit" varchar(100),
	"cost" numeric(18, 4),
	"next_date" date,
	"next_mileage" integer,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_level2" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"vehicle_id" uuid,
	"record_date" date,
	"mileage" integer,
	"content" text,
	"unit" varchar(100),
	"cost" numeric(18, 4),
	"next_date" date,
	"next_mileage" integer,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_maintain" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"vehicle_id" uuid,
	"record_date" date,
	"mileage" integer,
	"content" text,
	"unit" varchar(100),
	"cost" numeric(18, 4),
	"next_date" date,
	"next_mileage" integer,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_tyre" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"vehicle_id" uuid,
	"record_date" date,
	"mileage" integer,
	"content" text,
	"unit" varchar(100),
	"cost" numeric(18, 4),
	"next_date" date,
	"next_mileage" integer,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "company_goods_enterprise_idx" ON "company_goods" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "company_goods_goods_id_idx" ON "company_goods" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "company_goods_un_no_idx" ON "company_goods" USING btree ("un_no");--> statement-breakpoint
CREATE INDEX "company_licence_enterprise_idx" ON "company_licence" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "company_licence_cert_type_idx" ON "company_licence" USING btree ("cert_type");--> statement-breakpoint
CREATE INDEX "company_licence_expiry_date_idx" ON "company_licence" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "company_park_enterprise_idx" ON "company_park" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "company_park_region_code_idx" ON "company_park" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "company_park_ownership_idx" ON "company_park" USING btree ("ownership");--> statement-breakpoint
CREATE INDEX "dangerous_goods_un_no_idx" ON "dangerous_goods" USING btree ("un_no");--> statement-breakpoint
CREATE INDEX "dangerous_goods_goods_class_idx" ON "dangerous_goods" USING btree ("goods_class");--> statement-breakpoint
CREATE INDEX "dangerous_goods_packing_group_idx" ON "dangerous_goods" USING btree ("packing_group");--> statement-breakpoint
CREATE INDEX "dangerous_goods_source_idx" ON "dangerous_goods" USING btree ("source");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_name_uq" ON "enterprise" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_credit_code_uq" ON "enterprise" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "enterprise_licence_expiry_idx" ON "enterprise" USING btree ("licence_expiry");--> statement-breakpoint
CREATE INDEX "enterprise_region_code_idx" ON "enterprise" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "enterprise_status_idx" ON "enterprise" USING btree ("status");--> statement-breakpoint
CREATE INDEX "enterprise_audit_status_idx" ON "enterprise" USING btree ("audit_status");--> statement-breakpoint
CREATE INDEX "staff_enterprise_idx" ON "staff" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_id_card_uq" ON "staff" USING btree ("enterprise_id","id_card");--> statement-breakpoint
CREATE INDEX "staff_post_idx" ON "staff" USING btree ("post");--> statement-breakpoint
CREATE INDEX "staff_qualification_no_idx" ON "staff" USING btree ("qualification_no");--> statement-breakpoint
CREATE INDEX "staff_qualification_expiry_idx" ON "staff" USING btree ("qualification_expiry");--> statement-breakpoint
CREATE INDEX "staff_driving_licence_expiry_idx" ON "staff" USING btree ("driving_licence_expiry");--> statement-breakpoint
CREATE INDEX "staff_status_idx" ON "staff" USING btree ("status");--> statement-breakpoint
CREATE INDEX "staff_entry_enterprise_idx" ON "staff_entry" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_entry_staff_id_idx" ON "staff_entry" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_entry_entry_date_idx" ON "staff_entry" USING btree ("entry_date");--> statement-breakpoint
CREATE INDEX "staff_leave_enterprise_idx" ON "staff_leave" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_leave_staff_id_idx" ON "staff_leave" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_leave_leave_date_idx" ON "staff_leave" USING btree ("leave_date");--> statement-breakpoint
CREATE INDEX "tank_enterprise_idx" ON "tank" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tank_tank_no_uq" ON "tank" USING btree ("enterprise_id","tank_no");--> statement-breakpoint
CREATE INDEX "tank_vehicle_id_idx" ON "tank" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "tank_tank_type_idx" ON "tank" USING btree ("tank_type");--> statement-breakpoint
CREATE INDEX "tank_inspection_expiry_idx" ON "tank" USING btree ("inspection_expiry");--> statement-breakpoint
CREATE INDEX "tank_status_idx" ON "tank" USING btree ("status");--> statement-breakpoint
CREATE INDEX "tank_audit_status_idx" ON "tank" USING btree ("audit_status");--> statement-breakpoint
CREATE INDEX "tank_check_enterprise_idx" ON "tank_check" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "tank_check_tank_id_idx" ON "tank_check" USING btree ("tank_id");--> statement-breakpoint
CREATE INDEX "tank_check_record_date_idx" ON "tank_check" USING btree ("record_date");--> statement-breakpoint
CREATE INDEX "tank_check_result_idx" ON "tank_check" USING btree ("result");--> statement-breakpoint
CREATE INDEX "tank_container_enterprise_idx" ON "tank_container" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tank_container_container_no_uq" ON "tank_container" USING btree ("enterprise_id","container_no");--> statement-breakpoint
CREATE INDEX "tank_container_container_type_idx" ON "tank_container" USING btree ("container_type");--> statement-breakpoint
CREATE INDEX "tank_container_inspection_expiry_idx" ON "tank_container" USING btree ("inspection_expiry");--> statement-breakpoint
CREATE INDEX "tank_maintain_enterprise_idx" ON "tank_maintain" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "tank_maintain_tank_id_idx" ON "tank_maintain" USING btree ("tank_id");--> statement-breakpoint
CREATE INDEX "tank_maintain_record_date_idx" ON "tank_maintain" USING btree ("record_date");--> statement-breakpoint
CREATE INDEX "tank_repair_enterprise_idx" ON "tank_repair" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "tank_repair_tank_id_idx" ON "tank_repair" USING btree ("tank_id");--> statement-breakpoint
CREATE INDEX "tank_repair_record_date_idx" ON "tank_repair" USING btree ("record_date");--> statement-breakpoint
CREATE INDEX "vehicle_enterprise_idx" ON "vehicle" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_plate_no_uq" ON "vehicle" USING btree ("enterprise_id","plate_no");--> statement-breakpoint
CREATE INDEX "vehicle_vehicle_type_idx" ON "vehicle" USING btree ("vehicle_type");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_vin_uq" ON "vehicle" USING btree ("enterprise_id","vin");--> statement-breakpoint
CREATE INDEX "vehicle_transport_cert_expiry_idx" ON "vehicle" USING btree ("transport_cert_expiry");--> statement-breakpoint
CREATE INDEX "vehicle_annual_review_expiry_idx" ON "vehicle" USING btree ("annual_review_expiry");--> statement-breakpoint
CREATE INDEX "vehicle_compulsory_insurance_expiry_idx" ON "vehicle" USING btree ("compulsory_insurance_expiry");--> statement-breakpoint
CREATE INDEX "vehicle_carrier_insurance_expiry_idx" ON "vehicle" USING btree ("carrier_insurance_expiry");--> statement-breakpoint
CREATE INDEX "vehicle_status_idx" ON "vehicle" USING btree ("status");--> statement-breakpoint
CREATE INDEX "vehicle_audit_status_idx" ON "vehicle" USING btree ("audit_status");--> statement-breakpoint
CREATE INDEX "vehicle_daily_repair_enterprise_idx" ON "vehicle_daily_repair" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_daily_repair_vehicle_id_idx" ON "vehicle_daily_repair" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_daily_repair_record_date_idx" ON "vehicle_daily_repair" USING btree ("record_date");--> statement-breakpoint
CREATE INDEX "vehicle_facility_enterprise_idx" ON "vehicle_facility" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_facility_vehicle_id_idx" ON "vehicle_facility" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_facility_facility_type_idx" ON "vehicle_facility" USING btree ("facility_type");--> statement-breakpoint
CREATE INDEX "vehicle_facility_expiry_date_idx" ON "vehicle_facility" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "vehicle_gps_repair_enterprise_idx" ON "vehicle_gps_repair" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_gps_repair_vehicle_id_idx" ON "vehicle_gps_repair" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_gps_repair_record_date_idx" ON "vehicle_gps_repair" USING btree ("record_date");--> statement-breakpoint
CREATE INDEX "vehicle_level1_enterprise_idx" ON "vehicle_level1" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_level1_vehicle_id_idx" ON "vehicle_level1" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_level1_record_date_idx" ON "vehicle_level1" USING btree ("record_date");--> statement-breakpoint
CREATE INDEX "vehicle_level2_enterprise_idx" ON "vehicle_level2" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_level2_vehicle_id_idx" ON "vehicle_level2" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_level2_record_date_idx" ON "vehicle_level2" USING btree ("record_date");--> statement-breakpoint
CREATE INDEX "vehicle_maintain_enterprise_idx" ON "vehicle_maintain" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_maintain_vehicle_id_idx" ON "vehicle_maintain" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_maintain_record_date_idx" ON "vehicle_maintain" USING btree ("record_date");--> statement-breakpoint
CREATE INDEX "vehicle_tyre_enterprise_idx" ON "vehicle_tyre" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_tyre_vehicle_id_idx" ON "vehicle_tyre" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_tyre_record_date_idx" ON "vehicle_tyre" USING btree ("record_date");