CREATE TABLE "exam" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"title" varchar(100),
	"state" varchar(4),
	"subject_id" uuid,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"duration" integer,
	"pass_score" numeric(5, 1),
	"max_attempts" integer,
	"paper_mode" varchar(2),
	"single_count" integer,
	"single_score" numeric(4, 1),
	"multi_count" integer,
	"multi_score" numeric(4, 1),
	"judge_count" integer,
	"judge_score" numeric(4, 1),
	"candidate_posts" text[],
	"candidate_staff_ids" uuid[],
	"total_score" numeric(6, 1),
	"paper_ids" jsonb,
	"published_at" timestamp with time zone,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"exam_id" uuid,
	"staff_id" uuid,
	"staff_name" varchar(20),
	"post" varchar(10),
	"attempt_no" integer,
	"state" varchar(4),
	"started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"auto_submitted" boolean,
	"score" numeric(6, 1),
	"passed" boolean,
	"user_id" varchar(36),
	"question_ids" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_question" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"subject_id" uuid,
	"type" varchar(4),
	"stem" text,
	"option_a" varchar(500),
	"option_b" varchar(500),
	"option_c" varchar(500),
	"option_d" varchar(500),
	"option_e" varchar(500),
	"option_f" varchar(500),
	"answer" varchar(6),
	"explanation" text,
	"difficulty" varchar(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_answer" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"answer" varchar(6) NOT NULL,
	"points" numeric(5, 1),
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_answer_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE INDEX "exam_enterprise_idx" ON "exam" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exam_state_idx" ON "exam" USING btree ("state");--> statement-breakpoint
CREATE INDEX "exam_subject_id_idx" ON "exam" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "exam_start_at_idx" ON "exam" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "exam_attempt_enterprise_idx" ON "exam_attempt" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exam_attempt_exam_id_idx" ON "exam_attempt" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "exam_attempt_staff_id_idx" ON "exam_attempt" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "exam_attempt_state_idx" ON "exam_attempt" USING btree ("state");--> statement-breakpoint
CREATE INDEX "exam_attempt_passed_idx" ON "exam_attempt" USING btree ("passed");--> statement-breakpoint
CREATE INDEX "exam_question_enterprise_idx" ON "exam_question" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exam_question_subject_id_idx" ON "exam_question" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "exam_question_type_idx" ON "exam_question" USING btree ("type");--> statement-breakpoint
CREATE INDEX "exam_question_difficulty_idx" ON "exam_question" USING btree ("difficulty");--> statement-breakpoint
-- one open attempt per candidate and exam (two tabs pressing 开始考试 at once resume the same one), attempts numbered once
CREATE UNIQUE INDEX "exam_attempt_open_once" ON "exam_attempt" ("exam_id","staff_id") WHERE "state" = '答题中';--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempt_no_once" ON "exam_attempt" ("exam_id","staff_id","attempt_no");--> statement-breakpoint
-- the time-out sweep reads the open attempts past their deadline
CREATE INDEX "exam_attempt_due_idx" ON "exam_attempt" ("deadline_at") WHERE "state" = '答题中';
