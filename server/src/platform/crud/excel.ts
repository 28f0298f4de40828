/**
 * Excel for every resource: streamed export (sheet SheetJS, file 列表.xlsx), a template, and an
 * import that validates every row with the definition and reports (row, field, message). A file
 * with any bad row imports nothing unless the user chose "import valid rows only".
 */
import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import { sql, inArray, and, eq, getTableColumns } from 'drizzle-orm';
import { type ResourceDef, type FieldDef, EXCEL_SHEET, EXCEL_FILE, sheetFields, validateInput, RESOURCES, columnName, tableName } from '@dg/core';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../access.ts';
import type { App } from '../context.ts';
import type { SharedState } from '../shared-state.ts';
import { badInput, forbidden } from '../errors.ts';
import { regionName, regionCodeOf } from '../regions.ts';
import { hooksOf, type Row } from './hooks.ts';
import { tableOf, whereOf, orderOf, sortOf, afterKey, present, type ListParams } from './query.ts';
import { canWrite, hashPassword } from './write.ts';

async function dictNames(db: Db): Promise<Map<string, Map<string, string>>> {
  const r = await db.execute<{ type: string; name: string; value: string }>(sql`select type, name, value from base_dict where pid is not null`);
  const m = new Map<string, Map<string, string>>();
  for (const d of r.rows) { if (!m.has(d.type)) m.set(d.type, new Map()); m.get(d.type)!.set(d.value, d.name); }
  return m;
}

function cellText(f: FieldDef, name: string, row: Row, dicts: Map<string, Map<string, string>>): string | number {
  const v = row[name];
  if (v === null || v === undefined) return '';
  const one = (x: unknown): string => {
    switch (f.type) {
      case 'dict': return dicts.get(f.dict!)?.get(String(x)) ?? String(x);
      case 'enum': return f.options?.find((o) => o.value === x)?.label ?? String(x);
      case 'bool': return x ? '是' : '否';
      case 'region': return regionName(String(x));
      case 'datetime': { const d = new Date(x as string); return Number.isNaN(d.getTime()) ? '' : new Date(d.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19); }
      default: return String(x);
    }
  };
  if (f.type === 'ref') { const l = row[name + 'Label']; return Array.isArray(l) ? l.join('、') : l ?? ''; }
  if (Array.isArray(v)) return v.map(one).join('、');
  if ((f.type === 'number' || f.type === 'integer') && typeof v === 'number') return v;
  return one(v);
}

export function exportColumns(def: ResourceDef, user: SessionUser) {
  const cols = sheetFields(def).map(([name, f]) => ({ key: name, header: f.label, f }));
  if (def.scope === 'enterprise' && user.side !== 'enterprise') cols.unshift({ key: 'enterpriseName', header: '所属企业', f: { type: 'text', label: '所属企业' } as FieldDef });
  return cols;
}

/** streams an xlsx of every row the filters select, 2,000 rows a query, walking the order by keyset */
export function exportStream(db: Db, def: ResourceDef, user: SessionUser, params: ListParams): Readable {
  const out = new PassThrough();
  (async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet(EXCEL_SHEET);
    const cols = exportColumns(def, user);
    ws.columns = cols.map((c) => ({ header: c.header, key: c.key, width: Math.min(40, Math.max(10, c.header.length * 2 + 4)) }));
    const dicts = await dictNames(db);
    const t = tableOf(def);
    const where = whereOf(def, user, params);
    const order = orderOf(def, params.sort);
    const { col } = sortOf(def, params.sort);
    let last: { key: string | null; id: string } | null = null;
    for (;;) {
      const rows: Row[] = await db.select({ ...getTableColumns(t), sortKey: sql<string | null>`${col}::text` }).from(t)
        .where(last ? and(where, afterKey(def, params.sort, last)) : where).orderBy(...order).limit(2000);
      if (!rows.length) break;
      const tail = rows[rows.length - 1]!;
      last = { key: tail.sortKey as string | null, id: tail.id as string };
      for (const r of rows) delete r.sortKey;
      const shown = await present(db, def, user, rows);
      for (const r of shown) {
        const line: Record<string, unknown> = {};
        for (const c of cols) line[c.key] = c.key === 'enterpriseName' ? r.enterpriseName ?? '' : cellText(c.f, c.key, r, dicts);
        ws.addRow(line).commit();
      }
      if (rows.length < 2000) break;
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err));
  return out;
}

