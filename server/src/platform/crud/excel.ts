/**
 * Excel for every resource: streamed export (sheet SheetJS, file 列表.xlsx), a template, and an
 * import that validates every row with the definition and reports (row, field, message). A file
 * with any bad row imports nothing unless the user chose "import valid rows only".
 */
import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parse as parseCsv } from '@fast-csv/parse';
import { sql, inArray, and, eq, getTableColumns } from 'drizzle-orm';
import { STATUS, type ResourceDef, type FieldDef, EXCEL_SHEET, EXCEL_FILE, sheetFields, validateInput, RESOURCES, columnName, tableName, fenToYuan, yuanToFen } from '@dg/core';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../access.ts';
import type { App } from '../context.ts';
import type { SharedState } from '../shared-state.ts';
import { ApiError, badInput, forbidden } from '../errors.ts';
import { brokenBody, INCOMPLETE_UPLOAD } from '../input-guard.ts';
import { streamToNewFile } from '../attachment-store.ts';
import { regionName, regionCodeOf } from '../regions.ts';
import { hooksOf, type Row } from './hooks.ts';
import { tableOf, whereOf, orderOf, sortOf, afterKey, decorate, type ListParams } from './query.ts';
import { canWrite, hashPassword } from './write.ts';
import { xlsxRows, xlsxLimits, limitMessages, XlsxError, MAX_ROWS, MAX_COLS, HEAD_ROWS, type XlsxLimits, type SheetRow, type CellValue } from './xlsx-read.ts';
import { XlsxStreamWriter } from './xlsx-write.ts';

async function dictNames(db: Db): Promise<Map<string, Map<string, string>>> {
  const r = await db.execute<{ type: string; name: string; value: string }>(sql`select type, name, value from base_dict where pid is not null`);
  const m = new Map<string, Map<string, string>>();
  for (const d of r.rows) { if (!m.has(d.type)) m.set(d.type, new Map()); m.get(d.type)!.set(d.value, d.name); }
  return m;
}

/** one value of a cell as shown (a top-level function: under tsx a closure made per cell costs a defineProperty each time) */
function shownValue(f: FieldDef, x: unknown, dicts: Map<string, Map<string, string>>): string {
  switch (f.type) {
    case 'dict': return dicts.get(f.dict!)?.get(String(x)) ?? String(x);
    case 'enum': return f.options?.find((o) => o.value === x)?.label ?? String(x);
    case 'bool': return x ? '是' : '否';
    case 'money': return fenToYuan(Number(x));
    case 'region': return regionName(String(x));
    case 'datetime': { const d = new Date(x as string); return Number.isNaN(d.getTime()) ? '' : new Date(d.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19); }
    default: return String(x);
  }
}

function cellText(f: FieldDef, name: string, row: Row, dicts: Map<string, Map<string, string>>): string | number {
  const v = row[name];
  if (v === null || v === undefined) return '';
  if (f.type === 'ref') { const l = row[name + 'Label']; return Array.isArray(l) ? l.join('、') : l ?? ''; }
  if (Array.isArray(v)) return v.map((x) => shownValue(f, x, dicts)).join('、');
  if ((f.type === 'number' || f.type === 'integer') && typeof v === 'number') return v;
  return shownValue(f, v, dicts);
}

export function exportColumns(def: ResourceDef, user: SessionUser) {
  const cols = sheetFields(def).map(([name, f]) => ({ key: name, header: f.label, f }));
  if (def.scope === 'enterprise' && user.side !== 'enterprise') cols.unshift({ key: 'enterpriseName', header: '所属企业', f: { type: 'text', label: '所属企业' } as FieldDef });
  return cols;
}

/**
 * 1,000 rows a page: 2,000 exported 100,000 vehicles ~10% faster but grew the server by ~210 MB instead of ~60
 * (pages outlive a young-generation collection while they are written, and V8 promotes them)
 */
const EXPORT_PAGE = 1000;

/**
 * The pages of an export, EXPORT_PAGE rows a query (only the columns the sheet shows), walking the order by keyset. Building it checks the
 * filters (a malformed one throws badInput here, before any byte of the file is sent).
 */
