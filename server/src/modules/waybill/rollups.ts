/**
 * The issued-waybill rollups behind the statistics (docs/statistics.md): one set of statements, fed by
 * three sources — a transition's before/after rows (kept current in its transaction), the bulk generator's
 * narrow table, and a rebuild from the base tables. A waybill counts from 下发 until it is voided, on the
 * China day it was created; a mass that is not known is counted in mass_unknown, never as 0.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';

/**
 * The sources the statements read (SQL subqueries):
 * - waybills: n (±1), day (date), enterprise_id, carrier_region, goods_class, waybill_type, origin_city, dest_city, vehicle_id (null), mass_kg (null = unknown)
 * - goods: n, day, enterprise_id, carrier_region, un_no, goods_class, mass_kg (null = unknown)
 */
export interface RollupSources { waybills: SQL; goods: SQL }

const month = sql.raw(`date_trunc('month', s.day)::date`);
const year = sql.raw(`date_trunc('year', s.day)::date`);
const sums = sql.raw(`sum(s.n)::int, coalesce(sum(s.n * s.mass_kg), 0), sum(case when s.mass_kg is null then s.n else 0 end)::int`);
const add = (t: string, count = 'waybills') => sql.raw(`${count} = ${t}.${count} + excluded.${count}, mass_kg = ${t}.mass_kg + excluded.mass_kg, mass_unknown = ${t}.mass_unknown + excluded.mass_unknown`);

/** each statement upserts its rows in key order, so two transactions moving the same keys never deadlock */
export function rollupStatements(src: RollupSources): SQL[] {
  const w = src.waybills;
  return [
    sql`insert into waybill_daily_stat (day, carrier_region, goods_class, waybill_type, waybills, mass_kg, mass_unknown)
      select s.day, s.carrier_region, s.goods_class, s.waybill_type, ${sums} from (${w}) s group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (day, carrier_region, goods_class, waybill_type) do update set ${add('waybill_daily_stat')}`,
    sql`insert into waybill_ent_daily (day, enterprise_id, carrier_region, goods_class, waybill_type, waybills, mass_kg, mass_unknown)
      select s.day, s.enterprise_id, s.carrier_region, s.goods_class, s.waybill_type, ${sums} from (${w}) s group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (enterprise_id, day, carrier_region, goods_class, waybill_type) do update set ${add('waybill_ent_daily')}`,
    sql`insert into waybill_month_stat (month, carrier_region, goods_class, waybill_type, waybills, mass_kg, mass_unknown)
      select ${month}, s.carrier_region, s.goods_class, s.waybill_type, ${sums} from (${w}) s group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (month, carrier_region, goods_class, waybill_type) do update set ${add('waybill_month_stat')}`,
    sql`insert into waybill_ent_month (month, enterprise_id, carrier_region, goods_class, waybill_type, waybills, mass_kg, mass_unknown)
      select ${month}, s.enterprise_id, s.carrier_region, s.goods_class, s.waybill_type, ${sums} from (${w}) s group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (enterprise_id, month, carrier_region, goods_class, waybill_type) do update set ${add('waybill_ent_month')}`,
    sql`insert into waybill_ent_year (year, enterprise_id, carrier_region, goods_class, waybill_type, waybills, mass_kg, mass_unknown)
      select ${year}, s.enterprise_id, s.carrier_region, s.goods_class, s.waybill_type, ${sums} from (${w}) s group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (enterprise_id, year, carrier_region, goods_class, waybill_type) do update set ${add('waybill_ent_year')}`,
    sql`insert into waybill_flow_month (month, carrier_region, enterprise_id, goods_class, origin_city, dest_city, waybills, mass_kg, mass_unknown)
      select ${month}, s.carrier_region, s.enterprise_id, s.goods_class, s.origin_city, s.dest_city, ${sums} from (${w}) s group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
      on conflict (month, carrier_region, enterprise_id, goods_class, origin_city, dest_city) do update set ${add('waybill_flow_month')}`,
    sql`insert into waybill_flow_region_month (month, carrier_region, goods_class, origin_city, dest_city, waybills, mass_kg, mass_unknown)
      select ${month}, s.carrier_region, s.goods_class, s.origin_city, s.dest_city, ${sums} from (${w}) s group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (month, carrier_region, goods_class, origin_city, dest_city) do update set ${add('waybill_flow_region_month')}`,
    sql`insert into waybill_vehicle_month (month, enterprise_id, vehicle_id, carrier_region, goods_class, waybills, mass_kg, mass_unknown)
      select ${month}, s.enterprise_id, s.vehicle_id, s.carrier_region, s.goods_class, ${sums} from (${w}) s where s.vehicle_id is not null group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (month, enterprise_id, vehicle_id, carrier_region, goods_class) do update set ${add('waybill_vehicle_month')}`,
    sql`insert into waybill_vehicle_year (year, enterprise_id, vehicle_id, carrier_region, goods_class, waybills, mass_kg, mass_unknown)
      select ${year}, s.enterprise_id, s.vehicle_id, s.carrier_region, s.goods_class, ${sums} from (${w}) s where s.vehicle_id is not null group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (year, enterprise_id, vehicle_id, carrier_region, goods_class) do update set ${add('waybill_vehicle_year')}`,
    sql`insert into waybill_goods_month (month, carrier_region, enterprise_id, un_no, goods_class, lines, mass_kg, mass_unknown)
      select ${month}, s.carrier_region, s.enterprise_id, s.un_no, s.goods_class, ${sums} from (${src.goods}) s group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (month, carrier_region, enterprise_id, un_no, goods_class) do update set ${add('waybill_goods_month', 'lines')}`,
    sql`insert into waybill_goods_region_month (month, carrier_region, un_no, goods_class, lines, mass_kg, mass_unknown)
      select ${month}, s.carrier_region, s.un_no, s.goods_class, ${sums} from (${src.goods}) s group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (month, carrier_region, un_no, goods_class) do update set ${add('waybill_goods_region_month', 'lines')}`,
    ...runningTotals(w),
  ];
}

