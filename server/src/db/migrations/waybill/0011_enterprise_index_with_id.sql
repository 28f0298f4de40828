DROP INDEX "wb_bind_enterprise_idx";--> statement-breakpoint
DROP INDEX "wb_check_item_enterprise_idx";--> statement-breakpoint
DROP INDEX "wb_consignee_enterprise_idx";--> statement-breakpoint
DROP INDEX "wb_empty_ledger_enterprise_idx";--> statement-breakpoint
DROP INDEX "wb_fleet_enterprise_idx";--> statement-breakpoint
DROP INDEX "wb_cargo_enterprise_idx";--> statement-breakpoint
DROP INDEX "wb_loader_enterprise_idx";--> statement-breakpoint
DROP INDEX "wb_shipper_enterprise_idx";--> statement-breakpoint
DROP INDEX "wb_transport_line_enterprise_idx";--> statement-breakpoint
CREATE INDEX "wb_bind_enterprise_idx" ON "wb_bind" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wb_check_item_enterprise_idx" ON "wb_check_item" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wb_consignee_enterprise_idx" ON "wb_consignee" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wb_empty_ledger_enterprise_idx" ON "wb_empty_ledger" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wb_fleet_enterprise_idx" ON "wb_fleet" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wb_cargo_enterprise_idx" ON "wb_cargo" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wb_loader_enterprise_idx" ON "wb_loader" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wb_shipper_enterprise_idx" ON "wb_shipper" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wb_transport_line_enterprise_idx" ON "wb_transport_line" USING btree ("enterprise_id","created_at","id");