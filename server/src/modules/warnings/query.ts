/**
 * Expiry warnings computed from the records by SQL at request time: one SELECT per
 * source of a list (packages/core/src/warnings.ts), UNION ALL, then status, filters, urgency order
 * and paging on top. The window is 参数设置 warningDays (or that document type's own window).
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_WARNING_DAYS, type Served, type warningAnswers } from '@dg/core';
import {
  ENTERPRISE_WARNINGS, addDays, chinaToday, warningRecordRoute,
  type WarningKind, type WarningSource, type WarningStatus, type WindowKey,
} from '@dg/core/warnings';
import type { Db } from '../../db/index.ts';
import { type SessionUser, regionPrefix } from '../../platform/access.ts';
import { badInput } from '../../platform/errors.ts';
import { UUID_RE } from '../../platform/schemas.ts';
import { COUNT_CAP, pagedQuery, type Count, type Page, type Paging } from '../../platform/paged.ts';

/** a warning as the lists answer it */
export type WarningRow = Served<typeof warningAnswers.row>;

/** 参数设置: the window of each document type */
export interface WarningWindows { warningDays: number; byKind: Partial<Record<WindowKey, number>> }

export async function loadWindows(db: Db): Promise<WarningWindows> {
  const r = await db.execute<{ key: string; value: unknown }>(sql`select key, value from param_setting where key in ('warningDays', 'warningDaysByKind')`);
  const get = (k: string) => r.rows.find((x) => x.key === k)?.value;
  const days = Number(get('warningDays'));
  const byKind = get('warningDaysByKind');
  return {
    warningDays: Number.isInteger(days) && days > 0 ? days : DEFAULT_WARNING_DAYS,
    byKind: byKind && typeof byKind === 'object' ? (byKind as WarningWindows['byKind']) : {},
  };
}
export const windowOf = (w: WarningWindows, key: WindowKey) => {
  const d = Number(w.byKind[key]);
  return Number.isInteger(d) && d > 0 ? d : w.warningDays;
};

/** the same data scope as everywhere (platform/access.ts), on the joined enterprise `e` */
function scopeOf(user: SessionUser, enterpriseId: SQL): SQL {
  if (user.side === 'platform') return sql`true`;
  if (user.side === 'enterprise') return user.enterpriseId ? sql`${enterpriseId} = ${user.enterpriseId}` : sql`false`;
  if (!user.regionCode) return sql`false`;
  return sql`e.region_code like ${regionPrefix(user.regionCode) + '%'}`;
}

/** a source's expiry (the earliest of its date columns, on alias `r`) and the conditions of the records that count */
export function sourceExpiry(src: WarningSource): { expiry: SQL; conds: SQL[] } {
  const c = (name: string) => sql`r.${sql.identifier(name)}`;
  const dates = src.dateColumns.map((d) => c(d.column));
  const expiry = dates.length === 1 ? dates[0]! : sql`least(${sql.join(dates, sql`, `)})`;
  const conds = (src.only ?? []).map((o) => {
    const list = sql.join(o.values.map((v) => sql`${v}`), sql`, `);
    return o.exclude ? sql`(${c(o.column)} is null or ${c(o.column)} not in (${list}))` : sql`${c(o.column)} in (${list})`;
  });
  return { expiry, conds };
}

function sourceSelect(kind: WarningKind, src: WarningSource, user: SessionUser, today: string, windowDays: number): SQL {
  const c = (name: string) => sql`r.${sql.identifier(name)}`;
  const dates = src.dateColumns.map((d) => c(d.column));
  const { expiry, conds: only } = sourceExpiry(src);
  const document = src.docTypeColumn
    ? sql`coalesce(${c(src.docTypeColumn)}::text, ${src.dateColumns[0]!.document}::text)`
    : dates.length === 1 ? sql`${src.dateColumns[0]!.document}::text`
      : sql`(case ${sql.join(src.dateColumns.map((d) => sql`when ${c(d.column)} = ${expiry} then ${d.document}::text`), sql` `)} end)`;
  const enterpriseId = c(src.enterpriseColumn);
  const conds: SQL[] = [sql`${expiry} is not null`, scopeOf(user, enterpriseId)];
  if (kind.status === '已过期') conds.push(sql`${expiry} < ${today}::date`);
  else {
    conds.push(sql`${expiry} <= ${addDays(today, windowDays)}::date`);
    if (kind.status === '即将到期') conds.push(sql`${expiry} >= ${today}::date`);
  }
  conds.push(...only);
  return sql`select ${kind.key}::text as kind, ${kind.title}::text as kind_title, ${src.resource}::text as resource, r.id as record_id,
      e.id as enterprise_id, e.name as enterprise_name, e.region_code, ${src.subjectColumn ? sql`${c(src.subjectColumn)}::text` : sql`e.name::text`} as subject,
      ${document} as document, ${src.docNoColumn ? sql`${c(src.docNoColumn)}::text` : sql`null::text`} as doc_no, ${expiry} as expiry_date
    from ${sql.identifier(src.table)} r join enterprise e on e.id = ${enterpriseId}
    where ${sql.join(conds, sql` and `)}`;
}

