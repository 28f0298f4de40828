/** Reading resource rows: scope, filters, sort, page, labels — one implementation for every entity. */
import { attachChanges } from './changes.ts';
import { and, asc, desc, eq, gte, lte, inArray, sql, getTableColumns, getViewSelectedFields, is, View, type SQL } from 'drizzle-orm';
import { type ResourceDef, type FieldDef, RESOURCES, visibleFields, columnName, tableName } from '@dg/core';
import { resourceTables } from '../../db/schema.ts';
import { allOn, compile, preparedDb, statementName, uuidArray, type Compiled, type Db, type Plan } from '../../db/index.ts';
import { COUNT_CAP, cappedCountSql, pagedQuery, pagingOf, type Page } from '../paged.ts';
import { type SessionUser, enterpriseScope, regionScope, regionPrefix, sessionMemo } from '../access.ts';
import { badInput } from '../errors.ts';
import { hooksOf, type Row } from './hooks.ts';
import { UUID_RE } from '../schemas.ts';

export const tableOf = (def: ResourceDef) => resourceTables[def.key] as any;
export function scopeCondition(def: ResourceDef, user: SessionUser): SQL {
  const t = tableOf(def);
  const hook = hooksOf(def.key).scope;
  if (hook) return hook(user, t);
  switch (def.scope) {
    case 'enterprise': return enterpriseScope(user, sql`${t.enterpriseId}`);
    case 'enterpriseSelf':
      if (user.side === 'enterprise') return user.enterpriseId ? eq(t.id, user.enterpriseId) : sql`false`;
      return regionScope(user, sql`${t.regionCode}`);
    case 'org': return regionScope(user, sql`${t.regionCode}`);
    case 'none': return sql`true`;
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** a value a form leaves empty: nothing, an empty text or an empty list */
export const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** a calendar day YYYY-MM-DD that exists (2026-02-30 does not) */
export function isDay(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(v + 'T00:00:00Z');
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * A filter's value as its column takes it, or badInput naming the field: PostgreSQL would refuse a
 * malformed one with a message that names nothing (and an export could only break off its file).
 * `end`: the upper bound of a range (a day then means its last instant).
 */
function filterValue(f: FieldDef, v: unknown, end = false): unknown {
  switch (f.type) {
    case 'date':
      if (!isDay(v)) throw badInput(`${f.label}：日期格式不正确，应为YYYY-MM-DD`);
      return v;
    case 'datetime': {
      if (isDay(v)) return new Date(v + (end ? 'T23:59:59.999+08:00' : 'T00:00:00+08:00'));
      const d = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v) ? new Date(v) : null;
      if (!d || Number.isNaN(d.getTime())) throw badInput(`${f.label}：时间格式不正确`);
      return d;
    }
    case 'number': case 'integer': case 'money': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (!Number.isFinite(n) || (f.type === 'integer' && (!Number.isInteger(n) || Math.abs(n) > 2 ** 31 - 1))) throw badInput(`${f.label}：请输入${f.type === 'integer' ? '整数' : '数字'}`);
      if (f.type === 'money' && !Number.isSafeInteger(n)) throw badInput(`${f.label}：请输入正确的金额`);
      return n;
    }
    case 'ref':
      if (typeof v !== 'string' || !UUID.test(v)) throw badInput(`${f.label}：参数格式不正确`);
      return v;
    case 'bool': return v === true || v === 'true' || v === '1' || v === 1;
    default:
      if (typeof v === 'object') throw badInput(`${f.label}：参数格式不正确`);
      return String(v);
  }
}

export function filterCondition(def: ResourceDef, name: string, f: FieldDef, value: unknown, t: any): SQL | undefined {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  const col = t[name];
  if (!col) return undefined;
  const mode = f.search === true ? (['text', 'textarea'].includes(f.type) ? 'like' : f.type === 'date' || f.type === 'datetime' ? 'range' : 'eq') : f.search;
  if (f.type === 'region') {
    const code = Array.isArray(value) ? value[value.length - 1] : value;
    if (!(typeof code === 'string' || typeof code === 'number') || !/^\d{2,12}$/.test(String(code))) throw badInput(`${f.label}：请选择正确的行政区划`);
    return sql`${col} like ${regionPrefix(String(code)) + '%'}`;
  }
  if (mode === 'like') {
    if (typeof value === 'object') throw badInput(`${f.label}：参数格式不正确`);
    const text = String(value).trim();
    const like = sql`${col} ilike ${'%' + escapeLike(text) + '%'}`;
    // trigrams need three characters: a shorter pattern first narrows by its characters (records migration 0003)
    return f.fuzzyIndex && [...text].length < 3 ? sql`string_to_array(lower(${col}), null) @> string_to_array(lower(${text}), null) and ${like}` : like;
  }
  if (mode === 'range') {
    if (!Array.isArray(value) || value.length > 2) throw badInput(`${f.label}：请选择起止范围`);
    const [from, to] = value as [unknown, unknown];
    const parts: SQL[] = [];
    if (!blank(from)) parts.push(gte(col, filterValue(f, from)));
    if (!blank(to)) parts.push(lte(col, filterValue(f, to, true)));
    return parts.length ? and(...parts) : undefined;
  }
  if (f.multiple) {
    if (typeof value === 'object') throw badInput(`${f.label}：参数格式不正确`);
    return sql`${String(value)} = any(${col})`;
  }
  if (mode === 'in' || Array.isArray(value)) {
    const list = (Array.isArray(value) ? value : [value]).filter((v) => !blank(v)).map((v) => filterValue(f, v));
    return list.length ? inArray(col, list) : undefined;
  }
  return eq(col, filterValue(f, value));
}

export interface ListParams { page?: number; size?: number; sort?: { field: string; order: 'asc' | 'desc' }; filters?: Record<string, unknown>; parentId?: string }

export function whereOf(def: ResourceDef, user: SessionUser, params: Pick<ListParams, 'filters' | 'parentId'>): SQL {
  const t = tableOf(def);
  const conds: (SQL | undefined)[] = [scopeCondition(def, user)];
  if (def.softDelete) conds.push(sql`${t.deletedAt} is null`);
  const filters = params.filters ?? {};
  const hooks = hooksOf(def.key);
  for (const [key, value] of Object.entries(filters)) {
    const custom = hooks.filters?.[key];
    if (custom) { conds.push(custom(value, t, user)); continue; }
    if (key === 'enterpriseId' && t.enterpriseId && value) {
      if (typeof value !== 'string' || !UUID.test(value)) throw badInput('所属企业：参数格式不正确');
      conds.push(eq(t.enterpriseId, value)); continue;
    }
    const f = def.fields[key];
    if (!f || !f.search) continue;
    conds.push(filterCondition(def, key, f, value, t));
  }
  if (params.parentId && def.parent) {
    if (typeof params.parentId !== 'string' || !UUID.test(params.parentId)) throw badInput(`${def.fields[def.parent.field]?.label ?? '上级记录'}：参数格式不正确`);
    conds.push(eq(t[def.parent.field], params.parentId));
  }
  return and(...conds.filter(Boolean) as SQL[])!;
}

/** the sort a list really uses: the asked one where the field may be sorted on, else the resource's default */
export function sortOf(def: ResourceDef, sort?: ListParams['sort']): { col: any; order: 'asc' | 'desc' } {
  const t = tableOf(def);
  const allowed = (field: string) => field === 'createdAt' || field === 'updatedAt' || def.fields[field]?.sort || def.defaultSort?.field === field;
  const s = sort && allowed(sort.field) ? sort : def.defaultSort ?? { field: 'createdAt', order: 'desc' as const };
  return { col: t[s.field] ?? t.createdAt, order: s.order === 'asc' ? 'asc' : 'desc' };
}

/** ORDER BY the sort, then id (a total order, so pages and keyset walks never skip or repeat a row) */
export function orderOf(def: ResourceDef, sort?: ListParams['sort']): SQL[] {
  const { col, order } = sortOf(def, sort);
  return [order === 'asc' ? asc(col) : desc(col), desc(tableOf(def).id)];
}

/**
 * The rows after `last` in orderOf's order (keyset: no OFFSET, so the 50th page of an export costs
 * what the first does — descending, the default; ascending, NULLs last keep it an OR the index cannot start from). `key` is the sort column's value as text, exactly as stored (a JS Date
 * would lose the microseconds). NULLs sort last ascending and first descending, as PostgreSQL does.
 */
export function afterKey(def: ResourceDef, sort: ListParams['sort'] | undefined, last: { key: string | null; id: string }): SQL {
  const { col, order } = sortOf(def, sort);
  const id = tableOf(def).id;
  const tie = sql`(${col} = ${last.key} and ${id} < ${last.id})`;
  if (order === 'asc') {
    return last.key === null ? sql`(${col} is null and ${id} < ${last.id})` : sql`(${col} > ${last.key} or ${tie} or ${col} is null)`;
  }
  // `col <= key` first: an index condition, so the page starts at the key; the OR alone is only a filter, and each page
  // read the whole scope again up to it (the 50th page of 100,000 vehicles 21 ms instead of 2.7; an export 100 pages)
  return last.key === null ? sql`((${col} is null and ${id} < ${last.id}) or ${col} is not null)` : sql`(${col} <= ${last.key} and (${col} < ${last.key} or ${tie}))`;
}

/**
 * How a list's two statements are planned (db/index.ts execPrepared): an enterprise's list without filters or a
 * chosen sort — scoped by its own ids only — on a generic plan, the same for every enterprise (planned per call, the
 * capped count chose a Seq Scan for a large enterprise one call in ten: p90 18 ms instead of 0.9); the platform's
 * lists without filters or a chosen sort — no value in the statement but the page — named, and PostgreSQL keeps a
 * generic plan where it looks no dearer than the ones made for the values (the user list: 0.25 ms of planning a call
 * saved); anything else planned for its values on every call, as a filter's or an area's selectivity changes with them.
 */
export function listPlanOf(user: SessionUser, params: ListParams): Plan {
  const filtered = Object.values(params.filters ?? {}).some((v) => !blank(v) && !(Array.isArray(v) && v.every(blank)));
  if (filtered || params.sort) return 'per call';
  return user.side === 'enterprise' ? 'generic' : user.side === 'platform' ? 'chosen' : 'per call';
}

/** a page's statement as drizzle prepares it: run again with the values it was built with */
interface PreparedPage { execute(): Promise<unknown> }

export async function listRows(db: Db, def: ResourceDef, user: SessionUser, params: ListParams): Promise<Page<Row>> {
  const t = tableOf(def);
  const paging = pagingOf(params);
  const where = whereOf(def, user, params);
  const plan = listPlanOf(user, params);
  const prepared = preparedDb(db, plan);
  // the first page with the labels of its references in the same statement (one round trip, not one more per
  // reference). Only the first: a page read along an index computes its select list for the rows it skips as well
  // (page 501 of 10: 5,010 label lookups instead of 10, +50 ms on 200,000 rows); later pages attach them after reading.
  const columns = shownColumns(def, t);
  const pageQuery = (on: Db, size: number, offset: number) => on.select(paging.page === 1 ? { ...columns, ...labelColumns(def, t), ...hookColumns(def) } : columns)
    .from(t).where(where).orderBy(...orderOf(def, params.sort)).limit(size).offset(offset);
  // the page and its labels while the count runs (the count of a large enterprise's 10,001 rows is the longest)
  const rollup = hooksOf(def.key).count?.(user, params.filters ?? {});
  const from = sql`${t}`;
  // a list on a plan of its own (unfiltered, in the default order) depends only on the session and the page: its
  // statements are built once per session and page (sessionMemo) — building the page's drizzle select twice a call
  // (its text for the name, then the statement) was over a third of the server's time on an enterprise's vehicle list
  const statements = prepared ? sessionMemo(user, `list|${def.key}|${paging.size}|${paging.offset}|${params.parentId ?? ''}|${JSON.stringify(params.filters ?? {})}`,
    (): { on: Db; page: PreparedPage; count: Compiled | null } => {
      const q = pageQuery(prepared, paging.size, paging.offset);
      return { on: prepared, page: q.prepare(statementName(q.toSQL().sql)), count: rollup ? null : compile(cappedCountSql(from, where, COUNT_CAP)) };
    }, (kept) => kept.on === prepared) : undefined;
  return pagedQuery<Row>(db, paging, {
    from, where, order: sql.join(orderOf(def, params.sort), sql`, `),
    count: rollup ? { sql: rollup } : statements?.count ? { sql: statements.count, cap: COUNT_CAP } : { cap: COUNT_CAP },
    // a query builder's statement runs unnamed where it is not prepared, and so does the count
    plan: prepared ? plan : 'per call',
    readPage: async (size, offset) => (statements ? await statements.page.execute() : await pageQuery(db, size, offset)) as Row[],
    finish: (rows) => present(db, def, user, rows),
  });
}

export async function findRow(db: Db, def: ResourceDef, user: SessionUser, id: string): Promise<Row | null> {
  if (!UUID_RE.test(id)) return null;
  const t = tableOf(def);
  const rows = await db.select().from(t).where(and(eq(t.id, id), whereOf(def, user, {}))).limit(1);
  return (rows[0] as Row) ?? null;
}

/** the references whose labels a row shows: every ref field a form or list holds */
const labelledRefs = (def: ResourceDef) => Object.entries(def.fields).filter(([, f]) => f.type === 'ref' && !f.virtual && !f.internal);
/** the enterprise's name comes from the resource's own 所属企业 label when it has one */
const ownEnterpriseLabel = (def: ResourceDef) => {
  const own = def.fields.enterpriseId;
  return own?.type === 'ref' && own.ref?.resource === 'enterprise' && own.ref.labelField === 'name' && !own.virtual && !own.internal;
};
/** the table a reference points into and the column of its label, as SQL identifiers */
function refTarget(f: FieldDef) {
  const target = RESOURCES.find((r) => r.key === f.ref!.resource);
  return { table: sql.identifier(target ? tableName(target) : f.ref!.resource), label: sql.identifier(columnName(f.ref!.labelField)) };
}
const ENTERPRISE_NAME: FieldDef = { type: 'ref', label: '企业', ref: { resource: 'enterprise', labelField: 'name' } };

/**
 * The labels a list page shows, as columns of its own statement (`<field>Label`, and `enterpriseName`), exactly as
 * attachLabels gives them: a reference's label or null; a list of references, each label in its order ('' for one not
 * found), or null.
 */
function labelColumns(def: ResourceDef, t: any): Record<string, SQL.Aliased> {
  const cols: Record<string, SQL.Aliased> = {};
  const refs: [string, FieldDef, string][] = labelledRefs(def).map(([name, f]) => [name, f, name + 'Label']);
  if (def.scope === 'enterprise' && t.enterpriseId && !ownEnterpriseLabel(def)) refs.push(['enterpriseId', ENTERPRISE_NAME, 'enterpriseName']);
  for (const [name, f, as] of refs) {
    const { table, label } = refTarget(f);
    // the outer row's column, named with its table: unqualified, a column of the same name in the referenced table
    // would answer instead (组织机构's 上级机构 references its own table)
    const col = sql`${sql.identifier(tableName(def))}.${sql.identifier((t[name] as { name: string }).name)}`;
    cols[as] = (f.multiple
      ? sql`case when ${col} is null then null else array(select coalesce(x.${label}, '') from unnest(${col}) with ordinality u(id, n) left join ${table} x on x.id = u.id order by u.n) end`
      : sql`(select x.${label} from ${table} x where x.id = ${col})`).as(as);
  }
  return cols;
}

/** the columns `present` keeps (a password hash or who wrote a row is never read for a list) */
function shownColumns(def: ResourceDef, t: any): Record<string, any> {
  const all: Record<string, any> = is(t, View) ? getViewSelectedFields(t) : getTableColumns(t);
  const keep = new Set(['id', 'enterpriseId', ...visibleFields(def).map(([name]) => name), 'createdAt', 'updatedAt', 'version']);
  return Object.fromEntries(Object.entries(all).filter(([k]) => keep.has(k)));
}

/** a resource's virtual fields computed in SQL (hooks `columns`), aliased as the row's keys */
function hookColumns(def: ResourceDef): Record<string, SQL.Aliased> {
  const cols = hooksOf(def.key).columns?.() ?? {};
  return Object.fromEntries(Object.entries(cols).map(([k, q]) => [k, q.as(k)]));
}

/** the hook columns of rows read without them: one statement by id */
async function attachHookColumns(db: Db, def: ResourceDef, rows: Row[], cols: Record<string, SQL.Aliased>) {
  const t = tableOf(def);
  const ids = rows.map((r) => r.id as string);
  // one array parameter, not a placeholder per id (an export's page holds 1,000)
  const res = await db.select({ id: t.id, ...cols }).from(t).where(sql`${t.id} = any(${uuidArray(ids)})`) as Row[];
  const byId = new Map(res.map((r) => [r.id as string, r]));
  for (const r of rows) {
    const found = byId.get(r.id);
    for (const k of Object.keys(cols)) r[k] = found?.[k] ?? null;
  }
}

/** labels of referenced rows and the enterprise name, then the resource's own afterRead; drops server-only columns */
export async function present(db: Db, def: ResourceDef, user: SessionUser, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const shown = visibleFields(def).map(([name]) => name); // once, not once a row: an export presents 100,000
  // labels the rows were read with (a list page's statement selects them)
  // (the enterprise's name only where a row has an enterprise, as decorate gives it)
  const read = [...labelledRefs(def).map(([name]) => name + 'Label'), ...Object.keys(hooksOf(def.key).columns?.() ?? {}),
    ...(rows.some((r) => r.enterpriseId) ? ['enterpriseName'] : [])].filter((k) => k in rows[0]!);
  const out: Row[] = rows.map((r) => {
    const o: Row = { id: r.id };
    if ('enterpriseId' in r) o.enterpriseId = r.enterpriseId;
    for (const name of shown) if (name in r) o[name] = r[name];
    for (const k of read) o[k] = r[k];
    o.createdAt = r.createdAt; o.updatedAt = r.updatedAt; o.version = r.version;
    return o;
  });
  await decorate(db, def, user, out);
  return out;
}

/**
 * What `present` adds to rows that hold only what may be shown (an export's, read column by column): the labels
 * of every reference, the enterprise's name, the resource's own afterRead — in place.
 */
export async function decorate(db: Db, def: ResourceDef, user: SessionUser, out: Row[], o: { enterpriseName?: boolean } = {}): Promise<void> {
  // the labels of every reference not read with the rows, at once (one round trip on PostgreSQL, where each runs on its own connection)
  const first = out[0] ?? {};
  const refFields = labelledRefs(def).filter(([name]) => !(name + 'Label' in first));
  const ownLabel = ownEnterpriseLabel(def);
  const needName = o.enterpriseName !== false && def.scope === 'enterprise' && out.some((r) => r.enterpriseId);
  const hooked = hookColumns(def);
  const jobs = [
    ...refFields.map(([name, f]) => () => attachLabels(db, out, name, f)),
    ...(Object.keys(hooked).some((k) => !(k in first)) ? [() => attachHookColumns(db, def, out, hooked)] : []),
    // the enterprise's name: from the resource's own 所属企业 label when it has one (one query, not two)
    ...(needName && !ownLabel && !('enterpriseName' in first) ? [() => attachLabels(db, out, 'enterpriseId', ENTERPRISE_NAME, 'enterpriseName')] : []),
  ];
  // the resource's afterRead beside the labels (it reads what the row holds, never a label; in a transaction, after them)
  const afterRead = hooksOf(def.key).afterRead;
  await allOn<unknown>(db, [() => allOn(db, jobs), async () => afterRead?.({ app: undefined as any, user, def, tx: db }, out)]);
  if (needName && ownLabel) for (const r of out) r.enterpriseName = r.enterpriseIdLabel ?? null;
}

/** one row as its form and detail read it: presented, with its latest supervised-field change (crud/changes.ts) */
export async function presentOne(db: Db, def: ResourceDef, user: SessionUser, row: Row): Promise<Row> {
  const [shown] = await present(db, def, user, [row]);
  await attachChanges(db, def, [shown!]);
  return shown!;
}

async function attachLabels(db: Db, rows: Row[], name: string, f: FieldDef, as = name + 'Label') {
  // a loop, not flatMap + filter: an export labels 100,000 rows a ref field, a page at a time
  const ids = new Set<string>();
  for (const r of rows) {
    const v = r[name];
    if (Array.isArray(v)) { for (const i of v) if (i) ids.add(i as string); } else if (v) ids.add(v as string);
  }
  if (!ids.size) return;
  const { table, label } = refTarget(f);
  // one array parameter (its type inferred from the id column), not a placeholder per id
  const res = await db.execute<{ id: string; label: string }>(sql`select id, ${label} as label from ${table} where id = any(${sql.param([...ids])})`);
  const map = new Map(res.rows.map((x) => [x.id, x.label]));
  for (const r of rows) {
    const v = r[name];
    r[as] = Array.isArray(v) ? v.map((i) => map.get(i) ?? '') : v ? map.get(v) ?? null : null;
  }
}
