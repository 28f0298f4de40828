/**
 * The statistics (packages/core/src/stats.ts): each answers a StatResult from the rollups
 * (waybill/rollups.ts) — never from the waybill table — or, for the industry statistics, from the records
 * through a short cache whose time is shown. docs/statistics.md says which rollup serves which figure.
 */
import { sql, type SQL } from 'drizzle-orm';
import { menuTitle } from '@dg/core';
import { ABNORMAL_RULES, goodsClassName } from '@dg/core/waybill';
import { POSTS } from '@dg/core/resources/records';
import { ENTERPRISE_WARNINGS, addDays, chinaToday } from '@dg/core/warnings';
import { tonnes, type StatColumn, type StatDrill, type StatResult, type StatRow, type StatTable, type StatCell } from '@dg/core/stats';
import { allOn, type Db } from '../../db/index.ts';
import { regionName, regionShortName } from '../../platform/regions.ts';
import { cnStart } from '../waybill/common.ts';
import { EMPTY_TYPE } from '../waybill/rollups.ts';
import { loadWindows, windowOf, sourceExpiry } from '../warnings/query.ts';
import { type StatFilters, and, monthEnd, monthOf, rangeParts, runningTerms, scopeConds } from './filters.ts';

type Rows = Record<string, unknown>[];
const rowsOf = async (db: Db, q: SQL) => (await db.execute(q)).rows as Rows;
const int = (v: unknown) => Number(v ?? 0) | 0;

const C = {
  waybills: { key: 'waybills', title: '运单数', kind: 'int' },
  tonnes: { key: 'tonnes', title: '吨位（吨）', kind: 'tonnes' },
  unknown: { key: 'unknown', title: '质量未知运单数', kind: 'int' },
  share: { key: 'share', title: '占比', kind: 'percent' },
} as const satisfies Record<string, StatColumn>;
const col = (key: string, title: string, kind: StatColumn['kind'] = 'text'): StatColumn => ({ key, title, kind });

const massNote = (unknown: number, what = '张运单') =>
  unknown > 0 ? [`其中 ${unknown} ${what}的货物质量未知（按体积或件数计量且未填密度或单件质量），已计入数量，未计入吨位。`] : [];
const pct = (n: number, total: number) => (total > 0 ? Math.round((n / total) * 1000) / 10 : 0);

/** sums of the figure columns of `rows` (the 合计 line) */
function totalsOf(columns: StatColumn[], rows: StatRow[], label = '合计'): Record<string, StatCell> {
  const out: Record<string, StatCell> = { [columns[0]!.key]: label };
  for (const c of columns.slice(1)) {
    if (c.kind === 'int') out[c.key] = rows.reduce((s, r) => s + Number(r[c.key] ?? 0), 0);
    if (c.kind === 'tonnes') out[c.key] = Math.round(rows.reduce((s, r) => s + Number(r[c.key] ?? 0), 0) * 100) / 100;
  }
  return out;
}

/** what a row opens: the statistic's own filters, narrowed */
const drillOf = (f: StatFilters, more: Partial<StatDrill>): StatDrill => ({
  from: f.from, to: f.to,
  ...(f.regionCode ? { regionCode: f.regionCode } : {}), ...(f.enterpriseId ? { enterpriseId: f.enterpriseId } : {}),
  ...(f.goodsClass ? { goodsClass: f.goodsClass } : {}), ...(f.waybillType ? { waybillType: f.waybillType } : {}),
  ...more,
});

export async function subtitleOf(db: Db, f: StatFilters, monthly: boolean | 'snapshot' = false) {
  const range = monthly === 'snapshot' ? `截至 ${chinaToday()}` : monthly ? `${monthOf(f.from)} 至 ${monthEnd(f.to)}（按月汇总）` : `${f.from} 至 ${f.to}`;
  const parts = [range];
  const region = f.regionCode ?? (f.user.side === 'government' ? f.user.regionCode : null);
  if (region && f.user.side !== 'enterprise') parts.push(regionName(region));
  if (f.enterpriseId) {
    const e = (await db.execute<{ name: string }>(sql`select name from enterprise where id = ${f.enterpriseId}`)).rows[0];
    if (e) parts.push(e.name);
  }
  if (f.goodsClass) parts.push(goodsClassName(f.goodsClass));
  if (f.waybillType) parts.push(f.waybillType);
  return parts.join(' · ');
}

// ───────── day-based rollups ─────────

/**
 * The day rollup's rows of the range (columns day, [enterprise_id,] carrier_region, goods_class, waybill_type and the
 * figures): the calendar years it covers from the year rollup (per enterprise only), whole months from the month
 * rollup, the partial months by day — so a province-year reads about one row per key instead of 365. `day` is the
 * first day of the part. `grain` 'day' keeps every day and 'month' every month (a chart by day or by month). The per-enterprise rollups serve when one
 * enterprise is asked for or `ent`.
 */