function exportPages(db: Db, def: ResourceDef, user: SessionUser, params: ListParams): () => Promise<Row[] | null> {
  const t = tableOf(def);
  const where = whereOf(def, user, params);
  const order = orderOf(def, params.sort);
  const { col } = sortOf(def, params.sort);
  let last: { key: string | null; id: string } | null = null;
  let done = false;
  // only what the sheet shows (and the keys): a vehicle row has twice as many columns as its export
  // (a table's or a view's columns are its properties)
  // Read as plain SQL, each column named as its field: the pg driver's type parsers (db/index.ts) give what drizzle's
  // row mapping would (dates as text, bigint and numeric as numbers), without its per-cell work (a fifth of an export)
  const wanted = ['id', 'enterpriseId', ...sheetFields(def).map(([name]) => name)].filter((k) => t[k]);
  const columns = sql.join(wanted.map((k) => sql`${t[k]} as ${sql.identifier(k)}`), sql`, `);
  // 所属企业 is a column only for the government's sheets: an enterprise's rows are all its own
  const enterpriseName = exportColumns(def, user).some((c) => c.key === 'enterpriseName');
  return async () => {
    if (done) return null;
    const rows = (await db.execute<Row>(sql`select ${columns}, ${col}::text as "sortKey" from ${t}
      where ${last ? and(where, afterKey(def, params.sort, last)) : where} order by ${sql.join(order, sql`, `)} limit ${EXPORT_PAGE}`)).rows;
    if (rows.length < EXPORT_PAGE) done = true;
    if (!rows.length) return null;
    const tail = rows[rows.length - 1]!;
    last = { key: tail.sortKey as string | null, id: tail.id as string };
    await decorate(db, def, user, rows, { enterpriseName }); // the rows hold only shown columns: labelled in place, not copied
    return rows;
  };
}

function writeExport(out: PassThrough, db: Db, def: ResourceDef, user: SessionUser, next: () => Promise<Row[] | null>, first?: { dicts: Map<string, Map<string, string>>; rows: Row[] | null }) {
  (async () => {
    const cols = exportColumns(def, user);
    const xlsx = new XlsxStreamWriter(out, EXCEL_SHEET, cols.map((c) => ({ header: c.header, width: Math.min(40, Math.max(10, c.header.length * 2 + 4)) })));
    const dicts = first?.dicts ?? await dictNames(db);
    let shown = first ? first.rows : await next();
    await xlsx.begin();
    const line: (string | number)[] = new Array(cols.length);
    while (shown) {
      const ahead = next(); // the next page is read while this one is written
      ahead.catch(() => {}); // awaited below: a failure ends the file there
      // each row encoded as it is read, into one reused line: no copy of the page waits for the client
      for (const r of shown) {
        for (let i = 0; i < cols.length; i++) { const c = cols[i]!; line[i] = c.key === 'enterpriseName' ? r.enterpriseName ?? '' : cellText(c.f, c.key, r, dicts); }
        xlsx.put(line);
      }
      shown = null;
      await xlsx.flush();
      shown = await ahead;
    }
    await xlsx.end();
  })().catch((err) => out.destroy(err));
}

/**
 * Streams an xlsx of every row the filters select. The filters are checked before it returns (a bad
 * one throws badInput), but a database error comes after the first bytes: use exportXlsx in a route.
 */
export function exportStream(db: Db, def: ResourceDef, user: SessionUser, params: ListParams): Readable {
  const next = exportPages(db, def, user, params);
  const out = new PassThrough();
  writeExport(out, db, def, user, next);
  return out;
}

/**
 * An export for a route: the filters are checked and the first page is read before it resolves, so
 * bad input or a failing query answers the JSON envelope (the caller sets the file's headers only
 * after this resolves); what remains streams.
 */
export async function exportXlsx(db: Db, def: ResourceDef, user: SessionUser, params: ListParams): Promise<Readable> {
  const next = exportPages(db, def, user, params);
  const dicts = await dictNames(db);
  const rows = await next();
  const out = new PassThrough();
  writeExport(out, db, def, user, next, { dicts, rows });
  return out;
}

/** a small sheet built in one go (a report's table): the rows as they are shown */
export function xlsxOf(columns: string[], rows: (string | number)[][]): Readable {
  const out = new PassThrough();
  (async () => {
    const xlsx = new XlsxStreamWriter(out, EXCEL_SHEET, columns.map((header) => ({ header, width: Math.min(60, Math.max(12, header.length * 2 + 4)) })));
    await xlsx.rows(rows);
    await xlsx.end();
  })().catch((err) => out.destroy(err));
  return out;
}

export const xlsxDisposition = (name = EXCEL_FILE) => `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`;

