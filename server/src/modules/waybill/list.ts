/** Waybill lists (enterprise queues, 运单管理, government 运单监控): indexed filters, newest first, a capped count. */
import { sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../platform/schemas.ts';
import { PassThrough, type Readable } from 'node:stream';
import { EXCEL_SHEET, isPlate } from '@dg/core';
import { mainClass, WAYBILL_LIST_FIELDS } from '@dg/core/waybill';
import { execPrepared, type Db, type Plan, textArray, uuidArray } from '../../db/index.ts';
import { waybill } from '../../db/waybill-schema.ts';
import { regionPrefix, type SessionUser } from '../../platform/access.ts';
import { COUNT_CAP, pagedQuery, pagingOf } from '../../platform/paged.ts';
import { XlsxStreamWriter, type XlsxCell } from '../../platform/crud/xlsx-write.ts';
import { badInput } from '../../platform/errors.ts';
import { regionName } from '../../platform/regions.ts';
import { waybillScope, regionRange, cnStart, camel, type WaybillRow } from './common.ts';
import { listRowOut } from './present.ts';

export interface WaybillFilters {
  waybillNo?: string; state?: string; createdAt?: [string?, string?]; startDate?: [string?, string?]; goodsClass?: string;
  plateNo?: string; driverName?: string; shipperName?: string; enterpriseId?: string; originRegion?: string; destRegion?: string;
}
export interface ListParams { page?: number; size?: number; filters?: WaybillFilters }

const like = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (d: string) => {
  if (!DAY_RE.test(d)) return false;
  const t = new Date(d + 'T00:00:00Z');
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
};
const nextDay = (d: string) => new Date(cnStart(d).getTime() + 86400_000);

/**
 * A list's scope: as every waybill read's (waybillScope), except a city's, which is said as the key of the city index
 * (waybill migration 0014: left(carrier_region, 4), newest first) — the same rows as the range of its districts'
 * codes, which the planner can only read in time order by walking the whole province's newest entries.
 */
function listScope(user: SessionUser): SQL {
  const prefix = user.side === 'government' && user.regionCode ? regionPrefix(user.regionCode) : '';
  return prefix.length === 4 ? sql`left(w.carrier_region, 4) = ${prefix}` : waybillScope(user, sql`w.enterprise_id`, sql`w.carrier_region`);
}

export function waybillWhere(user: SessionUser, f: WaybillFilters = {}, fixedState?: string): SQL {
  const c: SQL[] = [listScope(user), sql`w.deleted_at is null`];
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
  if (fixedState) c.push(sql`w.state = ${fixedState}`);
  else if (str(f.state)) c.push(sql`w.state = ${str(f.state)}`);
  if (str(f.waybillNo)) c.push(sql`w.waybill_no = ${str(f.waybillNo)}`);
  const range = (v: unknown, label: string): [string | null, string | null] | null => {
    if (v === undefined || v === null || v === '') return null;
    if (!Array.isArray(v)) throw badInput(`${label}：请选择起止范围`);
    const [a, b] = v.map((x) => (x ? String(x).slice(0, 10) : null));
    for (const x of [a, b]) if (x && !isDay(x)) throw badInput(`${label}：日期格式不正确，应为YYYY-MM-DD`);
    return [a ?? null, b ?? null];
  };
  const created = range(f.createdAt, '填报日期');
  if (created?.[0]) c.push(sql`w.created_at >= ${cnStart(created[0])}`);
  if (created?.[1]) c.push(sql`w.created_at < ${nextDay(created[1])}`);
  const start = range(f.startDate, '起运日期');
  if (start?.[0]) c.push(sql`w.start_date >= ${start[0]}`);
  if (start?.[1]) c.push(sql`w.start_date <= ${start[1]}`);
  if (str(f.goodsClass)) c.push(sql`w.goods_classes @> ${textArray([mainClass(str(f.goodsClass))])}`);
  if (str(f.plateNo)) {
    // a whole plate is an equality (the usual roadside question); a part of one, a prefix
    const plate = str(f.plateNo).toUpperCase();
    c.push(isPlate(plate) ? sql`w.plate_no = ${plate}` : sql`w.plate_no like ${like(plate) + '%'}`);
  }
  if (str(f.driverName)) c.push(sql`w.driver_name like ${like(str(f.driverName)) + '%'}`);
  if (str(f.shipperName)) c.push(sql`w.shipper_name ilike ${'%' + like(str(f.shipperName)) + '%'}`);
  if (f.enterpriseId) {
    if (!isUuid(f.enterpriseId)) throw badInput('企业：请选择有效的企业');
    c.push(sql`w.enterprise_id = ${f.enterpriseId}`);
  }
  for (const [k, col] of [['originRegion', sql`w.origin_region`], ['destRegion', sql`w.dest_region`]] as const) {
    const v = str(f[k]);
    if (!v) continue;
    if (!/^\d{6}$/.test(v)) throw badInput(`${k === 'originRegion' ? '起运地' : '目的地'}：请选择正确的行政区划`);
    c.push(regionRange(col, v));
  }
  return sql.join(c, sql` and `);
}

/** a filtered list's count stops here, as every list's does: never an exact count over millions of rows per page view */
export const LIST_COUNT_CAP = COUNT_CAP;
/**
 * A government's (or the platform's) list filtered by more than state, enterprise, number or a whole plate counts to
 * here: its count walks the newest waybills of the whole area until it has met the cap, and the newest are the ones
 * still being written (their pages are not yet all-visible, so each match costs a heap read). 1,000 newest matches are
 * 50 pages; the pager shows 1,000+ and the user narrows the filters.
 */
export const AREA_COUNT_CAP = 1_000;

/**
 * Filters whose values change how many rows match by orders of magnitude (a goods class, a region, a date range, a
 * part of a plate or a name): over a province's waybills a plan made for one value is ruinous for another — a
 * generic plan of the prepared statement read all 5 million class-8 waybills to sort them (87 s).
 */
const VALUE_SENSITIVE = ['goodsClass', 'originRegion', 'destRegion', 'createdAt', 'startDate', 'shipperName', 'driverName'] as const;
const valueSensitive = (f: WaybillFilters) =>
  VALUE_SENSITIVE.some((k) => present(f[k])) || (typeof f.plateNo === 'string' && f.plateNo.trim() !== '' && !isPlate(f.plateNo.trim().toUpperCase()));

/**
 * How a list's statements are planned (db/index.ts execPrepared):
 * - an enterprise's queues and lists by state, number or whole plate: 'generic', one plan for every enterprise
 *   (planning them cost 2.1 ms a call for 0.3 ms of work);
 * - an enterprise's list by a value-sensitive filter, and every area's list without one: PostgreSQL's choice — a
 *   generic plan cannot tell a district from the province, nor a rare state from a common one (the province's 运输中
 *   list took 8.7 s on one);
 * - an area's list by a value-sensitive filter: 'per call', planned for its values each time (a few ms of planning),
 *   and counted only to AREA_COUNT_CAP.
 */
export function listPlan(user: SessionUser, f: WaybillFilters): Plan {
  if (!valueSensitive(f)) return user.side === 'enterprise' ? 'generic' : 'chosen';
  return user.side === 'enterprise' ? 'chosen' : 'per call';
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));

