/**
 * 信息看板 (zydXxkbManager, 政): 动态监控 — the waybills in transit now, by area and goods class, the
 * overdue ones first — and 静态监控 — expired and due documents by area, then by enterprise, then the documents.
 * Areas are the cities for a province (or the platform), the counties for a city.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ENTERPRISE_WARNINGS, chinaToday } from '@dg/core/warnings';
import { GOODS_CLASSES } from '@dg/core/waybill';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { regionName } from '../../platform/regions.ts';
import { regionRange, waybillScope } from '../waybill/common.ts';
import { listWarnings, loadWindows, readFilters, warningsByEnterprise, warningsByRegion } from '../warnings/query.ts';
import { COUNT_CAP, pagedQuery, type Paging } from '../../platform/paged.ts';

/** how many leading digits of a region code name the areas a user's board is split into */
export const areaDigits = (user: SessionUser) => (user.side === 'platform' || !user.regionCode || user.regionCode.endsWith('0000') ? 4 : 6);
const areaCode = (prefix: string | null) => (prefix ? prefix.padEnd(6, '0') : '');
const areaName = (prefix: string | null) => (prefix ? regionName(areaCode(prefix)).split('/').pop() || areaCode(prefix) : '未知地区');

async function overdueFactor(db: Db): Promise<number> {
  const f = (await db.execute<{ value: unknown }>(sql`select value from param_setting where key = 'inTransitOverdueFactor'`)).rows[0]?.value;
  return Number(f) > 0 ? Number(f) : 2;
}

/** 在途超时: flagged by the sweep, or past factor × the line's expected hours since loading (the sweep runs every 10 minutes) */
const overdueSql = (factor: number) => sql`(w.overdue_at is not null or (w.expected_hours > 0 and w.loaded_at < now() - make_interval(secs => w.expected_hours::float8 * ${factor} * 3600)))`;

/** the in-transit waybills of the user's jurisdiction: the partial index on loaded_at where state = '运输中' */
const inTransit = (user: SessionUser) => sql`w.state = '运输中' and w.loaded_at is not null and w.deleted_at is null and ${waybillScope(user, sql`w.enterprise_id`, sql`w.carrier_region`)}`;

export async function dynamicSummary(db: Db, user: SessionUser) {
  const digits = areaDigits(user);
  const factor = await overdueFactor(db);
  const r = await db.execute<{ area: string | null; cls: string | null; n: number; overdue: number }>(sql`
    select left(w.carrier_region, ${digits}) as area, c.cls, count(*)::int as n, count(*) filter (where ${overdueSql(factor)})::int as overdue
    from waybill w left join lateral unnest(case when cardinality(w.goods_classes) = 0 then array['-'] else w.goods_classes end) as c(cls) on true
    where ${inTransit(user)} group by rollup (1, 2)`);
  // rollup: (area, cls) rows, (area, null) per-area rows counting each waybill once, (null, null) the total
  const total = r.rows.find((x) => x.area === null && x.cls === null);
  const areas = r.rows.filter((x) => x.area !== null && x.cls === null).sort((a, b) => b.n - a.n);
  const classes = [...GOODS_CLASSES.map((c) => c.value), '-'].filter((c) => r.rows.some((x) => x.cls === c));
  return {
    total: total?.n ?? 0,
    overdue: total?.overdue ?? 0,
    factor,
    classes,
    areas: areas.map((a) => ({
      code: areaCode(a.area), name: areaName(a.area), total: a.n, overdue: a.overdue,
      byClass: Object.fromEntries(r.rows.filter((x) => x.area === a.area && x.cls !== null).map((x) => [x.cls, x.n])),
    })),
    asOf: new Date().toISOString(),
  };
}

export interface DynamicFilters { area?: string; goodsClass?: string; overdue?: boolean; keyword?: string }

export function readDynamicFilters(raw: Record<string, unknown> | undefined): DynamicFilters {
  const f: DynamicFilters = {};
  if (typeof raw?.area === 'string' && /^\d{6}$/.test(raw.area)) f.area = raw.area;
  if (typeof raw?.goodsClass === 'string' && /^[1-9-]$/.test(raw.goodsClass)) f.goodsClass = raw.goodsClass;
  if (raw?.overdue === true) f.overdue = true;
  if (typeof raw?.keyword === 'string' && raw.keyword.trim()) f.keyword = raw.keyword.trim().slice(0, 30);
  return f;
}

