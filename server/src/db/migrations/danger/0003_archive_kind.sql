ALTER TABLE "rect_borrow" ADD COLUMN "archive_kind" varchar(10);--> statement-breakpoint
ALTER TABLE "rect_borrow" ADD COLUMN "assessment_id" uuid;--> statement-breakpoint
CREATE INDEX "rect_borrow_archive_kind_idx" ON "rect_borrow" USING btree ("archive_kind");--> statement-breakpoint
CREATE INDEX "rect_borrow_assessment_id_idx" ON "rect_borrow" USING btree ("assessment_id");--> statement-breakpoint
-- the borrowings made before there were other archives are of rectification records
UPDATE "rect_borrow" SET "archive_kind" = '整改记录' WHERE "archive_kind" IS NULL;
--> statement-breakpoint
ALTER TABLE "rect_borrow" ALTER COLUMN "archive_kind" SET DEFAULT '整改记录';