function dayRows(f: StatFilters, o: { ent?: boolean; typed?: boolean; grain?: 'day' | 'month' } = {}): SQL {
  const ent = o.ent ?? !!f.enterpriseId;
  const where = and(scopeConds(f, { enterprise: ent ? 's.enterprise_id' : undefined, region: 's.carrier_region', goodsClass: 's.goods_class', type: o.typed === false ? undefined : 's.waybill_type' }));
  const cols = sql.raw(`${ent ? 's.enterprise_id, ' : ''}s.carrier_region, s.goods_class, s.waybill_type, s.waybills, s.mass_kg, s.mass_unknown`);
  const daily = sql.raw(ent ? 'waybill_ent_daily' : 'waybill_daily_stat');
  if (o.grain === 'day') return sql`select s.day, ${cols} from ${daily} s where s.day >= ${f.from}::date and s.day <= ${f.to}::date and ${where}`;
  const p = rangeParts(f.from, f.to);
  // the district rollups have no year table, and a chart by month needs the months: whole years are read by month
  if (!ent || o.grain === 'month') p.months.push(...p.years.flatMap((y) => Array.from({ length: 12 }, (_, i) => `${y.slice(0, 4)}-${String(i + 1).padStart(2, '0')}-01`)));
  const parts: SQL[] = p.days.map(([a, b]) => sql`select s.day, ${cols} from ${daily} s where s.day >= ${a}::date and s.day <= ${b}::date and ${where}`);
  if (p.months.length) parts.push(sql`select s.month as day, ${cols} from ${sql.raw(ent ? 'waybill_ent_month' : 'waybill_month_stat')} s where s.month in (${dateList(p.months)}) and ${where}`);
  if (ent && o.grain !== 'month' && p.years.length) parts.push(sql`select s.year as day, ${cols} from waybill_ent_year s where s.year in (${dateList(p.years)}) and ${where}`);
  return parts.length ? sql.join(parts, sql` union all `) : sql`select s.day, ${cols} from ${daily} s where false`;
}
const dateList = (days: string[]) => sql.join(days.map((d) => sql`${d}::date`), sql`, `);

/**
 * Per enterprise (or vehicle) totals of [from, to] from the running totals (filters.ts runningTerms): a signed
 * sum of at most five rows each, so a ranking over a province-year reads a few rows per enterprise or vehicle.
 * Columns: the key, w (and e, the 空车 waybills, per enterprise), and with `masses` kg and u — a vehicle ranking sums
 * the counts of all 100,000 vehicles and the masses only of its top rows (`only`: those vehicles). No class or type
 * filter applies here.
 */
function runningRows(f: StatFilters, by: 'enterprise' | 'vehicle', from: string, to: string, o: { masses?: boolean; only?: string[] } = {}): SQL {
  const scope = and([...scopeConds(f, { enterprise: 's.enterprise_id', region: 's.carrier_region' }),
    ...(o.only ? [o.only.length ? sql`s.vehicle_id in (${sql.join(o.only.map((id) => sql`${id}::uuid`), sql`, `)})` : sql`false`] : [])]);
  const key = by === 'vehicle' ? 's.vehicle_id, s.enterprise_id' : 's.enterprise_id';
  const parts = runningTerms(from, to).map((t) => {
    const table = sql.raw(by === 'vehicle' ? 'waybill_vehicle_ytd' : `waybill_ent_${t.table}`);
    const n = sql.raw(String(t.sign));
    return sql`select ${sql.raw(key)}, ${n} * s.waybills as w${o.masses !== false ? sql`, ${n} * s.mass_kg as kg, ${n} * s.mass_unknown as u` : sql``}${by === 'enterprise' ? sql`, ${n} * s.empty as e` : sql``}
      from ${table} s where s.${sql.raw(t.table === 'mtd' ? 'day' : 'month')} = ${t.date}::date and ${scope}`;
  });
  return sql.join(parts, sql` union all `);
}
const monthWhere = (f: StatFilters, c: { goodsClass: string; lineClass?: boolean; enterprise?: string | null }) => and([
  sql`s.month >= ${monthOf(f.from)}::date and s.month <= ${monthOf(f.to)}::date`,
  ...scopeConds(f, { enterprise: c.enterprise === null ? undefined : c.enterprise ?? 's.enterprise_id', region: 's.carrier_region', goodsClass: c.goodsClass, lineClass: c.lineClass }),
]);
/** 品名 and 区域流向 read the rollup without the enterprise unless one enterprise is asked for */
const byEnterprise = (f: StatFilters, table: 'goods' | 'flow') =>
  f.enterpriseId ? { table: sql.raw(`waybill_${table}_month`), enterprise: 's.enterprise_id' } : { table: sql.raw(`waybill_${table}_region_month`), enterprise: null };

/** the periods of the range (every day or month, so a chart's axis has no gaps), with their first and last day */
function periods(f: StatFilters): { key: string; from: string; to: string }[] {
  const out: { key: string; from: string; to: string }[] = [];
  if (f.granularity === 'month') {
    for (let m = monthOf(f.from); m <= f.to; m = addDays(monthEnd(m), 1)) {
      out.push({ key: m.slice(0, 7), from: m < f.from ? f.from : m, to: monthEnd(m) > f.to ? f.to : monthEnd(m) });
    }
  } else for (let d = f.from; d <= f.to; d = addDays(d, 1)) out.push({ key: d, from: d, to: d });
  return out;
}
const periodExpr = (f: StatFilters) => (f.granularity === 'month' ? sql`to_char(s.day, 'YYYY-MM')` : sql`s.day::text`);

