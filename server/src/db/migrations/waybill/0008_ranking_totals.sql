CREATE TABLE "waybill_ent_mtd" (
	"day" date NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	"mass_unknown" integer DEFAULT 0 NOT NULL,
	"empty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_ent_mtd_pk" PRIMARY KEY("day","enterprise_id","carrier_region")
);
--> statement-breakpoint
CREATE TABLE "waybill_ent_ytd" (
	"month" date NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	"mass_unknown" integer DEFAULT 0 NOT NULL,
	"empty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_ent_ytd_pk" PRIMARY KEY("month","enterprise_id","carrier_region")
);
--> statement-breakpoint
CREATE TABLE "waybill_vehicle_ytd" (
	"month" date NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"carrier_region" varchar(12) NOT NULL,
	"waybills" integer DEFAULT 0 NOT NULL,
	"mass_kg" numeric(18, 2) DEFAULT 0 NOT NULL,
	"mass_unknown" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waybill_vehicle_ytd_pk" PRIMARY KEY("month","vehicle_id","enterprise_id","carrier_region")
);
--> statement-breakpoint
INSERT INTO waybill_ent_mtd (day, enterprise_id, carrier_region, waybills, mass_kg, mass_unknown, empty)
  WITH d AS (SELECT day, enterprise_id, carrier_region, sum(waybills)::int AS w, sum(mass_kg) AS kg, sum(mass_unknown)::int AS u,
      sum(CASE WHEN waybill_type = '空车(未清洗)' THEN waybills ELSE 0 END)::int AS e FROM waybill_ent_daily GROUP BY 1, 2, 3),
    f AS (SELECT enterprise_id, carrier_region, date_trunc('month', day)::date AS m, min(day) AS first FROM d GROUP BY 1, 2, 3)
  SELECT g.x::date, f.enterprise_id, f.carrier_region,
    sum(coalesce(d.w, 0)) OVER win, sum(coalesce(d.kg, 0)) OVER win, sum(coalesce(d.u, 0)) OVER win, sum(coalesce(d.e, 0)) OVER win
  FROM f CROSS JOIN LATERAL generate_series(f.first, (f.m + interval '1 month - 1 day')::date, interval '1 day') g(x)
    LEFT JOIN d ON d.enterprise_id = f.enterprise_id AND d.carrier_region = f.carrier_region AND d.day = g.x::date
  WINDOW win AS (PARTITION BY f.enterprise_id, f.carrier_region, f.m ORDER BY g.x);--> statement-breakpoint
INSERT INTO waybill_ent_ytd (month, enterprise_id, carrier_region, waybills, mass_kg, mass_unknown, empty)
  WITH d AS (SELECT month, enterprise_id, carrier_region, sum(waybills)::int AS w, sum(mass_kg) AS kg, sum(mass_unknown)::int AS u,
      sum(CASE WHEN waybill_type = '空车(未清洗)' THEN waybills ELSE 0 END)::int AS e FROM waybill_ent_month GROUP BY 1, 2, 3),
    f AS (SELECT enterprise_id, carrier_region, date_trunc('year', month)::date AS y, min(month) AS first FROM d GROUP BY 1, 2, 3)
  SELECT g.x::date, f.enterprise_id, f.carrier_region,
    sum(coalesce(d.w, 0)) OVER win, sum(coalesce(d.kg, 0)) OVER win, sum(coalesce(d.u, 0)) OVER win, sum(coalesce(d.e, 0)) OVER win
  FROM f CROSS JOIN LATERAL generate_series(f.first, (f.y + interval '11 months')::date, interval '1 month') g(x)
    LEFT JOIN d ON d.enterprise_id = f.enterprise_id AND d.carrier_region = f.carrier_region AND d.month = g.x::date
  WINDOW win AS (PARTITION BY f.enterprise_id, f.carrier_region, f.y ORDER BY g.x);--> statement-breakpoint
INSERT INTO waybill_vehicle_ytd (month, vehicle_id, enterprise_id, carrier_region, waybills, mass_kg, mass_unknown)
  WITH d AS (SELECT month, vehicle_id, enterprise_id, carrier_region, sum(waybills)::int AS w, sum(mass_kg) AS kg, sum(mass_unknown)::int AS u
      FROM waybill_vehicle_month GROUP BY 1, 2, 3, 4),
    f AS (SELECT vehicle_id, enterprise_id, carrier_region, date_trunc('year', month)::date AS y, min(month) AS first FROM d GROUP BY 1, 2, 3, 4)
  SELECT g.x::date, f.vehicle_id, f.enterprise_id, f.carrier_region, sum(coalesce(d.w, 0)) OVER win, sum(coalesce(d.kg, 0)) OVER win, sum(coalesce(d.u, 0)) OVER win
  FROM f CROSS JOIN LATERAL generate_series(f.first, (f.y + interval '11 months')::date, interval '1 month') g(x)
    LEFT JOIN d ON d.vehicle_id = f.vehicle_id AND d.enterprise_id = f.enterprise_id AND d.carrier_region = f.carrier_region AND d.month = g.x::date
  WINDOW win AS (PARTITION BY f.vehicle_id, f.enterprise_id, f.carrier_region, f.y ORDER BY g.x);--> statement-breakpoint
ANALYZE waybill_ent_mtd;--> statement-breakpoint
ANALYZE waybill_ent_ytd;--> statement-breakpoint
ANALYZE waybill_vehicle_ytd;