/** one page of the in-transit waybills, overdue first, then the longest on the road */
export async function dynamicList(db: Db, user: SessionUser, f: DynamicFilters, paging: Paging) {
  const factor = await overdueFactor(db);
  const conds: SQL[] = [inTransit(user)];
  if (f.area) conds.push(regionRange(sql`w.carrier_region`, f.area));
  if (f.goodsClass) conds.push(f.goodsClass === '-' ? sql`cardinality(w.goods_classes) = 0` : sql`w.goods_classes @> array[${f.goodsClass}]::text[]`);
  if (f.overdue) conds.push(overdueSql(factor));
  if (f.keyword) {
    const like = f.keyword.toUpperCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%';
    conds.push(sql`(w.plate_no like ${like} or w.waybill_no like ${like})`);
  }
  return pagedQuery(db, paging, {
    select: sql`w.id, w.waybill_no, w.plate_no, w.enterprise_id, e.name as enterprise_name, w.carrier_region, w.goods_classes,
        w.goods_summary, w.origin_region, w.dest_region, w.driver_name, w.driver_phone, w.loaded_at, w.expected_hours::float8 as expected_hours,
        round((extract(epoch from now() - w.loaded_at) / 3600)::numeric, 1)::float8 as hours, ${overdueSql(factor)} as overdue`,
    from: sql`waybill w left join enterprise e on e.id = w.enterprise_id`,
    where: sql.join(conds, sql` and `),
    order: sql`${overdueSql(factor)} desc, w.loaded_at, w.id`,
    count: { cap: COUNT_CAP },
    row: (w: Record<string, any>) => ({
      id: w.id, waybillNo: w.waybill_no, plateNo: w.plate_no, enterpriseId: w.enterprise_id, enterpriseName: w.enterprise_name,
      area: areaName(String(w.carrier_region).slice(0, areaDigits(user))), goodsClasses: w.goods_classes, goodsSummary: w.goods_summary,
      origin: regionName(w.origin_region), dest: regionName(w.dest_region), driverName: w.driver_name, driverPhone: w.driver_phone,
      loadedAt: w.loaded_at, expectedHours: w.expected_hours, hours: w.hours, overdue: w.overdue,
    }),
  });
}

/** 静态监控: every document list of the enterprises (the seven of 到期预警), due and expired, per area */
export async function staticSummary(db: Db, user: SessionUser) {
  const digits = areaDigits(user);
  const q = { kinds: ENTERPRISE_WARNINGS, user, windows: await loadWindows(db), filters: {} };
  const rows = await warningsByRegion(db, q, digits);
  const areas = new Map<string | null, { due: number; overdue: number; byKind: Record<string, { due: number; overdue: number }> }>();
  for (const r of rows) {
    const a = areas.get(r.region) ?? { due: 0, overdue: 0, byKind: {} };
    a.due += r.due; a.overdue += r.overdue;
    a.byKind[r.kind] = { due: r.due, overdue: r.overdue };
    areas.set(r.region, a);
  }
  const list = [...areas.entries()].map(([prefix, a]) => ({ code: areaCode(prefix), name: areaName(prefix), ...a })).sort((x, y) => y.overdue - x.overdue || y.due - x.due);
  return {
    kinds: ENTERPRISE_WARNINGS.map((k) => ({ key: k.key, title: k.title })),
    areas: list,
    due: list.reduce((n, a) => n + a.due, 0),
    overdue: list.reduce((n, a) => n + a.overdue, 0),
    today: chinaToday(),
  };
}

const staticQuery = async (db: Db, user: SessionUser, filters: Record<string, unknown> | undefined) =>
  ({ kinds: ENTERPRISE_WARNINGS, user, windows: await loadWindows(db), filters: readFilters(filters) });

export async function staticEnterprises(db: Db, user: SessionUser, filters: Record<string, unknown> | undefined, paging: Paging) {
  return warningsByEnterprise(db, await staticQuery(db, user, filters), paging, 'overdue');
}

export async function staticDocuments(db: Db, user: SessionUser, filters: Record<string, unknown> | undefined, paging: Paging) {
  return listWarnings(db, await staticQuery(db, user, filters), paging);
}