export interface WarningFilters {
  status?: WarningStatus;
  keyword?: string;
  /** expiry date range [from, to] (YYYY-MM-DD, either may be empty) */
  expiryDate?: [string | null | undefined, string | null | undefined];
  enterpriseId?: string;
  regionCode?: string;
  /** 业务大厅: one list of several */
  kind?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => '\\' + ch);

/** the filters a client may send, checked (anything else is ignored) */
export function readFilters(raw: Record<string, unknown> | undefined): WarningFilters {
  const f: WarningFilters = {};
  if (!raw) return f;
  if (raw.status) {
    if (raw.status !== '即将到期' && raw.status !== '已过期') throw badInput('状态：请选择即将到期或已过期');
    f.status = raw.status;
  }
  if (typeof raw.keyword === 'string' && raw.keyword.trim()) f.keyword = raw.keyword.trim().slice(0, 50);
  if (Array.isArray(raw.expiryDate)) {
    const [from, to] = raw.expiryDate as unknown[];
    // a real day: 2026-13-45 would fail the ::date cast in the query, after an export's first byte
    const isDay = (v: string) => { const d = new Date(v + 'T00:00:00Z'); return DAY.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v; };
    for (const v of [from, to]) if (v && (typeof v !== 'string' || !isDay(v))) throw badInput('有效期至：日期格式不正确，应为YYYY-MM-DD');
    f.expiryDate = [from as string | null, to as string | null];
  }
  if (typeof raw.enterpriseId === 'string' && raw.enterpriseId) {
    if (!UUID_RE.test(raw.enterpriseId)) throw badInput('所属企业：请选择有效的企业');
    f.enterpriseId = raw.enterpriseId;
  }
  if (typeof raw.regionCode === 'string' && /^\d{6}$/.test(raw.regionCode)) f.regionCode = raw.regionCode;
  if (typeof raw.kind === 'string' && raw.kind) f.kind = raw.kind;
  return f;
}

export interface WarningQuery {
  kinds: WarningKind[];
  user: SessionUser;
  windows: WarningWindows;
  filters: WarningFilters;
  today?: string;
}

function union(q: WarningQuery, today: string): SQL {
  const kinds = q.filters.kind ? q.kinds.filter((k) => k.key === q.filters.kind) : q.kinds;
  const parts = kinds.flatMap((k) => k.sources.map((s) => sourceSelect(k, s, q.user, today, windowOf(q.windows, k.windowKey))));
  if (!parts.length) return sql`select null::text as kind, null::text as kind_title, null::text as resource, null::uuid as record_id, null::uuid as enterprise_id,
    null::text as enterprise_name, null::text as region_code, null::text as subject, null::text as document, null::text as doc_no, null::date as expiry_date where false`;
  return sql.join(parts, sql` union all `);
}

function outerWhere(f: WarningFilters, today: string): SQL {
  const conds: SQL[] = [sql`true`];
  if (f.status === '已过期') conds.push(sql`w.expiry_date < ${today}::date`);
  if (f.status === '即将到期') conds.push(sql`w.expiry_date >= ${today}::date`);
  if (f.keyword) {
    const like = '%' + escapeLike(f.keyword) + '%';
    conds.push(sql`(w.subject ilike ${like} or w.doc_no ilike ${like} or w.enterprise_name ilike ${like} or w.document ilike ${like})`);
  }
  if (f.expiryDate?.[0]) conds.push(sql`w.expiry_date >= ${f.expiryDate[0]}::date`);
  if (f.expiryDate?.[1]) conds.push(sql`w.expiry_date <= ${f.expiryDate[1]}::date`);
  if (f.enterpriseId) conds.push(sql`w.enterprise_id = ${f.enterpriseId}`);
  if (f.regionCode) conds.push(sql`w.region_code like ${regionPrefix(f.regionCode) + '%'}`);
  return sql.join(conds, sql` and `);
}

