/**
 * Reading an uploaded xlsx as a stream of rows: the workbook's zip is read from its central directory
 * (the upload is in memory already), the first worksheet's XML is inflated and parsed a chunk at a
 * time, so a 100,000-row file never exists as a whole workbook of cell objects.
 *
 * Why not ExcelJS's WorkbookReader: it decodes each chunk of XML with a TextDecoder that is not told
 * the stream goes on (ExcelJS's lib/utils/parse-sax.js runs `decode(chunk)` without `{ stream: true }`),
 * so a Chinese character cut by a chunk boundary becomes two U+FFFD (一级 → 一��). Here one streaming
 * TextDecoder per entry carries the cut bytes over to the next chunk.
 *
 * Values as ExcelJS's reader gives them: strings (shared, inline, rich text joined, formula results),
 * numbers, booleans, Dates for cells with a date format (serial days since 1899-12-30 read as UTC),
 * null for empty cells. Rows come with their sheet row number; rows the file skips are not yielded.
 *
 * An upload is hostile until read: a few hundred bytes of zip can inflate to gigabytes, and XML can nest,
 * repeat or run on without end. So every part (workbook, its relationships, styles, shared strings, the
 * sheet) is inflated asynchronously 64 KB at a time and parsed by saxes as it comes, the event loop gets a
 * turn after every chunk, and the bytes actually inflated are counted (the sizes the zip declares can lie):
 * inflating stops at once when a part or the whole archive passes its budget. The budgets follow from the
 * import's row limit (`xlsxLimits`); what passes one is refused with an XlsxError whose `shown` message
 * names the limit.
 */
import { createInflateRaw } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export type CellValue = string | number | boolean | Date | null;
export interface SheetRow { rowNo: number; cells: CellValue[] }

/**
 * The data rows of one import: a province's whole fleet is some 100,000 vehicles (the bench imports that many
 * in one file), and an enterprise's sheets are far smaller
 */
export const MAX_ROWS = 100_000;
/** the rows of a sheet above its data: the header and the template's hint row */
export const HEAD_ROWS = 2;
/** columns beyond this are not read (a row's cells stop there) */
export const MAX_COLS = 1_000;
/**
 * Inflated XML a row may take, on average over the file: a vehicle row with all 20 columns filled as Excel or
 * ExcelJS save it (shared strings, styled dates) is ~1,130 bytes of sheet and shared strings, the bench's
 * inline-string row ~850. 100,000 rows: 150 MB for the whole archive.
 */
export const ROW_BYTES = 1_500;
/** shared strings a row may add, and their characters, on average (the widest import sheet has 20 columns) */
const ROW_STRINGS = 20;
const ROW_CHARS = 200;
/** cell positions a row may take, on average: a row's array runs to its last filled column */
const ROW_SLOTS = 32;
/** the workbook, its relationships and styles: a real one is kilobytes (styles of 64,000 formats a few MB) */
const SMALL_PART_BYTES = 32_000_000;
/** one text node, attribute value, comment or CDATA section, and one cell's or shared string's text (Excel keeps 32,767 characters a cell) */
const MAX_TEXT = 1_000_000;
/** element nesting (a sheet's XML is five levels deep) */
const MAX_DEPTH = 64;
/** number formats and cell formats read from styles (Excel allows some 64,000 cell formats) */
const MAX_FORMATS = 65_536;
const CHUNK = 64 * 1024;

export interface XlsxLimits { rows: number; bytes: number; sharedStrings: number; sharedChars: number; slots: number }

/** the budgets of a file of at most `rows` data rows */
export function xlsxLimits(rows = MAX_ROWS): XlsxLimits {
  return { rows, bytes: Math.max(16_000_000, rows * ROW_BYTES), sharedStrings: rows * ROW_STRINGS, sharedChars: rows * ROW_CHARS, slots: (rows + HEAD_ROWS) * ROW_SLOTS };
}