export async function templateBuffer(def: ResourceDef): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(EXCEL_SHEET);
  const fields = sheetFields(def).filter(([, f]) => !f.readOnly);
  ws.addRow(fields.map(([, f]) => f.label));
  ws.addRow(fields.map(([, f]) => (f.required ? '必填' : '') + (f.type === 'date' ? ' 格式2025-01-31' : f.type === 'enum' ? ' 可选：' + f.options!.map((o) => o.label).join('/') : f.type === 'region' ? ' 如：浙江省/杭州市/上城区' : f.type === 'bool' ? ' 是/否' : f.type === 'money' ? ' 单位：元，最多两位小数' : '')));
  ws.getRow(2).font = { italic: true, color: { argb: 'FF888888' } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * `partial`: the rows were good but the database refused a batch while they were written: the first
 * `imported` rows (of the good ones, in file order) are in, the rest are not — the last error says
 * from which row on. Never set when the import wrote everything or nothing.
 */
/** at most MAX_LISTED_ERRORS errors are listed (a wholly wrong 100,000-row file has millions); errorCount and badRows count them all */
export interface ImportReport { total: number; imported: number; errors: { row: number; field: string; message: string }[]; errorCount?: number; badRows?: number; partial?: boolean }
export const MAX_LISTED_ERRORS = 1000;
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

const BAD_FILE = '文件格式不正确：请上传xlsx或csv文件（文件可能已损坏或不完整）';

/** a csv is read this many rows (or cells) at a time: fast-csv parses a batch, never the whole file */
const CSV_BATCH_ROWS = 2000;
const CSV_BATCH_CELLS = 64 * 1024;
/** a csv's bytes are read a megabyte at a time, from memory or from its file */
const CSV_CHUNK = 1 << 20;
/**
 * A csv row longer than this is refused: fast-csv parses an unfinished row again from its start for every piece that
 * arrives, so one row of megabytes would cost quadratic time (20 columns at Excel's 32,767 characters fit in 2 MB).
 */
const CSV_MAX_ROW_BYTES = 2_000_000;
const [QUOTE, COMMA, LF, CR, SPACE, TAB] = [0x22, 0x2c, 0x0a, 0x0d, 0x20, 0x09];

/**
 * An upload: in memory, or spooled to a file (a csv: one of a million rows is read from its file, a batch at a time,
 * so the server's memory does not grow with it)
 */
export type Upload = Buffer | { path: string };

/** the bytes of an upload, a megabyte at a time */
async function* bytesOf(src: Upload): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(src)) {
    for (let i = 0; i < src.length; i += CSV_CHUNK) { yield src.subarray(i, i + CSV_CHUNK); await breathe(); }
    return;
  }
  for await (const chunk of createReadStream(src.path, { highWaterMark: CSV_CHUNK })) yield chunk as Buffer;
}

/**
 * Where a csv's batches end (byte offsets just past a row's line break), its row count and the refusal of a file past
 * the limits, its bytes fed a piece at a time. Quotes are followed as fast-csv follows them: a field is quoted when its
 * first character other than a space is a quote, "" inside it is one quote, and a line break inside it ends no row —
 * so a batch always ends where fast-csv ends a row (CR LF is one line break, even across two pieces).
 */
class CsvScanner {
  rows = 0;
  private cols = 0;
  private batchRows = 0;
  private batchCells = 0;
  private rowStart: number;
  /** `quote`: a quote inside a quoted field, which the next byte makes "" or the field's end */
  private state: 'start' | 'plain' | 'quoted' | 'quote' | 'closed' = 'start';
  /** a CR ended the last piece: the row ends after it, or after the LF that follows */
  private afterCR = false;
  constructor(private readonly limits: XlsxLimits, start: number) { this.rowStart = start; }

  private longRow(at: number) {
    if (at - this.rowStart > CSV_MAX_ROW_BYTES) throw badInput(`文件中第${this.rows + 1}行超过${CSV_MAX_ROW_BYTES / 1_000_000} MB，请检查文件内容`);
  }

  private endRow(at: number, ends: number[]) {
    this.longRow(at);
    this.rows++; this.batchRows++; this.batchCells += this.cols + 1; this.cols = 0; this.state = 'start'; this.rowStart = at;
    if (this.rows > this.limits.rows + HEAD_ROWS) throw badInput(limitMessages.rows(this.limits));
    if (this.batchRows >= CSV_BATCH_ROWS || this.batchCells >= CSV_BATCH_CELLS) { ends.push(at); this.batchRows = 0; this.batchCells = 0; }
  }

