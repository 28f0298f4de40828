/**
 * Reading an uploaded xlsx as a stream of rows: the workbook's zip is read from its central directory
 * (the upload is in memory already), the first worksheet's XML is inflated and parsed a chunk at a
 * time, so a 100,000-row file never exists as a whole workbook of cell objects.
 *
 * Why not ExcelJS's WorkbookReader: it decodes each chunk of XML with a TextDecoder that is not told
 * the stream goes on (exceljs#2084, lib/utils/parse-sax.js `decode(chunk)` without `{ stream: true }`),
 * so a Chinese character cut by a chunk boundary becomes two U+FFFD (一级 → 一��). Here one streaming
 * TextDecoder per entry carries the cut bytes over to the next chunk.
 *
 * Values as ExcelJS's reader gives them: strings (shared, inline, rich text joined, formula results),
 * numbers, booleans, Dates for cells with a date format (serial days since 1899-12-30 read as UTC),
 * null for empty cells. Rows come with their sheet row number; rows the file skips are not yielded.
 */
import { inflateRawSync, createInflateRaw } from 'node:zlib';
import { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export type CellValue = string | number | boolean | Date | null;
export interface SheetRow { rowNo: number; cells: CellValue[] }

/** a worksheet's rows beyond this, or columns beyond this, make the file refused (a zip bomb of a sheet) */
export const MAX_ROWS = 1_000_000;
export const MAX_COLS = 1_000;

export class XlsxError extends Error {}

interface Entry { name: string; method: number; compressed: number; size: number; offset: number }

/** the zip's entries, from its end-of-central-directory record */
function zipEntries(buf: Buffer): Map<string, Entry> {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new XlsxError('not a zip');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map<string, Entry>();
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new XlsxError('bad central directory');
    const nameLen = buf.readUInt16LE(p + 28), extraLen = buf.readUInt16LE(p + 30), commentLen = buf.readUInt16LE(p + 32);
    const e: Entry = { method: buf.readUInt16LE(p + 10), compressed: buf.readUInt32LE(p + 20), size: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42), name: buf.toString('utf8', p + 46, p + 46 + nameLen) };
    out.set(e.name.replace(/^\//, ''), e);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

function entryData(buf: Buffer, e: Entry): Buffer {
  if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== 0x04034b50) throw new XlsxError('bad local header');
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  if (start + e.compressed > buf.length) throw new XlsxError('truncated entry');
  if (e.method !== 0 && e.method !== 8) throw new XlsxError('unsupported compression');
  return buf.subarray(start, start + e.compressed);
}

/** the entry's text, inflated in one go (small parts: workbook, rels, styles) */
function entryText(buf: Buffer, e: Entry | undefined): string | null {
  if (!e) return null;
  const data = entryData(buf, e);
  return (e.method === 8 ? inflateRawSync(data) : data).toString('utf8');
}

/** the entry's XML, parsed as it inflates: `on` sets up the parser; yields after each chunk's events */
async function* parseEntry(buf: Buffer, e: Entry, on: (p: SaxesParser) => void): AsyncGenerator<void> {
  const data = entryData(buf, e);
  const source = e.method === 8 ? Readable.from([data]).pipe(createInflateRaw({ chunkSize: 64 * 1024 })) : Readable.from([data]);
  const parser = new SaxesParser();
  let failed: Error | null = null;
  parser.on('error', (err) => { failed = err; });
  on(parser);
  const decoder = new TextDecoder('utf-8'); // { stream: true } keeps a character cut by the chunk boundary for the next chunk
  for await (const chunk of source) {
    parser.write(decoder.decode(chunk as Buffer, { stream: true }));
    if (failed) throw new XlsxError(String(failed));
    yield;
  }
  parser.write(decoder.decode());
  parser.close();
  if (failed) throw new XlsxError(String(failed));
  yield;
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
/** a number format that shows a date or time: y, m, d, h or s outside quotes, brackets and escapes */
const isDateFormat = (code: string) => /[ymdhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, '').replace(/General/gi, ''));

/** which cell styles (index into cellXfs) show dates */
function dateStyles(xml: string | null): Set<number> {
  const out = new Set<number>();
  if (!xml) return out;
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<numFmt\b[^>]*?numFmtId="(\d+)"[^>]*?formatCode="([^"]*)"/g)) custom.set(Number(m[1]), m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1] ?? '';
  let i = 0;
  for (const m of xfs.matchAll(/<xf\b([^>]*?)\/?>/g)) {
    const id = Number(/numFmtId="(\d+)"/.exec(m[1]!)?.[1] ?? 0);
    if (BUILTIN_DATE_FORMATS.has(id) || (custom.has(id) && isDateFormat(custom.get(id)!))) out.add(i);
    i++;
  }
  return out;
}