type RawRow = { kind: string; kind_title: string; resource: string; record_id: string; enterprise_id: string; enterprise_name: string; region_code: string | null; subject: string | null; document: string; doc_no: string | null; expiry_date: string; days: number };

function toRow(r: RawRow, kinds: WarningKind[]): WarningRow {
  const kind = kinds.find((k) => k.key === r.kind)!;
  const days = Number(r.days);
  return {
    id: `${r.kind}:${r.resource}:${r.record_id}`, kind: r.kind, kindTitle: r.kind_title, resource: r.resource, recordId: r.record_id,
    enterpriseId: r.enterprise_id, enterpriseName: r.enterprise_name, regionCode: r.region_code, subject: r.subject ?? '',
    document: r.document, docNo: r.doc_no, expiryDate: r.expiry_date,
    status: days < 0 ? '已过期' : '即将到期', days, daysLeft: days >= 0 ? days : null, daysOverdue: days < 0 ? -days : null,
    route: warningRecordRoute(kind, r.resource, r.record_id),
  };
}

/** one page, most urgent first: the longest overdue, then the soonest due (counted to COUNT_CAP unless `count` says otherwise) */
export async function listWarnings(db: Db, q: WarningQuery, paging: Paging, count: Count = { cap: COUNT_CAP }): Promise<Page<WarningRow>> {
  const today = q.today ?? chinaToday();
  return pagedQuery(db, paging, {
    select: sql`w.*, (w.expiry_date - ${today}::date) as days`,
    from: sql`(${union(q, today)}) w`,
    where: outerWhere(q.filters, today),
    order: sql`w.expiry_date, w.enterprise_name, w.subject, w.record_id, w.kind, w.resource`,
    count,
    row: (r) => toRow(r as RawRow, q.kinds),
  });
}

/** per-enterprise counts (government pages): most rows first, or (静态监控) most expired first */
export async function warningsByEnterprise(db: Db, q: WarningQuery, paging: Paging, order: 'count' | 'overdue' = 'count') {
  const today = q.today ?? chinaToday();
  const where = outerWhere({ ...q.filters, enterpriseId: undefined }, today);
  return pagedQuery(db, paging, {
    from: sql`(select w.enterprise_id, w.enterprise_name, w.region_code, count(*)::int as n, min(w.expiry_date) as earliest,
        count(*) filter (where w.expiry_date >= ${today}::date)::int as due, count(*) filter (where w.expiry_date < ${today}::date)::int as overdue
      from (${union(q, today)}) w where ${where} group by w.enterprise_id, w.enterprise_name, w.region_code) g`,
    where: sql`true`,
    order: sql`${order === 'count' ? sql`g.n desc, g.earliest` : sql`g.overdue desc, g.due desc`}, g.enterprise_name, g.enterprise_id`,
    count: { cap: COUNT_CAP },
    row: (r) => ({
      enterpriseId: r.enterprise_id as string, enterpriseName: r.enterprise_name as string, regionCode: r.region_code as string | null,
      count: Number(r.n), earliestExpiry: r.earliest as string, due: Number(r.due), overdue: Number(r.overdue),
    }),
  });
}

/** {due, overdue} of lists (the dashboard, 业务大厅) */
export async function countWarnings(db: Db, kinds: WarningKind[], user: SessionUser, windows: WarningWindows, today = chinaToday()) {
  return Promise.all(kinds.map(async (kind) => {
    const u = union({ kinds: [kind], user, windows, filters: {} }, today);
    const r = await db.execute<{ due: number; overdue: number }>(sql`
      select count(*) filter (where w.expiry_date >= ${today}::date)::int as due, count(*) filter (where w.expiry_date < ${today}::date)::int as overdue from (${u}) w`);
    return { kind, due: r.rows[0]?.due ?? 0, overdue: r.rows[0]?.overdue ?? 0 };
  }));
}

/** the enterprise lists, as one (业务大厅 预警信息) */
export const LOBBY_KINDS = ENTERPRISE_WARNINGS;

/** due and overdue per (region prefix, list): 静态监控's table by city or county */
export async function warningsByRegion(db: Db, q: WarningQuery, prefixLength: number) {
  const today = q.today ?? chinaToday();
  const r = await db.execute<{ region: string | null; kind: string; due: number; overdue: number }>(sql`
    select left(w.region_code, ${prefixLength}) as region, w.kind, count(*) filter (where w.expiry_date >= ${today}::date)::int as due,
      count(*) filter (where w.expiry_date < ${today}::date)::int as overdue
    from (${union(q, today)}) w where ${outerWhere(q.filters, today)} group by 1, 2`);
  return r.rows;
}