async function total(db: Db, f: StatFilters): Promise<StatResult> {
  const r = await rowsOf(db, sql`select ${periodExpr(f)} as p, sum(s.waybills)::int as w, sum(s.mass_kg) as kg, sum(s.mass_unknown)::int as u
    from (${dayRows(f, { grain: f.granularity })}) s group by 1`);
  const by = new Map(r.map((x) => [String(x.p), x]));
  const columns = [col('period', f.granularity === 'month' ? '月份' : '日期'), C.waybills, C.tonnes, C.unknown];
  const rows: StatRow[] = periods(f).map((p) => {
    const x = by.get(p.key);
    return { key: p.key, period: p.key, waybills: int(x?.w), tonnes: tonnes(Number(x?.kg ?? 0)), unknown: int(x?.u), drill: drillOf(f, { from: p.from, to: p.to, label: `${p.key} 的运单` }) };
  });
  const totals = totalsOf(columns, rows);
  return { title: menuTitle('statTotalManager'), subtitle: await subtitleOf(db, f), columns, rows, totals, notes: massNote(Number(totals.unknown)),
    chart: { type: 'line', category: 'period', series: ['waybills', 'tonnes'] } };
}

async function byClass(db: Db, f: StatFilters): Promise<StatResult> {
  const r = await rowsOf(db, sql`select s.goods_class as c, sum(s.waybills)::int as w, sum(s.mass_kg) as kg, sum(s.mass_unknown)::int as u
    from (${dayRows(f)}) s group by 1 having sum(s.waybills) <> 0 order by 1`);
  const all = r.reduce((s, x) => s + int(x.w), 0);
  const columns = [col('className', '货物类别'), C.waybills, C.tonnes, C.share, C.unknown];
  const rows: StatRow[] = r.map((x) => ({ key: String(x.c), className: goodsClassName(String(x.c)), waybills: int(x.w), tonnes: tonnes(Number(x.kg)), share: pct(int(x.w), all), unknown: int(x.u),
    drill: drillOf(f, { goodsClass: String(x.c), label: `${goodsClassName(String(x.c))}的运单` }) }));
  // the divisions (项别) of the goods lines, from the monthly goods rollup
  const g = byEnterprise(f, 'goods');
  const d = await rowsOf(db, sql`select s.goods_class as c, sum(s.lines)::int as n, sum(s.mass_kg) as kg from ${g.table} s
    where ${monthWhere(f, { goodsClass: 's.goods_class', lineClass: true, enterprise: g.enterprise })} group by 1 having sum(s.lines) <> 0 order by 1`);
  const divColumns = [col('division', '类别/项别'), col('lines', '货物条目数', 'int'), C.tonnes];
  const divRows: StatRow[] = d.map((x) => ({ key: String(x.c), division: String(x.c), lines: int(x.n), tonnes: tonnes(Number(x.kg)) }));
  const totals = totalsOf(columns, rows);
  return { title: menuTitle('statClassManager'), subtitle: await subtitleOf(db, f), columns, rows, totals, notes: massNote(Number(totals.unknown)),
    chart: { type: 'pie', category: 'className', series: ['waybills'] },
    extra: [{ title: `按项别（货物条目，${monthOf(f.from).slice(0, 7)} 至 ${f.to.slice(0, 7)} 按月汇总）`, columns: divColumns, rows: divRows, totals: totalsOf(divColumns, divRows) }] };
}

async function goods(db: Db, f: StatFilters): Promise<StatResult> {
  const g = byEnterprise(f, 'goods');
  const where = monthWhere(f, { goodsClass: 's.goods_class', lineClass: true, enterprise: g.enterprise });
  const r = await rowsOf(db, sql`with a as (select s.un_no, s.goods_class, sum(s.lines)::int as n, sum(s.mass_kg) as kg, sum(s.mass_unknown)::int as u
      from ${g.table} s where ${where} group by 1, 2 having sum(s.lines) <> 0 order by 3 desc, 1 limit 50)
    select a.*, (select g.name_zh from dangerous_goods g where g.un_no = a.un_no order by g.name_zh limit 1) as name from a order by a.n desc, a.un_no`);
  const all = await rowsOf(db, sql`select coalesce(sum(s.lines), 0)::int as n, coalesce(sum(s.mass_unknown), 0)::int as u from ${g.table} s where ${where}`);
  const n = int(all[0]?.n);
  const columns = [col('goodsName', '品名'), col('unNo', 'UN编号'), col('goodsClass', '类别/项别'), col('lines', '货物条目数', 'int'), C.tonnes, C.share, col('unknown', '质量未知条目数', 'int')];
  const from = monthOf(f.from), to = monthEnd(f.to);
  const rows: StatRow[] = r.map((x) => ({
    key: `${x.un_no}-${x.goods_class}`, goodsName: String(x.name ?? `UN${x.un_no}`), unNo: String(x.un_no), goodsClass: String(x.goods_class),
    lines: int(x.n), tonnes: tonnes(Number(x.kg)), share: pct(int(x.n), n), unknown: int(x.u),
    drill: drillOf(f, { from, to, unNo: String(x.un_no), label: `UN${x.un_no} ${x.name ?? ''}的运单` }),
  }));
  return { title: menuTitle('statGoodsManager'), subtitle: await subtitleOf(db, f, true), columns, rows,
    notes: [`按货物条目统计（一张运单可有多条货物），列出条目最多的前${rows.length}种品名，共 ${n} 条。`, ...massNote(int(all[0]?.u), '条货物')],
    chart: { type: 'hbar', category: 'goodsName', series: ['lines'] } };
}

