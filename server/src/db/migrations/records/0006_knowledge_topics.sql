CREATE TABLE "kn_accident" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200),
	"category" varchar(64),
	"content" text,
	"attachments" jsonb,
	"tags" varchar(200),
	"publish_date" date,
	"search_title" text,
	"search_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kn_emergency" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200),
	"category" varchar(64),
	"goods_class" varchar(4),
	"un_no" varchar(4),
	"content" text,
	"attachments" jsonb,
	"tags" varchar(200),
	"publish_date" date,
	"search_title" text,
	"search_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kn_regulation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200),
	"category" varchar(64),
	"content" text,
	"attachments" jsonb,
	"tags" varchar(200),
	"publish_date" date,
	"search_title" text,
	"search_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kn_sign" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200),
	"category" varchar(64),
	"goods_class" varchar(4),
	"content" text,
	"attachments" jsonb,
	"tags" varchar(200),
	"publish_date" date,
	"search_title" text,
	"search_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kn_standard" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200),
	"category" varchar(64),
	"content" text,
	"attachments" jsonb,
	"tags" varchar(200),
	"publish_date" date,
	"search_title" text,
	"search_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kn_tank_box" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200),
	"category" varchar(64),
	"content" text,
	"attachments" jsonb,
	"tags" varchar(200),
	"publish_date" date,
	"search_title" text,
	"search_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kn_tanker" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200),
	"category" varchar(64),
	"content" text,
	"attachments" jsonb,
	"tags" varchar(200),
	"publish_date" date,
	"search_title" text,
	"search_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kn_accident_category_idx" ON "kn_accident" USING btree ("category");--> statement-breakpoint
