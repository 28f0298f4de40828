DROP INDEX "staff_notice_enterprise_idx";--> statement-breakpoint
CREATE INDEX "staff_notice_enterprise_idx" ON "staff_notice" USING btree ("enterprise_id","created_at","id");