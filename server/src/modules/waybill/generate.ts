/**
 * Set-based generation of finished and in-progress waybills (demo history, and bench/waybill.ts at
 * 10 million): one INSERT … SELECT from generate_series per table and chunk, then the rollups rebuilt
 * for the generated rows. Crews come from a table the caller fills (columns: CREW_COLUMNS, idx 0..n-1).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { FIVE_CHECKS } from '@dg/core/waybill';
import { rollupStatements } from './rollups.ts';

/** 五必查 all passed, as 装货确认 writes them */
const FIVE_PASSED = JSON.stringify(FIVE_CHECKS.map((f) => ({ key: f.key, label: f.label, ok: true, remark: null })));

/** the crew table's columns (one row per crew, with its enterprise's snapshot) */
export const CREW_COLUMNS = [
  'enterprise_id', 'carrier_region', 'carrier_name', 'carrier_phone', 'carrier_licence_no', 'vehicle_id', 'plate_no', 'plate_color', 'vehicle_cert_no',
  'trailer_id', 'trailer_plate_no', 'trailer_cert_no', 'tank_id', 'tank_no', 'tank_volume', 'driver_id', 'driver_name', 'driver_qualification_no', 'driver_phone',
  'escort_id', 'escort_name', 'escort_qualification_no', 'escort_phone', 'user_name',
] as const;

export async function createCrewTable(db: Db, name: string) {
  await db.execute(sql.raw(`drop table if exists ${name}`));
  await db.execute(sql.raw(`create ${name.startsWith('pg_temp.') ? '' : 'unlogged '}table ${name} (idx int primary key, enterprise_id uuid, carrier_region varchar(12), carrier_name varchar(100), carrier_phone varchar(20),
    carrier_licence_no varchar(60), vehicle_id uuid, plate_no varchar(12), plate_color varchar(4), vehicle_cert_no varchar(40), trailer_id uuid, trailer_plate_no varchar(12),
    trailer_cert_no varchar(40), tank_id uuid, tank_no varchar(40), tank_volume numeric, driver_id uuid, driver_name varchar(20), driver_qualification_no varchar(30),
    driver_phone varchar(20), escort_id uuid, escort_name varchar(20), escort_qualification_no varchar(30), escort_phone varchar(20), user_name varchar(20))`));
}

/** the goods the generator carries: UN, name, class, packing group, tonnes base */
const GOODS = `(values (0,'1203','车用汽油或汽油','3','II'),(1,'1202','柴油','3','III'),(2,'1830','硫酸','8','II'),(3,'1789','氢氯酸（盐酸）','8','II'),
  (4,'1075','液化石油气','2.1','-'),(5,'1170','乙醇','3','II'),(6,'1005','无水氨','2.3','-'),(7,'1230','甲醇','3','II'),(8,'1824','氢氧化钠溶液','8','II'),
  (9,'3082','对环境有害的液态物质，未另作规定的','9','III')) as gc(k, un_no, goods_name, goods_class, packing_group)`;
const SHIPPERS = `array['中石化销售股份有限公司油库','万华化学集团股份有限公司','巨化集团有限公司','嘉兴港区化工仓储有限公司','宁波金海晨光化学股份有限公司','杭州湾精细化工有限公司']`;
const CONSIGNEES = `array['中石油加油站','园区污水处理有限公司','新材料科技有限公司','精细化工有限公司','电子化学品有限公司','热电有限公司']`;

export interface GenerateOptions {
  crewTable: string;
  count: number;
  fromMs: number;
  toMs: number;
  provinceCode: string;
  /** district codes for origin and destination */
  regions: string[];
  /** rows created within this many ms of toMs get in-progress states (0: all finished) */
  recentMs?: number;
  transitions?: boolean;
  chunk?: number;
  /** drop the secondary indexes of waybill and waybill_goods while loading and build them after (large loads) */
  bulk?: boolean;
  onProgress?: (done: number) => void;
}

const BULK_TABLES = ['waybill', 'waybill_goods'];

