-- Monthly partitions of the waybill tables (drizzle-kit has no PARTITION BY: 0000 declares the
-- parents, this migration adds the maintenance function). Bounds are months in China time (+08).
-- A UUIDv7 from a millisecond timestamp: waybill ids carry their created_at (partition pruning by id).
CREATE OR REPLACE FUNCTION wb_uuid7(ms bigint) RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE b bytea := uuid_send(gen_random_uuid());
BEGIN
  b := overlay(b placing substring(int8send(ms) from 3) from 1 for 6);
  b := set_byte(b, 6, (get_byte(b, 6) & 15) | 112);
  b := set_byte(b, 8, (get_byte(b, 8) & 63) | 128);
  RETURN encode(b, 'hex')::uuid;
END $$;
--> statement-breakpoint
-- the China-time calendar day and month of an instant, independent of the session's TimeZone
CREATE OR REPLACE FUNCTION wb_cn_date(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date '1970-01-01' + floor((extract(epoch from t) + 28800) / 86400)::int
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wb_cn_month(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT wb_cn_date(t) - (extract(day from wb_cn_date(t))::int - 1)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION waybill_ensure_partitions(p_from date, p_to date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', p_from)::date;
  t text;
  part text;
  n integer := 0;
  tables text[] := ARRAY['waybill', 'waybill_goods', 'waybill_transition', 'waybill_change', 'waybill_check',
    'waybill_self_inspection', 'waybill_loading', 'waybill_unloading', 'waybill_message'];
BEGIN
  PERFORM pg_advisory_xact_lock(7243101);
  WHILE m <= p_to LOOP
    FOREACH t IN ARRAY tables LOOP
      part := t || '_p' || to_char(m, 'YYYYMM');
      IF to_regclass(quote_ident(part)) IS NULL THEN
        EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, t,
          to_char(m, 'YYYY-MM-DD') || ' 00:00:00+08', to_char((m + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+08');
        n := n + 1;
      END IF;
    END LOOP;
    m := (m + interval '1 month')::date;
  END LOOP;
  RETURN n;
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS waybill_pdefault PARTITION OF waybill DEFAULT;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS waybill_goods_pdefault PARTITION OF waybill_goods DEFAULT;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS waybill_transition_pdefault PARTITION OF waybill_transition DEFAULT;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS waybill_change_pdefault PARTITION OF waybill_change DEFAULT;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS waybill_check_pdefault PARTITION OF waybill_check DEFAULT;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS waybill_self_inspection_pdefault PARTITION OF waybill_self_inspection DEFAULT;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS waybill_loading_pdefault PARTITION OF waybill_loading DEFAULT;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS waybill_unloading_pdefault PARTITION OF waybill_unloading DEFAULT;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS waybill_message_pdefault PARTITION OF waybill_message DEFAULT;
--> statement-breakpoint
SELECT waybill_ensure_partitions((current_date - interval '4 months')::date, (current_date + interval '3 months')::date);
