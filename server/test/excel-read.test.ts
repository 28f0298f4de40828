/**
 * Reading an uploaded xlsx keeps every Chinese character: a file of thousands of rows written both
 * ways Excel-like tools write them (shared strings, and inline strings as streaming writers do) reads
 * back exactly. ExcelJS's streaming reader failed this (一级 → 一�� at its chunk boundaries).
 */
import { describe, it, expect } from 'vitest';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { readSheet, Imports } from '../src/platform/crud/excel.ts';
import { xlsxRows } from '../src/platform/crud/xlsx-read.ts';
import { XlsxStreamWriter } from '../src/platform/crud/xlsx-write.ts';
import type { SharedState } from '../src/platform/shared-state.ts';

const WORDS = ['一级', '罐式货车', '浙江省杭州市上城区化工园区纬五路', '车用汽油或汽油', '驾驶员', '押运员', '营运', '黄色', '浙A', '，、。'];
const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => [`浙A${String(i).padStart(5, '0')}`, WORDS[i % WORDS.length]!.repeat(1 + (i % 7)), i, `${WORDS[(i * 3) % WORDS.length]}${i}`]);

async function sharedStrings(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SheetJS');
  ws.addRow(['车牌号码', '技术等级', '序号', '备注']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function inlineStrings(rows: unknown[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('SheetJS');
  ws.addRow(['车牌号码', '技术等级', '序号', '备注']).commit();
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

describe('reading an xlsx', () => {
  const rows = rowsOf(6000);
  it.each([['shared strings', sharedStrings], ['inline strings', inlineStrings]])('keeps every character of 6,000 Chinese rows (%s)', async (_name, write) => {
    const read = await readSheet(await write(rows), 'vehicles.xlsx');
    expect(read[0]).toEqual(['车牌号码', '技术等级', '序号', '备注']);
    expect(read.slice(1)).toEqual(rows);
    expect(JSON.stringify(read)).not.toContain('\uFFFD');
  });
});

describe('reading an xlsx as a stream', () => {
  // 40,000 distinct Chinese shared strings of 1–12 characters: sharedStrings.xml is some 1.5 MB of 3-byte
  // characters, inflated in 64 KB chunks, so boundaries fall inside characters many times over
  const CHARS = '危险货物道路运输安全监管系统浙江省杭州市上城区罐式货车驾驶员押运员营运黄色一级二级车用汽油柴油液化石油气';
  const text = (i: number) => Array.from({ length: 1 + (i % 12) }, (_v, k) => CHARS[(i * 7 + k * 13) % CHARS.length]).join('') + i;
  const rows = Array.from({ length: 40_000 }, (_v, i) => [text(i), `浙A${String(i).padStart(5, '0')}`, i % 3 ? text(i * 5) : i]);

  it('keeps every character of 40,000 distinct Chinese shared strings, where ExcelJS\'s streaming reader garbles them (exceljs#2084)', { timeout: 60_000 }, async () => {
    const buf = await sharedStrings(rows);
    const read: unknown[][] = [];
    const hint: { rows?: number } = {};
    for await (const r of xlsxRows(buf, hint)) read[r.rowNo - 1] = r.cells;
    expect(read[0]).toEqual(['车牌号码', '技术等级', '序号', '备注']);
    expect(read.slice(1)).toEqual(rows);
    expect(JSON.stringify(read)).not.toContain('\uFFFD');

    // the same file through ExcelJS's WorkbookReader: replacement characters where chunks cut characters
    const garbled: string[] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), { sharedStrings: 'cache', worksheets: 'emit' });
    for await (const ws of reader) for await (const row of ws) for (const v of (row.values as unknown[])) if (typeof v === 'string' && v.includes('\uFFFD')) garbled.push(v);
    expect(garbled.length).toBeGreaterThan(0);
  });

  it('gives dates for date-formatted cells, booleans, formula results and rich text, row numbers with gaps', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('SheetJS');
    ws.getCell('A1').value = '日期';
    ws.getCell('A3').value = new Date(Date.UTC(2027, 4, 1));
    ws.getCell('B3').value = true;
    ws.getCell('C3').value = { formula: '1+1', result: 2 };
    ws.getCell('D3').value = { richText: [{ text: '罐式' }, { text: '货车', font: { bold: true } }] };
    ws.getCell('F3').value = '第六列';
    const read: { rowNo: number; cells: unknown[] }[] = [];
    for await (const r of xlsxRows(Buffer.from(await wb.xlsx.writeBuffer()))) read.push(r);
    expect(read).toEqual([{ rowNo: 1, cells: ['日期'] }, { rowNo: 3, cells: [new Date(Date.UTC(2027, 4, 1)), true, 2, '罐式货车', null, '第六列'] }]);
  });
});

describe('writing an xlsx as a stream', () => {
  it('writes a file ExcelJS and our reader both read back: Chinese, markup characters, control characters dropped, numbers', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const w = new XlsxStreamWriter(out, 'SheetJS', [{ header: '名称' }, { header: '数量' }, { header: '备注' }]);
    const rows = Array.from({ length: 3000 }, (_v, i) => [`危险货物<${i}>&"'`, i * 1.5, i % 2 ? `第${i}行\u0001\u001f换行\n` : null]);
    for (const r of rows) await w.row(r);
    await w.end();
    const buf = Buffer.concat(chunks);
    const expected = rows.map(([a, b, c]) => [a, b, ...(c ? [(c as string).replace(/[\u0001\u001f]/g, '')] : [])]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('SheetJS');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['名称', '数量', '备注']);
    expect((ws.getRow(3001).values as unknown[]).slice(1)).toEqual(expected[2999]);
    const read: unknown[][] = [];
    for await (const r of xlsxRows(buf)) read.push(r.cells);
    expect(read.slice(1)).toEqual(expected);
  });
});

