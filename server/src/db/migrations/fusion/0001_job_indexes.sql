-- The comparison joins each external record to the waybills by plate as tractor or trailer: the tractor's plate has
-- its index (waybill migrations), the trailer's gets one here; the records are read by region and time.
CREATE INDEX IF NOT EXISTS "waybill_trailer_plate_idx" ON "waybill" USING btree ("trailer_plate_no");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fusion_record_region_time_idx" ON "fusion_record" USING btree ("region_code", "start_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fusion_result_task_class_idx" ON "fusion_result" USING btree ("task_id", "result_class");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fusion_result_task_waybill_idx" ON "fusion_result" USING btree ("task_id", "waybill_id");
