CREATE TABLE "fusion_result_count" (
	"task_id" uuid NOT NULL,
	"region_code" varchar(12) NOT NULL,
	"result_class" varchar(8) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "fusion_result_count_pk" PRIMARY KEY("task_id","region_code","result_class")
);
--> statement-breakpoint
-- the counts of the results already there
INSERT INTO "fusion_result_count" ("task_id", "region_code", "result_class", "n")
  SELECT "task_id", coalesce("region_code", ''), "result_class", count(*) FROM "fusion_result" WHERE "task_id" IS NOT NULL AND "result_class" IS NOT NULL GROUP BY 1, 2, 3;
