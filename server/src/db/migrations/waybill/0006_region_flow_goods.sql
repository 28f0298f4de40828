CREATE TABLE "waybill_flow_region_month" (
	"month" date NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"goods_class" varchar(4) NOT NULL,
	"origin_city" varchar(6) NOT NULL,
	"dest_city" varchar(6) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	"mass_unknown" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_flow_region_month_pk" PRIMARY KEY("month","carrier_region","goods_class","origin_city","dest_city")
);
--> statement-breakpoint
CREATE TABLE "waybill_goods_region_month" (
	"month" date NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"un_no" varchar(4) NOT NULL,
	"goods_class" varchar(8) NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	"mass_unknown" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_goods_region_month_pk" PRIMARY KEY("month","carrier_region","un_no","goods_class")
);
--> statement-breakpoint
INSERT INTO waybill_flow_region_month (month, carrier_region, goods_class, origin_city, dest_city, waybills, mass_kg, mass_unknown)
  SELECT month, carrier_region, goods_class, origin_city, dest_city, sum(waybills), sum(mass_kg), sum(mass_unknown)
  FROM waybill_flow_month GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO waybill_goods_region_month (month, carrier_region, un_no, goods_class, lines, mass_kg, mass_unknown)
  SELECT month, carrier_region, un_no, goods_class, sum(lines), sum(mass_kg), sum(mass_unknown)
  FROM waybill_goods_month GROUP BY 1, 2, 3, 4;
