/**
 * The 危险货物品名 catalogue's own writes: the built-in list seeded at start-up and the import of
 * the official GB 12268 table. Both upsert by (UN编号, 中文名称, 包装类别): the official table
 * replaces rows it imported before (or rows typed in by hand) and enriches built-in rows with its
 * English name, special provisions and quantities, leaving their curated columns alone.
 */
import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import { GOODS_CATALOGUE } from '@dg/core/goods-catalogue';
import type { knowledgeAnswers, Served } from '@dg/core';
import type { Db } from '../../db/index.ts';
import { resourceTables } from '../../db/schema.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput } from '../../platform/errors.ts';
import { breathe, readSheet, type Imports, type ImportProgress } from '../../platform/crud/excel.ts';
import { HEAD_ROWS, MAX_COLS, limitMessages, xlsxLimits } from '../../platform/crud/xlsx-read.ts';
import { classProblem, dashToNull, goodsKey, mendName, packingGroupOf, pinyinInitials, subsidiaryOf } from './goods-text.ts';

const goodsTable = () => resourceTables.dangerousGoods as any;

type StoredGoods = { id: string; un_no: string; name_zh: string; packing_group: string | null; goods_class: string | null; subsidiary_hazard: string | null; pinyin: string | null; source: string | null; toxic: boolean | null };

async function storedByKey(db: Db): Promise<Map<string, StoredGoods>> {
  const r = await db.execute<StoredGoods>(sql`select id, un_no, name_zh, packing_group, goods_class, subsidiary_hazard, pinyin, source, toxic from dangerous_goods`);
  const map = new Map<string, StoredGoods>();
  for (const row of r.rows) {
    const key = goodsKey(row.un_no, row.name_zh, row.packing_group);
    // a built-in row wins over a hand-typed duplicate of it
    if (!map.has(key) || row.source === '内置') map.set(key, row);
  }
  return map;
}

/** Built-in goods (packages/core/src/goods-catalogue.ts), source 内置: idempotent, run at every start. */
export async function seedGoodsCatalogue(db: Db): Promise<{ inserted: number; updated: number }> {
  return db.transaction(async (tx) => {
    // several instances (or test workers) starting at once: one seeds, the others then find it done
    await tx.execute(sql`select pg_advisory_xact_lock(7243012)`);
    const stored = await storedByKey(tx as unknown as Db);
    const inserts: Record<string, unknown>[] = [];
    let updated = 0;
    for (const e of GOODS_CATALOGUE) {
      const py = pinyinInitials(e.nameZh);
      const row = stored.get(goodsKey(e.unNo, e.nameZh, e.packingGroup));
      if (!row) {
        inserts.push({ unNo: e.unNo, nameZh: e.nameZh, goodsClass: e.goodsClass, subsidiaryHazard: e.subsidiaryHazard, packingGroup: e.packingGroup, toxic: e.toxic, pinyin: py, source: '内置' });
        continue;
      }
      // a built-in 剧毒 entry stays marked (the platform may mark more, never unmark these)
      if (e.toxic && !row.toxic) await tx.execute(sql`update dangerous_goods set toxic = true, updated_at = now(), version = version + 1 where id = ${row.id}`);
      if (row.goods_class !== e.goodsClass || row.subsidiary_hazard !== e.subsidiaryHazard || row.pinyin !== py || row.source !== '内置') {
        await tx.execute(sql`update dangerous_goods set goods_class = ${e.goodsClass}, subsidiary_hazard = ${e.subsidiaryHazard}, pinyin = ${py}, source = '内置',
          updated_at = now(), version = version + 1 where id = ${row.id}`);
        updated += 1;
      }
    }
    if (inserts.length) await tx.insert(goodsTable()).values(inserts);
    return { inserted: inserts.length, updated };
  });
}

// ---------------------------------------------------------------------------
// import of the official table
// ---------------------------------------------------------------------------

/** data rows in the file, rows written (new ones plus existing ones replaced or enriched), of those the ones already in the catalogue, and the refusals */
export type OfficialImportReport = Served<typeof knowledgeAnswers.officialImport>;