/** the waybill type that 空车运输 counts */
export const EMPTY_TYPE = '空车(未清洗)';

/**
 * The running totals (rollup-schema.ts): each waybill adds to every day from its own to the end of its month
 * (`waybill_ent_mtd`) and every month from its own to December (`waybill_ent_ytd`, `waybill_vehicle_ytd`), so a
 * missing row means nothing yet that month or year. The sums are grouped first, then spread (≤ 31 or 12 rows each).
 */
function runningTotals(w: SQL): SQL[] {
  const figures = `sum(s.n)::int as w, coalesce(sum(s.n * s.mass_kg), 0) as kg, sum(case when s.mass_kg is null then s.n else 0 end)::int as u`;
  const empty = sql`, sum(case when s.waybill_type = ${EMPTY_TYPE} then s.n else 0 end)::int as e`;
  const set = (t: string, more = '') => sql.raw(`waybills = ${t}.waybills + excluded.waybills, mass_kg = ${t}.mass_kg + excluded.mass_kg, mass_unknown = ${t}.mass_unknown + excluded.mass_unknown${more}`);
  const spread = (from: string, step: string) => sql.raw(`cross join lateral generate_series(a.d, ${from}, interval '${step}') g(x)`);
  const toMonthEnd = `(date_trunc('month', a.d) + interval '1 month - 1 day')::date`;
  const toDecember = `(date_trunc('year', a.d) + interval '11 months')::date`;
  return [
    sql`insert into waybill_ent_mtd (day, enterprise_id, carrier_region, waybills, mass_kg, mass_unknown, empty)
      select g.x::date, a.enterprise_id, a.carrier_region, sum(a.w)::int, sum(a.kg), sum(a.u)::int, sum(a.e)::int
      from (select s.day as d, s.enterprise_id, s.carrier_region, ${sql.raw(figures)}${empty} from (${w}) s group by 1, 2, 3) a ${spread(toMonthEnd, '1 day')}
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (day, enterprise_id, carrier_region) do update set ${set('waybill_ent_mtd', ', empty = waybill_ent_mtd.empty + excluded.empty')}`,
    sql`insert into waybill_ent_ytd (month, enterprise_id, carrier_region, waybills, mass_kg, mass_unknown, empty)
      select g.x::date, a.enterprise_id, a.carrier_region, sum(a.w)::int, sum(a.kg), sum(a.u)::int, sum(a.e)::int
      from (select ${month} as d, s.enterprise_id, s.carrier_region, ${sql.raw(figures)}${empty} from (${w}) s group by 1, 2, 3) a ${spread(toDecember, '1 month')}
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (month, enterprise_id, carrier_region) do update set ${set('waybill_ent_ytd', ', empty = waybill_ent_ytd.empty + excluded.empty')}`,
    sql`insert into waybill_vehicle_ytd (month, vehicle_id, enterprise_id, carrier_region, waybills, mass_kg, mass_unknown)
      select g.x::date, a.vehicle_id, a.enterprise_id, a.carrier_region, sum(a.w)::int, sum(a.kg), sum(a.u)::int
      from (select ${month} as d, s.vehicle_id, s.enterprise_id, s.carrier_region, ${sql.raw(figures)} from (${w}) s where s.vehicle_id is not null group by 1, 2, 3, 4) a
        ${spread(toDecember, '1 month')}
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (month, vehicle_id, enterprise_id, carrier_region) do update set ${set('waybill_vehicle_ytd')}`,
  ];
}

export const ROLLUP_TABLES = ['waybill_daily_stat', 'waybill_ent_daily', 'waybill_month_stat', 'waybill_ent_month', 'waybill_ent_year', 'waybill_flow_month', 'waybill_flow_region_month', 'waybill_vehicle_month', 'waybill_vehicle_year', 'waybill_goods_month', 'waybill_goods_region_month', 'waybill_ent_mtd', 'waybill_ent_ytd', 'waybill_vehicle_ytd'] as const;

