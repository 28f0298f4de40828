CREATE TABLE "waybill_flow_month" (
	"month" date NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"origin_city" varchar(6) NOT NULL,
	"dest_city" varchar(6) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_flow_month_pk" PRIMARY KEY("month","carrier_region","origin_city","dest_city")
);
--> statement-breakpoint
CREATE TABLE "waybill_goods_month" (
	"month" date NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"un_no" varchar(4) NOT NULL,
	"goods_class" varchar(8) NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_goods_month_pk" PRIMARY KEY("month","carrier_region","un_no","goods_class")
);
--> statement-breakpoint
ALTER TABLE "waybill_vehicle_month" ADD COLUMN "mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- (hand-ordered) the daily rollup loses its enterprise and city dimensions (they made it one row per waybill):
-- drop the key first, then the columns, then rebuild every issued-waybill rollup from the waybills themselves
TRUNCATE "waybill_daily_stat", "waybill_vehicle_month";--> statement-breakpoint
ALTER TABLE "waybill_daily_stat" DROP CONSTRAINT "waybill_daily_stat_pk";--> statement-breakpoint
ALTER TABLE "waybill_daily_stat" DROP COLUMN "enterprise_id";--> statement-breakpoint
ALTER TABLE "waybill_daily_stat" DROP COLUMN "origin_city";--> statement-breakpoint
ALTER TABLE "waybill_daily_stat" DROP COLUMN "dest_city";--> statement-breakpoint
ALTER TABLE "waybill_daily_stat" ADD CONSTRAINT "waybill_daily_stat_pk" PRIMARY KEY("day","carrier_region","goods_class","waybill_type");--> statement-breakpoint
INSERT INTO "waybill_daily_stat" (day, carrier_region, goods_class, waybill_type, waybills, mass_kg)
  SELECT wb_cn_date(distributed_at), carrier_region, coalesce(goods_classes[1], '-'), waybill_type, count(*), coalesce(sum(total_mass_kg), 0)
  FROM waybill WHERE distributed_at IS NOT NULL AND state <> '已作废' AND deleted_at IS NULL GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "waybill_flow_month" (month, carrier_region, origin_city, dest_city, waybills, mass_kg)
  SELECT wb_cn_month(distributed_at), carrier_region, left(origin_region, 4) || '00', left(dest_region, 4) || '00', count(*), coalesce(sum(total_mass_kg), 0)
  FROM waybill WHERE distributed_at IS NOT NULL AND state <> '已作废' AND deleted_at IS NULL GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "waybill_goods_month" (month, carrier_region, un_no, goods_class, lines, mass_kg)
  SELECT wb_cn_month(w.distributed_at), w.carrier_region, g.un_no, g.goods_class, count(*), coalesce(sum(g.mass_kg), 0)
  FROM waybill w JOIN waybill_goods g ON g.waybill_id = w.id AND g.waybill_created_at = w.created_at
  WHERE w.distributed_at IS NOT NULL AND w.state <> '已作废' AND w.deleted_at IS NULL GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "waybill_vehicle_month" (month, enterprise_id, vehicle_id, waybills, mass_kg)
  SELECT wb_cn_month(distributed_at), enterprise_id, vehicle_id, count(*), coalesce(sum(total_mass_kg), 0)
  FROM waybill WHERE distributed_at IS NOT NULL AND state <> '已作废' AND deleted_at IS NULL AND vehicle_id IS NOT NULL GROUP BY 1, 2, 3;
