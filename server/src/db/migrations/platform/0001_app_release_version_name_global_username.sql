DROP INDEX "base_user_username_uq";--> statement-breakpoint
ALTER TABLE "app_release" ADD COLUMN "version_name" varchar(20);--> statement-breakpoint
CREATE UNIQUE INDEX "base_user_username_uq" ON "base_user" USING btree ("username");