type Column = 'unNo' | 'nameZh' | 'nameEn' | 'goodsClass' | 'subsidiaryHazard' | 'packingGroup' | 'specialProvisions' | 'limitedQuantity' | 'exceptedQuantity';
/** the official columns of the GB 12268 table and the Chinese headers of the catalogue's own export */
const HEADERS: Record<Column, string[]> = {
  unNo: ['un_number', 'un编号', 'un号', '联合国编号'],
  nameZh: ['name_zh', '中文名称', '品名', '名称和说明'],
  nameEn: ['name_en', '英文名称'],
  goodsClass: ['class_or_division', '类别或项别', '类别', '类别或分项'],
  subsidiaryHazard: ['subsidiary_hazard', '次要危险性'],
  packingGroup: ['packing_group', '包装类别'],
  specialProvisions: ['special_provisions', '特殊规定'],
  limitedQuantity: ['limited_quantities', 'limited_quantity', '有限数量'],
  exceptedQuantity: ['excepted_quantities', 'excepted_quantity', '例外数量'],
};
const REQUIRED: Column[] = ['unNo', 'nameZh', 'goodsClass'];
const LABEL: Record<Column, string> = {
  unNo: 'UN编号', nameZh: '中文名称', nameEn: '英文名称', goodsClass: '类别', subsidiaryHazard: '次要危险性', packingGroup: '包装类别',
  specialProvisions: '特殊规定', limitedQuantity: '有限数量', exceptedQuantity: '例外数量',
};
/** column widths of the dangerous_goods table */
const MAX: Partial<Record<Column, number>> = { nameZh: 300, nameEn: 500, subsidiaryHazard: 20, specialProvisions: 200, limitedQuantity: 20, exceptedQuantity: 10 };
const MAX_ROWS = 20_000;

/**
 * RFC 4180 CSV (quotes, doubled quotes, CRLF, a leading BOM), read a piece at a time; every cell stays text, so
 * "0004" keeps its zeros. `limits` refuses a file of more rows, columns or cells than an import takes, as soon as it
 * has them (an upload of 50 MB of commas must not become millions of strings).
 */
class CsvParser {
  readonly rows: string[][] = [];
  private row: string[] = [];
  private cell = '';
  private quoted = false;
  /** a piece ended on a quote inside a quoted cell, or on a CR: the next piece's first character decides */
  private quoteAtEnd = false;
  private crAtEnd = false;
  private first = true;
  private cells = 0;
  constructor(private readonly limits: { rows: number; cols: number; cells: number; cellChars: number } = { rows: Infinity, cols: Infinity, cells: Infinity, cellChars: Infinity }) {}

  feed(piece: string) {
    const s = this.first ? piece.replace(/^\uFEFF/, '') : piece;
    this.first = false;
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (this.crAtEnd) { this.crAtEnd = false; if (c === '\n') continue; }
      if (this.quoteAtEnd) {
        this.quoteAtEnd = false;
        if (c === '"') { this.cell += '"'; continue; }
        this.quoted = false;
      }
      if (this.quoted) {
        if (c !== '"') this.cell += c;
        else if (i + 1 === s.length) this.quoteAtEnd = true;
        else if (s[i + 1] === '"') { this.cell += '"'; i++; } else this.quoted = false;
      } else if (c === '"' && this.cell === '') this.quoted = true;
      else if (c === ',') this.endCell();
      else if (c === '\n' || c === '\r') {
        if (c === '\r') { if (i + 1 === s.length) this.crAtEnd = true; else if (s[i + 1] === '\n') i++; }
        this.endCell(); this.endRow();
      } else this.cell += c;
    }
    if (this.cell.length > this.limits.cellChars) throw badInput(`文件中第${this.rows.length + 1}行有单元格超过${this.limits.cellChars}字，请检查文件内容`);
  }

  end(): string[][] {
    if (this.quoteAtEnd) this.quoted = false;
    if (this.cell !== '' || this.row.length) { this.endCell(); this.endRow(); }
    return this.rows;
  }

  private endCell() {
    this.row.push(this.cell);
    this.cell = '';
    if (this.row.length > this.limits.cols || ++this.cells > this.limits.cells) throw badInput(limitMessages.cells(xlsxLimits(MAX_ROWS)));
  }

  private endRow() {
    this.rows.push(this.row);
    this.row = [];
    if (this.rows.length > this.limits.rows) throw badInput(TOO_MANY_ROWS);
  }
}

/** RFC 4180 CSV of a whole text (see CsvParser) */
export function parseCsv(text: string): string[][] {
  const p = new CsvParser();
  p.feed(text);
  return p.end();
}