  /** the bytes of `piece` from `from`, the first of them at offset `base` of the file; answers the batch ends among them */
  feed(piece: Buffer, from: number, base: number): number[] {
    const ends: number[] = [];
    for (let i = from; i < piece.length; i++) {
      const b = piece[i]!;
      if (this.afterCR) {
        this.afterCR = false;
        if (b === LF) { this.endRow(base + i + 1, ends); continue; }
        this.endRow(base + i, ends);
      }
      if (this.state === 'quoted') { if (b === QUOTE) this.state = 'quote'; continue; }
      if (this.state === 'quote') {
        if (b === QUOTE) { this.state = 'quoted'; continue; }
        this.state = 'closed';
      }
      if (b === COMMA) {
        if (++this.cols >= MAX_COLS) throw badInput(limitMessages.cells(this.limits));
        this.state = 'start';
      } else if (b === LF) this.endRow(base + i + 1, ends);
      else if (b === CR) this.afterCR = true;
      else if (this.state === 'start' && b === QUOTE) this.state = 'quoted';
      else if (this.state === 'start' && b !== SPACE && b !== TAB) this.state = 'plain';
    }
    this.longRow(base + piece.length);
    return ends;
  }

  /** the file ends at `end`: its last batch ends there (the last row may have no line break) */
  finish(end: number): number[] {
    const ends: number[] = [];
    if (this.afterCR || this.state !== 'start' || this.cols > 0) { this.afterCR = false; this.endRow(end, ends); }
    if (ends[ends.length - 1] !== end) ends.push(end);
    return ends;
  }
}

/** the BOM Excel writes before a csv */
const bomLength = (head: Buffer) => (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0);

/** a csv's rows counted (and its limits checked) without parsing it */
async function countCsvRows(src: Upload, limits: XlsxLimits): Promise<number> {
  let scan: CsvScanner | null = null;
  let base = 0;
  for await (const piece of bytesOf(src)) {
    const from: number = scan ? 0 : bomLength(piece);
    scan ??= new CsvScanner(limits, from);
    scan.feed(piece, from, base);
    base += piece.length;
  }
  scan?.finish(base);
  return scan?.rows ?? 0;
}

/** what ExcelJS reads as such in a csv cell (its own list) */
const CSV_SPECIAL: Record<string, CellValue | { error: string }> = {
  true: true, false: false, '#N/A': { error: '#N/A' }, '#REF!': { error: '#REF!' }, '#NAME?': { error: '#NAME?' },
  '#DIV/0!': { error: '#DIV/0!' }, '#NULL!': { error: '#NULL!' }, '#VALUE!': { error: '#VALUE!' }, '#NUM!': { error: '#NUM!' },
};
/**
 * One csv cell as ExcelJS reads it — empty none, a number, true/false and Excel's error words — except a date or a
 * time, which stays text for the field to read as it reads a form's (a date YYYY-MM-DD or YYYY/MM/DD, a time with or
 * without its offset; MM-DD-YYYY is written YYYY-MM-DD). ExcelJS tries four date formats on every other cell (dayjs,
 * strict), which took nine tenths of a csv import's time: 35 s of 40 for 20,000 rows of nine columns.
 */
function csvCell(datum: string): CellValue {
  if (datum === '') return null;
  const n = Number(datum);
  if (!Number.isNaN(n) && n !== Infinity) return n;
  const us = datum.length === 10 && datum[2] === '-' ? /^(\d{2})-(\d{2})-(\d{4})$/.exec(datum) : null;
  if (us) return `${us[3]}-${us[1]}-${us[2]}`;
  return (CSV_SPECIAL[datum] ?? datum) as CellValue;
}

/**
 * One batch's rows as fast-csv (ExcelJS's csv parser, with its defaults) reads them, fed in 64 KB pieces with a turn
 * of the event loop between: arrays of strings, no worksheet built of them
 */
function parseCsvBatch(text: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    const parser = parseCsv().on('data', (r: string[]) => rows.push(r)).on('error', () => reject(badInput(BAD_FILE))).on('end', () => resolve(rows));
    const pieces = async function* () {
      for (let i = 0; i < text.length; i += 64 * 1024) { yield text.slice(i, i + 64 * 1024); await breathe(); }
    };
    Readable.from(pieces()).pipe(parser);
  });
}

/**
 * A csv's rows, read a batch at a time as its bytes arrive: only the bytes since the last batch's end are held. The
 * first read of a file counts its rows first (`hint.rows`: the progress's total, and a file past the limits refused
 * before any row is read).
 */