/** a plate (whole, or 5+ characters of one) matches few rows: they are read by the plate index, not the time index */
const sparsePlate = (f: WaybillFilters) => typeof f.plateNo === 'string' && f.plateNo.trim().length >= 5;

/** a list row's columns (WAYBILL_LIST_FIELDS), not the whole waybill */
export const LIST_COLUMNS = sql.raw(WAYBILL_LIST_FIELDS.map((k) => `w.${waybill[k].name}`).join(', '));

/**
 * The SQL of one page, newest first. A sparse plate's matches are read by the plate index and sorted, instead of
 * walking the time index hoping to meet 20 (OFFSET 0 keeps the planner from merging the two) — and only their keys:
 * the plate index's entries carry the id, the carrier's region and the deletion mark, so the page is chosen from the
 * index alone, and `rowsByKeys` reads the page's rows (a province's plate prefix matches ~2,000 waybills a year).
 */
export function waybillPageSql(where: SQL, f: WaybillFilters, size: number, offset: number): SQL {
  return sparsePlate(f)
    ? sql`select k.id, k.created_at from (select w.id, w.created_at from waybill w where ${where} offset 0) k
        order by k.created_at desc, k.id desc limit ${size} offset ${offset}`
    : sql`select ${LIST_COLUMNS} from waybill w where ${where} order by w.created_at desc, w.id desc limit ${size} offset ${offset}`;
}