const mb = (bytes: number) => Math.round(bytes / 1_000_000);
const split = (l: XlsxLimits) => `请拆分后导入（每次最多${l.rows}行）`;
export const limitMessages = {
  bytes: (l: XlsxLimits) => `文件解压后超过${mb(l.bytes)} MB，${split(l)}`,
  rows: (l: XlsxLimits) => `文件超过${l.rows}行，${split(l)}`,
  cells: (l: XlsxLimits) => `文件的单元格过多，${split(l)}`,
  strings: (l: XlsxLimits) => `文件中的文字过多（超过${l.sharedStrings}项或${l.sharedChars}字），${split(l)}`,
  part: (name: string, cap: number) => `文件格式不正确：${name}解压后超过${mb(cap)} MB`,
};

/** a file that is no readable xlsx, or one past a limit: `shown` is then the refusal the user reads */
export class XlsxError extends Error {
  constructor(message: string, readonly shown?: string) { super(message); }
}

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

/** the bytes inflated so far from one archive, against its budget */
interface Budget { limits: XlsxLimits; inflated: number }

/** the entry's bytes, 64 KB at a time as they inflate (zlib works off the main thread); stops at the first byte past either cap */
async function* entryChunks(buf: Buffer, e: Entry, budget: Budget, partCap: number): AsyncGenerator<Buffer> {
  const data = entryData(buf, e);
  let part = 0;
  const count = (n: number) => {
    part += n;
    budget.inflated += n;
    if (budget.inflated > budget.limits.bytes) throw new XlsxError('archive over its budget', limitMessages.bytes(budget.limits));
    if (part > partCap) throw new XlsxError(`${e.name} over its budget`, limitMessages.part(e.name, partCap));
  };
  if (e.method === 0) {
    for (let i = 0; i < data.length; i += CHUNK) {
      const chunk = data.subarray(i, i + CHUNK);
      count(chunk.length);
      yield chunk;
    }
    return;
  }
  const inflate = createInflateRaw({ chunkSize: CHUNK });
  inflate.end(data);
  try {
    for await (const chunk of inflate) {
      count((chunk as Buffer).length);
      yield chunk as Buffer;
    }
  } finally {
    inflate.destroy(); // a part refused midway: nothing more is inflated
  }
}

/**
 * What saxes holds between two events: an open text node, attribute value, comment, CDATA section or processing
 * instruction, and a tag's attributes. saxes has no limit of its own, so its buffers are read after every chunk
 * (fields of saxes 5; server/test/security/uploads.test.ts fails should a version rename them).
 */
function pending(p: SaxesParser): number {
  const s = p as unknown as { text: string; name: string; piTarget: string; entity: string; attribList: unknown[] };
  return s.text.length + s.name.length + s.piTarget.length + s.entity.length + s.attribList.length * 16;
}

/** what a part's reader does with the parser's events */
interface Handlers { open?(t: SaxesTagPlain): void; close?(t: SaxesTagPlain): void; text?(s: string): void }