async function enterprises(db: Db, f: StatFilters): Promise<StatResult> {
  // without a class or type filter the running totals serve; with one, the day rollups by class and type
  const a = f.goodsClass || f.waybillType
    ? sql`select s.enterprise_id, sum(s.waybills)::int as w, sum(s.mass_kg) as kg, sum(s.mass_unknown)::int as u from (${dayRows(f, { ent: true })}) s group by 1 having sum(s.waybills) <> 0`
    : sql`select s.enterprise_id, sum(s.w)::int as w, sum(s.kg) as kg, sum(s.u)::int as u from (${runningRows(f, 'enterprise', f.from, f.to)}) s group by 1 having sum(s.w) <> 0`;
  const r = await rowsOf(db, sql`with a as (${a})
    select t.*, e.name, e.region_code, (select sum(w) from a)::int as all_w, (select count(*) from a)::int as all_e
    from (select * from a order by w desc, enterprise_id limit 100) t join enterprise e on e.id = t.enterprise_id order by t.w desc, e.name`);
  const n = int(r[0]?.all_w);
  const columns = [col('rank', '排名'), col('enterpriseName', '企业名称'), col('regionName', '所在地区'), C.waybills, C.tonnes, C.share, C.unknown];
  const rows: StatRow[] = r.map((x, i) => ({ key: String(x.enterprise_id), rank: i + 1, enterpriseName: String(x.name), regionName: regionShortName(String(x.region_code ?? '')),
    waybills: int(x.w), tonnes: tonnes(Number(x.kg)), share: pct(int(x.w), n), unknown: int(x.u),
    drill: drillOf(f, { enterpriseId: String(x.enterprise_id), label: `${x.name}的运单` }) }));
  return { title: menuTitle('statEnterpriseManager'), subtitle: await subtitleOf(db, f), columns, rows,
    notes: [`共 ${int(r[0]?.all_e)} 家企业 ${n} 张运单，列出运单最多的前${rows.length}家。`, ...massNote(rows.reduce((s, x) => s + Number(x.unknown), 0))],
    chart: { type: 'hbar', category: 'enterpriseName', series: ['waybills'] } };
}

async function vehicles(db: Db, f: StatFilters): Promise<StatResult> {
  // whole months (the statistic is monthly): the running totals, or with a class filter the class rollups
  // (the calendar years covered from the year rollup, the rest by month)
  const from = monthOf(f.from), to = monthEnd(f.to);
  let a: SQL;
  if (f.goodsClass) {
    const p = rangeParts(from, to);
    const scope = and(scopeConds(f, { enterprise: 's.enterprise_id', region: 's.carrier_region', goodsClass: 's.goods_class' }));
    const cols = sql.raw('s.vehicle_id, s.enterprise_id, s.waybills, s.mass_kg, s.mass_unknown');
    const parts = [
      ...(p.years.length ? [sql`select ${cols} from waybill_vehicle_year s where s.year in (${dateList(p.years)}) and ${scope}`] : []),
      ...(p.months.length || p.days.length ? [sql`select ${cols} from waybill_vehicle_month s where s.month in (${dateList([...p.months, ...p.days.map(([d]) => monthOf(d))])}) and ${scope}`] : []),
    ];
    const src = parts.length ? sql.join(parts, sql` union all `) : sql`select ${cols} from waybill_vehicle_month s where false`;
    a = sql`select s.vehicle_id, s.enterprise_id, sum(s.waybills)::int as w, sum(s.mass_kg) as kg, sum(s.mass_unknown)::int as u from (${src}) s group by 1, 2 having sum(s.waybills) <> 0`;
  } else {
    // the counts of every vehicle rank them; the masses are read for the top rows only (below)
    a = sql`select s.vehicle_id, s.enterprise_id, sum(s.w)::int as w, null::numeric as kg, null::int as u from (${runningRows(f, 'vehicle', from, to, { masses: false })}) s group by 1, 2 having sum(s.w) <> 0`;
  }
  const r = await rowsOf(db, sql`with a as (${a}),
    top as (select * from a order by w desc, vehicle_id limit 100), n as (select count(*)::int as all_v, sum(w)::int as all_w from a)
    select top.*, v.plate_no, e.name, n.all_v, n.all_w
    from top cross join n left join vehicle v on v.id = top.vehicle_id left join enterprise e on e.id = top.enterprise_id order by top.w desc, v.plate_no`);
  if (!f.goodsClass && r.length) {
    const m = await rowsOf(db, sql`select s.vehicle_id, s.enterprise_id, sum(s.kg) as kg, sum(s.u)::int as u
      from (${runningRows(f, 'vehicle', from, to, { only: [...new Set(r.map((x) => String(x.vehicle_id)))] })}) s group by 1, 2`);
    const by = new Map(m.map((x) => [`${x.vehicle_id}|${x.enterprise_id}`, x]));
    for (const x of r) { const y = by.get(`${x.vehicle_id}|${x.enterprise_id}`); x.kg = y?.kg ?? 0; x.u = y?.u ?? 0; }
  }
  const columns = [col('rank', '排名'), col('plateNo', '车牌号码'), col('enterpriseName', '所属企业'), C.waybills, C.tonnes, col('average', '平均每单吨位（吨）', 'tonnes'), C.unknown];
  const rows: StatRow[] = r.map((x, i) => {
    const known = int(x.w) - int(x.u);
    return { key: String(x.vehicle_id), rank: i + 1, plateNo: String(x.plate_no ?? '（已删除车辆）'), enterpriseName: String(x.name ?? ''),
      waybills: int(x.w), tonnes: tonnes(Number(x.kg)), average: known > 0 ? tonnes(Number(x.kg) / known) : null, unknown: int(x.u),
      drill: drillOf(f, { from, to, vehicleId: String(x.vehicle_id), label: `${x.plate_no ?? ''}的运单` }) };
  });
  return { title: menuTitle('statVehicleManager'), subtitle: await subtitleOf(db, f, true), columns, rows,
    notes: [`共 ${int(r[0]?.all_v)} 辆车承运 ${int(r[0]?.all_w)} 张运单，列出运单最多的前${rows.length}辆。`, ...massNote(rows.reduce((s, x) => s + Number(x.unknown), 0))],
    chart: { type: 'hbar', category: 'plateNo', series: ['waybills'] } };
}