async function* csvRows(src: Upload, hint: { rows?: number }, limits: XlsxLimits): AsyncGenerator<SheetRow> {
  hint.rows ??= await countCsvRows(src, limits);
  let scan: CsvScanner | null = null;
  let pending: Buffer = Buffer.alloc(0); // the bytes after the last batch's end
  let pendingAt = 0; // where they start in the file
  let rowNo = 0;
  const batches = async function* (ends: number[]) {
    for (const end of ends) {
      const text = pending.toString('utf8', 0, end - pendingAt);
      pending = pending.subarray(end - pendingAt);
      pendingAt = end;
      for (const r of await parseCsvBatch(text)) yield { rowNo: ++rowNo, cells: r.slice(0, MAX_COLS).map(csvCell) };
    }
  };
  let base = 0;
  for await (const piece of bytesOf(src)) {
    const from: number = scan ? 0 : bomLength(piece);
    if (!scan) { scan = new CsvScanner(limits, from); pendingAt = from; }
    pending = pending.length ? Buffer.concat([pending, piece.subarray(from)]) : piece.subarray(from);
    const ends = scan.feed(piece, from, base);
    base += piece.length;
    yield* batches(ends);
  }
  if (scan) yield* batches(scan.finish(base));
}

/**
 * An uploaded sheet's rows with their row numbers, as they are read: an xlsx streams (xlsx-read.ts: a
 * 100,000-row workbook is never held as cell objects, and Chinese text survives chunk boundaries);
 * a csv is read a batch of rows at a time. `hint.rows`: the row count the file declares, if any. A file past
 * `limits` (by default an import's: MAX_ROWS data rows and the bytes, strings and cells they may take) is refused
 * with 40001 naming the limit.
 */
export async function* sheetRows(src: Upload, filename: string, hint: { rows?: number } = {}, limits: XlsxLimits = xlsxLimits()): AsyncGenerator<SheetRow> {
  if (/\.csv$/i.test(filename)) {
    yield* csvRows(src, hint, limits);
    return;
  }
  const rows = xlsxRows(Buffer.isBuffer(src) ? src : await readFile(src.path), hint, limits);
  for (;;) {
    let next: IteratorResult<SheetRow>;
    try { next = await rows.next(); } catch (err) {
      if (err instanceof XlsxError) throw badInput(err.shown ?? BAD_FILE);
      if (err instanceof RangeError || (err as { code?: string }).code?.startsWith('Z_')) throw badInput(BAD_FILE);
      throw err;
    }
    if (next.done) return;
    yield next.value;
  }
}

/** the whole sheet, row n at index n-1 (rows the file skips are empty); at most `maxRows` data rows */
export async function readSheet(buf: Buffer, filename: string, maxRows = MAX_ROWS): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const { rowNo, cells } of sheetRows(buf, filename, {}, xlsxLimits(maxRows))) {
    while (out.length < rowNo - 1) out.push([]);
    out.push(cells);
  }
  return out;
}

/** an import's upload at most (and every multipart upload's, app.ts), but the csv of a resource that takes more rows */
export const UPLOAD_BYTES = 50 * 1024 * 1024;
/** what a csv row may take on average in a resource's own row limit (`csvImportRows`): 2,000,000 rows, 512 MB */
export const CSV_IMPORT_ROW_BYTES = 256;
export const importUploadBytes = (def: ResourceDef) => Math.max(UPLOAD_BYTES, (def.csvImportRows ?? 0) * CSV_IMPORT_ROW_BYTES);

/**
 * An import's upload written to a file of its own under DATA_DIR/tmp (0600; `remove` deletes it): a csv is read from
 * it a batch at a time, twice (the check, then the writing), and never held whole in memory — a million rows are some
 * 120 MB, twice that while an upload is gathered into one buffer. An xlsx of at most UPLOAD_BYTES is read back whole.
 */
export async function spoolUpload(stream: Readable, dataDir: string): Promise<{ path: string; bytes: number; remove(): Promise<void> }> {
  const dir = path.join(dataDir, 'tmp');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `import-${randomUUID()}`);
  const remove = () => unlink(file).catch(() => {});
  try {
    await streamToNewFile(stream, file, 0o600);
    return { path: file, bytes: (await stat(file)).size, remove };
  } catch (err) {
    await remove();
    throw brokenBody(err) ? badInput(INCOMPLETE_UPLOAD) : err;
  }
}

