CREATE TABLE "waybill_ent_year" (
	"year" date NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"goods_class" varchar(4) NOT NULL,
	"waybill_type" varchar(16) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	"mass_unknown" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_ent_year_pk" PRIMARY KEY("enterprise_id","year","carrier_region","goods_class","waybill_type")
);
--> statement-breakpoint
CREATE TABLE "waybill_vehicle_year" (
	"year" date NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"goods_class" varchar(4) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	"mass_unknown" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_vehicle_year_pk" PRIMARY KEY("year","enterprise_id","vehicle_id","carrier_region","goods_class")
);
--> statement-breakpoint
CREATE INDEX "waybill_ent_year_year_idx" ON "waybill_ent_year" USING btree ("year");--> statement-breakpoint
CREATE INDEX "waybill_vehicle_year_ent_idx" ON "waybill_vehicle_year" USING btree ("enterprise_id","year");--> statement-breakpoint
INSERT INTO waybill_ent_year (year, enterprise_id, carrier_region, goods_class, waybill_type, waybills, mass_kg, mass_unknown)
  SELECT date_trunc('year', month)::date, enterprise_id, carrier_region, goods_class, waybill_type, sum(waybills), sum(mass_kg), sum(mass_unknown)
  FROM waybill_ent_month GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO waybill_vehicle_year (year, enterprise_id, vehicle_id, carrier_region, goods_class, waybills, mass_kg, mass_unknown)
  SELECT date_trunc('year', month)::date, enterprise_id, vehicle_id, carrier_region, goods_class, sum(waybills), sum(mass_kg), sum(mass_unknown)
  FROM waybill_vehicle_month GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
ANALYZE waybill_ent_year;--> statement-breakpoint
ANALYZE waybill_vehicle_year;
