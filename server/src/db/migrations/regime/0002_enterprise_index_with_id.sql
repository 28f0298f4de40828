DROP INDEX "regime_duty_letter_enterprise_idx";--> statement-breakpoint
DROP INDEX "regime_fund_use_enterprise_idx";--> statement-breakpoint
DROP INDEX "regime_fund_year_enterprise_idx";--> statement-breakpoint
DROP INDEX "regime_prize_enterprise_idx";--> statement-breakpoint
DROP INDEX "regime_doc_enterprise_idx";--> statement-breakpoint
DROP INDEX "regime_safety_org_enterprise_idx";--> statement-breakpoint
CREATE INDEX "regime_duty_letter_enterprise_idx" ON "regime_duty_letter" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "regime_fund_use_enterprise_idx" ON "regime_fund_use" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "regime_fund_year_enterprise_idx" ON "regime_fund_year" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "regime_prize_enterprise_idx" ON "regime_prize" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "regime_doc_enterprise_idx" ON "regime_doc" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "regime_safety_org_enterprise_idx" ON "regime_safety_org" USING btree ("enterprise_id","created_at","id");