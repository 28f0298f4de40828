-- One- and two-character 'contains' searches (a surname such as 王, two letters of a plate) cannot use the trigram
-- indexes of 0001: these GIN indexes on a value's characters find the rows holding every character of the pattern,
-- and ILIKE keeps those where they stand together (platform/crud/query.ts, FieldDef.fuzzyIndex).
CREATE INDEX IF NOT EXISTS "vehicle_plate_no_chars" ON "vehicle" USING gin (string_to_array(lower("plate_no"), NULL));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_name_chars" ON "staff" USING gin (string_to_array(lower("name"), NULL));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "enterprise_name_chars" ON "enterprise" USING gin (string_to_array(lower("name"), NULL));
