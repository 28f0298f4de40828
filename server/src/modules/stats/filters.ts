/** The statistics' filters: read and checked once, with the Chinese messages naming the field, then turned into SQL. */
import { sql, type SQL } from 'drizzle-orm';
import { WAYBILL_TYPES, GOODS_CLASSES } from '@dg/core/waybill';
import type { StatDef, StatQuery } from '@dg/core/stats';
import { addDays, chinaToday } from '@dg/core/warnings';
import type { SessionUser } from '../../platform/access.ts';
import { badInput } from '../../platform/errors.ts';
import { isUuid } from '../../platform/schemas.ts';
import { isDay } from '../waybill/list.ts';
import { regionRange } from '../waybill/common.ts';

export interface StatFilters {
  user: SessionUser;
  from: string;
  to: string;
  regionCode?: string;
  enterpriseId?: string;
  goodsClass?: string;
  granularity: 'day' | 'month';
  waybillType?: string;
}

const MAX_YEARS = 3;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function readStatFilters(user: SessionUser, def: Pick<StatDef, 'filters'>, raw: StatQuery = {}): StatFilters {
  const today = chinaToday();
  const from = str(raw.from) || `${today.slice(0, 4)}-01-01`;
  const to = str(raw.to) || today;
  for (const d of [from, to]) if (!isDay(d)) throw badInput('统计日期：日期格式不正确，应为YYYY-MM-DD');
  if (from > to) throw badInput('统计日期：开始日期不能晚于结束日期');
  if (Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7))) >= MAX_YEARS * 12) {
    throw badInput(`统计日期：一次最多统计${MAX_YEARS}年`);
  }
  const f: StatFilters = { user, from, to, granularity: 'month' };
  const has = (k: StatDef['filters'][number]) => def.filters.includes(k);
  const region = str(raw.regionCode);
  if (region && has('region') && user.side !== 'enterprise') {
    if (!/^\d{6}$/.test(region)) throw badInput('地区：请选择正确的行政区划');
    f.regionCode = region;
  }
  const ent = str(raw.enterpriseId);
  if (ent && has('enterprise') && user.side !== 'enterprise') {
    if (!isUuid(ent)) throw badInput('企业：请选择有效的企业');
    f.enterpriseId = ent;
  }
  // an enterprise's figures are its own, whatever it asks
  if (user.side === 'enterprise') f.enterpriseId = user.enterpriseId ?? '00000000-0000-0000-0000-000000000000';
  const cls = str(raw.goodsClass);
  if (cls && has('goodsClass')) {
    if (!GOODS_CLASSES.some((c) => c.value === cls)) throw badInput('货物类别：请选择第1类至第9类');
    f.goodsClass = cls;
  }
  const g = str(raw.granularity);
  if (g && has('granularity')) {
    if (g !== 'day' && g !== 'month') throw badInput('统计粒度：请选择按日或按月');
    f.granularity = g;
  }
  const type = str(raw.waybillType);
  if (type && has('waybillType')) {
    if (!(WAYBILL_TYPES as readonly string[]).includes(type)) throw badInput(`运单类型：请选择${WAYBILL_TYPES.join('、')}`);
    f.waybillType = type;
  }
  return f;
}

/** the first day of `day`'s month */
export const monthOf = (day: string) => day.slice(0, 7) + '-01';
/** the last day of `day`'s month */
export function monthEnd(day: string) {
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0));
  return d.toISOString().slice(0, 10);
}

/**
 * A range of days split for the rollups: the calendar years it covers as far as today (later days hold nothing yet),
 * the other whole months, and the partial months' days. Each part is read from its own rollup.
 */
