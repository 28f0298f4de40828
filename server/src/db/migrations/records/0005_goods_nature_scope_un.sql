ALTER TABLE "dangerous_goods" ADD COLUMN "toxic" boolean;--> statement-breakpoint
ALTER TABLE "dangerous_goods" ADD COLUMN "waste" boolean;--> statement-breakpoint
ALTER TABLE "enterprise" ADD COLUMN "scope_un_nos" varchar(500);