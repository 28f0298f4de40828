DROP INDEX "company_goods_enterprise_idx";--> statement-breakpoint
DROP INDEX "company_licence_enterprise_idx";--> statement-breakpoint
DROP INDEX "company_park_enterprise_idx";--> statement-breakpoint
DROP INDEX "staff_enterprise_idx";--> statement-breakpoint
DROP INDEX "staff_entry_enterprise_idx";--> statement-breakpoint
DROP INDEX "staff_leave_enterprise_idx";--> statement-breakpoint
DROP INDEX "tank_enterprise_idx";--> statement-breakpoint
DROP INDEX "tank_check_enterprise_idx";--> statement-breakpoint
DROP INDEX "tank_container_enterprise_idx";--> statement-breakpoint
DROP INDEX "tank_maintain_enterprise_idx";--> statement-breakpoint
DROP INDEX "tank_repair_enterprise_idx";--> statement-breakpoint
DROP INDEX "vehicle_enterprise_idx";--> statement-breakpoint
DROP INDEX "vehicle_daily_repair_enterprise_idx";--> statement-breakpoint
DROP INDEX "vehicle_facility_enterprise_idx";--> statement-breakpoint
DROP INDEX "vehicle_gps_repair_enterprise_idx";--> statement-breakpoint
DROP INDEX "vehicle_level1_enterprise_idx";--> statement-breakpoint
DROP INDEX "vehicle_level2_enterprise_idx";--> statement-breakpoint
DROP INDEX "vehicle_maintain_enterprise_idx";--> statement-breakpoint
DROP INDEX "vehicle_tyre_enterprise_idx";--> statement-breakpoint
CREATE INDEX "company_goods_enterprise_idx" ON "company_goods" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "company_licence_enterprise_idx" ON "company_licence" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "company_park_enterprise_idx" ON "company_park" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "staff_enterprise_idx" ON "staff" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "staff_entry_enterprise_idx" ON "staff_entry" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "staff_leave_enterprise_idx" ON "staff_leave" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tank_enterprise_idx" ON "tank" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tank_check_enterprise_idx" ON "tank_check" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tank_container_enterprise_idx" ON "tank_container" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tank_maintain_enterprise_idx" ON "tank_maintain" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tank_repair_enterprise_idx" ON "tank_repair" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_enterprise_idx" ON "vehicle" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_daily_repair_enterprise_idx" ON "vehicle_daily_repair" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_facility_enterprise_idx" ON "vehicle_facility" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_gps_repair_enterprise_idx" ON "vehicle_gps_repair" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_level1_enterprise_idx" ON "vehicle_level1" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_level2_enterprise_idx" ON "vehicle_level2" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_maintain_enterprise_idx" ON "vehicle_maintain" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_tyre_enterprise_idx" ON "vehicle_tyre" USING btree ("enterprise_id","created_at","id");