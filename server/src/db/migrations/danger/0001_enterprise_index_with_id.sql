DROP INDEX "danger_check_function_enterprise_idx";--> statement-breakpoint
DROP INDEX "danger_check_model_enterprise_idx";--> statement-breakpoint
DROP INDEX "check_record_enterprise_idx";--> statement-breakpoint
DROP INDEX "danger_check_item_enterprise_idx";--> statement-breakpoint
DROP INDEX "hazard_enterprise_idx";--> statement-breakpoint
DROP INDEX "danger_meeting_enterprise_idx";--> statement-breakpoint
DROP INDEX "rect_borrow_enterprise_idx";--> statement-breakpoint
DROP INDEX "rect_notice_enterprise_idx";--> statement-breakpoint
DROP INDEX "danger_self_check_enterprise_idx";--> statement-breakpoint
DROP INDEX "supervise_item_enterprise_idx";--> statement-breakpoint
DROP INDEX "danger_training_enterprise_idx";--> statement-breakpoint
DROP INDEX "danger_violator_enterprise_idx";--> statement-breakpoint
CREATE INDEX "danger_check_function_enterprise_idx" ON "danger_check_function" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "danger_check_model_enterprise_idx" ON "danger_check_model" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "check_record_enterprise_idx" ON "check_record" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "danger_check_item_enterprise_idx" ON "danger_check_item" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "hazard_enterprise_idx" ON "hazard" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "danger_meeting_enterprise_idx" ON "danger_meeting" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rect_borrow_enterprise_idx" ON "rect_borrow" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rect_notice_enterprise_idx" ON "rect_notice" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "danger_self_check_enterprise_idx" ON "danger_self_check" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "supervise_item_enterprise_idx" ON "supervise_item" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "danger_training_enterprise_idx" ON "danger_training" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "danger_violator_enterprise_idx" ON "danger_violator" USING btree ("enterprise_id","created_at","id");