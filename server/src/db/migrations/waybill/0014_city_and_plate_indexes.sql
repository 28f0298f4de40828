-- Custom: a city's supervisors read their carriers' waybills newest first. Their scope is every district of the city
-- (carrier_region 330101, 330102 …), a range the (carrier_region, created_at) index cannot give in time order, so a
-- city's list walked the whole province's newest rows and kept a city's share of them: at 10 million waybills a city's
-- count of a destination over 7 days visited ~64,000 index entries for its 1,001. Keyed by the city (the code's first
-- four digits, as the list's scope says it: left(carrier_region, 4) = '3301'), newest first, with every column the
-- monitoring filters test, a city's count and page read the city's own entries alone. The region itself is included
-- as well: PostgreSQL reads an entry alone (an index-only scan) only when every column the query names is in it, and the
-- key holds left(carrier_region, 4), not the column. drizzle-kit cannot express an expression key with INCLUDE; this
-- index is not in its snapshot and later diffs leave it alone. On a partitioned
-- table CREATE INDEX builds each partition's in turn and holds off writes while it does (minutes at 10 million rows):
-- run this migration in a quiet hour.
CREATE INDEX IF NOT EXISTS "waybill_city_created_idx" ON "waybill" ((left("carrier_region", 4)), "created_at")
  INCLUDE ("carrier_region", "state", "goods_classes", "origin_region", "dest_region", "enterprise_id", "deleted_at");
--> statement-breakpoint
-- Custom: a part of a plate (浙A000) matches a year's ~2,000 waybills of a province, which the list reads by this index
-- and sorts to take the newest 20. With the carrier's region, the deletion mark and the id beside each entry, that
-- choice is made from the index alone and only the 20 shown are read from the table (list.ts waybillPageSql), instead
-- of every match's whole row. The key is drizzle's (plate_no, created_at); the INCLUDE is not in its snapshot.
DROP INDEX IF EXISTS "waybill_plate_idx";
--> statement-breakpoint
CREATE INDEX "waybill_plate_idx" ON "waybill" USING btree ("plate_no" varchar_pattern_ops, "created_at") INCLUDE ("id", "carrier_region", "deleted_at");
--> statement-breakpoint
-- The planner knows how many rows a city key holds only from statistics of the expression, which ANALYZE gathers for an
-- expression index; until autovacuum's next analyze it guessed 1/30 of a city's rows and chose the wrong index.
ANALYZE waybill;
