CREATE TABLE "waybill_ent_month" (
	"month" date NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"goods_class" varchar(4) NOT NULL,
	"waybill_type" varchar(16) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	"mass_unknown" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_ent_month_pk" PRIMARY KEY("enterprise_id","month","carrier_region","goods_class","waybill_type")
);
--> statement-breakpoint
CREATE TABLE "waybill_month_stat" (
	"month" date NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"goods_class" varchar(4) NOT NULL,
	"waybill_type" varchar(16) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	"mass_unknown" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_month_stat_pk" PRIMARY KEY("month","carrier_region","goods_class","waybill_type")
);
--> statement-breakpoint
CREATE INDEX "waybill_ent_month_region_idx" ON "waybill_ent_month" USING btree ("carrier_region","month");--> statement-breakpoint
CREATE INDEX "waybill_ent_month_month_idx" ON "waybill_ent_month" USING btree ("month");--> statement-breakpoint
INSERT INTO waybill_month_stat (month, carrier_region, goods_class, waybill_type, waybills, mass_kg, mass_unknown)
  SELECT date_trunc('month', day)::date, carrier_region, goods_class, waybill_type, sum(waybills), sum(mass_kg), sum(mass_unknown)
  FROM waybill_daily_stat GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO waybill_ent_month (month, enterprise_id, carrier_region, goods_class, waybill_type, waybills, mass_kg, mass_unknown)
  SELECT date_trunc('month', day)::date, enterprise_id, carrier_region, goods_class, waybill_type, sum(waybills), sum(mass_kg), sum(mass_unknown)
  FROM waybill_ent_daily GROUP BY 1, 2, 3, 4, 5;
