ALTER TABLE "danger_self_check" ADD COLUMN "state" varchar(64);--> statement-breakpoint
CREATE INDEX "danger_self_check_state_idx" ON "danger_self_check" USING btree ("state");--> statement-breakpoint
-- the checks made before the state existed: 合格 without failed items, 待转隐患 while a failed item is not a hazard yet
UPDATE "danger_self_check" SET "state" = CASE
  WHEN "failed_count" = 0 THEN '合格'
  WHEN EXISTS (SELECT 1 FROM jsonb_array_elements("results") r WHERE r->>'result' = '不合格' AND coalesce(r->>'hazardId', '') = '') THEN '待转隐患'
  ELSE '已转隐患' END;