async function flows(db: Db, f: StatFilters, provinceCode: string): Promise<StatResult> {
  const t = byEnterprise(f, 'flow');
  const r = await rowsOf(db, sql`select s.origin_city as o, s.dest_city as d, sum(s.waybills)::int as w, sum(s.mass_kg) as kg, sum(s.mass_unknown)::int as u
    from ${t.table} s where ${monthWhere(f, { goodsClass: 's.goods_class', enterprise: t.enterprise })} group by 1, 2 having sum(s.waybills) <> 0 order by 3 desc, 1, 2`);
  const prov = provinceCode.slice(0, 2);
  const name = (c: string) => (c ? regionShortName(c) || c : '未填写');
  const direction = (o: string, d: string) => (!o || !d ? '未填写' : o.startsWith(prov) ? (d.startsWith(prov) ? '省内' : '出省') : d.startsWith(prov) ? '入省' : '省外');
  const from = monthOf(f.from), to = monthEnd(f.to);
  const columns = [col('origin', '起运地'), col('dest', '目的地'), col('direction', '流向'), C.waybills, C.tonnes, C.unknown];
  const rows: StatRow[] = r.map((x) => {
    const o = String(x.o), d = String(x.d);
    return { key: `${o}-${d}`, origin: name(o), dest: name(d), direction: direction(o, d), waybills: int(x.w), tonnes: tonnes(Number(x.kg)), unknown: int(x.u),
      source: `起 ${name(o)}`, target: `止 ${name(d)}`,
      drill: drillOf(f, { from, to, originCity: o, destCity: d, label: `${name(o)} → ${name(d)} 的运单` }) };
  });
  // the matrix: origin rows × the busiest destination columns
  const dests = [...new Set(rows.map((x) => String(x.key).split('-')[1]!))].slice(0, 12);
  const origins = [...new Set(rows.map((x) => String(x.key).split('-')[0]!))];
  const cell = new Map(rows.map((x) => [String(x.key), Number(x.waybills)]));
  const matrixColumns = [col('origin', '起运地 \\ 目的地'), ...dests.map((d) => col(`d${d || 'none'}`, name(d), 'int')), col('all', '合计', 'int')];
  const matrixRows: StatRow[] = origins.map((o) => {
    const row: StatRow = { key: o || 'none', origin: name(o) };
    for (const d of dests) row[`d${d || 'none'}`] = cell.get(`${o}-${d}`) ?? 0;
    row.all = rows.filter((x) => String(x.key).startsWith(`${o}-`)).reduce((s, x) => s + Number(x.waybills), 0);
    return row;
  });
  const dirs = ['省内', '出省', '入省', '省外', '未填写'].map((k) => ({ key: k, direction: k, waybills: rows.filter((x) => x.direction === k).reduce((s, x) => s + Number(x.waybills), 0),
    tonnes: Math.round(rows.filter((x) => x.direction === k).reduce((s, x) => s + Number(x.tonnes), 0) * 100) / 100 })).filter((x) => x.waybills > 0);
  const dirColumns = [col('direction', '流向'), C.waybills, C.tonnes];
  const totals = totalsOf(columns, rows);
  return { title: menuTitle('statFlowManager'), subtitle: await subtitleOf(db, f, true), columns, rows, totals, notes: massNote(Number(totals.unknown)),
    chart: { type: 'sankey', category: 'origin', series: ['waybills'], link: { source: 'source', target: 'target', value: 'waybills' } },
    extra: [
      { title: '省内、出省、入省', columns: dirColumns, rows: dirs, totals: totalsOf(dirColumns, dirs) },
      { title: '流向矩阵（运单数）', columns: matrixColumns, rows: matrixRows },
    ] };
}

