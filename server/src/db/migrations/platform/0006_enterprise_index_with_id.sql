DROP INDEX "gate_log_enterprise_idx";--> statement-breakpoint
DROP INDEX "base_user_enterprise_idx";--> statement-breakpoint
CREATE INDEX "gate_log_enterprise_idx" ON "gate_log" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "base_user_enterprise_idx" ON "base_user" USING btree ("enterprise_id","created_at","id");