CREATE INDEX "kn_accident_publish_date_idx" ON "kn_accident" USING btree ("publish_date");--> statement-breakpoint
CREATE INDEX "kn_emergency_category_idx" ON "kn_emergency" USING btree ("category");--> statement-breakpoint
CREATE INDEX "kn_emergency_goods_class_idx" ON "kn_emergency" USING btree ("goods_class");--> statement-breakpoint
CREATE INDEX "kn_emergency_un_no_idx" ON "kn_emergency" USING btree ("un_no");--> statement-breakpoint
CREATE INDEX "kn_emergency_publish_date_idx" ON "kn_emergency" USING btree ("publish_date");--> statement-breakpoint
CREATE INDEX "kn_regulation_category_idx" ON "kn_regulation" USING btree ("category");--> statement-breakpoint
CREATE INDEX "kn_regulation_publish_date_idx" ON "kn_regulation" USING btree ("publish_date");--> statement-breakpoint
CREATE INDEX "kn_sign_category_idx" ON "kn_sign" USING btree ("category");--> statement-breakpoint
CREATE INDEX "kn_sign_goods_class_idx" ON "kn_sign" USING btree ("goods_class");--> statement-breakpoint
CREATE INDEX "kn_sign_publish_date_idx" ON "kn_sign" USING btree ("publish_date");--> statement-breakpoint
CREATE INDEX "kn_standard_category_idx" ON "kn_standard" USING btree ("category");--> statement-breakpoint
CREATE INDEX "kn_standard_publish_date_idx" ON "kn_standard" USING btree ("publish_date");--> statement-breakpoint
CREATE INDEX "kn_tank_box_category_idx" ON "kn_tank_box" USING btree ("category");--> statement-breakpoint
CREATE INDEX "kn_tank_box_publish_date_idx" ON "kn_tank_box" USING btree ("publish_date");--> statement-breakpoint
CREATE INDEX "kn_tanker_category_idx" ON "kn_tanker" USING btree ("category");--> statement-breakpoint
CREATE INDEX "kn_tanker_publish_date_idx" ON "kn_tanker" USING btree ("publish_date");--> statement-breakpoint
-- 知识库's full-text index (docs/knowledge.md): the write path keeps each document's terms — overlapping character bigrams of
-- its Chinese, whole Latin words and numbers — in search_title and search_body; search_vec holds both (the title's
-- weighted A), title_vec the title's alone, and their GIN indexes answer a query's bigrams as a phrase (to_tsvector
-- 'simple' only splits the terms on the spaces). Hits are listed newest first from the publish_date index, so a word
-- in most documents stops after a page instead of ranking them all.
ALTER TABLE "kn_regulation" ADD COLUMN "search_vec" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("search_title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("search_body", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "kn_regulation_search_vec" ON "kn_regulation" USING gin ("search_vec");--> statement-breakpoint
ALTER TABLE "kn_regulation" ADD COLUMN "title_vec" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("search_title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "kn_regulation_title_vec" ON "kn_regulation" USING gin ("title_vec");--> statement-breakpoint
CREATE INDEX "kn_regulation_newest" ON "kn_regulation" USING btree ("publish_date" DESC NULLS LAST, "id");--> statement-breakpoint
ALTER TABLE "kn_standard" ADD COLUMN "search_vec" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("search_title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("search_body", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "kn_standard_search_vec" ON "kn_standard" USING gin ("search_vec");--> statement-breakpoint
ALTER TABLE "kn_standard" ADD COLUMN "title_vec" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("search_title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "kn_standard_title_vec" ON "kn_standard" USING gin ("title_vec");--> statement-breakpoint
CREATE INDEX "kn_standard_newest" ON "kn_standard" USING btree ("publish_date" DESC NULLS LAST, "id");--> statement-breakpoint
ALTER TABLE "kn_emergency" ADD COLUMN "search_vec" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("search_title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("search_body", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "kn_emergency_search_vec" ON "kn_emergency" USING gin ("search_vec");--> statement-breakpoint
ALTER TABLE "kn_emergency" ADD COLUMN "title_vec" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("search_title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "kn_emergency_title_vec" ON "kn_emergency" USING gin ("title_vec");--> statement-breakpoint
CREATE INDEX "kn_emergency_newest" ON "kn_emergency" USING btree ("publish_date" DESC NULLS LAST, "id");--> statement-breakpoint
ALTER TABLE "kn_accident" ADD COLUMN "search_vec" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("search_title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("search_body", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "kn_accident_search_vec" ON "kn_accident" USING gin ("search_vec");--> statement-breakpoint
ALTER TABLE "kn_accident" ADD COLUMN "title_vec" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("search_title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "kn_accident_title_vec" ON "kn_accident" USING gin ("title_vec");--> statement-breakpoint
CREATE INDEX "kn_accident_newest" ON "kn_accident" USING btree ("publish_date" DESC NULLS LAST, "id");--> statement-breakpoint
ALTER TABLE "kn_tanker" ADD COLUMN "search_vec" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("search_title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("search_body", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "kn_tanker_search_vec" ON "kn_tanker" USING gin ("search_vec");--> statement-breakpoint
ALTER TABLE "kn_tanker" ADD COLUMN "title_vec" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("search_title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "kn_tanker_title_vec" ON "kn_tanker" USING gin ("title_vec");--> statement-breakpoint
CREATE INDEX "kn_tanker_newest" ON "kn_tanker" USING btree ("publish_date" DESC NULLS LAST, "id");--> statement-breakpoint
ALTER TABLE "kn_tank_box" ADD COLUMN "search_vec" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("search_title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("search_body", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "kn_tank_box_search_vec" ON "kn_tank_box" USING gin ("search_vec");--> statement-breakpoint
ALTER TABLE "kn_tank_box" ADD COLUMN "title_vec" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("search_title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "kn_tank_box_title_vec" ON "kn_tank_box" USING gin ("title_vec");--> statement-breakpoint
CREATE INDEX "kn_tank_box_newest" ON "kn_tank_box" USING btree ("publish_date" DESC NULLS LAST, "id");--> statement-breakpoint
ALTER TABLE "kn_sign" ADD COLUMN "search_vec" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("search_title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("search_body", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "kn_sign_search_vec" ON "kn_sign" USING gin ("search_vec");--> statement-breakpoint
ALTER TABLE "kn_sign" ADD COLUMN "title_vec" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("search_title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "kn_sign_title_vec" ON "kn_sign" USING gin ("title_vec");--> statement-breakpoint
CREATE INDEX "kn_sign_newest" ON "kn_sign" USING btree ("publish_date" DESC NULLS LAST, "id");