const EMPTY = EMPTY_TYPE;
async function empty(db: Db, f: StatFilters): Promise<StatResult> {
  const r = await rowsOf(db, sql`select ${periodExpr(f)} as p, coalesce(sum(s.waybills) filter (where s.waybill_type = ${EMPTY}), 0)::int as e, sum(s.waybills)::int as w
    from (${dayRows(f, { typed: false, grain: f.granularity })}) s group by 1`);
  const by = new Map(r.map((x) => [String(x.p), x]));
  const columns = [col('period', f.granularity === 'month' ? '月份' : '日期'), col('empty', '空车(未清洗)运单', 'int'), col('loaded', '其他运单', 'int'), col('all', '运单合计', 'int'), col('share', '空车占比', 'percent')];
  const rows: StatRow[] = periods(f).map((p) => {
    const x = by.get(p.key);
    const e = int(x?.e), w = int(x?.w);
    return { key: p.key, period: p.key, empty: e, loaded: w - e, all: w, share: pct(e, w), drill: drillOf(f, { from: p.from, to: p.to, waybillType: EMPTY, label: `${p.key} 的空车运单` }) };
  });
  const totals = totalsOf(columns, rows);
  totals.share = pct(Number(totals.empty), Number(totals.all));
  const extra: StatTable[] = [];
  if (!f.enterpriseId) {
    const a = f.goodsClass
      ? sql`select s.enterprise_id, coalesce(sum(s.waybills) filter (where s.waybill_type = ${EMPTY}), 0)::int as e, sum(s.waybills)::int as w
        from (${dayRows(f, { ent: true, typed: false })}) s group by 1`
      : sql`select s.enterprise_id, sum(s.e)::int as e, sum(s.w)::int as w from (${runningRows(f, 'enterprise', f.from, f.to)}) s group by 1`;
    const e = await rowsOf(db, sql`with a as (select * from (${a}) a where a.e <> 0 order by a.e desc, a.enterprise_id limit 20)
      select a.*, x.name from a join enterprise x on x.id = a.enterprise_id order by a.e desc, x.name`);
    extra.push({ title: '空车运单最多的企业', columns: [col('enterpriseName', '企业名称'), col('empty', '空车(未清洗)运单', 'int'), col('all', '运单合计', 'int'), col('share', '空车占比', 'percent')],
      rows: e.map((x) => ({ key: String(x.enterprise_id), enterpriseName: String(x.name), empty: int(x.e), all: int(x.w), share: pct(int(x.e), int(x.w)),
        drill: drillOf(f, { enterpriseId: String(x.enterprise_id), waybillType: EMPTY, label: `${x.name}的空车运单` }) })) });
  }
  return { title: menuTitle('statEmptyManager'), subtitle: await subtitleOf(db, f), columns, rows, totals, extra,
    notes: ['空车(未清洗)：卸货后未清洗的罐式车辆返程，仍按危险货物管理，须填报运单。'],
    chart: { type: 'stack', category: 'period', series: ['empty', 'loaded'] } };
}

/** 异常运单 by rule, enterprise and month, from the findings themselves (they are few beside the waybills) */
export function abnormalWhere(f: StatFilters, rule?: string): SQL {
  const end = new Date(cnStart(f.to).getTime() + 86400_000);
  return and([sql`a.found_at >= ${cnStart(f.from)} and a.found_at < ${end}`, ...scopeConds(f, { enterprise: 'a.enterprise_id', region: 'a.carrier_region' }),
    ...(rule ? [sql`a.rule = ${rule}`] : [])]);
}
async function abnormal(db: Db, f: StatFilters): Promise<StatResult> {
  const where = abnormalWhere(f);
  const [byRule, byEnt, byMonth] = await allOn(db, [
    () => rowsOf(db, sql`select a.rule, count(*)::int as n, count(*) filter (where a.status = '已办结')::int as closed from abnormal_waybill a where ${where} group by 1`),
    () => rowsOf(db, sql`with x as (select a.enterprise_id, count(*)::int as n, count(*) filter (where a.status <> '已办结')::int as open from abnormal_waybill a where ${where} and a.enterprise_id is not null
        group by 1 order by 2 desc limit 20) select x.*, e.name from x join enterprise e on e.id = x.enterprise_id order by x.n desc, e.name`),
    () => rowsOf(db, sql`select to_char(a.found_at at time zone 'Asia/Shanghai', 'YYYY-MM') as m, count(*)::int as n from abnormal_waybill a where ${where} group by 1 order by 1`),
  ]);
  const by = new Map(byRule.map((x) => [String(x.rule), x]));
  const rules = [...ABNORMAL_RULES, ...byRule.map((x) => String(x.rule)).filter((x) => !(ABNORMAL_RULES as readonly string[]).includes(x))];
  const columns = [col('rule', '异常类型'), col('count', '异常数', 'int'), col('open', '未办结', 'int'), col('closed', '已办结', 'int')];
  const rows: StatRow[] = rules.map((rule) => {
    const x = by.get(rule);
    return { key: rule, rule, count: int(x?.n), open: int(x?.n) - int(x?.closed), closed: int(x?.closed), drill: drillOf(f, { rule, label: `${rule}的异常运单` }) };
  });
  const months = periods({ ...f, granularity: 'month' }).map((p) => p.key);
  const mBy = new Map(byMonth.map((x) => [String(x.m), int(x.n)]));
  return { title: menuTitle('statAbnormalManager'), subtitle: await subtitleOf(db, f), columns, rows, totals: totalsOf(columns, rows),
    chart: { type: 'bar', category: 'rule', series: ['open', 'closed'] },
    extra: [
      { title: '按企业（异常最多的前20家）', columns: [col('enterpriseName', '企业名称'), col('count', '异常数', 'int'), col('open', '未办结', 'int')],
        rows: byEnt.map((x) => ({ key: String(x.enterprise_id), enterpriseName: String(x.name), count: int(x.n), open: int(x.open),
          drill: drillOf(f, { enterpriseId: String(x.enterprise_id), rule: '', label: `${x.name}的异常运单` }) })) },
      { title: '按月趋势', columns: [col('month', '月份'), col('count', '异常数', 'int')],
        rows: months.map((m) => ({ key: m, month: m, count: mBy.get(m) ?? 0 })) },
    ] };
}