/** the secondary indexes a bulk load dropped, rebuilt from the definitions kept in wbgen_saved_indexes (also after an aborted run) */
export async function restoreIndexes(db: Db) {
  const has = (await db.execute<{ t: string | null }>(sql.raw(`select to_regclass('wbgen_saved_indexes')::text as t`))).rows[0]?.t;
  if (!has) return;
  const saved = (await db.execute<{ name: string; def: string }>(sql.raw(`select name, def from wbgen_saved_indexes`))).rows;
  for (const ix of saved) {
    const exists = (await db.execute<{ t: string | null }>(sql`select to_regclass(${ix.name})::text as t`)).rows[0]?.t;
    if (!exists) await db.execute(sql.raw(ix.def.replace(' ON ONLY ', ' ON ')));
  }
  await db.execute(sql.raw(`drop table wbgen_saved_indexes`));
}

export async function generateWaybills(db: Db, o: GenerateOptions) {
  const debug = !!process.env.WBGEN_DEBUG;
  const exec = async (text: string) => {
    const t0 = performance.now();
    await db.execute(sql.raw(text));
    if (debug) console.log(`  [wbgen] ${Math.round(performance.now() - t0)} ms  ${text.replace(/\s+/g, ' ').slice(0, 70)}`);
  };
  const chunk = o.chunk ?? 250_000;
  const step = (o.toMs - o.fromMs) / Math.max(o.count, 1);
  const regions = `(array[${o.regions.map((r) => `'${r.replace(/\D/g, '')}'`).join(',')}]::text[])`;
  const prov = o.provinceCode.replace(/\D/g, '').slice(0, 6);
  const recent = Math.trunc(o.recentMs ?? 0);
  const nc = Number((await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${o.crewTable}`))).rows[0]!.n);
  if (!nc) throw new Error('generateWaybills: the crew table is empty');
  if (o.bulk) {
    await restoreIndexes(db);
    await exec(`create table wbgen_saved_indexes as select indexname as name, indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename in (${BULK_TABLES.map((t) => `'${t}'`).join(',')}) and indexname not like '%_pk'`);
    for (const r of (await db.execute<{ name: string }>(sql.raw(`select name from wbgen_saved_indexes`))).rows) await exec(`drop index ${r.name}`);
  }
  const cls = (g: string) => `split_part(${g}.goods_class, '.', 1)`;
  for (let g1 = 0; g1 < o.count; g1 += chunk) {
    const g2 = Math.min(o.count, g1 + chunk) - 1;
    // the chunk's rows lie in this creation window: joins back to waybill stay in its one or two partitions
    const lo = new Date(o.fromMs + Math.floor(g1 * step) - 1000).toISOString();
    const hi = new Date(o.fromMs + Math.floor(g2 * step) + 1000).toISOString();
    const inChunk = `w.created_at between '${lo}'::timestamptz and '${hi}'::timestamptz`;
    await exec(`drop table if exists wbgen_tmp`);
    // one narrow row per waybill: its time, state, crew, goods keys; the waybill row and the rollups are made from it
    await exec(`create temp table wbgen_tmp as
      select s.*, c.enterprise_id, c.carrier_region, c.vehicle_id,
        case when s.g % 20 = 0 then '空车(未清洗)' when s.g % 13 = 0 then '城市配送' else '普通' end as wtype,
        (s.q1 + case when s.k2 is not null then s.q2 else 0 end) * 1000 as mass
      from (
        select g, ms, wb_uuid7(ms) as id, timestamptz 'epoch' + ms * interval '1 millisecond' as created_at, (g % ${nc})::int as ci,
          ((g * 7) % 10) as k1, case when g % 5 = 0 then ((g * 7 + 3) % 10) end as k2, (5 + g % 26)::numeric as q1, (1 + g % 9)::numeric as q2,
          ((ms + 28800000) / 86400000) as dayno,
          ${regions}[1 + (g % ${o.regions.length})] as origin_region, ${regions}[1 + ((g * 7 + 3) % ${o.regions.length})] as dest_region,
          (3 + g % 6)::numeric as hours,
          case when ${o.toMs}::bigint - ms < ${recent} then
            case when r < .05 then '草稿' when r < .10 then '待调度' when r < .15 then '待检查' when r < .20 then '待下发' when r < .35 then '待装货' when r < .70 then '运输中' else '已完成' end
          else case when r < .90 then '已完成' when r < .95 then '已作废' else '异常关闭' end end as state
        from (select g, (${o.fromMs}::bigint + floor(g * ${step})::bigint) as ms, random() as r from generate_series(${g1}::bigint, ${g2}::bigint) g) x
      ) s join ${o.crewTable} c on c.idx = s.ci`);
    await exec(`analyze wbgen_tmp`);
    // 下发 within the day it was created (its number carries that day): at most 90 minutes after creation
    const off = `greatest(0, least(5400000, (t.dayno + 1) * 86400000 - 28800000 - 1000 - t.ms))`;
    // the day's sequence: rows are in time order, so g minus the first g of its China day (after what the counter already issued)
    await exec(`alter table wbgen_tmp add column seq int, add column ts jsonb, add column waybill_no text, add column cls text`);
    await exec(`update wbgen_tmp t set seq = t.g - d.g0 + 1 + coalesce(d.base, 0),
        ts = jsonb_build_object('d', t.ms + ${off} / 3, 'c', t.ms + ${off} * 2 / 3, 'i', t.ms + ${off}, 'l', t.ms + ${off} + 3600000)
      from (select dayno, min(g) as g0, (select value from sequence_counter where key = 'waybill:' || to_char(date '1970-01-01' + dayno::int, 'YYYYMMDD')) as base
            from wbgen_tmp group by dayno) d
      where d.dayno = t.dayno`);
    await exec(`update wbgen_tmp t set
        waybill_no = case when t.state in ('待装货','运输中','已完成','异常关闭') then '${prov}' || to_char(date '1970-01-01' + t.dayno::int, 'YYYYMMDD') || lpad(t.seq::text, 6, '0') end,
        cls = case when t.k2 is null then ${cls('g1')} else least(${cls('g1')}, ${cls('g2')}) end
      from ${GOODS.replace('gc(', 'g1(')} left join ${GOODS.replace('gc(', 'g2(')} on true
      where g1.k = t.k1 and (g2.k = t.k2 or (t.k2 is null and g2.k = 0))`);
    const tsOf = (k: string) => `(timestamptz 'epoch' + (t.ts->>'${k}')::bigint * interval '1 millisecond')`;
    const issued = `t.waybill_no is not null`;
    const dispatched = `t.state not in ('草稿','待调度','已作废')`;
    await exec(`insert into waybill (id, created_at, enterprise_id, carrier_region, state, version, waybill_no, check_code, waybill_type,
        shipper_name, shipper_contact, shipper_phone, consignee_name, consignee_phone, loader_name, loader_phone, loading_place,
        carrier_name, carrier_phone, carrier_licence_no, start_date, origin_region, origin_address, dest_region, dest_address, distance_km, expected_hours,
        vehicle_id, plate_no, plate_color, vehicle_cert_no, trailer_id, trailer_plate_no, trailer_cert_no, tank_id, tank_no, tank_volume,
        driver_id, driver_name, driver_qualification_no, driver_phone, escort_id, escort_name, escort_qualification_no, escort_phone,
        goods_classes, goods_summary, total_mass_kg, dispatcher_name, dispatched_at, checked_at, distributed_at, loaded_at, completed_at, cancelled_at, closed_at, reason,
        created_by_name, updated_at)
      select t.id, t.created_at, c.enterprise_id, c.carrier_region, t.state, 1, t.waybill_no,
        case when ${issued} then upper(substr(md5(t.id::text), 1, 6)) end, t.wtype,
        (${SHIPPERS})[1 + t.g % 6], '王经理', '0571-8' || lpad((t.g % 10000000)::text, 7, '0'), (${CONSIGNEES})[1 + t.g % 6], '0574-8' || lpad((t.g % 10000000)::text, 7, '0'),
        (${SHIPPERS})[1 + t.g % 6], '0571-8' || lpad((t.g % 10000000)::text, 7, '0'), '装车台' || (1 + t.g % 8) || '号鹤位',
        c.carrier_name, c.carrier_phone, c.carrier_licence_no, date '1970-01-01' + t.dayno::int, t.origin_region, '化工园区' || (1 + t.g % 40) || '号', t.dest_region, '工业大道' || (1 + t.g % 90) || '号',
        (t.hours * 60)::numeric, t.hours,
        c.vehicle_id, c.plate_no, c.plate_color, c.vehicle_cert_no, c.trailer_id, c.trailer_plate_no, c.trailer_cert_no, c.tank_id, c.tank_no, c.tank_volume,
        c.driver_id, c.driver_name, c.driver_qualification_no, c.driver_phone, c.escort_id, c.escort_name, c.escort_qualification_no, c.escort_phone,
        case when t.k2 is null then array[${cls('g1')}] else array(select distinct x from unnest(array[${cls('g1')}, ${cls('g2')}]) x order by 1) end,
        'UN' || g1.un_no || ' ' || g1.goods_name || ' ' || g1.goods_class || case when g1.packing_group <> '-' then ' ' || g1.packing_group else '' end || ' ' || t.q1 || '吨' || case when t.k2 is not null then ' 等2种' else '' end,
        t.mass, c.user_name,
        case when ${dispatched} then ${tsOf('d')} end,
        case when ${dispatched} and t.state <> '待检查' then ${tsOf('c')} end,
        case when ${issued} then ${tsOf('i')} end,
        case when t.state in ('运输中','已完成','异常关闭') then ${tsOf('l')} end,
        case when t.state = '已完成' then ${tsOf('l')} + t.hours * interval '1 hour' end,
        case when t.state = '已作废' then t.created_at + interval '2 hours' end,
        case when t.state = '异常关闭' then ${tsOf('l')} + interval '3 hours' end,
        case when t.state = '已作废' then '托运人取消运输计划' when t.state = '异常关闭' then '车辆途中故障，货物已转运' end,
        c.user_name, t.created_at
      from wbgen_tmp t join ${o.crewTable} c on c.idx = t.ci join ${GOODS.replace('gc(', 'g1(')} on g1.k = t.k1 left join ${GOODS.replace('gc(', 'g2(')} on g2.k = t.k2`);
    await exec(`insert into waybill_goods (waybill_id, waybill_created_at, line_no, un_no, goods_name, goods_class, packing_group, packing_type, quantity, unit, mass_kg, actual_quantity, received_quantity)
      select t.id, t.created_at, 1, g1.un_no, g1.goods_name, g1.goods_class, g1.packing_group, '罐装', t.q1, '吨', t.q1 * 1000,
        case when t.state in ('运输中','已完成','异常关闭') then t.q1 end, case when t.state = '已完成' then t.q1 end
      from wbgen_tmp t join ${GOODS.replace('gc(', 'g1(')} on g1.k = t.k1
      union all
      select t.id, t.created_at, 2, g2.un_no, g2.goods_name, g2.goods_class, g2.packing_group, '桶装', t.q2, '吨', t.q2 * 1000,
        case when t.state in ('运输中','已完成','异常关闭') then t.q2 end, case when t.state = '已完成' then t.q2 end
      from wbgen_tmp t join ${GOODS.replace('gc(', 'g2(')} on g2.k = t.k2`);
    await exec(`insert into waybill_number (waybill_no, waybill_id, waybill_created_at, issued_at)
      select t.waybill_no, t.id, t.created_at, ${tsOf('i')} from wbgen_tmp t where ${issued}`);
    if (o.transitions) {
      await exec(`insert into waybill_transition (waybill_id, waybill_created_at, action, from_state, to_state, at, user_name, note)
        select w.id, w.created_at, x.action, x.f, x.t, x.at, w.created_by_name, x.note from waybill w join wbgen_tmp t on t.id = w.id and t.created_at = w.created_at and ${inChunk}
        cross join lateral (values
          ('create', null, '草稿', w.created_at, null),
          ('submit', '草稿', '待调度', case when w.state <> '草稿' then w.created_at + interval '10 minutes' end, null),
          ('dispatch', '待调度', '待检查', w.dispatched_at, w.plate_no || ' / ' || w.driver_name),
          ('checkPass', '待检查', '待下发', w.checked_at, null),
          ('distribute', '待下发', '待装货', w.distributed_at, '运单编号' || w.waybill_no),
          ('load', '待装货', '运输中', w.loaded_at, '五必查通过'),
          ('unload', '运输中', '已完成', w.completed_at, '签收人张经理'),
          ('cancel', case when w.dispatched_at is null then '待调度' else '待检查' end, '已作废', w.cancelled_at, w.reason),
          ('close', '运输中', '异常关闭', w.closed_at, w.reason)
        ) as x(action, f, t, at, note) where x.at is not null`);
      await exec(`insert into waybill_loading (waybill_id, waybill_created_at, loader_name, loaded_at, checks, actual, total_mass_kg, operator_name)
        select w.id, w.created_at, w.loader_name, w.loaded_at, '${FIVE_PASSED}'::jsonb,
          '[]'::jsonb, w.total_mass_kg, w.created_by_name
        from waybill w join wbgen_tmp t on t.id = w.id and t.created_at = w.created_at and ${inChunk} where w.loaded_at is not null`);
      await exec(`insert into waybill_unloading (waybill_id, waybill_created_at, unloaded_at, signer, received, operator_name)
        select w.id, w.created_at, w.completed_at, '张经理', '[]'::jsonb, w.created_by_name
        from waybill w join wbgen_tmp t on t.id = w.id and t.created_at = w.created_at and ${inChunk} where w.completed_at is not null`);
    }
    // the rollups of these rows, from the narrow table
    await exec(`insert into waybill_state_count (enterprise_id, state, n)
      select t.enterprise_id, t.state, count(*) from wbgen_tmp t group by 1, 2
      on conflict (enterprise_id, state) do update set n = waybill_state_count.n + excluded.n`);
    await exec(`insert into waybill_region_state_count (carrier_region, state, n)
      select t.carrier_region, t.state, count(*) from wbgen_tmp t group by 1, 2
      on conflict (carrier_region, state) do update set n = waybill_region_state_count.n + excluded.n`);
    const day = `date '1970-01-01' + t.dayno::int`;
    const line = (g: string, q: string) => `select 1 as n, ${day} as day, t.enterprise_id, t.carrier_region, ${g}.un_no, ${g}.goods_class, ${q} * 1000 as mass_kg
      from wbgen_tmp t join ${GOODS.replace('gc(', g + '(')} on ${g}.k = t.${g === 'g1' ? 'k1' : 'k2'} where ${issued}`;
    for (const st of rollupStatements({
      waybills: sql.raw(`select 1 as n, ${day} as day, t.enterprise_id, t.carrier_region, t.cls as goods_class, t.wtype as waybill_type,
        left(t.origin_region, 4) || '00' as origin_city, left(t.dest_region, 4) || '00' as dest_city, t.vehicle_id, t.mass as mass_kg from wbgen_tmp t where ${issued}`),
      goods: sql.raw(`${line('g1', 't.q1')} union all ${line('g2', 't.q2')}`),
    })) {
      const t0 = performance.now();
      await db.execute(st);
      if (debug) console.log(`  [wbgen] ${Math.round(performance.now() - t0)} ms  rollup`);
    }
    await exec(`insert into sequence_counter (key, value)
      select 'waybill:' || to_char(date '1970-01-01' + dayno::int, 'YYYYMMDD'), max(seq) from wbgen_tmp group by dayno
      on conflict (key) do update set value = greatest(sequence_counter.value, excluded.value)`);
    await exec(`drop table wbgen_tmp`);
    o.onProgress?.(g2 + 1);
  }
  if (o.bulk) {
    await exec(`set maintenance_work_mem = '512MB'`);
    const t0 = performance.now();
    await restoreIndexes(db);
    if (debug) console.log(`  [wbgen] ${Math.round(performance.now() - t0)} ms  rebuilt the secondary indexes`);
  }
}
