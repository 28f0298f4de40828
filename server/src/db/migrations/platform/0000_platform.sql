CREATE TABLE "app_release" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"platform" varchar(64),
	"package" jsonb,
	"notes" text,
	"force" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "article" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(100),
	"category" varchar(64),
	"content" text,
	"cover" jsonb,
	"attachments" jsonb,
	"status" varchar(64),
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gate_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"menu" varchar(255),
	"opt" varchar(255),
	"uri" varchar(500),
	"method" varchar(255),
	"crt_time" timestamp with time zone,
	"crt_user" varchar(255),
	"crt_name" varchar(255),
	"crt_host" varchar(255),
	"result" varchar(255),
	"body" jsonb,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_group_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(255),
	"name" varchar(50),
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_org" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100),
	"code" varchar(255),
	"parent_id" uuid,
	"type" varchar(64),
	"region_code" varchar(12),
	"leader" varchar(20),
	"phone" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(100),
	"category" varchar(64),
	"content" text,
	"cover" jsonb,
	"attachments" jsonb,
	"status" varchar(64),
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_client" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(255),
	"name" varchar(50),
	"allowed_paths" text,
	"enabled" boolean,
	"secret_hash" varchar(255),
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(20),
	"username" varchar(255),
	"password" text,
	"sex" varchar(64),
	"mobile" varchar(255),
	"email" varchar(100),
	"side" varchar(64),
	"enterprise_id" uuid,
	"org_id" uuid,
	"status" varchar(64),
	"description" text,
	"last_login_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"failed_logins" integer,
	"tokens_valid_after" timestamp with time zone,
	"is_super" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"mime" varchar(128) NOT NULL,
	"size" bigint NOT NULL,
	"storage_path" varchar(255) NOT NULL,
	"enterprise_id" uuid,
	"biz_type" varchar(64),
	"biz_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "base_dict" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"value" varchar(100) NOT NULL,
	"pid" uuid,
	"order_num" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_element" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(128) NOT NULL,
	"type" varchar(16) DEFAULT 'button' NOT NULL,
	"name" varchar(64) NOT NULL,
	"uri" varchar(255),
	"menu_id" uuid NOT NULL,
	"method" varchar(8),
	"description" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"parent_id" uuid,
	"group_type_id" uuid NOT NULL,
	"description" varchar(255),
	"enterprise_id" uuid,
	"org_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_group_leader" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "base_group_leader_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "base_group_member" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "base_group_member_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "base_menu" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(64) NOT NULL,
	"title" varchar(64) NOT NULL,
	"parent_id" uuid,
	"href" varchar(255),
	"icon" varchar(64),
	"type" varchar(8) DEFAULT 'menu' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"description" varchar(255),
	"path" varchar(255),
	"hidden" boolean DEFAULT false NOT NULL,
	"attr1" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_resource_authority" (
	"group_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"resource_type" varchar(8) NOT NULL,
	CONSTRAINT "base_resource_authority_group_id_resource_id_pk" PRIMARY KEY("group_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "captcha" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"text" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"username" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(64),
	"result" varchar(16) NOT NULL,
	"message" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "login_ticket" (
	"ticket" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "param_setting" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"label" varchar(100),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sequence_counter" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_instance" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"host" varchar(128) NOT NULL,
	"pid" integer NOT NULL,
	"version" varchar(32) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"stats" jsonb
);
--> statement-breakpoint
CREATE TABLE "system_flag" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_invalid" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "app_release_platform_idx" ON "app_release" USING btree ("platform");--> statement-breakpoint
CREATE INDEX "article_category_idx" ON "article" USING btree ("category");--> statement-breakpoint
CREATE INDEX "article_status_idx" ON "article" USING btree ("status");--> statement-breakpoint
CREATE INDEX "gate_log_enterprise_idx" ON "gate_log" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "gate_log_crt_time_idx" ON "gate_log" USING btree ("crt_time");--> statement-breakpoint
CREATE UNIQUE INDEX "base_group_type_code_uq" ON "base_group_type" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_org_code_uq" ON "base_org" USING btree ("code");--> statement-breakpoint
CREATE INDEX "base_org_parent_id_idx" ON "base_org" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "base_org_type_idx" ON "base_org" USING btree ("type");--> statement-breakpoint
CREATE INDEX "policy_category_idx" ON "policy" USING btree ("category");--> statement-breakpoint
CREATE INDEX "policy_status_idx" ON "policy" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "service_client_code_uq" ON "service_client" USING btree ("code");--> statement-breakpoint
CREATE INDEX "base_user_enterprise_idx" ON "base_user" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "base_user_username_uq" ON "base_user" USING btree ("enterprise_id","username");--> statement-breakpoint
CREATE INDEX "base_user_side_idx" ON "base_user" USING btree ("side");--> statement-breakpoint
CREATE INDEX "base_user_enterprise_id_idx" ON "base_user" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "base_user_org_id_idx" ON "base_user" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "base_user_status_idx" ON "base_user" USING btree ("status");--> statement-breakpoint
CREATE INDEX "attachment_biz_idx" ON "attachment" USING btree ("biz_type","biz_id");--> statement-breakpoint
CREATE INDEX "base_dict_type_idx" ON "base_dict" USING btree ("type");--> statement-breakpoint
CREATE INDEX "base_dict_pid_idx" ON "base_dict" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "base_element_code_uq" ON "base_element" USING btree ("code");--> statement-breakpoint
CREATE INDEX "base_element_menu_idx" ON "base_element" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_group_code_uq" ON "base_group" USING btree ("code");--> statement-breakpoint
CREATE INDEX "base_group_type_idx" ON "base_group" USING btree ("group_type_id");--> statement-breakpoint
CREATE INDEX "base_group_leader_user_idx" ON "base_group_leader" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "base_group_member_user_idx" ON "base_group_member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_menu_code_uq" ON "base_menu" USING btree ("code");--> statement-breakpoint
CREATE INDEX "base_menu_parent_idx" ON "base_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "login_log_user_idx" ON "login_log" USING btree ("user_id","at");