// ───────── industry (行业统计): the records, by area ─────────

/** the area a row falls in: cities under a province, districts under a city */
function areaOf(f: StatFilters, column: string) {
  const region = f.regionCode ?? (f.user.side === 'government' ? f.user.regionCode : null) ?? '';
  const c = sql.raw(column);
  return /^\d{2}0000$/.test(region) || !region ? sql`left(${c}, 4) || '00'` : c;
}
const areaScope = (f: StatFilters, column: string) => and(scopeConds({ ...f, goodsClass: undefined, waybillType: undefined }, { enterprise: 'e.id', region: column }));

interface Breakdown { key: string; title: string }
async function byArea(db: Db, f: StatFilters, o: { title: string; what: string; from: SQL; where: SQL; kinds: Breakdown[]; kindCol: SQL; multi?: boolean }): Promise<StatResult> {
  const area = areaOf(f, 'e.region_code');
  const has = (k: string) => (o.multi ? sql`${k} = any(${o.kindCol})` : sql`${o.kindCol} = ${k}`);
  const r = await rowsOf(db, sql`select ${area} as area, count(*)::int as n, ${sql.join(o.kinds.map((k, i) => sql`count(*) filter (where ${has(k.key)})::int as ${sql.raw(`k${i}`)}`), sql`, `)}
    from ${o.from} where ${o.where} and ${areaScope(f, 'e.region_code')} group by 1 order by 1`);
  const columns = [col('area', '地区'), col('total', `${o.what}合计`, 'int'), ...o.kinds.map((k, i) => col(`k${i}`, k.title, 'int'))];
  const rows: StatRow[] = r.map((x) => ({ key: String(x.area), area: regionShortName(String(x.area)) || String(x.area), total: int(x.n), ...Object.fromEntries(o.kinds.map((_, i) => [`k${i}`, int(x[`k${i}`])])) }));
  return { title: o.title, subtitle: await subtitleOf(db, f, 'snapshot'), columns, rows, totals: totalsOf(columns, rows),
    notes: o.multi ? ['一家企业可有多项经营范围，各项之和可大于企业合计。'] : [],
    chart: { type: 'stack', category: 'area', series: o.kinds.map((_, i) => `k${i}`) } };
}

const dictKinds = async (db: Db, type: string): Promise<Breakdown[]> =>
  (await db.execute<{ value: string; name: string }>(sql`select value, name from base_dict where type = ${type} and pid is not null and enabled order by order_num, value`)).rows
    .map((x) => ({ key: x.value, title: x.name }));

const LIVE_ENTERPRISE = sql`e.status <> '注销' and e.audit_status not in ('待审核', '已驳回')`;

async function industryEnterprise(db: Db, f: StatFilters) {
  return byArea(db, f, { title: menuTitle('industryEnterpriseManager'), what: '企业', from: sql`enterprise e`, where: LIVE_ENTERPRISE, kinds: await dictKinds(db, 'businessScope'), kindCol: sql`e.business_scope`, multi: true });
}
async function industryVehicle(db: Db, f: StatFilters) {
  return byArea(db, f, { title: menuTitle('industryVehicleManager'), what: '车辆', from: sql`vehicle v join enterprise e on e.id = v.enterprise_id`, where: sql`v.status <> '报废' and ${LIVE_ENTERPRISE}`,
    kinds: await dictKinds(db, 'vehicleType'), kindCol: sql`v.vehicle_type` });
}
async function industryStaff(db: Db, f: StatFilters) {
  return byArea(db, f, { title: menuTitle('industryStaffManager'), what: '从业人员', from: sql`staff p join enterprise e on e.id = p.enterprise_id`, where: sql`p.status = '在职' and ${LIVE_ENTERPRISE}`,
    kinds: POSTS.map((p) => ({ key: p, title: p })), kindCol: sql`p.post` });
}