/** the data rows an import of `def` may hold: a csv up to the resource's own limit, an xlsx MAX_ROWS (its shared strings are held while it is read) */
export const importRowLimit = (def: ResourceDef, filename: string) => (/\.csv$/i.test(filename) ? Math.max(def.csvImportRows ?? MAX_ROWS, MAX_ROWS) : MAX_ROWS);

export async function importRows(app: App, db: Db, def: ResourceDef, user: SessionUser, src: Upload, filename: string, validOnly: boolean, jobId?: string): Promise<ImportReport> {
  if (!canWrite(def, user)) throw forbidden();
  return app.ctx.imports.run(user.id, jobId, async (progress) => {
    const hint: { rows?: number } = {};
    const limits = xlsxLimits(importRowLimit(def, filename));
    return importSheet(app, db, def, user, () => sheetRows(src, filename, hint, limits), hint, validOnly, progress);
  });
}

const INSERT_BATCH = 2000;
/** an import of this many rows or more analyzes its table when it has written them */
const ANALYZE_AFTER_ROWS = 10_000;

/**
 * Reads, checks and writes one sheet, in two passes over the file so that a 100,000-row import never
 * holds its rows: the first checks every row (fields, references, duplicates within the file and
 * against stored rows, the resource's beforeWrite) and keeps only the bad rows' numbers and the unique
 * values; the second, when nothing is bad (or validOnly), reads the rows again and writes the good
 * ones 2,000 a statement, so other requests on the embedded database (one session) get their turn
 * between batches. Should the database refuse a batch part way, the report says so (`partial`, and
 * from which row on).
 */