const TOO_MANY_ROWS = `文件行数过多：一次最多导入${MAX_ROWS}行`;

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return String(v.result ?? '');
    if (v instanceof Date) return v.toISOString().slice(0, 10);
  }
  return String(v);
}

/**
 * The file's rows as text. A csv is decoded and parsed a quarter megabyte at a time with a turn of the event loop between,
 * and refused past MAX_ROWS data rows (with the header and the template's hint row), 1,000 columns, 32 cells a row
 * on average or a cell of 100,000 characters (the widest column takes 500); an xlsx is read within the same row limit
 * (xlsx-read.ts).
 */
async function readTable(buf: Buffer, filename: string): Promise<string[][]> {
  if (/\.csv$/i.test(filename)) {
    const parser = new CsvParser({ rows: MAX_ROWS + HEAD_ROWS, cols: MAX_COLS, cells: (MAX_ROWS + HEAD_ROWS) * 32, cellChars: 100_000 });
    const decoder = new TextDecoder('utf-8');
    // a piece parses in 3–40 ms on a quiet core (a megabyte once held the loop for 120 ms of CPU on a shared machine)
    const PIECE = 256 * 1024;
    for (let i = 0; i < buf.length; i += PIECE) {
      const text = decoder.decode(buf.subarray(i, i + PIECE), { stream: true });
      if (text.includes('\uFFFD')) throw badInput('CSV文件请使用UTF-8编码保存');
      parser.feed(text);
      await breathe();
    }
    const tail = decoder.decode();
    if (tail.includes('\uFFFD')) throw badInput('CSV文件请使用UTF-8编码保存');
    parser.feed(tail);
    return parser.end();
  }
  return (await readSheet(buf, filename, MAX_ROWS)).map((r) => Array.from(r, (v) => cellText(v as ExcelJS.CellValue)));
}

interface Parsed { rowNo: number; key: string; values: Record<Column, string | null> & { pinyin: string } }

export async function importOfficialTable(db: Db, imports: Imports, user: SessionUser, buf: Buffer, filename: string, validOnly: boolean, jobId?: string): Promise<OfficialImportReport> {
  return imports.run(user.id, jobId, async (progress) => importTable(db, user, await readTable(buf, filename), validOnly, progress));
}

