CREATE TABLE "learning_subject" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"name" varchar(50),
	"posts" text[],
	"description" text,
	"order_num" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "learning_subject_enterprise_idx" ON "learning_subject" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_subject_name_uq" ON "learning_subject" USING btree ("enterprise_id","name");