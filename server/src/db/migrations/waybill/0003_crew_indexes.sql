CREATE INDEX "waybill_driver_idx" ON "waybill" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "waybill_escort_idx" ON "waybill" USING btree ("escort_id","created_at");