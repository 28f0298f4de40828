-- A plate prefix (浙A000) matches a few hundred of a month's waybills, but with the default statistics the planner
-- guessed ten times more and paired the plate index with the carrier-region index: a city's list by plate prefix read
-- 10,000-100,000 region entries a month (1.2 s at 10 million waybills; 9 ms by the plate index alone). A thousand
-- histogram buckets of plate_no give the guess a prefix's real size. A new partition does not inherit the setting,
-- so the function that makes the months gives it to each.
ALTER TABLE waybill ALTER COLUMN plate_no SET STATISTICS 1000;
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
        IF t = 'waybill' THEN
          EXECUTE format('ALTER TABLE %I ALTER COLUMN plate_no SET STATISTICS 1000', part);
        END IF;
        n := n + 1;
      END IF;
    END LOOP;
    m := (m + interval '1 month')::date;
  END LOOP;
  RETURN n;
END $$;