async function importTable(db: Db, user: SessionUser, table: string[][], validOnly: boolean, progress: ImportProgress): Promise<OfficialImportReport> {
  const header = (table[0] ?? []).map((h) => h.replace(/^\uFEFF/, '').trim().toLowerCase());
  const col = {} as Record<Column, number>;
  for (const [name, aliases] of Object.entries(HEADERS) as [Column, string[]][]) {
    const i = header.findIndex((h) => aliases.includes(h));
    if (i >= 0) col[name] = i;
  }
  const missing = REQUIRED.filter((c) => col[c] === undefined);
  if (missing.length) throw badInput(`文件缺少必需的列：${missing.map((c) => `${HEADERS[c][0]}（${LABEL[c]}）`).join('、')}`);

  const body = table.slice(1).map((cells, i) => ({ rowNo: i + 2, cells })).filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  if (body.length > MAX_ROWS) throw badInput(TOO_MANY_ROWS);
  const report: OfficialImportReport = { total: body.length, imported: 0, updated: 0, errors: [] };
  progress.total = body.length;
  progress.stage = '校验';

  const good: Parsed[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { rowNo, cells } of body) {
    if (++progress.done % 500 === 0) await breathe();
    const at = (c: Column) => (col[c] === undefined ? '' : cells[col[c]] ?? '');
    const errs: { field: string; message: string }[] = [];
    let unNo = at('unNo').trim();
    if (/^\d{1,3}$/.test(unNo)) unNo = unNo.padStart(4, '0'); // a spreadsheet that read "0004" as a number
    if (!/^\d{4}$/.test(unNo)) errs.push({ field: LABEL.unNo, message: unNo ? `UN编号“${unNo}”应为4位数字` : '请输入UN编号' });
    const nameZh = mendName(at('nameZh'));
    if (!nameZh) errs.push({ field: LABEL.nameZh, message: '请输入中文名称' });
    const goodsClass = at('goodsClass').trim();
    const classError = classProblem(goodsClass);
    if (classError) errs.push({ field: LABEL.goodsClass, message: classError });
    const pgRaw = at('packingGroup');
    const packingGroup = packingGroupOf(pgRaw);
    if (!packingGroup) errs.push({ field: LABEL.packingGroup, message: `包装类别“${pgRaw.trim()}”应为Ⅰ、Ⅱ、Ⅲ或-` });
    const values = {
      unNo, nameZh, goodsClass, packingGroup: packingGroup ?? '-',
      nameEn: at('nameEn').replace(/\s+/g, ' ').trim() || null,
      subsidiaryHazard: subsidiaryOf(at('subsidiaryHazard')),
      specialProvisions: dashToNull(at('specialProvisions')),
      limitedQuantity: dashToNull(at('limitedQuantity')),
      exceptedQuantity: dashToNull(at('exceptedQuantity')),
      pinyin: pinyinInitials(nameZh),
    };
    for (const [c, max] of Object.entries(MAX) as [Column, number][]) {
      const v = values[c];
      if (v && [...v].length > max) errs.push({ field: LABEL[c], message: `${LABEL[c]}不能超过${max}个字符` });
    }
    const key = goodsKey(unNo, nameZh, values.packingGroup);
    if (!errs.length) {
      const first = firstRowOf.get(key);
      if (first) errs.push({ field: LABEL.nameZh, message: `与第${first}行重复（UN编号、中文名称和包装类别相同）` });
      else firstRowOf.set(key, rowNo);
    }
    for (const e of errs) report.errors.push({ row: rowNo, ...e });
    if (!errs.length) good.push({ rowNo, key, values });
  }
  if (report.errors.length && !validOnly) return report;

  const stored = await storedByKey(db);
  const inserts: Parsed[] = [];
  const replaces: { id: string; p: Parsed }[] = [];
  const enriches: { id: string; p: Parsed }[] = [];
  for (const p of good) {
    const row = stored.get(p.key);
    if (!row) inserts.push(p);
    else if (row.source === '内置') enriches.push({ id: row.id, p });
    else replaces.push({ id: row.id, p });
  }
  const BATCH = 500;
  progress.stage = '写入';
  progress.done = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < inserts.length; i += BATCH) {
      await tx.insert(goodsTable()).values(inserts.slice(i, i + BATCH).map(({ values: v }) => ({
        ...v, source: '导入', createdBy: user.id, updatedBy: user.id,
      })));
      progress.done = Math.min(progress.total, i + BATCH);
    }
    const v = (p: Parsed, c: Column) => p.values[c];
    for (let i = 0; i < replaces.length; i += BATCH) {
      const list = sql.join(replaces.slice(i, i + BATCH).map(({ id, p }) =>
        sql`(${id}::uuid, ${v(p, 'nameEn')}, ${v(p, 'goodsClass')}, ${v(p, 'subsidiaryHazard')}, ${v(p, 'specialProvisions')}, ${v(p, 'limitedQuantity')}, ${v(p, 'exceptedQuantity')}, ${p.values.pinyin})`), sql`, `);
      await tx.execute(sql`update dangerous_goods d set name_en = x.name_en, goods_class = x.goods_class, subsidiary_hazard = x.sub,
          special_provisions = x.sp, limited_quantity = x.lq, excepted_quantity = x.eq, pinyin = x.py, source = '导入',
          updated_at = now(), updated_by = ${user.id}, version = d.version + 1
        from (values ${list}) as x(id, name_en, goods_class, sub, sp, lq, eq, py) where d.id = x.id`);
    }
    for (let i = 0; i < enriches.length; i += BATCH) {
      const list: SQL = sql.join(enriches.slice(i, i + BATCH).map(({ id, p }) =>
        sql`(${id}::uuid, ${v(p, 'nameEn')}, ${v(p, 'specialProvisions')}, ${v(p, 'limitedQuantity')}, ${v(p, 'exceptedQuantity')})`), sql`, `);
      await tx.execute(sql`update dangerous_goods d set name_en = x.name_en, special_provisions = x.sp, limited_quantity = x.lq, excepted_quantity = x.eq,
          updated_at = now(), updated_by = ${user.id}, version = d.version + 1
        from (values ${list}) as x(id, name_en, sp, lq, eq) where d.id = x.id`);
    }
  });
  report.imported = good.length;
  report.updated = replaces.length + enriches.length;
  return report;
}