/**
 * A page's rows by their keys, in the keys' order. A second statement rather than a join: the created_at values prune
 * the partitions when it is planned (a join with the key query cost 13 ms of planning over the partitions for 2 of work).
 */
async function rowsByKeys(db: Db, keys: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  if (!keys.length) return [];
  const at = keys.map((k) => new Date(k.created_at as string | Date).toISOString());
  const r = await db.execute<Record<string, unknown>>(sql`select ${LIST_COLUMNS} from waybill w
    where w.created_at = any(${sql.param(at)}::timestamptz[]) and w.id = any(${uuidArray(keys.map((k) => String(k.id)))})`);
  const byId = new Map<string, Record<string, unknown>>(r.rows.map((x) => [String(x.id), x]));
  return keys.map((k) => byId.get(String(k.id))).filter((x): x is Record<string, unknown> => !!x);
}


/**
 * A government's (or the platform's) rows of waybill_region_state_count: its area's waybills by the carrier district
 * they were written in, as the lists scope them (a few hundred rows for a province)
 */
export function regionStateArea(user: SessionUser): SQL {
  return user.side === 'platform' ? sql`true` : user.side === 'government' && user.regionCode ? regionRange(sql`s.carrier_region`, user.regionCode) : sql`false`;
}

/**
 * The SQL of a list's total (one row, `n`): exact from the state rollup (waybill_state_count) when only state and
 * enterprise narrow it — the queues, 运单管理 and the monitor's first view — otherwise an indexed count that stops
 * at LIST_COUNT_CAP + 1.
 */
export function waybillCountSql(user: SessionUser, f: WaybillFilters, where: SQL, fixedState?: string): { sql: SQL; capped: boolean; cap: number } {
  const used = Object.entries(f).filter(([, v]) => present(v)).map(([k]) => k);
  if (used.every((k) => k === 'state' || k === 'enterpriseId')) {
    const state = fixedState ?? (present(f.state) ? String(f.state) : null);
    const byState = state ? sql`and s.state = ${state}` : sql``;
    if (user.side !== 'enterprise' && !present(f.enterpriseId)) {
      return { capped: false, cap: 0, sql: sql`select coalesce(sum(s.n), 0)::int as n from waybill_region_state_count s where ${regionStateArea(user)} ${byState}` };
    }
    const scope = user.side === 'platform' ? sql`true` : user.side === 'enterprise' ? sql`s.enterprise_id = ${user.enterpriseId}`
      : user.regionCode ? sql`s.enterprise_id in (select e.id from enterprise e where ${regionRange(sql`e.region_code`, user.regionCode)})` : sql`false`;
    return { capped: false, cap: 0, sql: sql`select coalesce(sum(s.n), 0)::int as n from waybill_state_count s where ${scope}
      ${byState} ${present(f.enterpriseId) ? sql`and s.enterprise_id = ${String(f.enterpriseId)}` : sql``}` };
  }
  // newest first, like the page: the planner walks the created_at indexes (waybill_monitor_idx holds every column an
  // area's filters test, so it reads the index alone where pages are all-visible) and stops at the cap
  const cap = listPlan(user, f) === 'per call' ? AREA_COUNT_CAP : LIST_COUNT_CAP;
  return { capped: true, cap, sql: sql`select count(*)::int as n from (select 1 from waybill w where ${where} ${sparsePlate(f) ? sql`` : sql`order by w.created_at desc`} limit ${cap + 1}) s` };
}

