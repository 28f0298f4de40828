CREATE TABLE "wb_bind" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(50),
	"vehicle_id" uuid,
	"trailer_id" uuid,
	"tank_id" uuid,
	"tank_container_id" uuid,
	"driver_id" uuid,
	"escort_id" uuid,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wb_check_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(100),
	"category" varchar(64),
	"mandatory" boolean,
	"applies" varchar(64),
	"order_num" integer,
	"enabled" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wb_consignee" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(100),
	"credit_code" varchar(255),
	"contact" varchar(20),
	"phone" varchar(20),
	"region_code" varchar(12),
	"address" varchar(200),
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wb_empty_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"vehicle_id" uuid,
	"tank_id" uuid,
	"un_no" varchar(4),
	"goods_name" varchar(200),
	"goods_class" varchar(8),
	"cleaned" boolean,
	"origin_region" varchar(12),
	"origin_address" varchar(200),
	"dest_region" varchar(12),
	"dest_address" varchar(200),
	"trip_date" date,
	"driver_id" uuid,
	"escort_id" uuid,
	"waybill_id" varchar(36),
	"waybill_no" varchar(20),
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wb_fleet" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(50),
	"captain" varchar(20),
	"phone" varchar(20),
	"vehicle_ids" uuid[],
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wb_cargo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"goods_id" uuid,
	"un_no" varchar(8),
	"goods_name" varchar(300),
	"goods_class" varchar(8),
	"subsidiary_hazard" varchar(20),
	"packing_group" varchar(8),
	"packing_type" varchar(50),
	"packing_spec" varchar(50),
	"unit" varchar(64),
	"density" numeric(18, 4),
	"piece_mass" numeric(18, 4),
	"common_quantity" numeric(18, 4),
	"emergency_measures" text,
	"msds" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wb_loader" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(100),
	"credit_code" varchar(255),
	"contact" varchar(20),
	"phone" varchar(20),
	"region_code" varchar(12),
	"address" varchar(200),
	"remark" text,
	"loading_place" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wb_shipper" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(100),
	"credit_code" varchar(255),
	"contact" varchar(20),
	"phone" varchar(20),
	"region_code" varchar(12),
	"address" varchar(200),
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wb_transport_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(100),
	"origin_region" varchar(12),
	"origin_address" varchar(200),
	"dest_region" varchar(12),
	"dest_address" varchar(200),
	"via" varchar(200),
	"distance_km" numeric(18, 4),
	"expected_hours" numeric(18, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abnormal_waybill" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"waybill_id" uuid,
	"waybill_created_at" timestamp with time zone,
	"waybill_no" varchar(24),
	"plate_no" varchar(12),
	"enterprise_id" uuid,
	"carrier_region" varchar(12),
	"rule" varchar(16) NOT NULL,
	"detail" text NOT NULL,
	"source" varchar(8) NOT NULL,
	"status" varchar(8) DEFAULT '待处理' NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_by" uuid,
	"reporter_name" varchar(20),
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"abnormal_id" uuid,
	"waybill_id" uuid,
	"waybill_created_at" timestamp with time zone,
	"waybill_no" varchar(24),
	"enterprise_id" uuid NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"problem" text NOT NULL,
	"reply_by" date NOT NULL,
	"state" varchar(8) NOT NULL,
	"issued_by" uuid,
	"issuer_name" varchar(20),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" uuid,
	"received_at" timestamp with time zone,
	"reply" text,
	"reply_attachments" jsonb,
	"replied_at" timestamp with time zone,
	"opinion" text,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_step" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"user_name" varchar(20),
	"action" varchar(8) NOT NULL,
	"from_state" varchar(8),
	"to_state" varchar(8) NOT NULL,
	"note" text,
	"attachments" jsonb
);
--> statement-breakpoint
CREATE TABLE "waybill" (
	"id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"state" varchar(8) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"waybill_no" varchar(24),
	"check_code" varchar(8),
	"waybill_type" varchar(16) DEFAULT '普通' NOT NULL,
	"shipper_id" uuid,
	"shipper_name" varchar(100),
	"shipper_contact" varchar(20),
	"shipper_phone" varchar(20),
	"consignee_id" uuid,
	"consignee_name" varchar(100),
	"consignee_phone" varchar(20),
	"loader_id" uuid,
	"loader_name" varchar(100),
	"loader_phone" varchar(20),
	"loading_place" varchar(200),
	"carrier_name" varchar(100),
	"carrier_phone" varchar(20),
	"carrier_licence_no" varchar(60),
	"start_date" date NOT NULL,
	"origin_region" varchar(12) NOT NULL,
	"origin_address" varchar(200),
	"dest_region" varchar(12) NOT NULL,
	"dest_address" varchar(200),
	"via" varchar(200),
	"line_id" uuid,
	"distance_km" numeric(10, 2),
	"expected_hours" numeric(8, 2),
	"limited_quantity" boolean DEFAULT false NOT NULL,
	"remark" text,
	"bind_id" uuid,
	"vehicle_id" uuid,
	"plate_no" varchar(12),
	"plate_color" varchar(4),
	"vehicle_cert_no" varchar(40),
	"trailer_id" uuid,
	"trailer_plate_no" varchar(12),
	"trailer_cert_no" varchar(40),
	"tank_id" uuid,
	"tank_container_id" uuid,
	"tank_no" varchar(40),
	"tank_volume" numeric(10, 2),
	"driver_id" uuid,
	"driver_name" varchar(20),
	"driver_qualification_no" varchar(30),
	"driver_phone" varchar(20),
	"escort_id" uuid,
	"escort_name" varchar(20),
	"escort_qualification_no" varchar(30),
	"escort_phone" varchar(20),
	"goods_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"goods_summary" varchar(300),
	"total_mass_kg" numeric(14, 2),
	"dispatcher_id" uuid,
	"dispatcher_name" varchar(20),
	"dispatched_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"distributed_at" timestamp with time zone,
	"loaded_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"reason" varchar(500),
	"problems" jsonb,
	"overdue_at" timestamp with time zone,
	"created_by" uuid,
	"created_by_name" varchar(20),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "waybill_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "waybill_change" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"waybill_id" uuid NOT NULL,
	"waybill_created_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"user_name" varchar(20),
	"reason" varchar(500) NOT NULL,
	"fields" text[] NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	CONSTRAINT "waybill_change_pk" PRIMARY KEY("id","waybill_created_at")
) PARTITION BY RANGE ("waybill_created_at");
--> statement-breakpoint
CREATE TABLE "waybill_check" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"waybill_id" uuid NOT NULL,
	"waybill_created_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"checker_id" uuid,
	"checker_name" varchar(20),
	"result" varchar(8) NOT NULL,
	"answers" jsonb NOT NULL,
	"failed_items" jsonb,
	"driver_notified" boolean DEFAULT false NOT NULL,
	"escort_notified" boolean DEFAULT false NOT NULL,
	"self_inspection_id" uuid,
	CONSTRAINT "waybill_check_pk" PRIMARY KEY("id","waybill_created_at")
) PARTITION BY RANGE ("waybill_created_at");
--> statement-breakpoint
CREATE TABLE "waybill_crew_lock" (
	"resource_id" uuid PRIMARY KEY NOT NULL,
	"role" varchar(8) NOT NULL,
	"waybill_id" uuid NOT NULL,
	"waybill_created_at" timestamp with time zone NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waybill_daily_stat" (
	"day" date NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"goods_class" varchar(4) NOT NULL,
	"origin_city" varchar(6) NOT NULL,
	"dest_city" varchar(6) NOT NULL,
	"waybill_type" varchar(16) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_daily_stat_pk" PRIMARY KEY("day","enterprise_id","goods_class","origin_city","dest_city","waybill_type")
);
--> statement-breakpoint
CREATE TABLE "waybill_goods" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"waybill_id" uuid NOT NULL,
	"waybill_created_at" timestamp with time zone NOT NULL,
	"line_no" integer NOT NULL,
	"goods_id" uuid,
	"cargo_id" uuid,
	"un_no" varchar(4) NOT NULL,
	"goods_name" varchar(300) NOT NULL,
	"goods_class" varchar(8) NOT NULL,
	"subsidiary_hazard" varchar(20),
	"packing_group" varchar(4),
	"packing_type" varchar(50),
	"packing_spec" varchar(50),
	"quantity" numeric(14, 3) NOT NULL,
	"unit" varchar(8) NOT NULL,
	"density" numeric(10, 4),
	"piece_mass" numeric(12, 3),
	"mass_kg" numeric(14, 2),
	"actual_quantity" numeric(14, 3),
	"received_quantity" numeric(14, 3),
	"emergency_measures" text,
	CONSTRAINT "waybill_goods_pk" PRIMARY KEY("id","waybill_created_at")
) PARTITION BY RANGE ("waybill_created_at");
--> statement-breakpoint
CREATE TABLE "waybill_loading" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"waybill_id" uuid NOT NULL,
	"waybill_created_at" timestamp with time zone NOT NULL,
	"loader_id" uuid,
	"loader_name" varchar(100),
	"loaded_at" timestamp with time zone NOT NULL,
	"checks" jsonb NOT NULL,
	"actual" jsonb NOT NULL,
	"total_mass_kg" numeric(14, 2),
	"operator_id" uuid,
	"operator_name" varchar(20),
	"remark" text,
	CONSTRAINT "waybill_loading_pk" PRIMARY KEY("id","waybill_created_at")
) PARTITION BY RANGE ("waybill_created_at");
--> statement-breakpoint
CREATE TABLE "waybill_message" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"waybill_id" uuid NOT NULL,
	"waybill_created_at" timestamp with time zone NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"staff_id" uuid,
	"role" varchar(8) NOT NULL,
	"staff_name" varchar(20),
	"mobile" varchar(20),
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "waybill_message_pk" PRIMARY KEY("id","waybill_created_at")
) PARTITION BY RANGE ("waybill_created_at");
--> statement-breakpoint
CREATE TABLE "waybill_number" (
	"waybill_no" varchar(24) PRIMARY KEY NOT NULL,
	"waybill_id" uuid NOT NULL,
	"waybill_created_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waybill_self_inspection" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"waybill_id" uuid NOT NULL,
	"waybill_created_at" timestamp with time zone NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"staff_id" uuid,
	"staff_name" varchar(20),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"answers" jsonb NOT NULL,
	"result" varchar(8) NOT NULL,
	"remark" text,
	"created_by" uuid,
	"used_by_check_id" uuid,
	CONSTRAINT "waybill_self_inspection_pk" PRIMARY KEY("id","waybill_created_at")
) PARTITION BY RANGE ("waybill_created_at");
--> statement-breakpoint
CREATE TABLE "waybill_state_count" (
	"enterprise_id" uuid NOT NULL,
	"state" varchar(8) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_state_count_pk" PRIMARY KEY("enterprise_id","state")
);
--> statement-breakpoint
CREATE TABLE "waybill_transition" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"waybill_id" uuid NOT NULL,
	"waybill_created_at" timestamp with time zone NOT NULL,
	"action" varchar(16) NOT NULL,
	"from_state" varchar(8),
	"to_state" varchar(8) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"user_name" varchar(20),
	"note" text,
	"data" jsonb,
	CONSTRAINT "waybill_transition_pk" PRIMARY KEY("id","waybill_created_at")
) PARTITION BY RANGE ("waybill_created_at");
--> statement-breakpoint
CREATE TABLE "waybill_unloading" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"waybill_id" uuid NOT NULL,
	"waybill_created_at" timestamp with time zone NOT NULL,
	"unloaded_at" timestamp with time zone NOT NULL,
	"signer" varchar(20) NOT NULL,
	"signer_phone" varchar(20),
	"received" jsonb NOT NULL,
	"operator_id" uuid,
	"operator_name" varchar(20),
	"remark" text,
	CONSTRAINT "waybill_unloading_pk" PRIMARY KEY("id","waybill_created_at")
) PARTITION BY RANGE ("waybill_created_at");
--> statement-breakpoint
CREATE TABLE "waybill_vehicle_month" (
	"month" date NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_vehicle_month_pk" PRIMARY KEY("month","enterprise_id","vehicle_id")
);
--> statement-breakpoint
CREATE INDEX "wb_bind_enterprise_idx" ON "wb_bind" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wb_bind_name_uq" ON "wb_bind" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "wb_bind_vehicle_id_idx" ON "wb_bind" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wb_bind_trailer_id_idx" ON "wb_bind" USING btree ("trailer_id");--> statement-breakpoint
CREATE INDEX "wb_bind_tank_id_idx" ON "wb_bind" USING btree ("tank_id");--> statement-breakpoint
CREATE INDEX "wb_bind_tank_container_id_idx" ON "wb_bind" USING btree ("tank_container_id");--> statement-breakpoint
CREATE INDEX "wb_bind_driver_id_idx" ON "wb_bind" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "wb_bind_escort_id_idx" ON "wb_bind" USING btree ("escort_id");--> statement-breakpoint
CREATE INDEX "wb_check_item_enterprise_idx" ON "wb_check_item" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wb_check_item_name_uq" ON "wb_check_item" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "wb_check_item_category_idx" ON "wb_check_item" USING btree ("category");--> statement-breakpoint
CREATE INDEX "wb_check_item_applies_idx" ON "wb_check_item" USING btree ("applies");--> statement-breakpoint
CREATE INDEX "wb_check_item_enabled_idx" ON "wb_check_item" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "wb_consignee_enterprise_idx" ON "wb_consignee" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wb_consignee_name_uq" ON "wb_consignee" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "wb_consignee_credit_code_idx" ON "wb_consignee" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "wb_consignee_region_code_idx" ON "wb_consignee" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "wb_empty_ledger_enterprise_idx" ON "wb_empty_ledger" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "wb_empty_ledger_vehicle_id_idx" ON "wb_empty_ledger" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "wb_empty_ledger_tank_id_idx" ON "wb_empty_ledger" USING btree ("tank_id");--> statement-breakpoint
CREATE INDEX "wb_empty_ledger_un_no_idx" ON "wb_empty_ledger" USING btree ("un_no");--> statement-breakpoint
CREATE INDEX "wb_empty_ledger_cleaned_idx" ON "wb_empty_ledger" USING btree ("cleaned");--> statement-breakpoint
CREATE INDEX "wb_empty_ledger_trip_date_idx" ON "wb_empty_ledger" USING btree ("trip_date");--> statement-breakpoint
CREATE INDEX "wb_empty_ledger_driver_id_idx" ON "wb_empty_ledger" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "wb_empty_ledger_escort_id_idx" ON "wb_empty_ledger" USING btree ("escort_id");--> statement-breakpoint
CREATE INDEX "wb_empty_ledger_waybill_no_idx" ON "wb_empty_ledger" USING btree ("waybill_no");--> statement-breakpoint
CREATE INDEX "wb_fleet_enterprise_idx" ON "wb_fleet" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wb_fleet_name_uq" ON "wb_fleet" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "wb_cargo_enterprise_idx" ON "wb_cargo" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "wb_cargo_goods_id_idx" ON "wb_cargo" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "wb_cargo_un_no_idx" ON "wb_cargo" USING btree ("un_no");--> statement-breakpoint
CREATE INDEX "wb_cargo_goods_class_idx" ON "wb_cargo" USING btree ("goods_class");--> statement-breakpoint
CREATE INDEX "wb_loader_enterprise_idx" ON "wb_loader" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wb_loader_name_uq" ON "wb_loader" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "wb_loader_credit_code_idx" ON "wb_loader" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "wb_loader_region_code_idx" ON "wb_loader" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "wb_shipper_enterprise_idx" ON "wb_shipper" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wb_shipper_name_uq" ON "wb_shipper" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "wb_shipper_credit_code_idx" ON "wb_shipper" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "wb_shipper_region_code_idx" ON "wb_shipper" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "wb_transport_line_enterprise_idx" ON "wb_transport_line" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wb_transport_line_name_uq" ON "wb_transport_line" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "wb_transport_line_origin_region_idx" ON "wb_transport_line" USING btree ("origin_region");--> statement-breakpoint
CREATE INDEX "wb_transport_line_dest_region_idx" ON "wb_transport_line" USING btree ("dest_region");--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_waybill_rule_uq" ON "abnormal_waybill" USING btree ("waybill_id","rule") WHERE source <> '手工' and waybill_id is not null;--> statement-breakpoint
CREATE INDEX "abnormal_waybill_region_idx" ON "abnormal_waybill" USING btree ("carrier_region","found_at");--> statement-breakpoint
CREATE INDEX "abnormal_waybill_ent_idx" ON "abnormal_waybill" USING btree ("enterprise_id","found_at");--> statement-breakpoint
CREATE INDEX "abnormal_waybill_found_idx" ON "abnormal_waybill" USING btree ("found_at");--> statement-breakpoint
CREATE INDEX "checklist_ent_idx" ON "checklist" USING btree ("enterprise_id","state","issued_at");--> statement-breakpoint
CREATE INDEX "checklist_region_idx" ON "checklist" USING btree ("carrier_region","issued_at");--> statement-breakpoint
CREATE INDEX "checklist_abnormal_idx" ON "checklist" USING btree ("abnormal_id");--> statement-breakpoint
CREATE INDEX "checklist_step_checklist_idx" ON "checklist_step" USING btree ("checklist_id","at");--> statement-breakpoint
CREATE INDEX "waybill_ent_state_idx" ON "waybill" USING btree ("enterprise_id","state","created_at");--> statement-breakpoint
CREATE INDEX "waybill_ent_created_idx" ON "waybill" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "waybill_created_idx" ON "waybill" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "waybill_state_created_idx" ON "waybill" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "waybill_region_created_idx" ON "waybill" USING btree ("carrier_region","created_at");--> statement-breakpoint
CREATE INDEX "waybill_no_idx" ON "waybill" USING btree ("waybill_no");--> statement-breakpoint
CREATE INDEX "waybill_plate_idx" ON "waybill" USING btree ("plate_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "waybill_vehicle_idx" ON "waybill" USING btree ("vehicle_id","created_at");--> statement-breakpoint
CREATE INDEX "waybill_classes_idx" ON "waybill" USING gin ("goods_classes");--> statement-breakpoint
CREATE INDEX "waybill_origin_idx" ON "waybill" USING btree ("origin_region");--> statement-breakpoint
CREATE INDEX "waybill_dest_idx" ON "waybill" USING btree ("dest_region");--> statement-breakpoint
CREATE INDEX "waybill_in_transit_idx" ON "waybill" USING btree ("loaded_at") WHERE state = '运输中';--> statement-breakpoint
CREATE INDEX "waybill_change_waybill_idx" ON "waybill_change" USING btree ("waybill_id");--> statement-breakpoint
CREATE INDEX "waybill_check_waybill_idx" ON "waybill_check" USING btree ("waybill_id");--> statement-breakpoint
CREATE INDEX "waybill_crew_lock_waybill_idx" ON "waybill_crew_lock" USING btree ("waybill_id");--> statement-breakpoint
CREATE INDEX "waybill_daily_stat_region_idx" ON "waybill_daily_stat" USING btree ("carrier_region","day");--> statement-breakpoint
CREATE INDEX "waybill_daily_stat_day_idx" ON "waybill_daily_stat" USING btree ("day");--> statement-breakpoint
CREATE INDEX "waybill_goods_waybill_idx" ON "waybill_goods" USING btree ("waybill_id");--> statement-breakpoint
CREATE INDEX "waybill_loading_waybill_idx" ON "waybill_loading" USING btree ("waybill_id");--> statement-breakpoint
CREATE INDEX "waybill_message_waybill_idx" ON "waybill_message" USING btree ("waybill_id");--> statement-breakpoint
CREATE INDEX "waybill_message_staff_idx" ON "waybill_message" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "waybill_self_inspection_waybill_idx" ON "waybill_self_inspection" USING btree ("waybill_id");--> statement-breakpoint
CREATE INDEX "waybill_self_inspection_ent_idx" ON "waybill_self_inspection" USING btree ("enterprise_id","at");--> statement-breakpoint
CREATE INDEX "waybill_transition_waybill_idx" ON "waybill_transition" USING btree ("waybill_id");--> statement-breakpoint
CREATE INDEX "waybill_unloading_waybill_idx" ON "waybill_unloading" USING btree ("waybill_id");--> statement-breakpoint
CREATE INDEX "waybill_vehicle_month_ent_idx" ON "waybill_vehicle_month" USING btree ("enterprise_id","month");