/** 证件有效率: per document kind the share of valid, due (within its warning window) and expired, by area and by enterprise */
async function industryValidity(db: Db, f: StatFilters): Promise<StatResult> {
  const today = chinaToday();
  const windows = await loadWindows(db);
  const area = areaOf(f, 'e.region_code');
  const parts: SQL[] = [];
  for (const kind of ENTERPRISE_WARNINGS) {
    for (const src of kind.sources) {
      const { expiry, conds } = sourceExpiry(src);
      const due = addDays(today, windowOf(windows, kind.windowKey));
      parts.push(sql`select ${kind.title}::text as kind, ${area} as area, e.id as enterprise_id,
          case when ${expiry} < ${today}::date then 2 when ${expiry} <= ${due}::date then 1 else 0 end as st
        from ${sql.identifier(src.table)} r join enterprise e on e.id = r.${sql.identifier(src.enterpriseColumn)}
        where ${expiry} is not null and ${and(conds)} and ${areaScope(f, 'e.region_code')}`);
    }
  }
  const base = sql.join(parts, sql` union all `);
  const agg = sql`count(*)::int as n, count(*) filter (where st = 0)::int as valid, count(*) filter (where st = 1)::int as due, count(*) filter (where st = 2)::int as expired`;
  const [byKind, byAreaRows, byEnt] = await allOn(db, [
    () => rowsOf(db, sql`select kind, ${agg} from (${base}) x group by 1`),
    () => rowsOf(db, sql`select area, ${agg} from (${base}) x group by 1 order by 1`),
    () => rowsOf(db, sql`with x as (select enterprise_id, ${agg} from (${base}) b group by 1 having count(*) filter (where st = 2) > 0 order by 5 desc, 1 limit 20)
      select x.*, e.name from x join enterprise e on e.id = x.enterprise_id order by x.expired desc, e.name`),
  ]);
  const columns = [col('name', '证件'), col('total', '证件数', 'int'), col('valid', '有效', 'int'), col('due', '即将到期', 'int'), col('expired', '已过期', 'int'), col('rate', '有效率', 'percent')];
  const line = (key: string, name: string, x: Record<string, unknown> | undefined): StatRow =>
    ({ key, name, total: int(x?.n), valid: int(x?.valid), due: int(x?.due), expired: int(x?.expired), rate: pct(int(x?.valid), int(x?.n)) });
  const kinds = new Map(byKind.map((x) => [String(x.kind), x]));
  const rows = ENTERPRISE_WARNINGS.map((k) => line(k.key, k.title, kinds.get(k.title)));
  const totals = totalsOf(columns, rows);
  totals.rate = pct(Number(totals.valid), Number(totals.total));
  return { title: menuTitle('industryValidityManager'), subtitle: await subtitleOf(db, f, 'snapshot'), columns, rows, totals,
    notes: ['即将到期：在参数设置的预警天数内到期；有效率 = 有效证件 ÷ 证件数（即将到期的不计为有效）。'],
    chart: { type: 'stack', category: 'name', series: ['valid', 'due', 'expired'] },
    extra: [
      { title: '按地区', columns: [col('name', '地区'), ...columns.slice(1)], rows: byAreaRows.map((x) => line(String(x.area), regionShortName(String(x.area)) || String(x.area), x)) },
      { title: '已过期证件最多的企业（前20家）', columns: [col('name', '企业名称'), ...columns.slice(1)], rows: byEnt.map((x) => line(String(x.enterprise_id), String(x.name), x)) },
    ] };
}

// ───────── the table of statistics ─────────

export interface StatContext { provinceCode: string }
export const COMPUTE: Record<string, (db: Db, f: StatFilters, c: StatContext) => Promise<StatResult>> = {
  total, class: byClass, goods, enterprise: enterprises, vehicle: vehicles, flow: (db, f, c) => flows(db, f, c.provinceCode), empty, abnormal,
  industryEnterprise, industryVehicle, industryStaff, industryValidity,
};

/** the industry statistics read the records themselves: cached a few minutes per scope, the time shown on the page */
export const INDUSTRY_TTL_MS = 5 * 60_000;
const cache = new Map<string, { at: number; value: StatResult }>();
/** what a statistic answers: its key, its filters and the asker's scope (side, region, enterprise) — equal keys, equal answers */
export const statKey = (key: string, f: StatFilters) => JSON.stringify([key, { ...f, user: [f.user.side, f.user.regionCode, f.user.enterpriseId] }]);

export async function cachedIndustry(key: string, f: StatFilters, run: () => Promise<StatResult>): Promise<StatResult> {
  const k = statKey(key, f);
  const hit = cache.get(k);
  if (hit && Date.now() - hit.at < INDUSTRY_TTL_MS) return hit.value;
  const value = { ...(await run()), refreshedAt: new Date().toISOString() };
  if (cache.size > 500) cache.clear();
  cache.set(k, { at: Date.now(), value });
  return value;
}
export const clearIndustryCache = () => cache.clear();