describe('writing an xlsx as a stream: cells where they belong', () => {
  it('encodes characters outside the basic plane whole, a lone surrogate as U+FFFD, drops U+FFFE, and writes any number', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const w = new XlsxStreamWriter(out, 'SheetJS', ['姓名', '数', '备注'].map((header) => ({ header })));
    await w.rows([['𠮷田 𡒄', -3.5, `坏\ud800字\ufffe`], ['é ß ж', 1e21, 'a&b<c>"d"'], ['', 0.000001, '\t制表']]);
    await w.end();
    const buf = Buffer.concat(chunks);
    const read: unknown[][] = [];
    for await (const r of xlsxRows(buf)) read.push(r.cells);
    expect(read.slice(1)).toEqual([['𠮷田 𡒄', -3.5, '坏\ufffd字'], ['é ß ж', 1e21, 'a&b<c>"d"'], [null, 0.000001, '\t制表']]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(2).values as unknown[]).slice(1)).toEqual(['𠮷田 𡒄', -3.5, '坏\ufffd字']);
  });

  it('keeps each cell in its column after empty ones, keeps spaces at the ends and in a row, and writes a cell longer than a chunk whole', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const w = new XlsxStreamWriter(out, 'SheetJS', ['一', '二', '三', '四', '五'].map((header) => ({ header })));
    const long = '浙江省杭州市'.repeat(20_000); // 120,000 characters: more than a chunk of the writer's buffer
    const rows: (string | number | null)[][] = [
      ['甲', null, '丙', '', 5],
      [null, null, null, null, '只有第五列'],
      [' 前有空格', '后有空格 ', '中间  两个', '换\n行', 0],
      [long, '跟在长单元格后', null, 7.25, null],
    ];
    await w.rows(rows);
    await w.end();
    const buf = Buffer.concat(chunks);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const cell = (r: number, c: number) => ws.getRow(r).getCell(c).value ?? null;
    expect([1, 2, 3, 4, 5].map((c) => cell(2, c))).toEqual(['甲', null, '丙', null, 5]);
    expect([1, 2, 3, 4, 5].map((c) => cell(3, c))).toEqual([null, null, null, null, '只有第五列']);
    expect([1, 2, 3, 4, 5].map((c) => cell(4, c))).toEqual([' 前有空格', '后有空格 ', '中间  两个', '换\n行', 0]);
    expect([1, 2, 3, 4, 5].map((c) => cell(5, c))).toEqual([long, '跟在长单元格后', null, 7.25, null]);
    const read: unknown[][] = [];
    for await (const r of xlsxRows(buf)) read.push(r.cells);
    expect(read.slice(1)).toEqual([['甲', null, '丙', null, 5], [null, null, null, null, '只有第五列'], [' 前有空格', '后有空格 ', '中间  两个', '换\n行', 0], [long, '跟在长单元格后', null, 7.25]]);
  });
});

describe('imports on one instance', () => {
  // the shared copy is the multi-instance test's business; here it is a map
  const shared = new Map<string, object>();
  const state = { async putJob(k: string, b: object) { shared.set(k, b); }, async getJob(k: string) { return shared.get(k) ?? null; } } as unknown as SharedState;
  const imports = new Imports(state);
  const runImport = <T>(jobId: string, work: Parameters<Imports['run']>[2]) => imports.run('u1', jobId, work as never) as Promise<T>;
  const progress = (jobId: string, userId = 'u1') => imports.read(userId, jobId);
  it('run one at a time: the second waits with its progress at 排队, then runs', async () => {
    let release!: (v: string) => void;
    const first = runImport('job-first', (p) => { p.total = 10; return new Promise<string>((r) => { release = r; }); });
    const second = runImport('job-second', async (p) => { p.total = 3; p.done = 3; return 'second'; });
    await new Promise((r) => setTimeout(r, 20));
    expect(await progress('job-first')).toMatchObject({ stage: '读取文件', finished: false });
    expect(await progress('job-second')).toMatchObject({ stage: '排队', finished: false });
    release('first');
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    expect(await progress('job-second')).toMatchObject({ stage: '完成', finished: true, done: 3, total: 3 });
    // the shared copy holds the end too, and another user's poll of the same job id finds nothing
    expect(shared.get('u1:job-second')).toMatchObject({ stage: '完成', finished: true });
    expect(await progress('job-second', 'u2')).toBeNull();
  });

  it('a failed import does not hold up the next', async () => {
    const bad = runImport('job-bad', async () => { throw new Error('文件无法读取'); });
    await expect(bad).rejects.toThrow('文件无法读取');
    expect(await runImport('job-after', async () => 'ok')).toBe('ok');
    expect(await progress('job-bad')).toMatchObject({ finished: true });
  });
});
