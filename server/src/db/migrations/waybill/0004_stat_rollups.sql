-- the rollups are rebuilt from the base tables below (keyed on the day a waybill was created, with its enterprise, class and unknown masses)
TRUNCATE waybill_daily_stat, waybill_flow_month, waybill_goods_month, waybill_vehicle_month;--> statement-breakpoint
CREATE TABLE "waybill_ent_daily" (
	"day" date NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"goods_class" varchar(4) NOT NULL,
	"waybill_type" varchar(16) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	"mass_unknown" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_ent_daily_pk" PRIMARY KEY("enterprise_id","day","carrier_region","goods_class","waybill_type")
);
--> statement-breakpoint
ALTER TABLE "waybill_daily_stat" ADD COLUMN "mass_unknown" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waybill_flow_month" ADD COLUMN "enterprise_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "waybill_flow_month" ADD COLUMN "goods_class" varchar(4) NOT NULL;--> statement-breakpoint
ALTER TABLE "waybill_flow_month" ADD COLUMN "mass_unknown" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waybill_goods_month" ADD COLUMN "enterprise_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "waybill_goods_month" ADD COLUMN "mass_unknown" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waybill_vehicle_month" ADD COLUMN "carrier_region" varchar(12) NOT NULL;--> statement-breakpoint
ALTER TABLE "waybill_vehicle_month" ADD COLUMN "goods_class" varchar(4) NOT NULL;--> statement-breakpoint
ALTER TABLE "waybill_vehicle_month" ADD COLUMN "mass_unknown" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "waybill_ent_daily_region_idx" ON "waybill_ent_daily" USING btree ("carrier_region","day");--> statement-breakpoint
CREATE INDEX "waybill_ent_daily_day_idx" ON "waybill_ent_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "waybill_flow_month_ent_idx" ON "waybill_flow_month" USING btree ("enterprise_id","month");--> statement-breakpoint
CREATE INDEX "waybill_goods_month_ent_idx" ON "waybill_goods_month" USING btree ("enterprise_id","month");--> statement-breakpoint
CREATE INDEX "waybill_vehicle_month_region_idx" ON "waybill_vehicle_month" USING btree ("carrier_region","month");--> statement-breakpoint
ALTER TABLE "waybill_flow_month" DROP CONSTRAINT "waybill_flow_month_pk";
--> statement-breakpoint
ALTER TABLE "waybill_flow_month" ADD CONSTRAINT "waybill_flow_month_pk" PRIMARY KEY("month","carrier_region","enterprise_id","goods_class","origin_city","dest_city");--> statement-breakpoint
ALTER TABLE "waybill_goods_month" DROP CONSTRAINT "waybill_goods_month_pk";
--> statement-breakpoint
ALTER TABLE "waybill_goods_month" ADD CONSTRAINT "waybill_goods_month_pk" PRIMARY KEY("month","carrier_region","enterprise_id","un_no","goods_class");--> statement-breakpoint
ALTER TABLE "waybill_vehicle_month" DROP CONSTRAINT "waybill_vehicle_month_pk";
--> statement-breakpoint
ALTER TABLE "waybill_vehicle_month" ADD CONSTRAINT "waybill_vehicle_month_pk" PRIMARY KEY("month","enterprise_id","vehicle_id","carrier_region","goods_class");--> statement-breakpoint
insert into waybill_daily_stat (day, carrier_region, goods_class, waybill_type, waybills, mass_kg, mass_unknown)
  select s.day, s.carrier_region, s.goods_class, s.waybill_type, sum(s.n)::int, coalesce(sum(s.n * s.mass_kg), 0), sum(case when s.mass_kg is null then s.n else 0 end)::int from (select 1 as n, (w.created_at at time zone 'Asia/Shanghai')::date as day, w.enterprise_id, w.carrier_region, coalesce(w.goods_classes[1], '-') as goods_class, w.waybill_type,
  coalesce(left(w.origin_region, 4) || '00', '') as origin_city, coalesce(left(w.dest_region, 4) || '00', '') as dest_city, w.vehicle_id, w.total_mass_kg as mass_kg
  from waybill w where w.distributed_at is not null and w.state <> '已作废' and w.deleted_at is null and true) s group by 1, 2, 3, 4
  on conflict (day, carrier_region, goods_class, waybill_type) do update set waybills = waybill_daily_stat.waybills + excluded.waybills, mass_kg = waybill_daily_stat.mass_kg + excluded.mass_kg, mass_unknown = waybill_daily_stat.mass_unknown + excluded.mass_unknown;--> statement-breakpoint
