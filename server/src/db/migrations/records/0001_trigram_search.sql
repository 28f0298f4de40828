-- Indexes for lists at province scale. 'Contains' searches (ILIKE '%…%') on a plate, a person's or an enterprise's name read a trigram index instead of
-- every row: one plate among 100,000 vehicles, one name among 200,000 staff. pg_trgm ships with PostgreSQL (trusted
-- since 13) and with PGlite (loaded by embedded-server.mjs). Patterns under three characters still scan, with LIMIT.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicle_plate_no_trgm" ON "vehicle" USING gin ("plate_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_name_trgm" ON "staff" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enterprise_name_trgm" ON "enterprise" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- a city's or the province's list (many enterprises, newest first) walks these instead of sorting every row in scope
CREATE INDEX IF NOT EXISTS "vehicle_created_idx" ON "vehicle" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_created_idx" ON "staff" USING btree ("created_at" DESC, "id" DESC);
