ALTER TABLE "base_user" ADD COLUMN "staff_id" uuid;--> statement-breakpoint
CREATE INDEX "base_user_staff_id_idx" ON "base_user" USING btree ("staff_id");