export const xlsxDisposition = (name = EXCEL_FILE) => `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`;

export async function templateBuffer(def: ResourceDef): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(EXCEL_SHEET);
  const fields = sheetFields(def).filter(([, f]) => !f.readOnly);
  ws.addRow(fields.map(([, f]) => f.label));
  ws.addRow(fields.map(([, f]) => (f.required ? '必填' : '') + (f.type === 'date' ? ' 格式2025-01-31' : f.type === 'enum' ? ' 可选：' + f.options!.map((o) => o.label).join('/') : f.type === 'region' ? ' 如：浙江省/杭州市/上城区' : f.type === 'bool' ? ' 是/否' : '')));
  ws.getRow(2).font = { italic: true, color: { argb: 'FF888888' } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface ImportReport { total: number; imported: number; errors: { row: number; field: string; message: string }[] }
export interface ImportProgress { done: number; total: number; finished: boolean; stage: '排队' | '读取文件' | '校验' | '写入' | '完成' }
const KEEP_SEC = 10 * 60;

/**
 * This instance's imports: one runs at a time (a 100,000-row workbook takes some 2 GB while it is read,
 * so a second one waits its turn, its progress saying 排队, instead of both exhausting the memory), and
 * each one's progress, polled by …/import/progress/:jobId, is kept here and, once a second while it
 * changes, in the shared state (Redis or the database), so the poll may land on any instance. A job id
 * is the client's, so the key carries the user's id: nobody reads another's progress. Forgotten 10
 * minutes after the import ends.
 */
export class Imports {
  private readonly progress = new Map<string, ImportProgress>();
  private slot: Promise<unknown> = Promise.resolve();
  constructor(private readonly state: SharedState) {}

  run<T>(userId: string, jobId: string | undefined, work: (progress: ImportProgress) => Promise<T>): Promise<T> {
    const progress = this.track(jobId ? `${userId}:${jobId}` : null);
    const run = this.slot.catch(() => {}).then(async () => {
      progress.stage = '读取文件';
      try { return await work(progress); } finally { await progress.end(); }
    });
    this.slot = run;
    return run;
  }

  /** this instance's own job, else the shared copy, else null */
  async read(userId: string, jobId: string): Promise<ImportProgress | null> {
    const key = `${userId}:${jobId}`;
    return this.progress.get(key) ?? await this.state.getJob<ImportProgress>(key);
  }

  private track(key: string | null): ImportProgress & { end(): Promise<void> } {
    const p: ImportProgress = { done: 0, total: 0, finished: false, stage: '排队' };
    let sent = '';
    const publish = async () => {
      const body = { done: p.done, total: p.total, finished: p.finished, stage: p.stage };
      const text = JSON.stringify(body);
      if (!key || text === sent) return;
      sent = text;
      // never awaited inside the import: on the embedded database it waits for the import's transaction
      await this.state.putJob(key, body, KEEP_SEC).catch(() => { sent = ''; });
    };
    const timer = key ? setInterval(() => void publish(), 1000) : null;
    timer?.unref();
    if (key) { this.progress.set(key, p); void publish(); }
    return Object.assign(p, {
      end: async () => {
        if (timer) clearInterval(timer);
        p.finished = true; p.stage = '完成'; p.done = p.total;
        await publish();
        if (key) setTimeout(() => { if (this.progress.get(key) === p) this.progress.delete(key); }, KEEP_SEC * 1000).unref();
      },
    });
  }
}

/** lets the event loop answer other requests (progress polls among them) during a long import */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

const cellValue = (v: unknown) => (v && typeof v === 'object' && 'text' in (v as object) ? (v as { text: unknown }).text
  : v && typeof v === 'object' && 'result' in (v as object) ? (v as { result: unknown }).result
  : v && typeof v === 'object' && 'richText' in (v as object) ? (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('') : v);

export async function readSheet(buf: Buffer, filename: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  if (/\.csv$/i.test(filename)) {
    const text = buf.toString('utf8').replace(/^\uFEFF/, '');
    const ws = await wb.csv.read(Readable.from([text]));
    return ws.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : []));
  }
  // the whole workbook at once: ExcelJS's streaming reader cuts multi-byte characters at its chunk
  // boundaries (exceljs#2084, 一级 became 一��), which an import of Chinese records cannot have
  try { await wb.xlsx.load(buf as unknown as ArrayBuffer); } catch { throw badInput('文件无法读取：请上传xlsx或csv文件'); }
  const ws = wb.worksheets[0];
  if (!ws) throw badInput('文件中没有工作表');
  const rows: unknown[][] = [];
  for (let n = 1; n <= ws.rowCount; n++) {
    rows.push((ws.getRow(n).values as unknown[]).slice(1).map(cellValue));
    if (n % 2000 === 0) await breathe();
  }
  return rows;
}

