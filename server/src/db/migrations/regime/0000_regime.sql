CREATE TABLE "regime_duty_letter" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"year" integer,
	"staff_id" uuid,
	"post" varchar(64),
	"content" text,
	"sign_date" date,
	"score" numeric(18, 4),
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regime_prize" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"staff_id" uuid,
	"prize_date" date,
	"kind" varchar(64),
	"reason" text,
	"amount" numeric(18, 4),
	"basis" varchar(200),
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regime_safety_org" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"org_name" varchar(100),
	"member_id" uuid,
	"role" varchar(64),
	"appoint_date" date,
	"duties" text,
	"appoint_doc" jsonb,
	"order_num" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "regime_duty_letter_enterprise_idx" ON "regime_duty_letter" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "regime_duty_letter_year_idx" ON "regime_duty_letter" USING btree ("year");--> statement-breakpoint
CREATE INDEX "regime_duty_letter_staff_id_idx" ON "regime_duty_letter" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "regime_duty_letter_post_idx" ON "regime_duty_letter" USING btree ("post");--> statement-breakpoint
CREATE INDEX "regime_duty_letter_sign_date_idx" ON "regime_duty_letter" USING btree ("sign_date");--> statement-breakpoint
CREATE INDEX "regime_prize_enterprise_idx" ON "regime_prize" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "regime_prize_staff_id_idx" ON "regime_prize" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "regime_prize_prize_date_idx" ON "regime_prize" USING btree ("prize_date");--> statement-breakpoint
CREATE INDEX "regime_prize_kind_idx" ON "regime_prize" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "regime_safety_org_enterprise_idx" ON "regime_safety_org" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "regime_safety_org_member_id_idx" ON "regime_safety_org" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "regime_safety_org_role_idx" ON "regime_safety_org" USING btree ("role");