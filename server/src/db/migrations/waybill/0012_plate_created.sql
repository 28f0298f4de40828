DROP INDEX "waybill_plate_idx";--> statement-breakpoint
CREATE INDEX "waybill_plate_idx" ON "waybill" USING btree ("plate_no" varchar_pattern_ops,"created_at");