export interface RangeParts { years: string[]; months: string[]; days: [string, string][] }
export function rangeParts(from: string, to: string, today = chinaToday()): RangeParts {
  const out: RangeParts = { years: [], months: [], days: [] };
  const whole: string[] = [];
  for (let m = monthOf(from); m <= to; m = nextMonth(m)) {
    const end = monthEnd(m);
    const last = end < today ? end : today;
    if (from <= m && to >= last) whole.push(m);
    else out.days.push([from > m ? from : m, to < end ? to : end]);
  }
  const byYear = new Map<string, string[]>();
  for (const m of whole) byYear.set(m.slice(0, 4), [...(byYear.get(m.slice(0, 4)) ?? []), m]);
  for (const [y, months] of byYear) {
    const need = y < today.slice(0, 4) ? 12 : Number(today.slice(5, 7));
    if (months.length === need && months[0] === `${y}-01-01`) out.years.push(`${y}-01-01`);
    else out.months.push(...months);
  }
  return out;
}
const nextMonth = (m: string) => {
  const d = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 1));
  return d.toISOString().slice(0, 10);
};

export interface ScopeCols { enterprise?: string; region: string; goodsClass?: string; lineClass?: boolean; type?: string }

/**
 * The conditions on a rollup (or base) alias: the user's scope and the filters (not the dates).
 * A table without an enterprise column is never asked for one enterprise (the caller picks a table that has it).
 */
export function scopeConds(f: StatFilters, c: ScopeCols): SQL[] {
  const col = (name: string) => sql.raw(name);
  const out: SQL[] = [];
  const u = f.user;
  if (u.side === 'government') out.push(u.regionCode ? regionRange(col(c.region), u.regionCode) : sql`false`);
  else if (u.side !== 'platform' && u.side !== 'enterprise') out.push(sql`false`);
  if (f.enterpriseId) out.push(c.enterprise ? sql`${col(c.enterprise)} = ${f.enterpriseId}` : sql`false`);
  else if (u.side === 'enterprise') out.push(sql`false`);
  if (f.regionCode) out.push(regionRange(col(c.region), f.regionCode));
  if (f.goodsClass && c.goodsClass) out.push(c.lineClass ? sql`split_part(${col(c.goodsClass)}, '.', 1) = ${f.goodsClass}` : sql`${col(c.goodsClass)} = ${f.goodsClass}`);
  if (f.waybillType && c.type) out.push(sql`${col(c.type)} = ${f.waybillType}`);
  return out;
}

export const and = (conds: SQL[]) => (conds.length ? sql.join(conds, sql` and `) : sql`true`);

/** one row set of a running total: the `mtd` row of a day or the `ytd` row of a month, added (1) or taken away (-1) */
export interface RunningTerm { table: 'mtd' | 'ytd'; date: string; sign: number }

/**
 * A range's total as running totals (rollup-schema.ts): with P(x) the total from the start of time to day x,
 * P(x) = Σ years before x's (each its December ytd) + the ytd of the month before x's + the mtd of x (or the
 * ytd of x's month when x ends it), and the range [from, to] is P(to) − P(from − 1): the years before cancel,
 * so at most five rows per enterprise or vehicle. A range of whole months reads ytd rows only.
 */
export function runningTerms(from: string, to: string): RunningTerm[] {
  const terms = new Map<string, number>();
  const add = (table: RunningTerm['table'], date: string, sign: number) => terms.set(`${table}|${date}`, (terms.get(`${table}|${date}`) ?? 0) + sign);
  const prefix = (x: string, sign: number) => {
    if (monthEnd(x) === x) return add('ytd', monthOf(x), sign);
    if (x.slice(5, 7) !== '01') add('ytd', monthOf(addDays(monthOf(x), -1)), sign);
    add('mtd', x, sign);
  };
  const before = addDays(from, -1);
  for (let y = Number(before.slice(0, 4)); y < Number(to.slice(0, 4)); y++) add('ytd', `${y}-12-01`, 1);
  prefix(to, 1);
  prefix(before, -1);
  return [...terms].filter(([, s]) => s !== 0).map(([k, sign]) => { const [table, date] = k.split('|') as [RunningTerm['table'], string]; return { table, date, sign }; });
}
