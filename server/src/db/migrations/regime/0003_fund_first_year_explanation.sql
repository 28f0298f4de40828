ALTER TABLE "regime_fund_year" ADD COLUMN "last_year_plan" bigint;--> statement-breakpoint
ALTER TABLE "regime_fund_year" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "regime_fund_year" ADD COLUMN "explanation_files" jsonb;--> statement-breakpoint
ALTER TABLE "regime_fund_year" ADD COLUMN "explained_at" timestamp with time zone;--> statement-breakpoint
-- 1.5% is the floor of 第二十四条 (a higher local rate applies, never a lower one): a plan registered below it takes it
UPDATE "regime_fund_year" SET "rate" = 1.5, "year_plan" = ("last_revenue" * 150 + 5000) / 10000 WHERE "rate" < 1.5;