export async function importRows(app: App, db: Db, def: ResourceDef, user: SessionUser, buf: Buffer, filename: string, validOnly: boolean, jobId?: string): Promise<ImportReport> {
  if (!canWrite(def, user)) throw forbidden();
  return app.ctx.imports.run(user.id, jobId, async (progress) => importSheet(app, db, def, user, await readSheet(buf, filename), validOnly, progress));
}

async function importSheet(app: App, db: Db, def: ResourceDef, user: SessionUser, sheet: unknown[][], validOnly: boolean, progress: ImportProgress): Promise<ImportReport> {
  const header = (sheet[0] ?? []).map((h) => String(h ?? '').trim());
  const fields = sheetFields(def).filter(([, f]) => !f.readOnly);
  const colOf = new Map<string, number>();
  for (const [name, f] of fields) { const i = header.indexOf(f.label); if (i >= 0) colOf.set(name, i); }
  const missing = fields.filter(([name, f]) => f.required && !colOf.has(name)).map(([, f]) => f.label);
  if (missing.length) throw badInput(`模板缺少必填列：${missing.join('、')}`);
  const dicts = await dictNames(db);
  const dictByName = new Map([...dicts].map(([type, m]) => [type, new Map([...m].map(([v, n]) => [n, v]))]));
  // reference labels → ids, within the user's scope
  const refIds = new Map<string, Map<string, string>>();
  for (const [name, f] of fields) {
    if (f.type !== 'ref' || !colOf.has(name)) continue;
    const target = RESOURCES.find((r) => r.key === f.ref!.resource)!;
    const t = tableOf(target);
    const rs = await db.execute<{ id: string; label: string }>(sql`select id, ${sql.identifier(columnName(f.ref!.labelField))} as label from ${sql.identifier(tableName(target))} t where ${whereOf(target, user, {})}`);
    refIds.set(name, new Map(rs.rows.map((r) => [String(r.label), r.id])));
    void t;
  }
  const body = sheet.slice(1).map((cells, i) => ({ rowNo: i + 2, cells })).filter(({ cells }) => cells.some((c) => c !== null && c !== undefined && String(c).trim() !== ''));
  // the template's hint row
  if (body[0] && String(body[0].cells.find((c) => c) ?? '').startsWith('必填')) body.shift();
  const report: ImportReport = { total: body.length, imported: 0, errors: [] };
  progress.total = body.length;
  progress.stage = '校验';
  const good: { rowNo: number; values: Row }[] = [];
  const seen = new Map<string, Map<unknown, number>>();
  for (const { rowNo, cells } of body) {
    if (++progress.done % 500 === 0) await breathe();
    const input: Row = {};
    let rowError = false;
    for (const [name, f] of fields) {
      const i = colOf.get(name);
      if (i === undefined) continue;
      let v = cells[i];
      if (v instanceof Date) v = f.type === 'datetime' ? v : new Date(v.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      if (typeof v === 'string') v = v.trim();
      if (v !== null && v !== undefined && v !== '') {
        if (f.type === 'dict') {
          const conv = (s: string) => dictByName.get(f.dict!)?.get(s) ?? s;
          v = f.multiple ? String(v).split(/[、,，]/).map((s) => conv(s.trim())) : conv(String(v));
        } else if (f.type === 'region') {
          const code = regionCodeOf(String(v));
          if (!code) { report.errors.push({ row: rowNo, field: f.label, message: `${f.label}“${v}”不是有效的行政区划` }); rowError = true; continue; }
          v = code;
        } else if (f.type === 'ref') {
          const map = refIds.get(name)!;
          const conv = (s: string) => map.get(s);
          const list = String(v).split(/[、,，]/).map((s) => s.trim());
          const ids = list.map(conv);
          if (ids.some((x) => !x)) { report.errors.push({ row: rowNo, field: f.label, message: `${f.label}“${v}”不存在或无权使用` }); rowError = true; continue; }
          v = f.multiple ? ids : ids[0];
        }
      }
      input[name] = v;
    }
    const { values, errors } = validateInput(def, input, 'add');
    for (const e of errors) report.errors.push({ row: rowNo, field: e.label, message: e.message });
    if (errors.length || rowError) continue;
    let dup = false;
    for (const [name, f] of Object.entries(def.fields)) {
      if (!f.unique || values[name] == null) continue;
      if (!seen.has(name)) seen.set(name, new Map());
      const first = seen.get(name)!.get(values[name]);
      if (first) { report.errors.push({ row: rowNo, field: f.label, message: `${f.label}“${values[name]}”与第${first}行重复` }); dup = true; }
      else seen.get(name)!.set(values[name], rowNo);
    }
    if (!dup) good.push({ rowNo, values });
  }
  // uniqueness against stored rows, in batches
  const t = tableOf(def);
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.unique) continue;
    for (let i = 0; i < good.length; i += 1000) {
      const rows = good.slice(i, i + 1000);
      const batch = rows.map((g) => g.values[name]).filter((v) => v != null);
      if (!batch.length) continue;
      const conds = [inArray(t[name], batch)];
      if (def.scope === 'enterprise' && f.unique !== 'global' && user.enterpriseId) conds.push(eq(t.enterpriseId, user.enterpriseId));
      if (def.softDelete) conds.push(sql`${t.deletedAt} is null`);
      const hit = await db.select({ v: t[name] }).from(t).where(and(...conds));
      const taken = new Set(hit.map((h: Row) => h.v));
      for (const g of rows) if (taken.has(g.values[name])) report.errors.push({ row: g.rowNo, field: f.label, message: `${f.label}“${g.values[name]}”已存在` });
    }
  }
  const bad = new Set(report.errors.map((e) => e.row));
  report.errors.sort((a, b) => a.row - b.row);
  if (bad.size && !validOnly) return report;
  const toInsert = good.filter((g) => !bad.has(g.rowNo));
  const enterpriseId = def.scope === 'enterprise' && !('enterpriseId' in def.fields) ? user.enterpriseId : null;
  if (def.scope === 'enterprise' && !('enterpriseId' in def.fields) && !enterpriseId) throw badInput('只有企业用户可以导入本企业的数据');
  const hooks = hooksOf(def.key);
  progress.stage = '写入';
  progress.done = bad.size; // the refused rows are done with
  await db.transaction(async (tx) => {
    for (let i = 0; i < toInsert.length; i += 1000) {
      const batch = [];
      for (const g of toInsert.slice(i, i + 1000)) {
        const v = { ...g.values };
        await hooks.beforeWrite?.({ app, user, def, tx }, v, 'add', null, g.values);
        for (const [name, f] of Object.entries(def.fields)) {
          if (f.virtual) delete v[name];
          if (f.type === 'password' && v[name]) v[name] = await hashPassword(String(v[name]));
        }
        batch.push({ ...v, ...(enterpriseId ? { enterpriseId } : {}), createdBy: user.id, updatedBy: user.id });
      }
      if (batch.length) await tx.insert(t).values(batch);
      progress.done = Math.min(progress.total, bad.size + i + batch.length);
    }
  });
  report.imported = toInsert.length;
  return report;
}
