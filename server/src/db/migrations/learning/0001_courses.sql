CREATE TABLE "learning_course" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(100),
	"subject_id" uuid,
	"description" text,
	"chapter_count" integer,
	"total_minutes" integer,
	"order_num" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_chapter" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"course_id" uuid,
	"title" varchar(100),
	"order_num" integer,
	"file" jsonb,
	"minutes" integer,
	"kind" varchar(64),
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"chapter_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_seconds" integer DEFAULT 0 NOT NULL,
	"last_position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_viewer" (
	"staff_id" uuid PRIMARY KEY NOT NULL,
	"last_report_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "learning_course_enterprise_idx" ON "learning_course" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_course_name_uq" ON "learning_course" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "learning_course_subject_id_idx" ON "learning_course" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "learning_chapter_enterprise_idx" ON "learning_chapter" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "learning_chapter_course_id_idx" ON "learning_chapter" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "learning_chapter_kind_idx" ON "learning_chapter" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_progress_once" ON "learning_progress" USING btree ("staff_id","chapter_id","year");--> statement-breakpoint
CREATE INDEX "learning_progress_enterprise_idx" ON "learning_progress" USING btree ("enterprise_id","year");--> statement-breakpoint
-- 学时记录: each person in service, for this year and every year they studied in, their credited 学时 (each chapter's
-- 学时 in proportion to the share of its time watched, core learning.ts creditedMinutes) against 参数设置's yearly hours
CREATE VIEW "v_learning_record" AS
  SELECT md5(s.id::text || ':' || y.year)::uuid AS id, s.enterprise_id, s.id AS staff_id, s.name AS staff_name, s.id_card, s.post, y.year,
         coalesce(p.done, 0)::int AS chapters_done,
         (floor(coalesce(p.minutes, 0) / 6) / 10)::numeric(8, 1) AS studied_hours,
         r.hours::numeric(8, 1) AS required_hours,
         coalesce(p.minutes, 0) >= r.hours * 60 AS reached,
         s.created_at, s.created_by, s.updated_at, s.updated_by, s.version
    FROM "staff" s
    CROSS JOIN LATERAL (SELECT extract(year FROM current_date)::int AS year
                        UNION SELECT DISTINCT lp.year FROM "learning_progress" lp WHERE lp.staff_id = s.id) y
    LEFT JOIN LATERAL (
      SELECT sum(least(1, lp.watched_seconds::numeric / nullif(c.duration_seconds, 0)) * c.minutes) AS minutes,
             count(*) FILTER (WHERE lp.watched_seconds >= floor(c.duration_seconds * 0.95)) AS done
        FROM "learning_progress" lp JOIN "learning_chapter" c ON c.id = lp.chapter_id
       WHERE lp.staff_id = s.id AND lp.year = y.year) p ON true
    CROSS JOIN (SELECT coalesce((SELECT (value #>> '{}')::numeric FROM "param_setting" WHERE key = 'learningYearHours'), 24) AS hours) r
   WHERE s.status = '在职';
