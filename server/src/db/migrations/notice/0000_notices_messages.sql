CREATE TABLE "notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(100),
	"notice_type" varchar(64),
	"content" text,
	"attachments" jsonb,
	"audience" varchar(64),
	"region_codes" text[],
	"enterprise_ids" uuid[],
	"role_codes" text[],
	"state" varchar(64),
	"publisher_name" varchar(100),
	"published_at" timestamp with time zone,
	"publisher_org_id" varchar(36),
	"publisher_enterprise_id" varchar(36),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"title" varchar(100),
	"content" text,
	"attachments" jsonb,
	"reader_posts" text[],
	"reader_ids" uuid[],
	"state" varchar(64),
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid,
	"sender_name" varchar(50) NOT NULL,
	"sender_unit" varchar(100),
	"subject" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb,
	"recipients_text" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_box" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" varchar(50) NOT NULL,
	"unit_name" varchar(100),
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_read" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" varchar(50) NOT NULL,
	"unit_name" varchar(100),
	"enterprise_id" uuid,
	"read_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notice_notice_type_idx" ON "notice" USING btree ("notice_type");--> statement-breakpoint
CREATE INDEX "notice_state_idx" ON "notice" USING btree ("state");--> statement-breakpoint
CREATE INDEX "staff_notice_enterprise_idx" ON "staff_notice" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_notice_state_idx" ON "staff_notice" USING btree ("state");--> statement-breakpoint
CREATE INDEX "message_sender_idx" ON "message" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_box_once" ON "message_box" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "message_box_user_idx" ON "message_box" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "message_box_unread_idx" ON "message_box" USING btree ("user_id") WHERE "message_box"."read_at" is null and "message_box"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_read_once" ON "notice_read" USING btree ("notice_id","user_id");--> statement-breakpoint
CREATE INDEX "notice_read_user_idx" ON "notice_read" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notice_read_unread_idx" ON "notice_read" USING btree ("user_id") WHERE "notice_read"."read_at" is null;