export async function listWaybills(db: Db, user: SessionUser, p: ListParams, fixedState?: string) {
  const paging = pagingOf(p, COUNT_CAP);
  const f = p.filters ?? {};
  const where = waybillWhere(user, f, fixedState);
  const count = waybillCountSql(user, f, where, fixedState);
  const plan = listPlan(user, f);
  return pagedQuery(db, paging, {
    from: sql`waybill w`, where, order: sql`w.created_at desc, w.id desc`,
    ...(sparsePlate(f)
      ? { readPage: async (size: number, offset: number) => (await rowsByKeys(db, (await execPrepared(db, waybillPageSql(where, f, size, offset), plan)).rows)).map((r) => listRowOut(toRow(r))) }
      : { pageSql: (size: number, offset: number) => waybillPageSql(where, f, size, offset) }),
    count: count.capped ? { sql: count.sql, cap: count.cap } : { sql: count.sql },
    plan,
    row: (r) => listRowOut(toRow(r)),
  });
}

/** a raw SQL row of `waybill` as the drizzle row type */
export function toRow(r: Record<string, unknown>): WaybillRow {
  const o = camel<WaybillRow>(r);
  return o;
}

const EXPORT_COLUMNS: [string, string, (w: WaybillRow) => unknown][] = [
  ['运单编号', 'waybillNo', (w) => w.waybillNo ?? ''], ['状态', 'state', (w) => w.state], ['运单类型', 'waybillType', (w) => w.waybillType],
  ['承运人', 'carrierName', (w) => w.carrierName ?? ''], ['托运人', 'shipperName', (w) => w.shipperName ?? ''], ['收货人', 'consigneeName', (w) => w.consigneeName ?? ''],
  ['装货人', 'loaderName', (w) => w.loaderName ?? ''], ['起运日期', 'startDate', (w) => w.startDate],
  ['起运地', 'origin', (w) => `${regionName(w.originRegion)} ${w.originAddress ?? ''}`.trim()], ['目的地', 'dest', (w) => `${regionName(w.destRegion)} ${w.destAddress ?? ''}`.trim()],
  ['车牌号码', 'plateNo', (w) => w.plateNo ?? ''], ['挂车', 'trailerPlateNo', (w) => w.trailerPlateNo ?? ''], ['罐体编号', 'tankNo', (w) => w.tankNo ?? ''],
  ['驾驶员', 'driverName', (w) => w.driverName ?? ''], ['押运员', 'escortName', (w) => w.escortName ?? ''], ['货物', 'goodsSummary', (w) => w.goodsSummary ?? ''],
  ['货物总质量（千克）', 'totalMassKg', (w) => w.totalMassKg ?? ''], ['调度人', 'dispatcherName', (w) => w.dispatcherName ?? ''],
  ['填报时间', 'createdAt', (w) => new Date(new Date(w.createdAt).getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19)],
];

/** xlsx of the filtered list, newest first, at most COUNT_CAP rows, read by keyset pages of 2,000 */
export function exportWaybills(db: Db, user: SessionUser, filters: WaybillFilters): Readable {
  const where = waybillWhere(user, filters); // malformed filters throw here, before the file's first byte
  const out = new PassThrough();
  (async () => {
    const xlsx = new XlsxStreamWriter(out, EXCEL_SHEET, EXPORT_COLUMNS.map(([header]) => ({ header, width: 18 })));
    await xlsx.begin();
    let after: { at: Date; id: string } | null = null;
    for (let done = 0; done < COUNT_CAP;) {
      const page: { rows: Record<string, unknown>[] } = await db.execute(sql`select w.* from waybill w where ${where}
        ${after ? sql`and (w.created_at, w.id) < (${after.at}, ${after.id})` : sql``} order by w.created_at desc, w.id desc limit 2000`);
      if (!page.rows.length) break;
      for (const r of page.rows) {
        const w = toRow(r);
        xlsx.put(EXPORT_COLUMNS.map(([, , f]) => f(w) as XlsxCell));
      }
      await xlsx.flush();
      done += page.rows.length;
      const last = toRow(page.rows[page.rows.length - 1]!);
      after = { at: last.createdAt, id: last.id };
      if (page.rows.length < 2000) break;
    }
    await xlsx.end();
  })().catch((err) => out.destroy(err));
  return out;
}
void waybill;
