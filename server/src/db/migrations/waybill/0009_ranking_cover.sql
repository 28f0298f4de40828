-- Custom: covering indexes for the rankings over the running totals (rollup-schema.ts). A ranking reads one month's
-- (day's) rows of every enterprise or vehicle in the area; rows of a month are spread over the whole table (each
-- vehicle's twelve months are written together), so without these it visits ~16,000 heap pages per month read.
-- drizzle-kit cannot express INCLUDE; these indexes are not in its snapshot and later diffs leave them alone.
CREATE INDEX IF NOT EXISTS "waybill_vehicle_ytd_cover_idx" ON "waybill_vehicle_ytd" ("month", "carrier_region") INCLUDE ("vehicle_id", "enterprise_id", "waybills", "mass_kg", "mass_unknown");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waybill_ent_ytd_cover_idx" ON "waybill_ent_ytd" ("month", "carrier_region") INCLUDE ("enterprise_id", "waybills", "mass_kg", "mass_unknown", "empty");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waybill_ent_mtd_cover_idx" ON "waybill_ent_mtd" ("day", "carrier_region") INCLUDE ("enterprise_id", "waybills", "mass_kg", "mass_unknown", "empty");
