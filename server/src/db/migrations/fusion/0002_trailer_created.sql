-- A record's vehicle is looked up by plate within the months that can hold its waybill: the trailer's index carries the
-- creation time as the tractor's does (waybill migration 0012), so the lookup reads that vehicle's waybills of the time
-- alone, not every waybill of the months (the planner had paired the plate with the created_at index, which at 10 million
-- waybills is a million entries a record).
DROP INDEX IF EXISTS "waybill_trailer_plate_idx";--> statement-breakpoint
CREATE INDEX "waybill_trailer_plate_idx" ON "waybill" USING btree ("trailer_plate_no", "created_at");--> statement-breakpoint
-- a task's results as the list shows them: best score first, all or of one class
DROP INDEX IF EXISTS "fusion_result_task_class_idx";--> statement-breakpoint
CREATE INDEX "fusion_result_task_class_idx" ON "fusion_result" USING btree ("task_id", "result_class", "score", "id");--> statement-breakpoint
CREATE INDEX "fusion_result_task_score_idx" ON "fusion_result" USING btree ("task_id", "score", "id");