/** the entry's XML, parsed as it inflates; yields after each chunk's events, once the event loop has had a turn */
async function* parseEntry(buf: Buffer, e: Entry, budget: Budget, partCap: number, h: Handlers): AsyncGenerator<void> {
  const parser = new SaxesParser(); // no error handler: saxes throws its first fault out of write()
  let depth = 0;
  parser.on('opentag', (t: SaxesTagPlain) => {
    if (++depth > MAX_DEPTH) throw new XlsxError('nested too deep');
    h.open?.(t);
  });
  parser.on('closetag', (t: SaxesTagPlain) => { depth--; h.close?.(t); });
  if (h.text) parser.on('text', h.text);
  const decoder = new TextDecoder('utf-8'); // { stream: true } keeps a character cut by the chunk boundary for the next chunk
  try {
    for await (const chunk of entryChunks(buf, e, budget, partCap)) {
      parser.write(decoder.decode(chunk, { stream: true }));
      if (pending(parser) > MAX_TEXT) throw new XlsxError('text too long');
      yield;
      await turn();
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    if (err instanceof XlsxError) throw err;
    throw new XlsxError(String(err)); // saxes's refusal of XML that is not well-formed, or zlib's of a broken stream
  }
  yield;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function readPart(buf: Buffer, e: Entry | undefined, budget: Budget, h: Handlers): Promise<void> {
  if (!e) return;
  for await (const _ of parseEntry(buf, e, budget, SMALL_PART_BYTES, h)) { /* the events did the work */ }
}

/** the value of the attribute named `local` in any namespace prefix (`r:id`) */
function attr(t: SaxesTagPlain, local: string): string | undefined {
  for (const [k, v] of Object.entries(t.attributes)) if (k === local || k.endsWith(':' + local)) return v;
  return undefined;
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
/** a number format that shows a date or time: y, m, d, h or s outside quotes, brackets and escapes */
const isDateFormat = (code: string) => /[ymdhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, '').replace(/General/gi, ''));

/** which cell styles (index into cellXfs) show dates */
async function dateStyles(buf: Buffer, e: Entry | undefined, budget: Budget): Promise<Set<number>> {
  const out = new Set<number>();
  const custom = new Map<number, string>();
  let inCellXfs = false, xfDepth = 0, depth = 0, i = 0;
  await readPart(buf, e, budget, {
    open: (t) => {
      depth++;
      if (t.name === 'numFmt' && custom.size < MAX_FORMATS) custom.set(Number(t.attributes.numFmtId), t.attributes.formatCode ?? '');
      else if (t.name === 'cellXfs') { inCellXfs = true; xfDepth = depth + 1; }
      else if (t.name === 'xf' && inCellXfs && depth === xfDepth) {
        const id = Number(t.attributes.numFmtId ?? 0);
        if (i < MAX_FORMATS && (BUILTIN_DATE_FORMATS.has(id) || (custom.has(id) && isDateFormat(custom.get(id)!)))) out.add(i);
        i++;
      }
    },
    close: (t) => {
      depth--;
      if (t.name === 'cellXfs') inCellXfs = false;
    },
  });
  return out;
}

/** the workbook's first worksheet and whether its dates count from 1904 */
async function workbook(buf: Buffer, entries: Map<string, Entry>, budget: Budget): Promise<{ sheet: Entry; date1904: boolean }> {
  let rid: string | undefined;
  let date1904 = false;
  await readPart(buf, entries.get('xl/workbook.xml'), budget, {
    open: (t) => {
      if (t.name === 'sheet' && rid === undefined) rid = attr(t, 'id');
      else if (t.name === 'workbookPr') date1904 = t.attributes.date1904 === '1' || t.attributes.date1904 === 'true';
    },
  });
  let target: string | undefined;
  if (rid) {
    await readPart(buf, entries.get('xl/_rels/workbook.xml.rels'), budget, {
      open: (t) => {
        if (t.name === 'Relationship' && target === undefined && t.attributes.Id === rid) target = t.attributes.Target;
      },
    });
  }
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : 'xl/' + target.replace(/^\.\//, '');
    const e = entries.get(path);
    if (e) return { sheet: e, date1904 };
  }
  const sheets = [...entries.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  if (!sheets.length) throw new XlsxError('no worksheet');
  return { sheet: entries.get(sheets[0]!)!, date1904 };
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

async function readSharedStrings(buf: Buffer, e: Entry | undefined, budget: Budget): Promise<string[]> {
  const out: string[] = [];
  if (!e) return out;
  const { limits } = budget;
  let cur: string[] | null = null;
  let curChars = 0, chars = 0;
  let inText = false, inPhonetic = 0;
  const parsing = parseEntry(buf, e, budget, limits.bytes, {
    open: (t) => {
      if (t.name === 'si') { cur = []; curChars = 0; }
      else if (t.name === 'rPh') inPhonetic++;
      else if (t.name === 't' && !inPhonetic) inText = true;
    },
    text: (s) => {
      if (!inText || !cur) return;
      chars += s.length;
      curChars += s.length;
      if (chars > limits.sharedChars) throw new XlsxError('shared strings over their budget', limitMessages.strings(limits));
      if (curChars > MAX_TEXT) throw new XlsxError('shared string too long');
      cur.push(s);
    },
    close: (t) => {
      if (t.name === 't') inText = false;
      else if (t.name === 'rPh') inPhonetic--;
      else if (t.name === 'si') {
        if (out.length >= limits.sharedStrings) throw new XlsxError('shared strings over their budget', limitMessages.strings(limits));
        out.push(cur ? cur.join('') : '');
        cur = null;
      }
    },
  });
  for await (const _ of parsing) { /* the events did the work */ }
  return out;
}

/**
 * The first worksheet's rows, as the XML inflates. `hint.rows` gets the sheet's declared row count
 * (its <dimension>) when it has one. Throws XlsxError on a file that is no readable xlsx or passes a limit.
 */
export async function* xlsxRows(buf: Buffer, hint: { rows?: number } = {}, limits: XlsxLimits = xlsxLimits()): AsyncGenerator<SheetRow> {
  const budget: Budget = { limits, inflated: 0 };
  const entries = zipEntries(buf);
  const { sheet, date1904 } = await workbook(buf, entries, budget);
  const dates = await dateStyles(buf, entries.get('xl/styles.xml'), budget);
  const shared = await readSharedStrings(buf, entries.get('xl/sharedStrings.xml'), budget);

  let queue: SheetRow[] = [];
  let row: CellValue[] = [];
  let rowNo = 0;
  let slots = 0;
  let cell: { col: number; type: string; style: number } | null = null;
  let nextCol = 0;
  let text: string[] = [];
  let textChars = 0;
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
  const parsing = parseEntry(buf, sheet, budget, limits.bytes, {
    open: (t) => {
      switch (t.name) {
        case 'row': {
          const r = Number(t.attributes.r);
          rowNo = Number.isInteger(r) && r > 0 ? r : rowNo + 1;
          if (rowNo > limits.rows + HEAD_ROWS) throw new XlsxError('too many rows', limitMessages.rows(limits));
          row = []; nextCol = 0;
          break;
        }
        case 'c': {
          const ref = t.attributes.r as string | undefined;
          const col = ref ? colOf(ref) : nextCol;
          nextCol = col + 1;
          cell = { col, type: (t.attributes.t as string) ?? 'n', style: Number(t.attributes.s ?? 0) };
          text = []; textChars = 0;
          break;
        }
        case 'v': inValue = true; break;
        case 'is': inInline = true; break;
        case 'rPh': inPhonetic++; break;
        case 't': if (inInline && !inPhonetic) inValue = true; break;
        case 'dimension': {
          const m = /:[A-Z]+(\d+)$/.exec(String(t.attributes.ref ?? ''));
          if (m) hint.rows = Number(m[1]);
          // a sheet that says it is too long is refused before its rows are checked (one that lies is stopped at the row)
          if (hint.rows !== undefined && hint.rows > limits.rows + HEAD_ROWS) throw new XlsxError('too many rows', limitMessages.rows(limits));
          break;
        }
      }
    },
    text: (s) => {
      if (!inValue || !cell) return;
      textChars += s.length;
      if (textChars > MAX_TEXT) throw new XlsxError('cell too long');
      text.push(s);
    },
    close: (t) => {
      switch (t.name) {
        case 'v': inValue = false; break;
        case 't': if (inInline) inValue = false; break;
        case 'is': inInline = false; break;
        case 'rPh': inPhonetic--; break;
        case 'c': setCell(); cell = null; break;
        case 'row':
          slots += row.length;
          if (slots > limits.slots) throw new XlsxError('too many cells', limitMessages.cells(limits));
          queue.push({ rowNo, cells: Array.from(row, (v) => v ?? null) });
          break;
      }
    },
  });
  // the rows parsed from one chunk go to the reader before the next chunk inflates
  for await (const _ of parsing) {
    const done = queue;
    queue = [];
    yield* done;
  }
}