/** the path of the workbook's first worksheet */
function firstSheet(buf: Buffer, entries: Map<string, Entry>): Entry {
  const book = entryText(buf, entries.get('xl/workbook.xml')) ?? '';
  const rels = entryText(buf, entries.get('xl/_rels/workbook.xml.rels')) ?? '';
  const rid = /<sheet\b[^>]*?\br:id="([^"]+)"/.exec(book)?.[1] ?? /<sheet\b[^>]*?\bid="([^"]+)"/.exec(book)?.[1];
  if (rid) {
    const rel = [...rels.matchAll(/<Relationship\b([^>]*)\/?>/g)].map((m) => m[1]!).find((a) => new RegExp(`\\bId="${rid.replace(/[^\w-]/g, '')}"`).test(a));
    const target = rel && /Target="([^"]+)"/.exec(rel)?.[1];
    if (target) {
      const path = target.startsWith('/') ? target.slice(1) : 'xl/' + target.replace(/^\.\//, '');
      const e = entries.get(path);
      if (e) return e;
    }
  }
  const sheets = [...entries.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  if (!sheets.length) throw new XlsxError('no worksheet');
  return entries.get(sheets[0]!)!;
}

/** the column index (0-based) of a cell reference such as "AB12" */
function colOf(ref: string): number {
  let c = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    c = c * 26 + code - 64;
  }
  return c - 1;
}

const excelDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - (date1904 ? 24107 : 25569)) * 86_400_000));

async function readSharedStrings(buf: Buffer, e: Entry | undefined): Promise<string[]> {
  const out: string[] = [];
  if (!e) return out;
  let cur: string[] | null = null;
  let inText = false, inPhonetic = 0;
  const parsing = parseEntry(buf, e, (p) => {
    p.on('opentag', (t: SaxesTagPlain) => {
      if (t.name === 'si') cur = [];
      else if (t.name === 'rPh') inPhonetic++;
      else if (t.name === 't' && !inPhonetic) inText = true;
    });
    p.on('text', (s) => { if (inText && cur) cur.push(s); });
    p.on('closetag', (t: SaxesTagPlain) => {
      if (t.name === 't') inText = false;
      else if (t.name === 'rPh') inPhonetic--;
      else if (t.name === 'si') { out.push(cur ? cur.join('') : ''); cur = null; }
    });
  });
  for await (const _ of parsing) { /* the events did the work */ }
  return out;
}

/**
 * The first worksheet's rows, as the XML inflates. `hint.rows` gets the sheet's declared row count
 * (its <dimension>) when it has one. Throws XlsxError on a file that is no readable xlsx.
 */
export async function* xlsxRows(buf: Buffer, hint: { rows?: number } = {}): AsyncGenerator<SheetRow> {
  const entries = zipEntries(buf);
  const sheet = firstSheet(buf, entries);
  const book = entryText(buf, entries.get('xl/workbook.xml')) ?? '';
  const date1904 = /<workbookPr\b[^>]*date1904="(1|true)"/.test(book);
  const dates = dateStyles(entryText(buf, entries.get('xl/styles.xml')));
  const shared = await readSharedStrings(buf, entries.get('xl/sharedStrings.xml'));

  let queue: SheetRow[] = [];
  let row: CellValue[] = [];
  let rowNo = 0;
  let cell: { col: number; type: string; style: number } | null = null;
  let nextCol = 0;
  let text: string[] = [];
  let inValue = false, inInline = false, inPhonetic = 0;
  const setCell = () => {
    if (!cell) return;
    const raw = text.join('');
    let v: CellValue = null;
    switch (cell.type) {
      case 's': { const s = shared[Number(raw)]; v = s === undefined ? null : s; break; }
      case 'inlineStr': case 'str': v = raw; break;
      case 'b': v = raw === '1' || raw === 'true'; break;
      case 'e': v = raw; break;
      case 'd': { const d = new Date(raw); v = Number.isNaN(d.getTime()) ? raw : d; break; }
      default:
        if (raw === '') v = null;
        else { const n = Number(raw); v = Number.isNaN(n) ? raw : dates.has(cell.style) ? excelDate(n, date1904) : n; }
    }
    if (v !== null && v !== '' && cell.col < MAX_COLS) row[cell.col] = v;
  };
  const parsing = parseEntry(buf, sheet, (p) => {
    p.on('opentag', (t: SaxesTagPlain) => {
      switch (t.name) {
        case 'row': {
          const r = Number(t.attributes.r);
          rowNo = Number.isInteger(r) && r > 0 ? r : rowNo + 1;
          if (rowNo > MAX_ROWS) throw new XlsxError('too many rows');
          row = []; nextCol = 0;
          break;
        }
        case 'c': {
          const ref = t.attributes.r as string | undefined;
          const col = ref ? colOf(ref) : nextCol;
          nextCol = col + 1;
          cell = { col, type: (t.attributes.t as string) ?? 'n', style: Number(t.attributes.s ?? 0) };
          text = [];
          break;
        }
        case 'v': inValue = true; break;
        case 'is': inInline = true; break;
        case 'rPh': inPhonetic++; break;
        case 't': if (inInline && !inPhonetic) inValue = true; break;
        case 'dimension': {
          const m = /:[A-Z]+(\d+)$/.exec(String(t.attributes.ref ?? ''));
          if (m) hint.rows = Number(m[1]);
          break;
        }
      }
    });
    p.on('text', (s) => { if (inValue && cell) text.push(s); });
    p.on('closetag', (t: SaxesTagPlain) => {
      switch (t.name) {
        case 'v': inValue = false; break;
        case 't': if (inInline) inValue = false; break;
        case 'is': inInline = false; break;
        case 'rPh': inPhonetic--; break;
        case 'c': setCell(); cell = null; break;
        case 'row': queue.push({ rowNo, cells: Array.from(row, (v) => v ?? null) }); break;
      }
    });
  });
  // the rows parsed from one chunk go to the reader before the next chunk inflates
  for await (const _ of parsing) {
    const done = queue;
    queue = [];
    yield* done;
  }
}