async function importSheet(app: App, db: Db, def: ResourceDef, user: SessionUser, read: () => AsyncIterable<SheetRow>, hint: { rows?: number }, validOnly: boolean, progress: ImportProgress): Promise<ImportReport> {
  const fields = sheetFields(def).filter(([, f]) => !f.readOnly);
  const hooks = hooksOf(def.key);
  const t = tableOf(def);
  const filled = (cells: unknown[]) => cells.some((c) => c !== null && c !== undefined && String(c).trim() !== '');
  /** the body rows of one pass: header and the template's hint row left out */
  async function* body(onHeader: (header: string[]) => Promise<void>): AsyncGenerator<SheetRow> {
    let header: string[] | null = null;
    let hintSkipped = false;
    for await (const row of read()) {
      if (!header) { header = row.cells.map((h) => String(h ?? '').trim()); await onHeader(header); continue; }
      if (!filled(row.cells)) continue;
      if (!hintSkipped) { hintSkipped = true; if (String(row.cells.find((c) => c) ?? '').startsWith('必填')) continue; }
      yield row;
    }
    if (!header) await onHeader([]);
  }

  const colOf = new Map<string, number>();
  const dictByName = new Map<string, Map<string, string>>();
  const refIds = new Map<string, Map<string, string>>();
  const prepare = async (header: string[]) => {
    for (const [name, f] of fields) { const i = header.indexOf(f.label); if (i >= 0) colOf.set(name, i); }
    const missing = fields.filter(([name, f]) => f.required && !colOf.has(name)).map(([, f]) => f.label);
    if (missing.length) throw badInput(`模板缺少必填列：${missing.join('、')}`);
    for (const [type, m] of await dictNames(db)) dictByName.set(type, new Map([...m].map(([v, n]) => [n, v])));
    // reference labels → ids, within the user's scope
    for (const [name, f] of fields) {
      if (f.type !== 'ref' || !colOf.has(name)) continue;
      const target = RESOURCES.find((r) => r.key === f.ref!.resource)!;
      const rs = await db.execute<{ id: string; label: string }>(sql`select id, ${sql.identifier(columnName(f.ref!.labelField))} as label from ${sql.identifier(tableName(target))} where ${whereOf(target, user, {})}`);
      refIds.set(name, new Map(rs.rows.map((r) => [String(r.label), r.id])));
    }
  };

  /** one row's values as the definition takes them, and what is wrong with them */
  const convert = (rowNo: number, cells: unknown[]): { values: Row; errors: ImportReport['errors'] } => {
    const input: Row = {};
    const errors: ImportReport['errors'] = [];
    const failed = new Set<string>(); // fields already reported: validation would only add 请输入…
    for (const [name, f] of fields) {
      const i = colOf.get(name);
      if (i === undefined) continue;
      let v: unknown = cells[i];
      if (v instanceof Date) v = f.type === 'datetime' ? v : new Date(v.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      if (typeof v === 'string') v = v.trim();
      const refuse = (message: string) => { errors.push({ row: rowNo, field: f.label, message }); failed.add(f.label); };
      // PostgreSQL refuses NUL in text: the row is reported, not the whole import answered with 500
      if (typeof v === 'string' && v.includes('\u0000')) { refuse(`${f.label}：含有非法字符`); continue; }
      if (v !== null && v !== undefined && v !== '') {
        if (f.type === 'dict') {
          const conv = (s: string) => dictByName.get(f.dict!)?.get(s) ?? s;
          v = f.multiple ? String(v).split(/[、,，]/).map((s) => conv(s.trim())) : conv(String(v));
        } else if (f.type === 'money') {
          const fen = yuanToFen(v);
          if (fen === null) { refuse(`${f.label}：请输入正确的金额（元，最多两位小数）`); continue; }
          v = fen;
        } else if (f.type === 'region') {
          const code = regionCodeOf(String(v));
          if (!code) { refuse(`${f.label}“${v}”不是有效的行政区划`); continue; }
          v = code;
        } else if (f.type === 'ref') {
          const map = refIds.get(name)!;
          const ids = String(v).split(/[、,，]/).map((s) => map.get(s.trim()));
          if (ids.some((x) => !x)) { refuse(`${f.label}“${v}”不存在或无权使用`); continue; }
          v = f.multiple ? ids : ids[0];
        }
      }
      input[name] = v;
    }
    const checked = validateInput(def, input, 'add');
    for (const e of checked.errors) if (!failed.has(e.label)) errors.push({ row: rowNo, field: e.label, message: e.message });
    return { values: checked.values, errors };
  };
  /** the resource's rules: a row they refuse (badInput) is that row's error; 无权限 stays the answer to the whole import */
  const beforeWrite = async (rowNo: number, values: Row, input: Row): Promise<string | null> => {
    try {
      await hooks.beforeWrite?.({ app, user, def, tx: db }, values, 'add', null, input);
      return null;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== STATUS.BAD_INPUT) throw err;
      return err.message;
    }
  };
  const enterpriseId = def.scope === 'enterprise' && !('enterpriseId' in def.fields) ? user.enterpriseId : null;

  // pass 1: check every row
  progress.stage = '校验';
  const report: ImportReport = { total: 0, imported: 0, errors: [], errorCount: 0 };
  const note = (e: ImportReport['errors'][number]) => { report.errorCount!++; if (report.errors.length < MAX_LISTED_ERRORS) report.errors.push(e); };
  const bad = new Set<number>();
  const uniqueFields = Object.entries(def.fields).filter(([, f]) => f.unique);
  const seen = new Map<string, Map<unknown, number>>(uniqueFields.map(([name]) => [name, new Map()]));
  for await (const { rowNo, cells } of body(prepare)) {
    report.total++;
    progress.total = Math.max(report.total, (hint.rows ?? 0) - 1);
    if (++progress.done % 500 === 0) await breathe();
    const { values, errors } = convert(rowNo, cells);
    if (errors.length) { errors.forEach(note); bad.add(rowNo); continue; }
    let dup = false;
    for (const [name, f] of uniqueFields) {
      if (values[name] == null) continue;
      const first = seen.get(name)!.get(values[name]);
      if (first) { note({ row: rowNo, field: f.label, message: `${f.label}“${values[name]}”与第${first}行重复` }); dup = true; }
      else seen.get(name)!.set(values[name], rowNo);
    }
    if (dup) { bad.add(rowNo); continue; }
    const refused = await beforeWrite(rowNo, { ...values }, values);
    if (refused) { note({ row: rowNo, field: '', message: refused }); bad.add(rowNo); }
  }
  // uniqueness against stored rows, 10,000 values a query (one jsonb parameter for text columns)
  const columns = getTableColumns(t) as Record<string, { name: string; getSQLType(): string }>;
  for (const [name, f] of uniqueFields) {
    const values = [...seen.get(name)!.keys()];
    const text = /^(text|varchar)/.test(columns[name]?.getSQLType() ?? '') && values.every((v) => typeof v === 'string');
    for (let i = 0; i < values.length; i += 10_000) {
      const batch = values.slice(i, i + 10_000);
      const conds = [text ? sql`${t[name]} in (select jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb))` : inArray(t[name], batch)];
      if (def.scope === 'enterprise' && f.unique !== 'global' && user.enterpriseId) conds.push(eq(t.enterpriseId, user.enterpriseId));
      if (def.softDelete) conds.push(sql`${t.deletedAt} is null`);
      const hit = await db.select({ v: t[name] }).from(t).where(and(...conds));
      for (const h of hit as Row[]) {
        const rowNo = seen.get(name)!.get(h.v);
        if (rowNo === undefined) continue;
        note({ row: rowNo, field: f.label, message: `${f.label}“${h.v}”已存在` });
        bad.add(rowNo);
      }
    }
  }
  seen.clear();
  report.errors.sort((a, b) => a.row - b.row);
  report.badRows = bad.size;
  if (bad.size && !validOnly) return report;
  if (def.scope === 'enterprise' && !('enterpriseId' in def.fields) && !enterpriseId) throw badInput('只有企业用户可以导入本企业的数据');

  // pass 2: read the rows again, write the good ones
  progress.stage = '写入';
  progress.total = report.total;
  progress.done = bad.size; // the refused rows are done with
  const writeBatch = async (batch: Row[]) => {
    // one statement of 2,000 rows: the rows as one jsonb array, typed by the table's own row type
    const keys = [...new Set(batch.flatMap((r) => Object.keys(r)))].filter((k) => columns[k]);
    const json = JSON.stringify(batch.map((r) => Object.fromEntries(keys.map((k) => [columns[k]!.name, r[k] ?? null]))));
    const cols = sql.join(keys.map((k) => sql.identifier(columns[k]!.name)), sql`, `);
    await db.execute(sql`insert into ${t} (${cols}) select ${cols} from jsonb_populate_recordset(null::${t}, ${json}::jsonb)`);
  };
  let batch: { rowNo: number; values: Row }[] = [];
  // one batch is written while the next is read and checked: the database's time and ours overlap
  let writing: Promise<boolean> = Promise.resolve(true);
  const stop = (rowNo: number, why: string) => {
    const left = report.total - bad.size - report.imported;
    report.partial = true;
    report.errorCount!++;
    report.errors.push({ row: rowNo, field: '', message: `导入未完成：第${rowNo}行及以后的${left}行未导入（${why}），之前的${report.imported}行已导入` });
    return report;
  };
  let failure: unknown = null; // the first batch refused: nothing is written, the import answers as any refused write
  /** the batch in flight done: false when the import stops there */
  const settled = async () => {
    const ok = await writing;
    if (failure) throw failure;
    return ok;
  };
  const flush = async (): Promise<boolean> => {
    if (!(await settled())) return false;
    if (!batch.length) return true;
    const rows = batch;
    batch = [];
    writing = write(rows);
    return true;
  };
  const write = async (rows: { rowNo: number; values: Row }[]): Promise<boolean> => {
    try {
      await writeBatch(rows.map((r) => r.values));
    } catch (err) {
      if (!report.imported) { failure = err; return false; } // thrown by settled(): never a rejection nobody waits for
      app.log.error({ err }, 'import stopped part way');
      stop(rows[0]!.rowNo, err instanceof ApiError ? err.message : '数据库拒绝写入');
      return false;
    }
    report.imported += rows.length;
    progress.done = Math.min(progress.total, bad.size + report.imported);
    return true;
  };
  for await (const { rowNo, cells } of body(async () => {})) {
    if (bad.has(rowNo)) continue;
    // the same checks again: only a change made meanwhile (or by an earlier row, to a rule that reads the database) can refuse the row now
    const { values, errors } = convert(rowNo, cells);
    const input = { ...values };
    const refused = errors[0]?.message ?? await beforeWrite(rowNo, values, input);
    if (refused) {
      if (!(await flush()) || !(await settled())) return report;
      return report.imported ? stop(rowNo, refused) : { ...report, errorCount: report.errorCount! + 1, badRows: bad.size + 1, errors: [...report.errors, { row: rowNo, field: '', message: refused }] };
    }
    for (const [name, f] of Object.entries(def.fields)) {
      if (f.virtual) delete values[name];
      if (f.type === 'password' && values[name]) values[name] = await hashPassword(String(values[name]));
    }
    batch.push({ rowNo, values: { ...values, ...(enterpriseId ? { enterpriseId } : {}), createdBy: user.id, updatedBy: user.id } });
    if (batch.length >= INSERT_BATCH) {
      if (!(await flush())) return report;
      await breathe();
    }
  }
  await flush();
  await settled();
  // fresh statistics for what reads the rows next (数据融合比对 walks a million records just imported: planned on the
  // empty table's, each chunk sorted every record of the region), not after autovacuum's next turn
  if (report.imported >= ANALYZE_AFTER_ROWS) await db.execute(sql`analyze ${t}`);
  return report;
}