/** the rows a waybill counts in: issued, not voided, not deleted */
const COUNTED = sql.raw(`w.distributed_at is not null and w.state <> '已作废' and w.deleted_at is null`);
const CN_DAY = sql.raw(`(w.created_at at time zone 'Asia/Shanghai')::date`);
const city = (col: string) => sql.raw(`coalesce(left(${col}, 4) || '00', '')`);

/** the base tables as sources (a rebuild, or a check that the rollups agree with them); `where` narrows the waybills */
export function baseSources(where: SQL = sql`true`): RollupSources {
  return {
    waybills: sql`select 1 as n, ${CN_DAY} as day, w.enterprise_id, w.carrier_region, coalesce(w.goods_classes[1], '-') as goods_class, w.waybill_type,
      ${city('w.origin_region')} as origin_city, ${city('w.dest_region')} as dest_city, w.vehicle_id, w.total_mass_kg as mass_kg
      from waybill w where ${COUNTED} and ${where}`,
    goods: sql`select 1 as n, ${CN_DAY} as day, w.enterprise_id, w.carrier_region, g.un_no, g.goods_class, g.mass_kg
      from waybill w join waybill_goods g on g.waybill_id = w.id and g.waybill_created_at = w.created_at where ${COUNTED} and ${where}`,
  };
}

/** empty the rollups and build them again from the base tables (one transaction) */
export async function rebuildRollups(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate ${ROLLUP_TABLES.join(', ')}`));
    for (const s of rollupStatements(baseSources())) await tx.execute(s);
  });
}

// ───────── kept current by a transition ─────────

interface Counted {
  createdAt: Date; enterpriseId: string; carrierRegion: string; goodsClasses: string[]; waybillType: string;
  originRegion: string | null; destRegion: string | null; vehicleId: string | null; totalMassKg: string | number | null;
  distributedAt: Date | null; state: string; deletedAt?: Date | null;
}
interface CountedLine { unNo: string; goodsClass: string; massKg: string | number | null }

export const counts = (w: Counted) => !!w.distributedAt && w.state !== '已作废' && !w.deletedAt;

const cnDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const cityOf = (r: string | null) => (r ? r.slice(0, 4) + '00' : '');
const num = (v: string | number | null) => (v == null ? null : String(v));

function contribution(w: Counted, goods: CountedLine[], n: 1 | -1) {
  const day = cnDay(w.createdAt);
  return {
    waybill: [n, day, w.enterpriseId, w.carrierRegion, w.goodsClasses[0] ?? '-', w.waybillType, cityOf(w.originRegion), cityOf(w.destRegion), w.vehicleId, num(w.totalMassKg)] as const,
    goods: goods.map((g) => [n, day, w.enterpriseId, w.carrierRegion, g.unNo, g.goodsClass, num(g.massKg)] as const),
  };
}

const values = (rows: readonly (readonly unknown[])[], casts: string[]) =>
  sql.join(rows.map((r) => sql`(${sql.join(r.map((v, i) => sql`${v}::${sql.raw(casts[i]!)}`), sql`, `)})`), sql`, `);

/**
 * Moves a waybill's contribution from `before` to `after` (either may be null: not counted) in the caller's
 * transaction. Nothing is written when both contribute the same.
 */
export async function moveRollups(tx: Db, before: { w: Counted; goods: CountedLine[] } | null, after: { w: Counted; goods: CountedLine[] } | null) {
  const parts = [before && contribution(before.w, before.goods, -1), after && contribution(after.w, after.goods, 1)].filter((x) => !!x);
  if (!parts.length) return;
  if (parts.length === 2) {
    const key = (p: (typeof parts)[number]) => JSON.stringify([p.waybill.slice(1), p.goods.map((g) => g.slice(1))]);
    if (key(parts[0]!) === key(parts[1]!)) return;
  }
  const wCasts = ['int', 'date', 'uuid', 'varchar', 'varchar', 'varchar', 'varchar', 'varchar', 'uuid', 'numeric'];
  const gCasts = ['int', 'date', 'uuid', 'varchar', 'varchar', 'varchar', 'numeric'];
  const goods = parts.flatMap((p) => p.goods);
  const stmts = rollupStatements({
    waybills: sql`select * from (values ${values(parts.map((p) => p.waybill), wCasts)}) as v(n, day, enterprise_id, carrier_region, goods_class, waybill_type, origin_city, dest_city, vehicle_id, mass_kg)`,
    goods: goods.length
      ? sql`select * from (values ${values(goods, gCasts)}) as v(n, day, enterprise_id, carrier_region, un_no, goods_class, mass_kg)`
      : sql`select 0 as n, null::date as day, null::uuid as enterprise_id, '' as carrier_region, '' as un_no, '' as goods_class, null::numeric as mass_kg where false`,
  });
  for (const s of stmts) await tx.execute(s);
}