insert into waybill_ent_daily (day, enterprise_id, carrier_region, goods_class, waybill_type, waybills, mass_kg, mass_unknown)
  select s.day, s.enterprise_id, s.carrier_region, s.goods_class, s.waybill_type, sum(s.n)::int, coalesce(sum(s.n * s.mass_kg), 0), sum(case when s.mass_kg is null then s.n else 0 end)::int from (select 1 as n, (w.created_at at time zone 'Asia/Shanghai')::date as day, w.enterprise_id, w.carrier_region, coalesce(w.goods_classes[1], '-') as goods_class, w.waybill_type,
  coalesce(left(w.origin_region, 4) || '00', '') as origin_city, coalesce(left(w.dest_region, 4) || '00', '') as dest_city, w.vehicle_id, w.total_mass_kg as mass_kg
  from waybill w where w.distributed_at is not null and w.state <> '已作废' and w.deleted_at is null and true) s group by 1, 2, 3, 4, 5
  on conflict (enterprise_id, day, carrier_region, goods_class, waybill_type) do update set waybills = waybill_ent_daily.waybills + excluded.waybills, mass_kg = waybill_ent_daily.mass_kg + excluded.mass_kg, mass_unknown = waybill_ent_daily.mass_unknown + excluded.mass_unknown;--> statement-breakpoint
insert into waybill_flow_month (month, carrier_region, enterprise_id, goods_class, origin_city, dest_city, waybills, mass_kg, mass_unknown)
  select date_trunc('month', s.day)::date, s.carrier_region, s.enterprise_id, s.goods_class, s.origin_city, s.dest_city, sum(s.n)::int, coalesce(sum(s.n * s.mass_kg), 0), sum(case when s.mass_kg is null then s.n else 0 end)::int from (select 1 as n, (w.created_at at time zone 'Asia/Shanghai')::date as day, w.enterprise_id, w.carrier_region, coalesce(w.goods_classes[1], '-') as goods_class, w.waybill_type,
  coalesce(left(w.origin_region, 4) || '00', '') as origin_city, coalesce(left(w.dest_region, 4) || '00', '') as dest_city, w.vehicle_id, w.total_mass_kg as mass_kg
  from waybill w where w.distributed_at is not null and w.state <> '已作废' and w.deleted_at is null and true) s group by 1, 2, 3, 4, 5, 6
  on conflict (month, carrier_region, enterprise_id, goods_class, origin_city, dest_city) do update set waybills = waybill_flow_month.waybills + excluded.waybills, mass_kg = waybill_flow_month.mass_kg + excluded.mass_kg, mass_unknown = waybill_flow_month.mass_unknown + excluded.mass_unknown;--> statement-breakpoint
insert into waybill_vehicle_month (month, enterprise_id, vehicle_id, carrier_region, goods_class, waybills, mass_kg, mass_unknown)
  select date_trunc('month', s.day)::date, s.enterprise_id, s.vehicle_id, s.carrier_region, s.goods_class, sum(s.n)::int, coalesce(sum(s.n * s.mass_kg), 0), sum(case when s.mass_kg is null then s.n else 0 end)::int from (select 1 as n, (w.created_at at time zone 'Asia/Shanghai')::date as day, w.enterprise_id, w.carrier_region, coalesce(w.goods_classes[1], '-') as goods_class, w.waybill_type,
  coalesce(left(w.origin_region, 4) || '00', '') as origin_city, coalesce(left(w.dest_region, 4) || '00', '') as dest_city, w.vehicle_id, w.total_mass_kg as mass_kg
  from waybill w where w.distributed_at is not null and w.state <> '已作废' and w.deleted_at is null and true) s where s.vehicle_id is not null group by 1, 2, 3, 4, 5
  on conflict (month, enterprise_id, vehicle_id, carrier_region, goods_class) do update set waybills = waybill_vehicle_month.waybills + excluded.waybills, mass_kg = waybill_vehicle_month.mass_kg + excluded.mass_kg, mass_unknown = waybill_vehicle_month.mass_unknown + excluded.mass_unknown;--> statement-breakpoint
insert into waybill_goods_month (month, carrier_region, enterprise_id, un_no, goods_class, lines, mass_kg, mass_unknown)
  select date_trunc('month', s.day)::date, s.carrier_region, s.enterprise_id, s.un_no, s.goods_class, sum(s.n)::int, coalesce(sum(s.n * s.mass_kg), 0), sum(case when s.mass_kg is null then s.n else 0 end)::int from (select 1 as n, (w.created_at at time zone 'Asia/Shanghai')::date as day, w.enterprise_id, w.carrier_region, g.un_no, g.goods_class, g.mass_kg
  from waybill w join waybill_goods g on g.waybill_id = w.id and g.waybill_created_at = w.created_at where w.distributed_at is not null and w.state <> '已作废' and w.deleted_at is null and true) s group by 1, 2, 3, 4, 5
  on conflict (month, carrier_region, enterprise_id, un_no, goods_class) do update set lines = waybill_goods_month.lines + excluded.lines, mass_kg = waybill_goods_month.mass_kg + excluded.mass_kg, mass_unknown = waybill_goods_month.mass_unknown + excluded.mass_unknown;
